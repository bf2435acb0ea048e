package hub

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/time/rate"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// Config sets up a Hub; zero fields take the defaults in brackets.
type Config struct {
	Store *store.Store
	Log   *slog.Logger // [discard]
	// Grace is how long a player may be disconnected from a game before the opponent may
	// claim it [60 s].
	Grace time.Duration
	// Forfeit is how long a player may be disconnected from a game before the server
	// ends it as a loss [3 Grace].
	Forfeit time.Duration
	// SeenEvery is how often an instance records its players as connected [Grace/12].
	SeenEvery time.Duration
	// AwayAfter is how long a player must have gone unrecorded for its opponent to be
	// told it is away [2 SeenEvery].
	AwayAfter time.Duration
	// OutageAfter is the gap in the service's heartbeat (beaten every SeenEvery) past
	// which every instance or the database was down: the games then resume as they stood
	// at the last beat [3 SeenEvery, at least 10 s].
	OutageAfter time.Duration
	// PingEvery is how often a socket's round trip is measured, for the lag allowance [5 s].
	PingEvery time.Duration
	// CatchUpEvery is how often the instance compares its games with the table, for
	// notifications that never came [2 s].
	CatchUpEvery time.Duration
	// SweepEvery is how often the instance looks for flags and abandoned games [1 s].
	SweepEvery time.Duration
	// MessageRate and MessageBurst limit one socket's requests [20/s, 40].
	MessageRate  rate.Limit
	MessageBurst int
	// AccountMessageRate and AccountMessageBurst limit the requests of one account, all
	// its sockets on this instance together [30/s, 60].
	AccountMessageRate  rate.Limit
	AccountMessageBurst int
	// AddressMessageRate and AddressMessageBurst limit the requests from one address,
	// all its sockets together (many players may share one address) [200/s, 400].
	AddressMessageRate  rate.Limit
	AddressMessageBurst int
	// AccountRate and AccountBurst limit the guest accounts made per address on this
	// instance (a guest costs no hash) [1/s, 20].
	AccountRate  rate.Limit
	AccountBurst int
	// SignInAddress limits sign-ins and registrations per address, and SignInName per
	// name signed in to and per account registered, both over every instance on the
	// database (they are kept there) [0.5/s, 20; 1/30 s, 5]. Wrong passwords also lock
	// their name for a while (see store.Login).
	SignInAddress, SignInName store.Limit
	// MetricsToken, when set, serves /metrics on the main handler to requests bearing it;
	// without it /metrics is only on MetricsHandler, for a listener of its own.
	MetricsToken string
	// BodyTimeout bounds the reading of an HTTP request's body [10 s].
	BodyTimeout time.Duration
	// MaxSocketsPerAddress caps one address's open sockets [200].
	MaxSocketsPerAddress int
	// WriteTimeout is how long a frame may wait for the client to take it; a client
	// slower than that (one that stopped reading) is cut off [10 s].
	WriteTimeout time.Duration
	// HelloTimeout closes a socket that has not signed in by then, so that sockets
	// opened and left silent do not hold their address's places [10 s].
	HelloTimeout time.Duration
	// Sync bounds the sync request (items.go).
	Sync SyncLimits
	// WatchersEvery is how often the instance records its spectators and tells the
	// sockets of each watched game its watcher count when it changed [1 s].
	WatchersEvery time.Duration
	// LobbyRate and LobbyBurst limit one account's lobby requests and seeks accepted
	// from the list, on top of the other limits [2/s, 10].
	LobbyRate  rate.Limit
	LobbyBurst int
	// Now reads the time [time.Now].
	Now func() time.Time
	// Social sets up follows, challenges and chat (social.go).
	Social SocialConfig
}

