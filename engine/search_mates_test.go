package engine

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// The mate suite, testdata/mates.txt, has one position per line:
//
//	FEN | moves to mate | every first move that mates that fast
//
// It was made by TestGenerateMateSuite (go test -run TestGenerateMateSuite
// -genmates ./engine) from random endgame positions. Every length and every
// listed first move is proved by a full-width search (ExactFeatureSet: no
// pruning that could hide a shorter mate); for mates in 1 to 3 an exhaustive
// solver that shares no code with the search must agree.

var genMates = flag.Bool("genmates", false, "regenerate testdata/mates.txt")

type mateCase struct {
	fen       string
	moves     int
	solutions []rules.Move
}

func readMateSuite(t *testing.T) []mateCase {
	t.Helper()
	f, err := os.Open("testdata/mates.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []mateCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, "|")
		if len(parts) != 3 {
			t.Fatalf("mates.txt:%d: want FEN | N | moves", line)
		}
		n, err := strconv.Atoi(strings.TrimSpace(parts[1]))
		if err != nil {
			t.Fatalf("mates.txt:%d: %v", line, err)
		}
		c := mateCase{fen: strings.TrimSpace(parts[0]), moves: n}
		for _, s := range strings.Fields(parts[2]) {
			m, err := rules.ParseMove(s)
			if err != nil {
				t.Fatalf("mates.txt:%d: %v", line, err)
			}
			c.solutions = append(c.solutions, m)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestMateSuite solves every position at a fixed depth and checks that the
// engine plays a fastest mate and reports its length.
func TestMateSuite(t *testing.T) {
	cases := readMateSuite(t)
	if len(cases) < 30 {
		t.Fatalf("only %d mate positions", len(cases))
	}
	s := NewSearcher(Options{HashMB: 8})
	counts := map[int]int{}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		s.Clear()
		res := s.Search(context.Background(), p, Limits{Depth: 2*c.moves + 1}, nil)
		if res.Mate != c.moves || !slices.Contains(c.solutions, res.Move) {
			t.Errorf("%s: got %s (mate %d, score %d), want mate in %d with one of %v",
				c.fen, res.Move, res.Mate, res.Score, c.moves, c.solutions)
		}
		counts[c.moves]++
	}
	t.Logf("mates solved by length: %v", counts)
}

// mateIn reports whether the side to move mates in at most n moves, trying
// every move (no pruning, no hash table): the independent check of the suite.
func mateIn(p *rules.Position, n int) bool {
	for _, m := range p.LegalMoves() {
		if mateAfter(p, m, n) {
			return true
		}
	}
	return false
}

// mateAfter reports whether playing m mates within n moves whatever the reply.
func mateAfter(p *rules.Position, m rules.Move, n int) bool {
	p.MakeMove(m)
	defer p.UnmakeMove()
	replies := p.LegalMoves()
	if len(replies) == 0 {
		return true
	}
	if n <= 1 {
		return false
	}
	for _, r := range replies {
		p.MakeMove(r)
		ok := p.RepStatus(1) == rules.RepNone && mateIn(p, n-1)
		p.UnmakeMove()
		if !ok {
			return false
		}
	}
	return true
}

// randomEndgame places both kings, two or three attackers for Red and a few
// defenders for Black at random, returning a legal position with Red to move.
func randomEndgame(rng *rand.Rand) (*rules.Position, bool) {
	var board [10][9]byte
	place := func(c rules.Color, t rules.PieceType) bool {
		for try := 0; try < 50; try++ {
			f, r := rng.IntN(9), rng.IntN(10)
			if board[r][f] != 0 || !rules.PlacementAllowed(rules.MakePiece(c, t), rules.Sq(f, r)) {
				continue
			}
			board[r][f] = rules.MakePiece(c, t).FENChar()
			return true
		}
		return false
	}
	if !place(rules.Red, rules.King) || !place(rules.Black, rules.King) {
		return nil, false
	}
	attackers := []rules.PieceType{rules.Rook, rules.Knight, rules.Cannon, rules.Pawn, rules.Pawn}
	for i := 0; i < 2+rng.IntN(2); i++ {
		place(rules.Red, attackers[rng.IntN(len(attackers))])
	}
	for i := 0; i < rng.IntN(2); i++ {
		place(rules.Red, rules.Advisor)
	}
	defenders := []rules.PieceType{rules.Advisor, rules.Advisor, rules.Bishop, rules.Bishop, rules.Pawn, rules.Knight}
	for i := 0; i < 1+rng.IntN(3); i++ {
		place(rules.Black, defenders[rng.IntN(len(defenders))])
	}
	var sb strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			if board[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(board[r][f])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	p, err := rules.ParseFEN(sb.String() + " w - - 0 1")
	if err != nil {
		return nil, false
	}
	// Black, not to move, must not be in check.
	p.MakeNullMove()
	blackInCheck := p.InCheck()
	p.UnmakeNullMove()
	return p, !blackInCheck && !p.InCheck()
}

// TestGenerateMateSuite rebuilds testdata/mates.txt (only with -genmates).
func TestGenerateMateSuite(t *testing.T) {
	if !*genMates {
		t.Skip("run with -genmates to regenerate testdata/mates.txt")
	}
	want := map[int]int{1: 7, 2: 7, 3: 7, 4: 6, 5: 5}
	got := map[int]int{}
	rng := rand.New(rand.NewPCG(2026, 11))
	s := NewSearcher(Options{HashMB: 16})
	exact := NewSearcher(Options{HashMB: 16, Features: ExactFeatureSet()})
	var lines []string
	for attempt := 0; attempt < 200000 && len(lines) < 32; attempt++ {
		p, ok := randomEndgame(rng)
		if !ok {
			continue
		}
		s.Clear()
		res := s.Search(context.Background(), p, Limits{Depth: 9, Nodes: 400000}, nil)
		n := res.Mate
		if n < 1 || n > 5 || got[n] >= want[n] {
			continue
		}
		// Prove the length with a full-width search, then find every first
		// move that mates as fast; for short mates the exhaustive solver
		// must agree.
		exact.Clear()
		if r := exact.Search(context.Background(), p, Limits{Depth: 2*n - 1}, nil); r.Mate != n {
			continue
		}
		var sols []string
		agree := true
		for _, m := range p.LegalMoves() {
			q := p.Copy()
			q.MakeMove(m)
			exact.Clear()
			mates := q.IsMate()
			if !mates && n > 1 {
				mates = exact.Search(context.Background(), q, Limits{Depth: 2*n - 1}, nil).Mate == -(n - 1)
			}
			if n <= 3 && mates != mateAfter(p, m, n) {
				agree = false
			}
			if mates {
				sols = append(sols, m.String())
			}
		}
		if !agree {
			t.Fatalf("%s: search and exhaustive solver disagree", p.FEN())
		}
		if len(sols) == 0 || len(sols) > 3 {
			continue // unproved, or too many ways to mate to be a test
		}
		got[n]++
		lines = append(lines, fmt.Sprintf("%s | %d | %s", p.FEN(), n, strings.Join(sols, " ")))
		t.Logf("mate in %d: %s", n, lines[len(lines)-1])
	}
	header := "# FEN | moves to mate | all fastest first moves (generated by TestGenerateMateSuite)\n"
	if err := os.WriteFile("testdata/mates.txt", []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d positions: %v", len(lines), got)
}

// A mate on the ply that reaches the 60-move limit is a mate, as the game's judge rules
// (mate before the move limit): the suite's mates in one, with 119 plies already played
// without a capture, are still found and taken.
func TestMateOnTheMoveLimit(t *testing.T) {
	s := NewSearcher(Options{HashMB: 8})
	n := 0
	for _, c := range readMateSuite(t) {
		if c.moves != 1 {
			continue
		}
		f := strings.Fields(c.fen)
		f[4] = strconv.Itoa(rules.MoveLimitPlies - 1)
		p := mustFEN(t, strings.Join(f, " "))
		var quiet []rules.Move
		for _, m := range c.solutions {
			if p.At(m.To()) == rules.NoPiece {
				quiet = append(quiet, m) // a capture would reset the count
			}
		}
		if len(quiet) == 0 {
			continue
		}
		s.Clear()
		res := s.Search(context.Background(), p, Limits{Depth: 3}, nil)
		if res.Mate != 1 || !slices.Contains(c.solutions, res.Move) {
			t.Errorf("%s: got %s (mate %d, score %d), want mate in 1 with one of %v", p.FEN(), res.Move, res.Mate, res.Score, c.solutions)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no quiet mate in one in the suite")
	}
}
