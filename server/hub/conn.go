package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// Socket limits.
const (
	// outQueue frames may wait for a slow client; a client further behind is cut off, so
	// that it never holds up the games of others.
	outQueue = 256
	// writeTimeout is how long one frame may take to reach the client.
	writeTimeout = 10 * time.Second
	// maxStrikes rate-limited requests in a row close the socket.
	maxStrikes = 100
	// pendingCap bounds the events waiting for the syncer per game; past it, the syncer
	// reads them from the table instead.
	pendingCap = 64
	// listenWait is how long a new socket waits for the instance to listen for events.
	listenWait = 10 * time.Second
)

// conn is one client socket.
type conn struct {
	hub     *Hub
	addr    string // the client's address, for the per-address limits
	ws      *websocket.Conn
	out     chan []byte
	wake    chan struct{}
	done    chan struct{}
	once    sync.Once
	limiter *rate.Limiter

	// lag is the socket's one-way network delay in nanoseconds: half its round trip,
	// measured by pings and smoothed.
	lag atomic.Int64

	mu      sync.Mutex
	account *store.Account
	token   string // the hello's, for a logout's check
	watches map[int64]*watch
	told    map[int64]bool // games this socket has been sent a paired frame for
}

// watch is the state of one game the socket watches: the number of the last event sent,
// events heard but not yet sent, and whether to read from the table instead.
type watch struct {
	last    int64
	pending []proto.Event
	reread  bool
}

func (h *Hub) socket(w http.ResponseWriter, r *http.Request) {
	addr := address(r)
	h.mu.Lock()
	if h.perAddress[addr] >= h.cfg.MaxSocketsPerAddress {
		h.mu.Unlock()
		h.writeError(w, proto.Errorf(proto.CodeRateLimited, "too many sockets from this address"))
		return
	}
	h.perAddress[addr]++
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		if h.perAddress[addr]--; h.perAddress[addr] == 0 {
			delete(h.perAddress, addr)
		}
		h.mu.Unlock()
	}()
	select {
	case <-h.listening:
	case <-r.Context().Done():
		return
	case <-time.After(listenWait):
		h.writeError(w, proto.Errorf(proto.CodeUnavailable, "the server is not connected to its database yet"))
		return
	}
	// Any origin may connect: the socket is authorised by the token in its hello, never
	// by a cookie, so a foreign page gains nothing (and the app's browser build is served
	// from wherever its player put it).
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	ws.SetReadLimit(proto.MaxFrame)
	c := &conn{
		hub: h, addr: addr, ws: ws, out: make(chan []byte, outQueue), wake: make(chan struct{}, 1), done: make(chan struct{}),
		limiter: rate.NewLimiter(h.cfg.MessageRate, h.cfg.MessageBurst), watches: map[int64]*watch{}, told: map[int64]bool{},
	}
	h.metrics.connections.Inc()
	defer h.metrics.connections.Dec()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	go c.writer(ctx)
	go c.syncer(ctx)
	go c.pinger(ctx)
	silent := time.AfterFunc(h.cfg.HelloTimeout, func() {
		if c.accountID() == 0 {
			c.close(websocket.StatusPolicyViolation, "no hello in time")
		}
	})
	defer silent.Stop()
	c.read(ctx)
	c.close(websocket.StatusNormalClosure, "")
	c.leave()
}

func (c *conn) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.done)
		// The closing handshake may wait seconds on a client that does not read; whoever
		// closes (the listener handing out events, say) must not.
		go c.ws.Close(code, reason)
	})
}

// leave forgets the socket; a seek dies with its account's last socket here.
func (c *conn) leave() {
	c.mu.Lock()
	account := c.account
	games := make([]int64, 0, len(c.watches))
	for g := range c.watches {
		games = append(games, g)
	}
	c.mu.Unlock()
	if account == nil {
		c.hub.forget(c, 0, games)
		return
	}
	if c.hub.forget(c, account.ID, games) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c.hub.store.CancelSeek(ctx, account.ID)
	}
}

