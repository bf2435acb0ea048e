package online

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// SignIn signs in with the token kept on this device, or as a new guest when there is
// none or the server no longer knows it: one call, answered through the listener.
func (c *Controller) SignIn() {
	if c.state != SignedOut {
		return
	}
	c.connect(signIn)
}

// connect signs in with how, in the background, answered through the listener.
func (c *Controller) connect(how func(context.Context, play.OnlineAccount) (*client.Conn, string, error)) {
	c.gen++
	gen, acct, timeout := c.gen, c.account, c.cfg.Timeout
	c.state, c.err = Connecting, nil
	c.changed()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		conn, token, err := how(ctx, acct)
		c.cfg.Post(func() { c.signedIn(gen, conn, token, err) })
	}()
}

// ErrWrongPassword is a log-in refused for its name or password; ErrNameTaken a
// registration refused for its name. The view says them in the player's language.
var (
	ErrWrongPassword = errors.New("wrong name or password")
	ErrNameTaken     = errors.New("that name is taken")
)

// LogIn signs in to the named account with its password, in place of the account signed
// in on this device, whose token is replaced only once the log-in succeeds (a wrong
// password loses no guest account). Not while an online game is in play.
func (c *Controller) LogIn(name, password string) {
	if c.Playing() || c.state == Connecting {
		return
	}
	c.Close()
	c.connect(func(ctx context.Context, acct play.OnlineAccount) (*client.Conn, string, error) {
		s, err := client.Login(ctx, acct.Server, name, password)
		if refusal(err) == proto.CodeUnauthenticated {
			return nil, "", ErrWrongPassword
		}
		if err != nil {
			return nil, "", serverError(acct.Server, err)
		}
		conn, err := client.Dial(ctx, acct.Server, s.Token, nil)
		return conn, s.Token, serverError(acct.Server, err)
	})
}

// CanRegister reports whether the account signed in is a guest, which Register names.
func (c *Controller) CanRegister() bool { return c.state == Connected && c.me.Name == "" }

// Register gives the guest account signed in a name and password, so that it can be
// logged in to from another device; its rating and games stay.
func (c *Controller) Register(name, password string) {
	if !c.CanRegister() {
		return
	}
	gen, server, token, timeout := c.gen, c.account.Server, c.account.Token, c.cfg.Timeout
	c.err = nil
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		err := client.Register(ctx, server, token, name, password)
		c.cfg.Post(func() {
			if gen != c.gen {
				return
			}
			switch {
			case refusal(err) == proto.CodeNameTaken:
				c.fail(fmt.Errorf("%w: %q", ErrNameTaken, name))
			case err != nil:
				c.fail(serverError(server, err))
			default:
				c.me.Name = name
				c.changed()
			}
		})
	}()
}

func signIn(ctx context.Context, acct play.OnlineAccount) (*client.Conn, string, error) {
	token := acct.Token
	if token != "" {
		conn, err := client.Dial(ctx, acct.Server, token, nil)
		if err == nil || refusal(err) != proto.CodeUnauthenticated {
			return conn, token, serverError(acct.Server, err)
		}
		// The server forgot the token (it expired, or the server is another): a new guest.
	}
	s, err := client.Guest(ctx, acct.Server)
	if err != nil {
		return nil, "", serverError(acct.Server, err)
	}
	if s.Token == "" {
		return nil, "", serverError(acct.Server, errors.New("the sign-in answer has no token"))
	}
	conn, err := client.Dial(ctx, acct.Server, s.Token, nil)
	return conn, s.Token, serverError(acct.Server, err)
}

