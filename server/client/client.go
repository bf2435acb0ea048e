// Package client is the Go client of the online server, used by the tests, the load bots
// and the app: make a guest account, connect, seek or invite, play, and receive the
// numbered events of one's games, resuming after a reconnect from the last event seen.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Guest makes a guest account on the server at base (e.g. "http://localhost:8080").
func Guest(ctx context.Context, base string) (proto.Session, error) {
	return post(ctx, base+"/api/guest", "", nil)
}

// Login signs in with a name and password and returns a new session.
func Login(ctx context.Context, base, name, password string) (proto.Session, error) {
	return post(ctx, base+"/api/login", "", proto.Credentials{Name: name, Password: password})
}

// Register gives the session's guest account a name and password.
func Register(ctx context.Context, base, token, name, password string) error {
	_, err := post(ctx, base+"/api/register", token, proto.Credentials{Name: name, Password: password})
	return err
}

// Logout retires the session token; sockets signed in with it close.
func Logout(ctx context.Context, base, token string) error {
	_, err := post(ctx, base+"/api/logout", token, nil)
	return err
}

// RevokeAll retires every session token of the token's account (sign out everywhere).
func RevokeAll(ctx context.Context, base, token string) error {
	_, err := post(ctx, base+"/api/revoke", token, nil)
	return err
}

func post(ctx context.Context, url, token string, body any) (proto.Session, error) {
	var s proto.Session
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return s, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(payload))
	if err != nil {
		return s, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNoContent {
		return s, nil
	}
	if resp.StatusCode != http.StatusOK {
		var e proto.Error
		if json.NewDecoder(resp.Body).Decode(&e) == nil && e.Code != "" {
			return s, &e
		}
		return s, fmt.Errorf("%s: %s", url, resp.Status)
	}
	if strings.HasSuffix(url, "/register") {
		return s, nil
	}
	err = json.NewDecoder(resp.Body).Decode(&s)
	return s, err
}

// Conn is a signed-in socket. Requests wait for their acknowledgement; events, pairings
// and socket-wide errors arrive on Frames in the order the server sent them.
type Conn struct {
	ws      *websocket.Conn
	account proto.Account
	games   []int64
	frames  chan proto.Frame
	ctx     context.Context
	cancel  context.CancelFunc

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan proto.Frame
	last    map[int64]int64 // per game, the number of the last event received
	err     error
}

// ErrBadFrame is in the error of a connection that ended on a frame it could not read: a
// server of another protocol version, or not an xqserver at all.
var ErrBadFrame = errors.New("client: the server sent a frame this client cannot read")

// frameBuffer frames may wait unread on Frames before the connection stops reading.
const frameBuffer = 1024

// Dial connects to the server at base with a session token. resume gives, per game, the
// number of the last event already seen: the connection asks for exactly the events after
// it (see Resume).
func Dial(ctx context.Context, base, token string, resume map[int64]int64) (*Conn, error) {
	return dial(ctx, base, token, resume, proto.Version)
}

// DialVersion is Dial naming an earlier protocol version in the hello, for tests of the
// server's older clients.
func DialVersion(ctx context.Context, base, token string, version int) (*Conn, error) {
	return dial(ctx, base, token, nil, version)
}

func dial(ctx context.Context, base, token string, resume map[int64]int64, version int) (*Conn, error) {
	url := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20) // event frames may be larger than requests
	cctx, cancel := context.WithCancel(context.Background())
	c := &Conn{ws: ws, frames: make(chan proto.Frame, frameBuffer), ctx: cctx, cancel: cancel,
		waiting: map[int64]chan proto.Frame{}, last: map[int64]int64{}}
	go c.read()
	welcome, err := c.request(ctx, proto.Request{Type: proto.TypeHello, Token: token, Version: version})
	if err != nil {
		c.Close()
		return nil, err
	}
	c.account, c.games = *welcome.Account, welcome.Games
	for game, after := range resume {
		if err := c.Watch(ctx, game, after); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// Account is the signed-in account.
func (c *Conn) Account() proto.Account { return c.account }

// Games are the games the account was playing when it connected.
func (c *Conn) Games() []int64 { return c.games }

// Frames delivers events, pairings and socket-wide errors. It is closed when the
// connection ends.
func (c *Conn) Frames() <-chan proto.Frame { return c.frames }

// Resume returns, per game seen on this connection, the number of its last event
// received: what Dial needs to carry on after a reconnect.
func (c *Conn) Resume() map[int64]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := make(map[int64]int64, len(c.last))
	for g, n := range c.last {
		r[g] = n
	}
	return r
}

