package play

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// The levels run from a limited beginner to the full engine at 30 s, every limited
// level stronger than the one before, each with a rating that grows.
func TestLevelsSpanBeginnerToFullStrength(t *testing.T) {
	levels := Levels()
	if len(levels) < 8 {
		t.Fatalf("%d levels, want at least 8", len(levels))
	}
	first, last := levels[0], levels[len(levels)-1]
	if first.Elo == 0 || last.Elo != 0 || last.Seconds != 30 {
		t.Fatalf("first level %+v must be limited, last %+v the full engine at 30 s", first, last)
	}
	for i, l := range levels {
		if l.Elo != 0 && (l.Elo < engine.MinElo || l.Elo > engine.MaxElo) {
			t.Errorf("%s: limit %d outside the engine's scale", l.Key, l.Elo)
		}
		if i == 0 {
			continue
		}
		prev := levels[i-1]
		if l.Rating <= prev.Rating {
			t.Errorf("%s: rating %d not above %s's %d", l.Key, l.Rating, prev.Key, prev.Rating)
		}
		if prev.Elo == 0 && l.Elo != 0 || l.Elo != 0 && l.Elo <= prev.Elo {
			t.Errorf("%s: limit %d does not loosen after %s's %d", l.Key, l.Elo, prev.Key, prev.Elo)
		}
	}
}

// limitRecorder is a search that notes the strength limit the searcher holds when the
// session asks it for a move, and answers at once.
type limitRecorder struct {
	searcher *engine.Searcher
	mu       sync.Mutex
	elos     []int
}

func (r *limitRecorder) search(_ context.Context, pos *rules.Position, lim engine.Limits, _ func(engine.Info)) engine.SearchResult {
	r.mu.Lock()
	r.elos = append(r.elos, lim.Style.Elo)
	r.mu.Unlock()
	return engine.SearchResult{Move: pos.LegalMoves()[0]}
}

func (r *limitRecorder) last() (int, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.elos) == 0 {
		return 0, 0
	}
	return r.elos[len(r.elos)-1], len(r.elos)
}

func recordingSession(t *testing.T, fs FS) (*Session, *playtest.UIQueue, *limitRecorder) {
	t.Helper()
	q := &playtest.UIQueue{}
	rec := &limitRecorder{searcher: engine.NewSearcher(engine.Options{HashMB: 1})}
	var store *Store
	if fs != nil {
		store = NewStore(fs)
	}
	s, notice := NewSession(Config{Store: store, Post: q.Post, Searcher: rec.searcher, Search: rec.search})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() {
		s.Close()
		q.Drain()
	})
	return s, q, rec
}

// Each level's limit reaches the searcher for the engine's moves; a time that is no
// level's plays at full strength, and so does a hint.
func TestLevelLimitReachesTheSearcher(t *testing.T) {
	s, q, rec := recordingSession(t, nil)
	calls := 0
	engineMoves := func(seconds float64, want int) {
		t.Helper()
		set := fastSettings(game.HumanBlack)
		set.Seconds = seconds
		if err := s.NewGame(set); err != nil {
			t.Fatal(err)
		}
		calls++
		q.WaitFor(t, 5*time.Second, "the engine's move", func() bool { return s.Game().Ply() == 1 })
		if elo, n := rec.last(); n != calls || elo != want {
			t.Errorf("%v s: search %d ran with limit %d, want %d", seconds, n, elo, want)
		}
	}
	for _, l := range Levels() {
		engineMoves(l.Seconds, l.Elo)
	}
	engineMoves(2.5, 0)
	engineMoves(Levels()[0].Seconds, Levels()[0].Elo)
	s.Engine().AskHint()
	calls++
	q.WaitFor(t, 5*time.Second, "the hint", func() bool { return s.Input().Hint() != rules.NoMove })
	if elo, n := rec.last(); n != calls || elo != 0 {
		t.Errorf("hint search %d ran with limit %d, want full strength", n, elo)
	}
}

// A save holds only the seconds; reopened, it plays at the level those seconds name.
func TestSavedSecondsRestoreTheLevel(t *testing.T) {
	beginner := Levels()[0]
	for _, tc := range []struct {
		seconds float64
		want    int
	}{{beginner.Seconds, beginner.Elo}, {2.5, 0}} {
		fs := newMemFS()
		g, err := game.New("")
		if err != nil {
			t.Fatal(err)
		}
		set := DefaultSettings(English)
		set.Human, set.Seconds, set.Flipped = game.HumanBlack, tc.seconds, true
		if err := NewStore(fs).Save(g, set); err != nil {
			t.Fatal(err)
		}
		s, q, rec := recordingSession(t, fs)
		if s.Settings().Seconds != tc.seconds {
			t.Fatalf("reopened with %v s, saved %v", s.Settings().Seconds, tc.seconds)
		}
		s.Resume()
		q.WaitFor(t, 5*time.Second, "the engine's move", func() bool { return s.Game().Ply() == 1 })
		if elo, _ := rec.last(); elo != tc.want {
			t.Errorf("saved %v s: limit %d, want %d", tc.seconds, elo, tc.want)
		}
	}
}

// The levels table: each level a valid time, in increasing time, found again by its
// time; the table handed out is a copy.
func TestLevelsTable(t *testing.T) {
	levels := Levels()
	for i, l := range levels {
		if err := CheckSeconds(l.Seconds); err != nil {
			t.Errorf("level %s: %v", l.Key, err)
		}
		if i > 0 && l.Seconds <= levels[i-1].Seconds {
			t.Errorf("levels not in increasing time at %s", l.Key)
		}
		if got, ok := LevelFor(l.Seconds); !ok || got != l {
			t.Errorf("LevelFor(%v) = %v", l.Seconds, got)
		}
	}
	if _, ok := LevelFor(2.5); ok {
		t.Error("2.5 s is not a named level")
	}
	levels[0].Seconds = 99
	if Levels()[0].Seconds == 99 {
		t.Error("Levels hands out the table itself")
	}
}
