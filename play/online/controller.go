package online

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// DefaultServer is the address used until the player sets another: the one `make server`
// starts.
const DefaultServer = "http://localhost:8080"

// State is the connection's state.
type State uint8

const (
	SignedOut    State = iota // no account signed in (or signing in failed; Err says why)
	Connecting                // signing in
	Connected                 // signed in, the socket is up
	Reconnecting              // the socket dropped; dialling again with back-off
)

// Library is where finished games are filed (play.Library).
type Library interface {
	Add(r *game.Record, who play.Players) (play.LibraryEntry, error)
}

// Config sets up a Controller; zero fields take the defaults in brackets.
type Config struct {
	Store   *play.Store  // keeps the server's address and the token [nothing kept]
	Library Library      // where finished games are filed [not filed]
	Post    func(func()) // runs a function on the UI goroutine (required)
	Now     func() time.Time
	// Timeout bounds each request to the server, so a server that stalls is an error
	// [10 s].
	Timeout time.Duration
	// Backoff is the first wait before dialling a dropped socket again; it doubles up to
	// MaxBackoff [250 ms, 8 s].
	Backoff, MaxBackoff time.Duration
}

// Controller is the app's side of online play. Call its methods on the UI goroutine.
type Controller struct {
	cfg      Config
	listener func()

	account play.OnlineAccount // the server and the token, as kept
	me      proto.Account
	state   State
	err     error // the last error to show; nil after the next success
	// gen tells the current sign-in's goroutines from those of an earlier one.
	gen      uint64
	conn     *client.Conn
	jobs     chan func() // the socket's requests, sent in order by one goroutine (work)
	attempts int         // dials since the socket dropped

	seeking    string // the time control sought, "" when not seeking
	seekRated  bool
	seekSince  time.Time
	inviteCode string // the code of the invite waiting for its opponent
	inviteGame int64

	games   map[int64]*Game
	current *Game
	resume  []int64 // the account's games in play that the player may resume
}

// New makes a controller with the server and token kept in cfg.Store. An unreadable
// record of them is returned as an error; the controller then starts signed out on the
// default server.
func New(cfg Config) (*Controller, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = 8 * time.Second
	}
	c := &Controller{cfg: cfg, games: map[int64]*Game{}, account: play.OnlineAccount{Server: DefaultServer}}
	var err error
	if cfg.Store != nil {
		var kept play.OnlineAccount
		if kept, err = cfg.Store.LoadOnline(); err == nil && kept.Server != "" {
			c.account = kept
		}
	}
	return c, err
}

// Listen sets the function called after every change.
func (c *Controller) Listen(f func()) { c.listener = f }

func (c *Controller) changed() {
	if c.listener != nil {
		c.listener()
	}
}

// fail shows err.
func (c *Controller) fail(err error) {
	c.err = err
	c.changed()
}

// Server is the server's address.
func (c *Controller) Server() string { return c.account.Server }

// State is the connection's state; Err the last error.
func (c *Controller) State() State { return c.state }
func (c *Controller) Err() error   { return c.err }

// Attempts is how many times the dropped socket was dialled again without success.
func (c *Controller) Attempts() int { return c.attempts }

// Account is the account signed in.
func (c *Controller) Account() proto.Account { return c.me }

// HasToken reports whether an account was signed in on this device before.
func (c *Controller) HasToken() bool { return c.account.Token != "" }

// SetServer changes the server's address ("http://host:port" or "https://..."); a
// different server signs out, since an account belongs to its server.
func (c *Controller) SetServer(addr string) error {
	addr = strings.TrimRight(strings.TrimSpace(addr), "/")
	u, err := url.Parse(addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q is not a server address: write http://host:port or https://host", addr)
	}
	if addr == c.account.Server {
		return nil
	}
	c.SignOut()
	c.account = play.OnlineAccount{Server: addr}
	c.keep()
	c.changed()
	return nil
}

