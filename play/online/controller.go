package online

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
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
	cfg       Config
	listeners play.Listeners // told after every change

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
	lobby   lobbyState
	people  *people // the social part's state (people.go)
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
	c.lobby.reset()
	var err error
	if cfg.Store != nil {
		var kept play.OnlineAccount
		if kept, err = cfg.Store.LoadOnline(); err == nil && kept.Server != "" {
			c.account = kept
		}
	}
	return c, err
}

// Listen adds a listener of the controller's changes (Listener.Change, with play.ChangeAll).
func (c *Controller) Listen(l play.Listener) { c.listeners.Listen(l) }

func (c *Controller) changed() { c.listeners.Changed(play.ChangeAll) }

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

// Disconnect closes the socket as if the network dropped it; the controller dials again.
// For tests and the view's "reconnect now".
func (c *Controller) Disconnect() {
	if c.conn != nil {
		c.conn.Close()
	}
}

// SignOut closes the socket, leaves the lobby (a seek dies with the socket) and forgets
// the token and the account on this device (a guest account stays on the server, but
// cannot be reached again from here; a named one can be logged in to again). The server's
// address stays, and so do the games filed in the library, the record of which were filed
// (so that signing in again files none twice) and the offline game, which this package
// never touches.
func (c *Controller) SignOut() {
	c.Close()
	c.account.Token, c.me, c.err = "", proto.Account{}, nil
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
	c.lobby.reset()
}

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