// send queues a frame; a client too slow to take it is cut off.
func (c *conn) send(f proto.Frame) {
	data, err := json.Marshal(f)
	if err != nil {
		c.hub.log.Error("encoding a frame", "err", err)
		return
	}
	select {
	case c.out <- data:
	case <-c.done:
	default:
		c.close(websocket.StatusPolicyViolation, "too slow reading")
	}
}

func (c *conn) writer(ctx context.Context) {
	for {
		select {
		case <-c.done:
			return
		case data := <-c.out:
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.ws.Write(wctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		}
	}
}

// pinger measures the socket's round trip every PingEvery, for the lag allowance.
func (c *conn) pinger(ctx context.Context) {
	t := time.NewTicker(c.hub.cfg.PingEvery)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
		}
		pctx, cancel := context.WithTimeout(ctx, writeTimeout)
		sent := time.Now()
		err := c.ws.Ping(pctx)
		cancel()
		if err != nil {
			continue // a socket that does not answer is closed by its reader or writer
		}
		oneWay := int64(time.Since(sent) / 2)
		if old := c.lag.Load(); old != 0 {
			oneWay = (3*old + oneWay) / 4 // smoothed: one slow ping is not the line
		}
		c.lag.Store(oneWay)
	}
}

// read handles the client's requests in order until the socket closes.
func (c *conn) read(ctx context.Context) {
	strikes := 0
	for {
		kind, data, err := c.ws.Read(ctx)
		receipt := c.hub.cfg.Now()
		if err != nil {
			if errors.Is(err, websocket.ErrMessageTooBig) {
				c.hub.metrics.errors.WithLabelValues(proto.CodeMalformed).Inc()
			}
			return
		}
		// Every frame counts against the rates, malformed ones too, before any work on it:
		// the socket's, then its address's and its account's (all their sockets together).
		var limited *proto.Error
		if !c.limiter.Allow() {
			limited = proto.Errorf(proto.CodeRateLimited, "too many requests on this connection; slow down")
		} else {
			limited = c.hub.allowRequest(c.addr, c.accountID())
		}
		if limited != nil {
			if strikes++; strikes > maxStrikes {
				c.close(websocket.StatusPolicyViolation, "too many requests")
				return
			}
			req, _ := proto.DecodeRequest(data) // only to answer with its id, when it has one
			c.refuse(req.ID, limited)
			continue
		}
		strikes = 0
		if kind != websocket.MessageText {
			c.refuse(0, proto.Errorf(proto.CodeMalformed, "frames are JSON text"))
			continue
		}
		req, err := proto.DecodeRequest(data)
		if err != nil {
			// A frame that parsed but failed a check keeps its id, so that its sender
			// hears at once which request was refused.
			c.refuse(req.ID, proto.Errorf(proto.CodeMalformed, err.Error()))
			continue
		}
		c.handle(ctx, req, receipt)
	}
}

// accountID is the signed-in account's id, 0 before the hello.
func (c *conn) accountID() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.account == nil {
		return 0
	}
	return c.account.ID
}

func (c *conn) refuse(id int64, err error) {
	e := c.hub.refusal(err)
	c.send(proto.Frame{Type: proto.TypeError, ID: id, Code: e.Code, Message: e.Message})
}