// keep writes the server and token to the store.
func (c *Controller) keep() {
	if c.cfg.Store == nil {
		return
	}
	if err := c.cfg.Store.SaveOnline(c.account); err != nil {
		c.err = err
	}
}

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
			c.paired(id)
			continue
		}
		c.resume = append(c.resume, id)
	}
	if c.seeking != "" {
		// A seek dies with the account's last socket: ask again.
		c.Seek(c.seeking, c.seekRated)
	}
	for _, g := range c.games {
		if g.pending != rules.NoMove && g.end == nil {
			c.send(g, g.pending, g.pendingPly)
		}
	}
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

func (c *Controller) redial() {
	wait := c.cfg.Backoff << min(c.attempts, 16)
	wait = min(wait, c.cfg.MaxBackoff)
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

// Disconnect closes the socket as if the network dropped it; the controller dials again.
// For tests and the view's "reconnect now".
func (c *Controller) Disconnect() {
	if c.conn != nil {
		c.conn.Close()
	}
}

// SignOut closes the socket and forgets the token on this device (the guest account
// stays on the server, but cannot be reached again from here).
func (c *Controller) SignOut() {
	c.Close()
	c.account.Token = ""
	c.keep()
	c.changed()
}

// Close closes the socket and stops reconnecting; the token is kept for the next sign-in.
func (c *Controller) Close() {
	c.gen++
	if c.conn != nil {
		c.conn.Close()
	}
	c.stopWork()
	c.conn, c.state, c.seeking, c.inviteCode, c.inviteGame = nil, SignedOut, "", "", 0
	c.games, c.current, c.resume = map[int64]*Game{}, nil, nil
}

// SeekControls are the time controls a seek may ask for.
func SeekControls() []play.TimeControl { return play.TimeControls()[1:] }

// request runs f on the socket on another goroutine and hands its error to done on the
// UI goroutine; without a socket done gets an error at once.
func (c *Controller) request(f func(ctx context.Context, conn *client.Conn) error, done func(error)) {
	conn := c.conn
	if conn == nil {
		done(errors.New("not connected to the server"))
		return
	}
	gen, timeout := c.gen, c.cfg.Timeout
	c.jobs <- func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		err := f(ctx, conn)
		c.cfg.Post(func() {
			if gen == c.gen {
				done(serverError(c.account.Server, err))
			}
		})
	}
}

// jobQueue bounds the requests waiting for the socket.
const jobQueue = 64

// work sends a socket's requests one at a time, in the order the player made them (a
// seek cancelled and sought again must reach the server in that order).
func work(jobs <-chan func()) {
	for job := range jobs {
		job()
	}
}

// stopWork ends the current socket's request sender.
func (c *Controller) stopWork() {
	if c.jobs != nil {
		close(c.jobs)
		c.jobs = nil
	}
}

// Seek asks for a game on time control tc ("10+5", one of SeekControls); the wait is
// Seeking's, and a pairing opens the game.
func (c *Controller) Seek(tc string, rated bool) {
	c.seeking, c.seekRated, c.seekSince, c.err = tc, rated, c.cfg.Now(), nil
	c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Seek(ctx, tc, "", rated)
		return err
	}, func(err error) {
		if err != nil {
			c.seeking = ""
			c.fail(err)
		}
	})
	c.changed()
}

// Seeking is the time control sought and since when, while a seek waits.
func (c *Controller) Seeking() (string, time.Time, bool) {
	return c.seeking, c.seekSince, c.seeking != ""
}

// CancelSeek withdraws the seek.
func (c *Controller) CancelSeek() {
	if c.seeking == "" {
		return
	}
	c.seeking = ""
	c.request(func(ctx context.Context, conn *client.Conn) error { return conn.CancelSeek(ctx) }, func(err error) {
		if err != nil {
			c.fail(err)
		}
	})
	c.changed()
}

// Invite makes a private game on time control tc ("" untimed); InviteCode is then the
// code to give the opponent.
func (c *Controller) Invite(tc string, rated bool) {
	c.err = nil
	var id int64
	var code string
	c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		id, code, err = conn.Invite(ctx, tc, "", rated)
		return err
	}, func(err error) {
		if err != nil {
			c.fail(err)
			return
		}
		if _, paired := c.games[id]; !paired {
			c.inviteGame, c.inviteCode = id, code
		}
		c.changed()
	})
	c.changed()
}

