package hub

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

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
	for _, ch := range []string{store.ChannelGame, store.ChannelAccount} {
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