// Err says why the connection ended, once Frames is closed.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close closes the connection.
func (c *Conn) Close() error {
	c.cancel()
	return c.ws.Close(websocket.StatusNormalClosure, "")
}

func (c *Conn) read() {
	defer close(c.frames)
	for {
		_, data, err := c.ws.Read(c.ctx)
		if err != nil {
			c.fail(err)
			return
		}
		f, err := proto.DecodeFrame(data)
		if err != nil {
			c.fail(fmt.Errorf("%w: %v", ErrBadFrame, err))
			c.ws.Close(websocket.StatusProtocolError, "bad frame")
			return
		}
		c.mu.Lock()
		reply := c.waiting[f.ID]
		if f.ID != 0 && reply != nil && (f.Type == proto.TypeAck || f.Type == proto.TypeError || f.Type == proto.TypeWelcome) {
			delete(c.waiting, f.ID)
			c.mu.Unlock()
			reply <- f
			continue
		}
		if f.Type == proto.TypeEvent {
			c.last[f.Event.Game] = max(c.last[f.Event.Game], f.Event.Seq)
		}
		c.mu.Unlock()
		select {
		case c.frames <- f:
		case <-c.ctx.Done():
			return
		}
	}
}

func (c *Conn) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
	}
	for id, ch := range c.waiting {
		close(ch)
		delete(c.waiting, id)
	}
}

// request sends req and waits for its answer; a refusal is returned as *proto.Error.
func (c *Conn) request(ctx context.Context, req proto.Request) (proto.Frame, error) {
	reply := make(chan proto.Frame, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return proto.Frame{}, err
	}
	c.nextID++
	req.ID = c.nextID
	c.waiting[req.ID] = reply
	c.mu.Unlock()
	data, err := json.Marshal(req)
	if err != nil {
		return proto.Frame{}, err
	}
	if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
		return proto.Frame{}, err
	}
	select {
	case f, ok := <-reply:
		if !ok {
			return proto.Frame{}, fmt.Errorf("client: the connection closed before the answer: %w", c.Err())
		}
		if f.Type == proto.TypeError {
			return f, &proto.Error{Code: f.Code, Message: f.Message}
		}
		return f, nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.waiting, req.ID)
		c.mu.Unlock()
		return proto.Frame{}, ctx.Err()
	}
}

// Seek asks for a game on time control tc ("5+3", ...) under rules ("" for Asian). It
// returns the game when a waiting seek matched at once, 0 when this seek waits; either
// way a paired frame announces the game.
func (c *Conn) Seek(ctx context.Context, tc, rules string, rated bool) (int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeSeek, TimeControl: tc, Rules: rules, Rated: rated})
	return f.Game, err
}

// SeekInRange is Seek with the opponent's rating bounded (0: no bound on that side).
func (c *Conn) SeekInRange(ctx context.Context, tc, rules string, rated bool, minRating, maxRating int) (int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeSeek, TimeControl: tc, Rules: rules, Rated: rated,
		MinRating: minRating, MaxRating: maxRating})
	return f.Game, err
}

// CancelSeek withdraws the account's seek.
func (c *Conn) CancelSeek(ctx context.Context) error {
	_, err := c.request(ctx, proto.Request{Type: proto.TypeCancelSeek})
	return err
}

// Invite makes a private game and returns it with the code the opponent joins by.
func (c *Conn) Invite(ctx context.Context, tc, rules string, rated bool) (int64, string, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeInvite, TimeControl: tc, Rules: rules, Rated: rated})
	return f.Game, f.Code, err
}

