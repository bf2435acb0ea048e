package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
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
	// eventQueue of those may be event frames: the syncer queues the next event only
	// when the client has taken one (the writer wrote it), so a history of any length
	// goes out at the pace the client reads it, and the rest of the queue stays free for
	// the answers to its requests.
	eventQueue = 128
	// historyPage is how many events the syncer reads from the table at once.
	historyPage = 128
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
	out     chan outFrame
	slots   chan struct{} // one per event frame queued or being written (see eventQueue)
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
	version int    // the hello's protocol version
	watches map[int64]*watch
	told    map[int64]bool // games this socket has been sent a paired frame for
	counted map[int64]int  // per watched game, the watcher count last sent
}

// outFrame is a frame queued for the writer; an event frame holds one of the slots.
type outFrame struct {
	data  []byte
	event bool
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
		h.auth().writeError(w, proto.Errorf(proto.CodeRateLimited, "too many sockets from this address"))
		return
	}
	h.perAddress[addr]++
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		if h.perAddress[addr]--; h.perAddress[addr] == 0 {
			delete(h.perAddress, addr)
		}
		if h.socketGone != nil {
			h.socketGone(addr, h.perAddress[addr])
		}
		h.mu.Unlock()
	}()
	select {
	case <-h.listening:
	case <-r.Context().Done():
		return
	case <-time.After(listenWait):
		h.auth().writeError(w, proto.Errorf(proto.CodeUnavailable, "the server is not connected to its database yet"))
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
		hub: h, addr: addr, ws: ws, out: make(chan outFrame, outQueue), slots: make(chan struct{}, eventQueue),
		wake: make(chan struct{}, 1), done: make(chan struct{}),
		limiter: rate.NewLimiter(h.cfg.MessageRate, h.cfg.MessageBurst), watches: map[int64]*watch{}, told: map[int64]bool{},
		counted: map[int64]int{},
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
			c.cutOff("no hello in time")
		}
	})
	defer silent.Stop()
	c.read(ctx)
	c.close(websocket.StatusNormalClosure, "")
	c.leave()
}

// cutOff closes the socket of a client that broke a limit, and logs it: logged here,
// not where the socket closes, as a write that timed out has the library close the
// connection, and the reader may see that first.
func (c *conn) cutOff(reason string) {
	c.hub.log.Info("socket cut off", "reason", reason, "addr", c.addr, "account", c.accountID())
	c.close(websocket.StatusPolicyViolation, reason)
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
		c.hub.store.Pairing().CancelSeek(ctx, account.ID)
		c.hub.left(ctx, account.ID)
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
	case c.out <- outFrame{data: data}:
	case <-c.done:
	default:
		c.cutOff("too slow reading")
	}
}

// sendEvent queues an event frame once the client has taken enough of those before it
// (see eventQueue); it reports false when the socket closed meanwhile. A client that
// stops reading is cut off by the writer's timeout.
func (c *conn) sendEvent(f proto.Frame) bool {
	data, err := json.Marshal(f)
	if err != nil {
		c.hub.log.Error("encoding a frame", "err", err)
		return true
	}
	select {
	case c.slots <- struct{}{}:
	case <-c.done:
		return false
	}
	select {
	case c.out <- outFrame{data: data, event: true}:
		return true
	case <-c.done:
		return false
	default: // the queue is full of answers the client does not read
		c.cutOff("too slow reading")
		return false
	}
}