// InviteCode is the code of the invite waiting for its opponent ("" when none).
func (c *Controller) InviteCode() string { return c.inviteCode }

// Join joins the private game of code.
func (c *Controller) Join(code string) {
	code = strings.TrimSpace(code)
	if code == "" {
		c.fail(errors.New("enter the invite code"))
		return
	}
	c.err = nil
	c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Join(ctx, code)
		return err
	}, func(err error) {
		if err != nil {
			c.fail(err)
		}
	})
	c.changed()
}

// Resumable are the account's games in play that are not open here.
func (c *Controller) Resumable() []int64 { return slices.Clone(c.resume) }

// Resume opens a game in play and replays its events.
func (c *Controller) Resume(id int64) {
	c.resume = slices.DeleteFunc(c.resume, func(g int64) bool { return g == id })
	if g, ok := c.games[id]; ok {
		c.current = g
		c.changed()
		return
	}
	g := newGame(id)
	c.games[id], c.current = g, g
	c.request(func(ctx context.Context, conn *client.Conn) error { return conn.Watch(ctx, id, 0) }, func(err error) {
		if err != nil {
			delete(c.games, id)
			if c.current == g {
				c.current = nil
			}
			c.fail(err)
		}
	})
	c.changed()
}

// Current is the game shown (nil in the lobby).
func (c *Controller) Current() *Game { return c.current }

// Leave goes back to the lobby; a game in play goes on and can be resumed.
func (c *Controller) Leave() {
	if g := c.current; g != nil && g.end == nil {
		c.resume = append(c.resume, g.ID)
		delete(c.games, g.ID)
	}
	c.current = nil
	c.changed()
}

// Playing reports whether an online game of this account is in play: hint, analysis and
// the engine stay off meanwhile.
func (c *Controller) Playing() bool {
	for _, g := range c.games {
		if g.Player && g.end == nil && g.broken == nil {
			return true
		}
	}
	return len(c.resume) > 0
}

// paired opens a game that a seek or invite became.
func (c *Controller) paired(id int64) {
	if id == c.inviteGame {
		c.inviteGame, c.inviteCode = 0, ""
	}
	c.seeking = ""
	if _, ok := c.games[id]; !ok {
		c.games[id] = newGame(id)
	}
	c.current = c.games[id]
}

// frame handles one frame from the server.
func (c *Controller) frame(gen uint64, f proto.Frame) {
	if gen != c.gen {
		return
	}
	switch f.Type {
	case proto.TypePaired:
		c.paired(f.Game)
	case proto.TypeEvent:
		c.event(*f.Event)
	case proto.TypeError:
		c.err = &proto.Error{Code: f.Code, Message: f.Message}
	default:
		return
	}
	c.changed()
}

func (c *Controller) event(e proto.Event) {
	g, ok := c.games[e.Game]
	if !ok && e.Seq == 1 && e.Kind == proto.KindStart && (c.inviteGame == e.Game || c.inviteCode == "" && c.current == nil) {
		// An inviter's socket watches its game from the invite on, so the start may come
		// before the paired frame (or before the invite's answer is handled).
		c.paired(e.Game)
		g, ok = c.games[e.Game], true
	}
	if !ok || g.broken != nil {
		return
	}
	fresh, err := g.apply(e, c.me.ID, c.cfg.Now())
	if err != nil {
		g.broken, c.err = err, err
		return
	}
	if fresh && e.Kind == proto.KindEnd {
		c.ended(g)
	}
}

// ended files a finished game and takes its rating change into the account.
func (c *Controller) ended(g *Game) {
	if g.Player {
		change := g.end.Red
		if g.Me == rules.Black {
			change = g.end.Black
		}
		if change != nil {
			c.me.Rating = change.After
		}
	}
	if !g.Player || c.cfg.Library == nil || g.filed != "" {
		return
	}
	site := c.account.Server
	if u, err := url.Parse(site); err == nil {
		site = u.Host
	}
	e, err := c.cfg.Library.Add(g.record(site, c.cfg.Now()), play.Players{Human: game.HumanBoth})
	g.filed, g.fileErr = e.ID, err
	if err != nil {
		c.err = fmt.Errorf("the finished game could not be filed in the library: %w", err)
	}
}