func (c *Config) defaults() {
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Grace == 0 {
		c.Grace = 60 * time.Second
	}
	if c.Forfeit == 0 {
		c.Forfeit = 3 * c.Grace
	}
	if c.SeenEvery == 0 {
		c.SeenEvery = c.Grace / 12
	}
	if c.AwayAfter == 0 {
		c.AwayAfter = 2 * c.SeenEvery
	}
	if c.OutageAfter == 0 {
		// Never under 10 s: a busy machine's late beat is not an outage.
		c.OutageAfter = max(3*c.SeenEvery, 10*time.Second)
	}
	if c.PingEvery == 0 {
		c.PingEvery = 5 * time.Second
	}
	if c.CatchUpEvery == 0 {
		c.CatchUpEvery = 2 * time.Second
	}
	if c.SweepEvery == 0 {
		c.SweepEvery = time.Second
	}
	if c.MessageRate == 0 {
		c.MessageRate, c.MessageBurst = 20, 40
	}
	if c.AccountMessageRate == 0 {
		c.AccountMessageRate, c.AccountMessageBurst = 30, 60
	}
	if c.AddressMessageRate == 0 {
		c.AddressMessageRate, c.AddressMessageBurst = 200, 400
	}
	if c.AccountRate == 0 {
		c.AccountRate, c.AccountBurst = 1, 20
	}
	if c.SignInAddress.Rate == 0 {
		c.SignInAddress = store.Limit{Rate: 0.5, Burst: 20}
	}
	if c.SignInName.Rate == 0 {
		c.SignInName = store.Limit{Rate: 1.0 / 30, Burst: 5}
	}
	if c.BodyTimeout == 0 {
		c.BodyTimeout = 10 * time.Second
	}
	if c.MaxSocketsPerAddress == 0 {
		c.MaxSocketsPerAddress = 200
	}
	if c.WriteTimeout == 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.HelloTimeout == 0 {
		c.HelloTimeout = 10 * time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	c.Sync.defaults()
	if c.WatchersEvery == 0 {
		c.WatchersEvery = time.Second
	}
	if c.LobbyRate == 0 {
		c.LobbyRate, c.LobbyBurst = 2, 10
	}
	c.Social.defaults()
}

// Hub is one server instance.
type Hub struct {
	cfg     Config
	store   *store.Store
	log     *slog.Logger
	metrics *metrics

	// listening is closed once the instance listens for notifications; sockets wait for
	// it, since an event announced before would never reach them.
	listening     chan struct{}
	listeningOnce sync.Once

	// seenFailed is when recording connected players last failed (Unix nanoseconds).
	seenFailed atomic.Int64
	beats      beats

	mu         sync.Mutex
	byGame     map[int64]map[*conn]bool
	byAccount  map[int64]map[*conn]bool
	perAddress map[string]int
	// socketGone, when set (by tests, under mu), is told under mu each time a socket has
	// gone, with its address's sockets still open.
	socketGone func(addr string, open int)
	// signups limits guest accounts made per address here; addressRequests and
	// accountRequests limit socket requests per address and per account.
	signups         map[string]*rate.Limiter
	addressRequests map[string]*rate.Limiter
	accountRequests map[int64]*rate.Limiter
	lobbyRequests   map[int64]*rate.Limiter

	// instance names this instance's rows in the spectators table; watchRows are the rows
	// written, watchKept when they were last kept (both the Run goroutine's alone).
	instance  string
	watchRows map[store.Spectator]bool
	watchKept time.Time
	presence  presenceQueue // presence changes for the followers here (social.go)
}

// New makes a hub; Run must run for it to hear other instances and sweep.
func New(cfg Config) *Hub {
	cfg.defaults()
	return &Hub{
		cfg: cfg, store: cfg.Store, log: cfg.Log, metrics: newMetrics(),
		listening: make(chan struct{}),
		byGame:    map[int64]map[*conn]bool{}, byAccount: map[int64]map[*conn]bool{},
		perAddress: map[string]int{}, signups: map[string]*rate.Limiter{},
		addressRequests: map[string]*rate.Limiter{}, accountRequests: map[int64]*rate.Limiter{},
		lobbyRequests: map[int64]*rate.Limiter{}, instance: newInstance(), watchRows: map[store.Spectator]bool{},
	}
}

// Run listens for the events of other instances, records connected players and sweeps
// until ctx ends.
func (h *Hub) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(7)
	go func() { defer wg.Done(); h.listen(ctx) }()
	go func() { defer wg.Done(); h.every(ctx, limiterPruneEvery, h.pruneLimiters) }()
	go func() { defer wg.Done(); h.every(ctx, h.cfg.CatchUpEvery, h.catchUp) }()
	go func() { defer wg.Done(); h.every(ctx, h.cfg.SeenEvery, h.recordSeen) }()
	go func() { defer wg.Done(); h.every(ctx, h.cfg.SweepEvery, h.sweep) }()
	go func() { defer wg.Done(); h.every(ctx, h.cfg.WatchersEvery, h.room().spectators) }()
	go func() { defer wg.Done(); h.every(ctx, h.cfg.Social.PresenceEvery, h.pushPresence) }()
	wg.Wait()
}

