package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

func mustFEN(t testing.TB, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// randomPositions plays random games from the start and returns positions met.
func randomPositions(seed int64, games, maxPlies int) []*rules.Position {
	rnd := rand.New(rand.NewPCG(uint64(seed), 0))
	var out []*rules.Position
	for g := 0; g < games; g++ {
		p := rules.NewPosition()
		for ply := 0; ply < maxPlies; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rnd.IntN(len(moves))])
			out = append(out, p.Copy())
		}
	}
	return out
}

func play(t testing.TB, p *rules.Position, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := rules.ParseMove(text)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("move %s is illegal in %s", text, p.FEN())
		}
		p.MakeMove(m)
	}
}

// TestSearchNeverReturnsIllegalMove plays random games and, at every
// position, asks for a move at very small limits (a node budget, a depth of
// one, or a cancelled context), checking that each answer is legal.
func TestSearchNeverReturnsIllegalMove(t *testing.T) {
	games, plies := 40, 80
	if testing.Short() {
		games = 12
	}
	s := NewSearcher(Options{HashMB: 1, Randomness: 6, Seed: 7})
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for g := 0; g < games; g++ {
		p := rules.NewPosition()
		for ply := 0; ply < plies; ply++ {
			legal := p.LegalMoves()
			var lim Limits
			ctx := context.Background()
			switch ply % 4 {
			case 0:
				lim.Nodes = 300
			case 1:
				lim.Depth = 1
			case 2:
				lim.MoveTime = time.Millisecond
			case 3:
				ctx = cancelled
			}
			if ply%7 == 0 && len(legal) > 1 {
				lim.BanMoves = []rules.Move{legal[rng.IntN(len(legal))]}
			}
			res := s.Search(ctx, p, lim, nil)
			checked++
			if len(legal) == 0 {
				if res.Move != rules.NoMove {
					t.Fatalf("no legal move in %s but search returned %s", p.FEN(), res.Move)
				}
				break
			}
			if !p.IsLegal(res.Move) {
				t.Fatalf("illegal move %s in %s (limits %+v)", res.Move, p.FEN(), lim)
			}
			if slices.Contains(lim.BanMoves, res.Move) && len(legal) > 1 {
				t.Fatalf("banned move %s played in %s", res.Move, p.FEN())
			}
			// Follow a random move so that games cover many kinds of position.
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d positions checked", checked)
}

func TestSearchFindsMateInOne(t *testing.T) {
	// Ra1-a9 mates: the rook on b8 guards the only other escape.
	p := mustFEN(t, "4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1")
	s := NewSearcher(Options{HashMB: 1})
	res := s.Search(context.Background(), p, Limits{Depth: 3}, nil)
	if res.Move.String() != "a1a9" || res.Mate != 1 || res.Score != MateValue-1 {
		t.Fatalf("got %s score %d mate %d, want a1a9 mate 1", res.Move, res.Score, res.Mate)
	}
}

func TestSearchWhenMated(t *testing.T) {
	p := mustFEN(t, "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1")
	if !p.IsMate() {
		t.Fatal("test position should be mate")
	}
	res := NewSearcher(Options{HashMB: 1}).Search(context.Background(), p, Limits{Depth: 4}, nil)
	if res.Move != rules.NoMove || res.Score != -MateValue {
		t.Fatalf("mated side got move %s score %d", res.Move, res.Score)
	}
}

// TestPerpetualCheckAvoided: Red has checked on every move and the black
// king has stepped back and forth; repeating the check would make Red the
// perpetual checker, which loses, so Red must play something else.
func TestPerpetualCheckAvoided(t *testing.T) {
	// Black is a rook and a cannon up: a draw would suit Red, a loss would not.
	p := mustFEN(t, "4k4/9/9/7c1/7r1/9/9/9/R8/3K5 w - - 0 1")
	play(t, p, "a1a9 e9e8 a9a8 e8e9")
	// The check a8a9 would repeat the position with Red checking throughout.
	repeat := mustMove(t, "a8a9")
	p.MakeMove(repeat)
	if r := p.RepStatus(1); !r.OpponentLoses() {
		t.Fatalf("test setup: a8a9 should be a perpetual check, RepStatus=%d", r)
	}
	p.UnmakeMove()

	for _, threads := range []int{1, 2} {
		s := NewSearcher(Options{HashMB: 2, Threads: threads})
		res := s.Search(context.Background(), p, Limits{Depth: 8}, nil)
		if !p.IsLegal(res.Move) {
			t.Fatalf("illegal move %s", res.Move)
		}
		q := p.Copy()
		q.MakeMove(res.Move)
		if q.RepStatus(1).OpponentLoses() {
			t.Fatalf("threads %d: engine repeated the perpetual check %s", threads, res.Move)
		}
		if res.Score < -WinValue {
			t.Fatalf("threads %d: a legal escape scored as a rule loss: %d", threads, res.Score)
		}
	}
}

func TestRepetitionScores(t *testing.T) {
	if v := repetitionScore(rules.RepFound, 2); v != -DrawValue {
		t.Fatalf("plain repetition at even ply: %d", v)
	}
	if v := repetitionScore(rules.RepFound, 3); v != DrawValue {
		t.Fatalf("plain repetition at odd ply: %d", v)
	}
	if v := repetitionScore(rules.RepFound|rules.RepSelfPerpetual, 4); v != 4-BanValue {
		t.Fatalf("own perpetual check: %d", v)
	}
	if v := repetitionScore(rules.RepFound|rules.RepOppPerpetual, 5); v != BanValue-5 {
		t.Fatalf("opponent's perpetual check: %d", v)
	}
	if v := repetitionScore(rules.RepFound|rules.RepSelfPerpetual|rules.RepOppPerpetual, 4); v != -DrawValue {
		t.Fatalf("mutual perpetual check is a draw: %d", v)
	}
}

func mustMove(t testing.TB, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMateMoves(t *testing.T) {
	cases := []struct{ score, want int }{
		{MateValue - 1, 1}, {MateValue - 3, 2}, {MateValue - 9, 5},
		{-MateValue + 2, -1}, {-MateValue + 4, -2}, {150, 0}, {BanValue - 3, 0}, {-BanValue + 3, 0},
	}
	for _, c := range cases {
		if got := MateMoves(c.score); got != c.want {
			t.Errorf("MateMoves(%d) = %d, want %d", c.score, got, c.want)
		}
	}
}

func TestStopOnCancelReturnsBestSoFar(t *testing.T) {
	s := NewSearcher(Options{HashMB: 4})
	ctx, cancel := context.WithCancel(context.Background())
	p := rules.NewPosition()
	reports := make(chan Info, 64)
	done := make(chan SearchResult)
	go func() {
		done <- s.Search(ctx, p, Limits{Infinite: true}, func(i Info) {
			select {
			case reports <- i:
			default:
			}
		})
	}()
	first := <-reports // at least one iteration finished
	cancel()
	stopAt := time.Now()
	res := <-done
	t.Logf("returned %v after cancel, depth %d", time.Since(stopAt), res.Depth)
	if !p.IsLegal(res.Move) || res.Depth < first.Depth || len(res.PV) == 0 {
		t.Fatalf("after cancel: move %s depth %d pv %v", res.Move, res.Depth, res.PV)
	}
}

func TestOnlyMoveReturnsAtOnce(t *testing.T) {
	// Black's king is in check from the rook and has a single escape.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1")
	legal := p.LegalMoves()
	if len(legal) != 1 {
		t.Fatalf("test setup: %d legal moves %v", len(legal), legal)
	}
	res := NewSearcher(Options{HashMB: 1}).Search(context.Background(), p, Limits{MoveTime: time.Hour}, nil)
	if res.Move != legal[0] || res.Depth != 1 {
		t.Fatalf("got %s at depth %d, want %s at depth 1", res.Move, res.Depth, legal[0])
	}
}

// A review needs the score of a forced move's position too: with NeedScore the search of
// a position with one legal move goes on, and sees the mate that the only move walks
// into (Black must block the rook's check with the advisor, and Red's second rook then
// checks down the e-file: mate in 2 with a stalemate at the end).
func TestOnlyMoveSearchedOnWhenTheScoreIsNeeded(t *testing.T) {
	p := mustFEN(t, "3ak3R/4a4/9/9/9/9/9/9/R8/3K5 b - - 1 1")
	if legal := p.LegalMoves(); len(legal) != 1 {
		t.Fatalf("test setup: %d legal moves %v", len(legal), legal)
	}
	s := NewSearcher(Options{HashMB: 1})
	if res := s.Search(context.Background(), p, Limits{MoveTime: time.Hour}, nil); res.Depth != 1 {
		t.Fatalf("without NeedScore: depth %d", res.Depth)
	}
	res := s.Search(context.Background(), p, Limits{MoveTime: time.Hour, NeedScore: true}, nil)
	if res.Mate != -2 || res.Depth < 4 {
		t.Fatalf("with NeedScore: depth %d, score %d, mate %d; want Black mated in 2", res.Depth, res.Score, res.Mate)
	}
}

func TestBookProbeUsedWhenLegal(t *testing.T) {
	book := mustMove(t, "b2e2")
	s := NewSearcher(Options{HashMB: 1, BookProbe: func(*rules.Position) (rules.Move, bool) { return book, true }})
	res := s.Search(context.Background(), rules.NewPosition(), Limits{Depth: 3}, nil)
	if res.Move != book || !res.FromBook {
		t.Fatalf("book move not used: %+v", res)
	}
	// A banned or illegal book move is ignored.
	res = s.Search(context.Background(), rules.NewPosition(), Limits{Depth: 2, BanMoves: []rules.Move{book}}, nil)
	if res.Move == book || res.FromBook {
		t.Fatalf("banned book move played: %+v", res)
	}
	s.SetBookProbe(func(*rules.Position) (rules.Move, bool) { return mustMove(t, "e0e2"), true })
	res = s.Search(context.Background(), rules.NewPosition(), Limits{Depth: 2}, nil)
	if res.FromBook || !rules.NewPosition().IsLegal(res.Move) {
		t.Fatalf("illegal book move played: %+v", res)
	}
}

func TestRandomnessVariesPlayAndZeroIsDeterministic(t *testing.T) {
	p := rules.NewPosition()
	play(t, p, "i3i4") // an unusual first move, out of any book
	seen := map[rules.Move]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		s := NewSearcher(Options{HashMB: 1, Randomness: 16, Seed: seed})
		seen[s.Search(context.Background(), p, Limits{Depth: 4}, nil).Move] = true
	}
	if len(seen) < 2 {
		t.Fatalf("randomness 16 always chose %v", seen)
	}
	a := NewSearcher(Options{HashMB: 1, Seed: 1}).Search(context.Background(), p, Limits{Depth: 5}, nil)
	b := NewSearcher(Options{HashMB: 1, Seed: 2}).Search(context.Background(), p, Limits{Depth: 5}, nil)
	if a.Move != b.Move || a.Nodes != b.Nodes || a.Score != b.Score {
		t.Fatalf("randomness 0 differs between seeds: %+v vs %+v", a, b)
	}
}

func TestLazySMPFindsLegalMoves(t *testing.T) {
	s := NewSearcher(Options{HashMB: 4, Threads: 3})
	p := rules.NewPosition()
	play(t, p, "h2e2 h9g7 h0g2 i9h9")
	res := s.Search(context.Background(), p, Limits{Depth: 6}, nil)
	if !p.IsLegal(res.Move) || res.Depth != 6 {
		t.Fatalf("threads 3: move %s depth %d", res.Move, res.Depth)
	}
	s.SetThreads(1)
	res = s.Search(context.Background(), p, Limits{Nodes: 20000}, nil)
	if !p.IsLegal(res.Move) {
		t.Fatalf("after SetThreads(1): illegal %s", res.Move)
	}
}

func TestNodeLimitIsHonoured(t *testing.T) {
	s := NewSearcher(Options{HashMB: 1})
	res := s.Search(context.Background(), rules.NewPosition(), Limits{Nodes: 5000}, nil)
	// Workers look at the budget every 1024 nodes.
	if res.Nodes < 5000 || res.Nodes > 5000+2048 {
		t.Fatalf("searched %d nodes for a 5000-node limit", res.Nodes)
	}
}

func TestBenchSignatureIsReproducible(t *testing.T) {
	a, err := Bench(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Bench(4, 1)
	if a.Nodes != b.Nodes || a.Positions != len(benchPositions) || a.Nodes == 0 {
		t.Fatalf("bench 4: %+v then %+v", a, b)
	}
}

// BenchmarkSearchStartDepth8 measures search speed (nodes/s) from the start.
func BenchmarkSearchStartDepth8(b *testing.B) {
	s := NewSearcher(Options{HashMB: 16})
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		s.Clear()
		nodes += s.Search(context.Background(), rules.NewPosition(), Limits{Depth: 8}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// BenchmarkBench runs the CLI's bench (the fixed positions at depth 8): the
// workload to profile for speed (-cpuprofile).
func BenchmarkBench(b *testing.B) {
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		r, err := Bench(8, 16)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}