func (c *conn) handle(ctx context.Context, req proto.Request, receipt time.Time) {
	c.mu.Lock()
	account := c.account
	c.mu.Unlock()
	if req.Type == proto.TypeHello {
		c.hello(ctx, req, account)
		return
	}
	if account == nil {
		c.refuse(req.ID, proto.Errorf(proto.CodeUnauthenticated, "send hello with your token first"))
		return
	}
	st := c.hub.store
	ack := proto.Frame{Type: proto.TypeAck, ID: req.ID, Game: req.Game}
	var events []proto.Event
	var err error
	switch req.Type {
	case proto.TypeSeek, proto.TypeInvite:
		var spec store.Spec
		if spec, err = store.ParseSpec(req.TimeControl, req.Rules, req.Rated, req.Type == proto.TypeSeek); err != nil {
			break
		}
		if spec.Rated && account.Name == "" && !c.hub.registered(ctx, account.ID) {
			spec.Rated = false // rated games are for registered accounts: a guest's is casual
		}
		if req.Type == proto.TypeSeek {
			spec.MinRating, spec.MaxRating = req.MinRating, req.MaxRating
			ack.Game, err = st.Seek(ctx, account.ID, spec, receipt)
		} else if ack.Game, ack.Code, err = st.Invite(ctx, account.ID, spec); err == nil {
			c.watch(ack.Game, 0)
		}
		if err == nil && ack.Game != 0 && req.Type == proto.TypeSeek {
			c.hub.metrics.gamesStart.Inc()
		}
	case proto.TypeCancelSeek:
		err = st.CancelSeek(ctx, account.ID)
	case proto.TypeCancelInvite:
		err = st.CancelInvite(ctx, account.ID, req.Game)
	case proto.TypeJoin:
		if ack.Game, err = st.Join(ctx, account.ID, req.Code, receipt); err == nil {
			c.hub.metrics.gamesStart.Inc()
		}
	case proto.TypeWatch:
		var ok bool
		if ok, err = st.GameExists(ctx, req.Game); err == nil && !ok {
			err = proto.Errorf(proto.CodeNotFound, "there is no such game")
		}
		if err == nil {
			c.watch(req.Game, req.After)
		}
	case proto.TypeMove:
		events, err = st.Move(ctx, account.ID, req.Game, req.Ply, req.Move, receipt, time.Duration(c.lag.Load()))
	case proto.TypeResign:
		events, err = st.Resign(ctx, account.ID, req.Game, receipt)
	case proto.TypeOfferDraw:
		events, err = st.OfferDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeAcceptDraw:
		events, err = st.AcceptDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeDeclineDraw:
		events, err = st.DeclineDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeOfferTakeback:
		events, err = st.OfferTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeAcceptTakeback:
		events, err = st.AcceptTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeDeclineTakeback:
		events, err = st.DeclineTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeClaim:
		events, err = st.Claim(ctx, account.ID, req.Game, req.Result == proto.ClaimDraw, receipt)
	case proto.TypeEnded:
		ack.Games, err = st.EndedGames(ctx, account.ID, proto.MaxEnded)
	}
	for _, e := range events {
		if e.Kind == proto.KindEnd {
			c.hub.metrics.gamesEnded.Inc()
		}
		c.hub.dispatch(e) // this instance's sockets need not wait for the notification
	}
	if err != nil {
		c.refuse(req.ID, err)
		return
	}
	if ack.Game != 0 && (req.Type == proto.TypeSeek || req.Type == proto.TypeJoin) {
		c.hub.started(ctx, ack.Game)
	}
	if len(events) > 0 {
		ack.Seq = events[len(events)-1].Seq
	}
	c.send(ack)
	if req.Type == proto.TypeMove {
		c.hub.metrics.moveAck.Observe(time.Since(receipt).Seconds())
	}
}

func (c *conn) hello(ctx context.Context, req proto.Request, current *store.Account) {
	if current != nil {
		c.refuse(req.ID, proto.Errorf(proto.CodeBadRequest, "this socket has already said hello"))
		return
	}
	if req.Version < proto.MinVersion || req.Version > proto.Version {
		c.refuse(req.ID, proto.Errorf(proto.CodeBadRequest, fmt.Sprintf("this server speaks protocol versions %d to %d", proto.MinVersion, proto.Version)))
		return
	}
	a, err := c.hub.store.Authenticate(ctx, req.Token)
	if err != nil {
		c.refuse(req.ID, err)
		return
	}
	games, err := c.hub.store.ActiveGames(ctx, a.ID)
	if err != nil {
		c.refuse(req.ID, err)
		return
	}
	c.mu.Lock()
	c.account, c.token = &a, req.Token
	for _, g := range games {
		c.told[g] = true
	}
	c.mu.Unlock()
	c.hub.registerAccount(c, a.ID)
	c.hub.returned(ctx, a.ID)
	public := a.Public()
	c.send(proto.Frame{Type: proto.TypeWelcome, ID: req.ID, Account: &public, Games: games})
}