func (h *Hub) every(ctx context.Context, d time.Duration, f func(context.Context)) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f(ctx)
		}
	}
}

// allowRequest applies the per-address and, once the socket has signed in, per-account
// limits on socket requests; it returns the refusal, or nil.
func (h *Hub) allowRequest(addr string, account int64) *proto.Error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !limiterOf(h.addressRequests, addr, h.cfg.AddressMessageRate, h.cfg.AddressMessageBurst).Allow() {
		return proto.Errorf(proto.CodeRateLimited, "too many requests from this address; slow down")
	}
	if account != 0 && !limiterOf(h.accountRequests, account, h.cfg.AccountMessageRate, h.cfg.AccountMessageBurst).Allow() {
		return proto.Errorf(proto.CodeRateLimited, "too many requests from this account (all its connections together); slow down")
	}
	return nil
}

// maxLimiters bounds each map of limiters between prunings: past it, the idle ones go
// at once, and all of them if that is not enough (a flood from many addresses).
const maxLimiters = 100000

// limiterOf returns key's limiter in m, made with rate r and burst b when it has none.
func limiterOf[K comparable](m map[K]*rate.Limiter, key K, r rate.Limit, b int) *rate.Limiter {
	l, ok := m[key]
	if !ok {
		if len(m) >= maxLimiters {
			if prune(m); len(m) >= maxLimiters {
				clear(m)
			}
		}
		l = rate.NewLimiter(r, b)
		m[key] = l
	}
	return l
}

// limiterPruneEvery is how often limiters back at their full burst are forgotten: one
// made again later is the same, so the maps hold only the addresses and accounts active
// lately.
const limiterPruneEvery = time.Minute

func (h *Hub) pruneLimiters(ctx context.Context) {
	if err := h.store.Accounts().PruneLimits(ctx, h.cfg.Now()); err != nil && ctx.Err() == nil {
		h.log.Warn("pruning the shared limits and old invites", "err", err)
	}
	h.pruneSocial(ctx)
	h.mu.Lock()
	defer h.mu.Unlock()
	prune(h.signups)
	prune(h.addressRequests)
	prune(h.accountRequests)
	prune(h.lobbyRequests)
}

func prune[K comparable](m map[K]*rate.Limiter) {
	for k, l := range m {
		if l.Tokens() >= float64(l.Burst()) {
			delete(m, k)
		}
	}
}

// listen waits for notifications on its own connection and hands each game event to the
// sockets watching that game (the instance that made an event hands it to its own sockets
// at once; see conn.handle). After a lost connection it reconnects and has every socket
// catch up from the table, since notifications sent meanwhile are gone.
func (h *Hub) listen(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := h.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("notification listener lost its connection; reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func (h *Hub) listenOnce(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, h.store.Pool().Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	for _, ch := range []string{store.ChannelGame, store.ChannelAccount, store.ChannelSocial} {
		if _, err := conn.Exec(ctx, "LISTEN "+ch); err != nil {
			return err
		}
	}
	h.listeningOnce.Do(func() { close(h.listening) })
	h.resyncAll(ctx)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		switch n.Channel {
		case store.ChannelGame:
			var e proto.Event
			if h.decode("game", n.Payload, &e) {
				h.dispatch(e)
			}
		case store.ChannelAccount:
			var notice store.AccountNotice
			if h.decode("account", n.Payload, &notice) {
				h.paired(notice)
			}
		case store.ChannelSocial:
			h.socialPayload(n.Payload)
		}
	}
}