func (c *conn) writer(ctx context.Context) {
	for {
		select {
		case <-c.done:
			return
		case f := <-c.out:
			wctx, cancel := context.WithTimeout(ctx, c.hub.cfg.WriteTimeout)
			err := c.ws.Write(wctx, websocket.MessageText, f.data)
			// The library may answer a write that timed out with the closed connection's
			// error instead of the deadline's: the context tells which it was.
			timedOut := err != nil && errors.Is(wctx.Err(), context.DeadlineExceeded)
			cancel()
			if timedOut {
				c.cutOff("too slow reading")
				return
			}
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
			if f.event {
				<-c.slots
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
		pctx, cancel := context.WithTimeout(ctx, c.hub.cfg.WriteTimeout)
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
				c.cutOff("too many requests")
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
	e := c.hub.auth().refusal(err)
	if e.Code == proto.CodeUnavailable {
		c.hub.databaseFailed() // the next request beats first: the outage may be long
	}
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
	// A request after a database failure, or the first of an instance, waits for the
	// heartbeat: an outage it finds is not charged to the clock this request reads.
	if err := c.hub.requestBeat(ctx); err != nil {
		c.refuse(req.ID, err)
		return
	}
	if isSocial(req.Type) {
		c.social(ctx, req, account, receipt)
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
		if spec.Rated && account.Name == "" && !c.hub.auth().registered(ctx, account.ID) {
			spec.Rated = false // rated games are for registered accounts: a guest's is casual
		}
		if req.Type == proto.TypeSeek {
			spec.MinRating, spec.MaxRating = req.MinRating, req.MaxRating
			ack.Game, err = st.Pairing().Seek(ctx, account.ID, spec, receipt)
		} else if ack.Game, ack.Code, err = st.Pairing().Invite(ctx, account.ID, spec); err == nil {
			c.watch(ack.Game, 0)
		}
		if err == nil && ack.Game != 0 && req.Type == proto.TypeSeek {
			c.hub.metrics.gamesStart.Inc()
		}
	case proto.TypeCancelSeek:
		err = st.Pairing().CancelSeek(ctx, account.ID)
	case proto.TypeCancelInvite:
		err = st.Pairing().CancelInvite(ctx, account.ID, req.Game)
	case proto.TypeJoin:
		if ack.Game, err = st.Pairing().Join(ctx, account.ID, req.Code, receipt); err == nil {
			c.hub.metrics.gamesStart.Inc()
		}
	case proto.TypeWatch:
		var ok bool
		if ok, err = st.GameExists(ctx, req.Game); err == nil && !ok {
			err = proto.Errorf(proto.CodeNotFound, "there is no such game")
		}
		if err == nil && !c.canWatch(req.Game) {
			err = proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("a connection watches at most %d games; unwatch one first", proto.MaxWatches))
		}
		if err == nil {
			c.watch(req.Game, req.After)
		}
	case proto.TypeUnwatch:
		c.unwatch(req.Game)
	case proto.TypeLobby:
		ack.Lobby, err = c.hub.room().page(ctx, account.ID, req)
	case proto.TypeAcceptSeek:
		if ack.Game, err = c.acceptSeek(ctx, account, req, receipt); err == nil {
			c.hub.metrics.gamesStart.Inc()
		}
	case proto.TypeMove:
		events, err = st.Round().Move(ctx, account.ID, req.Game, req.Ply, req.Move, receipt, time.Duration(c.lag.Load()))
	case proto.TypeResign:
		events, err = st.Round().Resign(ctx, account.ID, req.Game, receipt)
	case proto.TypeOfferDraw:
		events, err = st.Round().OfferDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeAcceptDraw:
		events, err = st.Round().AcceptDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeDeclineDraw:
		events, err = st.Round().DeclineDraw(ctx, account.ID, req.Game, receipt)
	case proto.TypeOfferTakeback:
		events, err = st.Round().OfferTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeAcceptTakeback:
		events, err = st.Round().AcceptTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeDeclineTakeback:
		events, err = st.Round().DeclineTakeback(ctx, account.ID, req.Game, receipt)
	case proto.TypeClaim:
		events, err = st.Sweeper().Claim(ctx, account.ID, req.Game, req.Result == proto.ClaimDraw, receipt)
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
	if ack.Game != 0 && (req.Type == proto.TypeSeek || req.Type == proto.TypeJoin || req.Type == proto.TypeAcceptSeek) {
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
	a, err := c.hub.store.Accounts().Authenticate(ctx, req.Token)
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
	c.account, c.token, c.version = &a, req.Token, req.Version
	for _, g := range games {
		c.told[g] = true
	}
	c.mu.Unlock()
	c.hub.registerAccount(c, a.ID)
	c.hub.returned(ctx, a.ID)
	c.hub.arrived(ctx, a.ID)
	public := a.Public()
	c.send(proto.Frame{Type: proto.TypeWelcome, ID: req.ID, Account: &public, Games: games})
}