// refusal is the code of a server's refusal, "" for any other error.
func refusal(err error) string {
	var e *proto.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// serverError says what went wrong with the server at addr in words a player can act on.
func serverError(addr string, err error) error {
	switch {
	case err == nil:
		return nil
	case refusal(err) != "":
		return err
	case errors.Is(err, client.ErrBadFrame):
		return fmt.Errorf("the server at %s sent what this app cannot read (another protocol version?): %v", addr, err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("the server at %s did not answer in time", addr)
	}
	return fmt.Errorf("no online server answered at %s: %v", addr, err)
}

func (c *Controller) signedIn(gen uint64, conn *client.Conn, token string, err error) {
	if gen != c.gen {
		if conn != nil {
			conn.Close()
		}
		return
	}
	if err != nil {
		c.state = SignedOut
		c.fail(err)
		return
	}
	if token != c.account.Token {
		c.account.Token = token
		c.keep()
	}
	c.connected(conn)
}

// connected starts using a socket that said welcome.
func (c *Controller) connected(conn *client.Conn) {
	c.conn, c.state, c.attempts = conn, Connected, 0
	c.me = conn.Account()
	c.stopWork()
	c.jobs = make(chan func(), jobQueue)
	go work(c.jobs)
	gen := c.gen
	go func() {
		for f := range conn.Frames() {
			c.cfg.Post(func() { c.frame(gen, f) })
		}
		err := conn.Err()
		c.cfg.Post(func() { c.dropped(gen, conn, err) })
	}()
	c.resume = c.resume[:0]
	for _, id := range conn.Games() {
		if _, known := c.games[id]; known {
			continue
		}
		if c.inviteGame == id || c.seeking != "" && c.current == nil {
			// Paired while the socket was down: the paired frame went to the old one.
			c.Lobby().paired(id)
			continue
		}
		c.resume = append(c.resume, id)
	}
	if c.seeking != "" {
		// A seek dies with the account's last socket: ask again.
		c.Lobby().Seek(c.seeking, c.seekRated)
	}
	for _, g := range c.games {
		if g.pending != rules.NoMove && g.end == nil {
			c.Actions().send(g, g.pending, g.pendingPly)
		}
	}
	c.fileLate()
	c.changed()
}

// dropped handles the end of a socket: dialled again with back-off, unless signed out.
func (c *Controller) dropped(gen uint64, conn *client.Conn, err error) {
	if gen != c.gen || conn != c.conn {
		return
	}
	c.conn, c.state = nil, Reconnecting
	c.stopWork()
	c.err = serverError(c.account.Server, err)
	c.redial()
	c.changed()
}

// redial dials the dropped socket again after the back-off its failed attempts earned.
func (c *Controller) redial() {
	wait := c.cfg.Backoff << min(c.attempts, 16)
	c.redialAfter(min(wait, c.cfg.MaxBackoff))
}

// redialAfter dials the dropped socket again after wait, asking for the games' missed events.
func (c *Controller) redialAfter(wait time.Duration) {
	gen, acct, timeout := c.gen, c.account, c.cfg.Timeout
	after := map[int64]int64{}
	for id, g := range c.games {
		if g.end == nil && g.broken == nil {
			after[id] = g.seq
		}
	}
	go func() {
		time.Sleep(wait)
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		conn, err := client.Dial(ctx, acct.Server, acct.Token, after)
		c.cfg.Post(func() { c.redialled(gen, conn, serverError(acct.Server, err)) })
	}()
}

func (c *Controller) redialled(gen uint64, conn *client.Conn, err error) {
	if gen != c.gen {
		if conn != nil {
			conn.Close()
		}
		return
	}
	if err == nil {
		c.err = nil
		c.connected(conn)
		return
	}
	c.err = err
	if refusal(err) == proto.CodeUnauthenticated {
		// The token is no longer good: sign in again by hand.
		c.state, c.account.Token = SignedOut, ""
		c.keep()
		c.changed()
		return
	}
	c.attempts++
	c.redial()
	c.changed()
}

// Foreground tells the controller that the app is in the foreground again (a phone app's
// lifecycle): a socket that dropped while it was in the background (the system closes
// them, or the network went) is dialled again at once rather than after its back-off,
// with the token kept, so the game in play goes on from the events missed. Going to the
// background needs no call: the sign-in and the games stay as they are, and the server
// tells the opponent that the player is away only if the socket is gone for long.
func (c *Controller) Foreground() {
	if c.state != Reconnecting {
		return
	}
	c.gen++ // the dial waiting out its back-off is superseded
	c.attempts = 0
	c.redialAfter(0)
	c.changed()
}