// watch starts sending game's events after number after (or keeps watching it, from
// where it was, if it already does).
func (c *conn) watch(game, after int64) {
	c.mu.Lock()
	if w, ok := c.watches[game]; ok {
		w.reread = w.reread || after < w.last
		w.last = min(w.last, after)
	} else {
		c.watches[game] = &watch{last: after, reread: true}
	}
	c.mu.Unlock()
	c.hub.subscribe(c, game)
	c.poke()
}

// tell reports whether the socket is yet to hear that game started, and notes that it has.
func (c *conn) tell(game int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.told[game] {
		return false
	}
	c.told[game] = true
	return true
}

func (c *conn) watching(game int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.watches[game]
	return ok
}

// offer hands the syncer an event heard from the database.
func (c *conn) offer(e proto.Event) {
	c.mu.Lock()
	if w, ok := c.watches[e.Game]; ok {
		if len(w.pending) < pendingCap {
			w.pending = append(w.pending, e)
		} else {
			w.reread = true
		}
	}
	c.mu.Unlock()
	c.poke()
}

// catchUp has the syncer re-read the games whose version in the table is ahead of what
// this socket has sent and holds.
func (c *conn) catchUp(versions map[int64]int64) {
	c.mu.Lock()
	behind := false
	for g, w := range c.watches {
		if v, ok := versions[g]; ok && v > w.last+int64(len(w.pending)) {
			w.reread, behind = true, true
		}
	}
	c.mu.Unlock()
	if behind {
		c.poke()
	}
}

// resync has the syncer read every watched game from the table.
func (c *conn) resync() {
	c.mu.Lock()
	for _, w := range c.watches {
		w.reread = true
	}
	c.mu.Unlock()
	c.poke()
}

func (c *conn) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// syncer sends each watched game's events in order, each once: the events heard from
// the database when they follow on from the last sent, and otherwise (a gap, a resume,
// an event too large to announce whole) the events read from the table.
func (c *conn) syncer(ctx context.Context) {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		for c.syncOnce(ctx) {
		}
	}
}

// syncOnce sends what one game has waiting; it reports whether it found anything.
func (c *conn) syncOnce(ctx context.Context) bool {
	c.mu.Lock()
	var game int64
	var w *watch
	for g, cand := range c.watches {
		if cand.reread || len(cand.pending) > 0 {
			game, w = g, cand
			break
		}
	}
	if w == nil {
		c.mu.Unlock()
		return false
	}
	last, reread, pending := w.last, w.reread, w.pending
	w.pending, w.reread = nil, false
	c.mu.Unlock()

	sort.Slice(pending, func(i, j int) bool { return pending[i].Seq < pending[j].Seq })
	var send []proto.Event
	for _, e := range pending {
		if e.Seq <= last {
			continue
		}
		if e.Seq != last+1+int64(len(send)) || e.Kind == "" {
			reread = true
			break
		}
		send = append(send, e)
	}
	if reread {
		events, err := c.hub.store.Events(ctx, game, last)
		if err != nil {
			if ctx.Err() == nil {
				c.hub.log.Warn("reading events", "game", game, "err", err)
				c.mu.Lock()
				w.reread = true
				c.mu.Unlock()
				time.AfterFunc(time.Second, c.poke) // the database will be back
			}
			return false
		}
		send = events
	}
	for i := range send {
		c.send(proto.Frame{Type: proto.TypeEvent, Game: game, Seq: send[i].Seq, Event: &send[i]})
		c.hub.metrics.events.Inc()
	}
	if len(send) > 0 {
		c.mu.Lock()
		w.last = max(w.last, send[len(send)-1].Seq)
		c.mu.Unlock()
	}
	return true
}
