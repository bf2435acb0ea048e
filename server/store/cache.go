package store

import (
	"container/list"
	"sync"

	"github.com/xqfyne/xiangqi/game"
)

// matchCache keeps, per game being played, the record the round last left it in (the
// game.Game a match.Match stands on) with the row version it belongs to, so that an
// action need not replay the stored moves. The row is the truth: an entry is used only
// when the locked row's version is still its version, so any number of instances (each
// with its own cache) stay correct, and a change made elsewhere (another instance, the
// sweeper, an outage's repair) only costs a replay.
//
// An action takes its game's entry out and puts the record back only once its
// transaction has committed: two requests never share a record, and one that failed
// leaves nothing behind. It is least-recently-used with a cap on its entries, so its
// memory stays bounded however many games there are.
type matchCache struct {
	mu      sync.Mutex
	cap     int
	order   *list.List // of *cached, most recently used first
	byGame  map[int64]*list.Element
	hits    uint64
	misses  uint64
	evicted uint64
}

type cached struct {
	game    int64
	version int64
	g       *game.Game
}

// DefaultMatchCache is how many games' records an instance keeps: a game's record takes
// about 6 KB at 40 plies and 20 KB at 160 (measured), so the cache holds at most some
// 40 MB, and games past the cap are replayed as before.
const DefaultMatchCache = 2048

func newMatchCache(capacity int) *matchCache {
	return &matchCache{cap: capacity, order: list.New(), byGame: map[int64]*list.Element{}}
}

// take removes and returns game's entry (ok false when there is none).
func (c *matchCache) take(game int64) (e cached, ok bool) {
	if c == nil || c.cap <= 0 {
		return cached{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byGame[game]
	if !ok {
		return cached{}, false
	}
	c.order.Remove(el)
	delete(c.byGame, game)
	return *el.Value.(*cached), true
}

// put keeps g as game's record at version, in place of any entry it had, evicting the
// least recently used entry past the cap.
func (c *matchCache) put(game, version int64, g *game.Game) {
	if c == nil || c.cap <= 0 || g == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byGame[game]; ok {
		c.order.Remove(el)
	}
	c.byGame[game] = c.order.PushFront(&cached{game: game, version: version, g: g})
	for c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byGame, last.Value.(*cached).game)
		c.evicted++
	}
}

// count records whether an action found its game's record in the cache.
func (c *matchCache) count(hit bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if hit {
		c.hits++
	} else {
		c.misses++
	}
}

// CacheStats is what the match cache did: actions that found their game's record, those
// that replayed it, entries evicted by the cap, and entries held now.
type CacheStats struct {
	Hits, Misses, Evicted uint64
	Entries               int
}

func (c *matchCache) stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{Hits: c.hits, Misses: c.misses, Evicted: c.evicted, Entries: c.order.Len()}
}