// decode reads the payload of a notification on the channel named what into v; a bad
// one is logged and passed over.
func (h *Hub) decode(what, payload string, v any) bool {
	if err := json.Unmarshal([]byte(payload), v); err != nil {
		h.log.Error("bad "+what+" notification", "payload", payload, "err", err)
		return false
	}
	return true
}

// dispatch offers a game's event to the sockets watching the game here.
func (h *Hub) dispatch(e proto.Event) {
	if e.Kind == proto.KindEnd {
		h.presence.add(0, e.Game) // its players are no longer playing, for their followers
	}
	for _, c := range h.socketsOf(h.byGame, e.Game) {
		c.offer(e)
	}
}

// started tells this instance's sockets of both players of a game just started here,
// without waiting for the notification.
func (h *Hub) started(ctx context.Context, game int64) {
	events, err := h.store.Events(ctx, game, 0)
	if err != nil || len(events) == 0 || events[0].Kind != proto.KindStart {
		return // the notification and the catch-up will tell them
	}
	var start proto.StartData
	if events[0].Decode(&start) != nil {
		return
	}
	h.paired(store.AccountNotice{Account: start.Red.ID, Game: game})
	h.paired(store.AccountNotice{Account: start.Black.ID, Game: game})
}

// paired tells the account's sockets here of its new game and has them watch it.
func (h *Hub) paired(n store.AccountNotice) {
	if n.Revoked {
		go h.auth().revoked(n.Account)
		return
	}
	h.presence.add(n.Account, 0) // playing now, for its followers
	for _, c := range h.socketsOf(h.byAccount, n.Account) {
		// Once per socket and game (the catch-up repeats notices); not at all for the
		// games its welcome listed, which the client resumes from where it chooses.
		if !c.tell(n.Game) {
			continue
		}
		c.send(proto.Frame{Type: proto.TypePaired, Game: n.Game}) // before the game's events
		if !c.watching(n.Game) {                                  // an inviter watches its game already, from where it is
			c.watch(n.Game, 0)
		}
	}
}

// resyncAll catches up after notifications may have been missed: every socket re-reads
// its games' events from the table, and learns of the games its account started meanwhile.
func (h *Hub) resyncAll(ctx context.Context) {
	for _, c := range h.conns() {
		c.resync()
	}
	h.catchUpAccounts(ctx)
}

// socketsOf returns the sockets that index (byGame or byAccount) holds under key, copied
// under the lock so that they can be told things without it.
func (h *Hub) socketsOf(index map[int64]map[*conn]bool, key int64) []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(index[key]))
}

// keysOf returns the games or accounts that index (byGame or byAccount) holds sockets of.
func (h *Hub) keysOf(index map[int64]map[*conn]bool) []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(index))
}

// conns returns every socket here.
func (h *Hub) conns() []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := map[*conn]bool{}
	for _, set := range h.byAccount {
		for c := range set {
			seen[c] = true
		}
	}
	for _, set := range h.byGame {
		for c := range set {
			seen[c] = true
		}
	}
	conns := make([]*conn, 0, len(seen))
	for c := range seen {
		conns = append(conns, c)
	}
	return conns
}

// catchUp makes up for notifications that never came (an instance died between a
// commit and its notification): sockets whose games' versions in the table are ahead
// of what they have sent or hold re-read them, and accounts learn of games they are
// playing and not watching.
func (h *Hub) catchUp(ctx context.Context) {
	games := h.keysOf(h.byGame)
	if len(games) > 0 {
		versions, err := h.store.Versions(ctx, games)
		if err != nil {
			if ctx.Err() == nil {
				h.log.Warn("reading game versions", "err", err)
			}
			return
		}
		for _, c := range h.conns() {
			c.catchUp(versions)
		}
	}
	h.catchUpAccounts(ctx)
}