// Tap handles a tap on the board of the current game: one's own piece is selected, a
// point after it is the move, sent to the server when legal.
func (c *Controller) Tap(sq rules.Square) {
	g := c.current
	if g == nil || !g.MyTurn() {
		return
	}
	g.illegal = game.NotIllegal
	pos := g.g.Position()
	if p := pos.At(sq); p != rules.NoPiece && p.Color() == pos.Side() {
		g.selected, g.targets = sq, pos.LegalTargets(sq)
		c.changed()
		return
	}
	if g.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(g.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		g.illegal = why
		c.changed()
		return
	}
	c.Play(m)
}

// Drop plays a piece dragged from one point to another, as two taps.
func (c *Controller) Drop(from, to rules.Square) {
	c.Tap(from)
	c.Tap(to)
}

// Play sends move m in the current game. The board shows it once the server has taken
// it; while the socket is down it waits and is sent on the reconnect, made at the ply it
// was made in, so the server refuses it (stale) if the game moved on meanwhile.
func (c *Controller) Play(m rules.Move) {
	g := c.current
	if g == nil || !g.MyTurn() {
		return
	}
	if why := game.WhyIllegal(g.g.Position(), m); why != game.NotIllegal {
		g.illegal = why
		c.changed()
		return
	}
	g.pending, g.pendingPly = m, len(g.moves)
	g.selected, g.targets = rules.NoSquare, nil
	if c.conn != nil {
		c.send(g, m, g.pendingPly)
	}
	c.changed()
}

func (c *Controller) send(g *Game, m rules.Move, ply int) {
	c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Move(ctx, g.ID, ply, m.String())
		return err
	}, func(err error) {
		if err == nil {
			return
		}
		if refusal(err) == "" && c.conn == nil {
			return // the socket dropped first: sent again on the reconnect
		}
		if g.pending == m && len(g.moves) == ply {
			g.pending = rules.NoMove
		}
		c.fail(err)
	})
}

// act sends one of the player's actions on the current game.
func (c *Controller) act(do func(*client.Conn, context.Context, int64) error) {
	g := c.current
	if g == nil || !g.Player || g.end != nil {
		return
	}
	c.err = nil
	c.request(func(ctx context.Context, conn *client.Conn) error { return do(conn, ctx, g.ID) }, func(err error) {
		if err != nil {
			c.fail(err)
		}
	})
}

// The player's actions on the current game.
func (c *Controller) Resign()          { c.act((*client.Conn).Resign) }
func (c *Controller) OfferDraw()       { c.act((*client.Conn).OfferDraw) }
func (c *Controller) AcceptDraw()      { c.act((*client.Conn).AcceptDraw) }
func (c *Controller) DeclineDraw()     { c.act((*client.Conn).DeclineDraw) }
func (c *Controller) OfferTakeback()   { c.act((*client.Conn).OfferTakeback) }
func (c *Controller) AcceptTakeback()  { c.act((*client.Conn).AcceptTakeback) }
func (c *Controller) DeclineTakeback() { c.act((*client.Conn).DeclineTakeback) }

// ClaimWin and ClaimDraw end the current game because the opponent is away (see
// Game.CanClaim): a win, or a draw.
func (c *Controller) ClaimWin()  { c.claim(false) }
func (c *Controller) ClaimDraw() { c.claim(true) }

func (c *Controller) claim(draw bool) {
	c.act(func(conn *client.Conn, ctx context.Context, game int64) error { return conn.Claim(ctx, game, draw) })
}

// CanTakeback reports whether the player may ask to take a move back: casual games only,
// after a move of one's own.
func (c *Controller) CanTakeback() bool {
	g := c.current
	if g == nil || !g.Player || g.end != nil || g.Rated {
		return false
	}
	// The side that moved first: the side to move after an even number of moves.
	first := g.g.SideToMove()
	if len(g.moves)%2 == 1 {
		first = first.Opponent()
	}
	mine := len(g.moves) / 2
	if first == g.Me {
		mine = (len(g.moves) + 1) / 2
	}
	return mine > 0
}