// CancelInvite withdraws one's invite of game before anyone joined it (a server of
// protocol version 3 or later).
func (c *Conn) CancelInvite(ctx context.Context, game int64) error {
	_, err := c.request(ctx, proto.Request{Type: proto.TypeCancelInvite, Game: game})
	return err
}

// Join joins the private game of code.
func (c *Conn) Join(ctx context.Context, code string) (int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeJoin, Code: code})
	return f.Game, err
}

// Watch asks for game's events after number after, and the live ones.
func (c *Conn) Watch(ctx context.Context, game, after int64) error {
	_, err := c.request(ctx, proto.Request{Type: proto.TypeWatch, Game: game, After: after})
	return err
}

// Ended returns the account's ended games, newest first, at most proto.MaxEnded (protocol
// version 2). An answer that is not such a list is ErrBadFrame.
func (c *Conn) Ended(ctx context.Context) ([]int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeEnded})
	if err != nil {
		return nil, err
	}
	if err := proto.CheckEnded(f.Games); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadFrame, err)
	}
	return f.Games, nil
}

// Move plays move (ICCS, "h2e2") in game, made at ply (the number of moves the client
// has seen). It returns the number of the last event the move made: its own, or the end
// event when the move ended the game.
func (c *Conn) Move(ctx context.Context, game int64, ply int, move string) (int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeMove, Game: game, Ply: ply, Move: move})
	return f.Seq, err
}

// act sends a player's action of type typ on game and waits for its answer.
func (c *Conn) act(ctx context.Context, typ string, game int64) error {
	_, err := c.request(ctx, proto.Request{Type: typ, Game: game})
	return err
}

// Resign resigns game.
func (c *Conn) Resign(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeResign, game)
}

// OfferDraw offers a draw in game (or accepts the opponent's offer).
func (c *Conn) OfferDraw(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeOfferDraw, game)
}

// AcceptDraw accepts the opponent's draw offer.
func (c *Conn) AcceptDraw(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeAcceptDraw, game)
}

// DeclineDraw declines the opponent's draw offer.
func (c *Conn) DeclineDraw(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeDeclineDraw, game)
}

// OfferTakeback asks the opponent to take back one's last move (casual games).
func (c *Conn) OfferTakeback(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeOfferTakeback, game)
}

// AcceptTakeback takes back the opponent's last move as it asked.
func (c *Conn) AcceptTakeback(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeAcceptTakeback, game)
}

// DeclineTakeback refuses the opponent's takeback request.
func (c *Conn) DeclineTakeback(ctx context.Context, game int64) error {
	return c.act(ctx, proto.TypeDeclineTakeback, game)
}

// Claim ends game because the opponent is away (see proto.KindAway): a win, or a draw
// when draw is set.
func (c *Conn) Claim(ctx context.Context, game int64, draw bool) error {
	result := proto.ClaimWin
	if draw {
		result = proto.ClaimDraw
	}
	_, err := c.request(ctx, proto.Request{Type: proto.TypeClaim, Game: game, Result: result})
	return err
}

// Send writes raw bytes as one text frame, for tests of bad clients.
func (c *Conn) Send(ctx context.Context, data []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, data)
}

// NextEvent waits for the next event frame of game, passing over other frames.
func (c *Conn) NextEvent(ctx context.Context, game int64) (proto.Event, error) {
	for {
		select {
		case f, ok := <-c.frames:
			if !ok {
				return proto.Event{}, fmt.Errorf("client: connection closed: %v", c.Err())
			}
			if f.Type == proto.TypeEvent && f.Event.Game == game {
				return *f.Event, nil
			}
		case <-ctx.Done():
			return proto.Event{}, ctx.Err()
		}
	}
}

// NextPaired waits for the next paired frame and returns its game.
func (c *Conn) NextPaired(ctx context.Context) (int64, error) {
	for {
		select {
		case f, ok := <-c.frames:
			if !ok {
				return 0, fmt.Errorf("client: connection closed: %v", c.Err())
			}
			if f.Type == proto.TypePaired {
				return f.Game, nil
			}
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}