func (h *Hub) catchUpAccounts(ctx context.Context) {
	accounts := h.keysOf(h.byAccount)
	if len(accounts) == 0 {
		return
	}
	playing, err := h.store.PlayersGames(ctx, accounts)
	if err != nil {
		if ctx.Err() == nil {
			h.log.Warn("reading players' games", "err", err)
		}
		return
	}
	for account, games := range playing {
		for _, g := range games {
			h.paired(store.AccountNotice{Account: account, Game: g})
		}
	}
}

// recordSeen tells the database which accounts are connected here, for abandonment;
// players that were away are back, and their opponents here hear it at once.
func (h *Hub) recordSeen(ctx context.Context) {
	h.seen(ctx, h.keysOf(h.byAccount))
}

// returned tells the opponents of a player shown away, who has just signed in here, that
// it is back now, not at the next record.
func (h *Hub) returned(ctx context.Context, account int64) {
	back, err := h.store.Sweeper().Returned(ctx, account, h.cfg.Now())
	if err != nil && ctx.Err() == nil {
		h.log.Warn("recording a returning player", "err", err)
	}
	for _, e := range back {
		h.dispatch(e)
	}
}

func (h *Hub) seen(ctx context.Context, accounts []int64) {
	back, err := h.store.Sweeper().Seen(ctx, accounts, h.cfg.Now())
	if err != nil && ctx.Err() == nil {
		h.log.Warn("recording connected players", "err", err)
		h.seenFailed.Store(h.cfg.Now().UnixNano())
		h.databaseFailed()
	}
	for _, e := range back {
		h.dispatch(e)
	}
}

// sweep ends the games whose flag fell or whose player left; the end events reach the
// sockets through the notifications like any other.
func (h *Hub) sweep(ctx context.Context) {
	if err := h.beat(ctx, h.cfg.SeenEvery); err != nil {
		if ctx.Err() == nil {
			h.log.Warn("the heartbeat failed; no sweep", "err", err)
		}
		return
	}
	now := h.cfg.Now()
	ended, err := h.store.Sweeper().SweepFlags(ctx, now)
	if err != nil && ctx.Err() == nil {
		h.log.Warn("sweeping flags", "err", err)
	}
	// While players could not be recorded as connected (the database was away), their
	// absence proves nothing: no abandonment until a grace period after the last failure.
	var abandoned []proto.Event
	if now.Sub(time.Unix(0, h.seenFailed.Load())) > h.cfg.Forfeit+h.cfg.SeenEvery {
		abandoned, err = h.store.Sweeper().SweepAbandoned(ctx, now, h.cfg.Forfeit, h.cfg.SeenEvery)
		if err != nil && ctx.Err() == nil {
			h.log.Warn("sweeping abandoned games", "err", err)
		}
	}
	// Nor is anyone away then: a claim needs a player shown away, after its grace.
	if now.Sub(time.Unix(0, h.seenFailed.Load())) > h.cfg.AwayAfter+h.cfg.SeenEvery {
		away, err := h.store.Sweeper().SweepAway(ctx, now, h.cfg.AwayAfter, h.cfg.Grace, h.cfg.Forfeit)
		if err != nil && ctx.Err() == nil {
			h.log.Warn("sweeping away players", "err", err)
		}
		for _, e := range away {
			h.dispatch(e)
		}
	}
	h.metrics.gamesEnded.Add(float64(len(ended) + len(abandoned)))
}

func (h *Hub) registerAccount(c *conn, account int64) { h.file(h.byAccount, account, c) }

func (h *Hub) subscribe(c *conn, game int64) { h.file(h.byGame, game, c) }

// file adds socket c to index (byGame or byAccount) under key.
func (h *Hub) file(index map[int64]map[*conn]bool, key int64, c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if index[key] == nil {
		index[key] = map[*conn]bool{}
	}
	index[key][c] = true
}

// forget removes a closed socket; it reports whether its account has no other socket here.
func (h *Hub) forget(c *conn, account int64, games []int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, g := range games {
		delete(h.byGame[g], c)
		if len(h.byGame[g]) == 0 {
			delete(h.byGame, g)
		}
	}
	delete(h.byAccount[account], c)
	last := len(h.byAccount[account]) == 0
	if last {
		delete(h.byAccount, account)
	}
	return last
}
