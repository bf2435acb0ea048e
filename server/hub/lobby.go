package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// lobbyRoom is the hub's part that answers the lobby's lists and counts the watchers.
type lobbyRoom struct{ h *Hub }

func (h *Hub) room() lobbyRoom { return lobbyRoom{h} }

// page answers a lobby request with its page. Lobby requests read more than a move
// writes, so they have a bucket of their own per account (LobbyRate), on top of the
// socket's, address's and account's buckets every request takes from.
func (r lobbyRoom) page(ctx context.Context, account int64, req proto.Request) (*proto.LobbyPage, error) {
	h := r.h
	if err := r.allow(account); err != nil {
		return nil, err
	}
	limit := req.Limit
	if limit == 0 {
		limit = proto.LobbyPageSize
	}
	offset := req.Page * limit
	now := h.cfg.Now()
	page := &proto.LobbyPage{List: req.List, Page: req.Page}
	var err error
	lb := h.store.Lobby()
	switch req.List {
	case proto.ListOnline:
		page.Total, page.Players, err = lb.Online(ctx, now.Add(-r.onlineWindow()), h.keysOf(h.byAccount), offset, limit)
	case proto.ListSeeks:
		page.Total, page.Seeks, err = lb.Seeks(ctx, offset, limit)
	case proto.ListGames:
		page.Total, page.Games, err = lb.Games(ctx, now.Add(-r.fresh()), offset, limit)
	case proto.ListMine:
		page.Total, page.Games, err = lb.Mine(ctx, account, now.Add(-r.fresh()), offset, limit)
	}
	if err != nil {
		return nil, err
	}
	return page, nil
}

func (r lobbyRoom) allow(account int64) error {
	h := r.h
	h.mu.Lock()
	defer h.mu.Unlock()
	if !limiterOf(h.lobbyRequests, account, h.cfg.LobbyRate, h.cfg.LobbyBurst).Allow() {
		return proto.Errorf(proto.CodeRateLimited, "too many lobby requests; slow down")
	}
	return nil
}

// onlineWindow is how recently an account must have been recorded connected to be
// online: the record of every instance comes every SeenEvery.
func (r lobbyRoom) onlineWindow() time.Duration { return 2 * r.h.cfg.SeenEvery }

// fresh is how recently a spectator's row must have been kept to count; the
// rows of an instance that died go stale after it.
func (r lobbyRoom) fresh() time.Duration { return 3 * r.h.cfg.SeenEvery }

// acceptSeek starts the game of the seek req names with account.
func (c *conn) acceptSeek(ctx context.Context, account *store.Account, req proto.Request, receipt time.Time) (int64, error) {
	if err := c.hub.room().allow(account.ID); err != nil {
		return 0, err
	}
	spec, err := store.ParseSpec(req.TimeControl, req.Rules, req.Rated, true)
	if err != nil {
		return 0, err
	}
	if spec.Rated && account.Name == "" && !c.hub.auth().registered(ctx, account.ID) {
		return 0, proto.Errorf(proto.CodeBadRequest, "rated games are for registered accounts; register to accept a rated seek")
	}
	return c.hub.store.Pairing().AcceptSeek(ctx, account.ID, req.Seek, spec, receipt)
}

// unwatch stops sending game's events to the socket.
func (c *conn) unwatch(game int64) {
	c.mu.Lock()
	delete(c.watches, game)
	delete(c.counted, game)
	c.mu.Unlock()
	c.hub.room().unsubscribe(c, game)
}

// canWatch reports whether the socket may watch game: one it watches already, or
// another while it watches fewer than proto.MaxWatches.
func (c *conn) canWatch(game int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.watches[game]
	return ok || len(c.watches) < proto.MaxWatches
}

// unsubscribe stops filing the socket under game, as a watch ends.
func (r lobbyRoom) unsubscribe(c *conn, game int64) {
	h := r.h
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.byGame[game], c)
	if len(h.byGame[game]) == 0 {
		delete(h.byGame, game)
	}
}

// newInstance names this instance in the spectators table.
func newInstance() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// spectators keeps this instance's rows of the spectators table (and its own row alive,
// every SeenEvery) and tells the sockets of
// each watched game how many watch it, when that changed: once per WatchersEvery at
// most, however many joined meanwhile (a thousand watchers arriving cost each socket one
// frame). Only the Run goroutine calls it.
func (r lobbyRoom) spectators(ctx context.Context) {
	h := r.h
	now := h.cfg.Now()
	// Who watches what here now, read without holding the hub's lock over the sockets'.
	h.mu.Lock()
	socketsByGame := make(map[int64][]*conn, len(h.byGame))
	for g, set := range h.byGame {
		for c := range set {
			socketsByGame[g] = append(socketsByGame[g], c)
		}
	}
	h.mu.Unlock()
	here := map[store.Spectator]bool{}
	for g, socks := range socketsByGame {
		for _, c := range socks {
			if id := c.accountID(); id != 0 {
				here[store.Spectator{Game: g, Account: id}] = true
			}
		}
	}
	lb := h.store.Lobby()
	if now.Sub(h.watchKept) >= h.cfg.SeenEvery {
		fresh, err := lb.KeepSpectators(ctx, h.instance, now, now.Add(-10*r.fresh()))
		if err != nil {
			if ctx.Err() == nil {
				h.log.Warn("keeping spectators", "err", err)
			}
			return
		}
		if fresh {
			h.watchRows = map[store.Spectator]bool{} // none of them is in the table (any more)
		}
		h.watchKept = now
	}
	var add, gone []store.Spectator
	for s := range here {
		if !h.watchRows[s] {
			add = append(add, s)
		}
	}
	for s := range h.watchRows {
		if !here[s] {
			gone = append(gone, s)
		}
	}
	if err := lb.Spectators(ctx, h.instance, add, gone, now); err != nil {
		if ctx.Err() == nil {
			h.log.Warn("recording spectators", "err", err)
		}
		return
	}
	h.watchRows = here
	if len(socketsByGame) == 0 {
		return
	}
	games := make([]int64, 0, len(socketsByGame))
	for g := range socketsByGame {
		games = append(games, g)
	}
	counts, err := lb.Watchers(ctx, games, now.Add(-r.fresh()))
	if err != nil {
		if ctx.Err() == nil {
			h.log.Warn("counting watchers", "err", err)
		}
		return
	}
	for g, socks := range socketsByGame {
		for _, c := range socks {
			c.tellWatchers(g, counts[g])
		}
	}
}

// tellWatchers sends a socket of protocol version 4 or later game's watcher count n,
// unless it was the last one sent (older clients know no such frame).
func (c *conn) tellWatchers(game int64, n int) {
	c.mu.Lock()
	if c.version < 4 || c.watches[game] == nil {
		c.mu.Unlock()
		return
	}
	if sent, ok := c.counted[game]; ok && sent == n {
		c.mu.Unlock()
		return
	}
	c.counted[game] = n
	c.mu.Unlock()
	c.send(proto.Frame{Type: proto.TypeWatchers, Game: game, Watchers: &n})
}
