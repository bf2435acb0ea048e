package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// Mining: the engine plays itself at a limited strength (a rating drawn
// from the seed for each side, so that the games have the blunders that
// make tactics) and the full engine looks at every position: where it sees
// a mate in 1-7, the position is a puzzle when its first move is the only
// one that mates that fast (proved); where the move just played handed
// the side to move at least a minor piece, the position is a puzzle when
// one move wins that piece more than any other at puzzle.MaterialDepth
// (checked as -check does). A puzzle's line is skipped over before the
// next one is looked for, so that one game position family gives one
// puzzle; positions already in the files (or their mirror images) are
// skipped too.
const (
	minedFile    = "mined.tsv"
	maxGamePlies = 240
	firstPly     = 6
	// The players' ratings are drawn from minElo..minElo+eloRange.
	minElo   = 1500
	eloRange = 900
	// oracleDepth is the full engine's look at each position.
	oracleDepth   = 6
	mineMateMoves = 7
	// fullWidthMoves is the longest mate searched with every attacker
	// move; longer ones are searched by checks only.
	fullWidthMoves = 2
	// mateBudgetShare: a position's mate search may use this share of
	// the budget -budget gives a puzzle's proof.
	mateBudgetShare = 20
	// materialLinePlies bounds a material puzzle's line.
	materialLinePlies = 5
)

func runMine(out io.Writer, dir string, seed uint64, games int, budget uint64) error {
	path := filepath.Join(dir, minedFile)
	var mined []puzzle.Puzzle
	seen := map[string]bool{}
	// Every file's positions count as seen; with none yet, none are.
	if matches, _ := filepath.Glob(filepath.Join(dir, "*.tsv")); len(matches) > 0 {
		files, err := readDir(dir)
		if err != nil {
			return err
		}
		for _, f := range files {
			for _, p := range f.Puzzles {
				seen[familyKey(p.FEN)] = true
			}
			if f.Name == minedFile {
				mined = f.Puzzles
			}
		}
	}
	checker := puzzle.NewChecker(budget)
	for g := range games {
		start := time.Now()
		found := mineGame(checker, seed+uint64(g), seen, budget)
		mined = append(mined, found...)
		fmt.Fprintf(out, "game seed %d: %d puzzles in %v (total %d)\n", seed+uint64(g), len(found), time.Since(start).Round(time.Second), len(mined))
		// Written after every game, so that stopping loses at most one.
		if err := writeFile(path, mined); err != nil {
			return err
		}
	}
	return nil
}

// familyKey identifies a position up to mirroring left and right.
func familyKey(fen string) string {
	pos, err := rules.ParseFEN(fen)
	if err != nil {
		return fen
	}
	a, b := boardKey(pos.FEN()), boardKey(pos.Mirror().FEN())
	return min(a, b)
}

// mineGame plays one self-play game and returns its puzzles.
func mineGame(c *puzzle.Checker, seed uint64, seen map[string]bool, budget uint64) []puzzle.Puzzle {
	rng := rand.New(rand.NewPCG(seed, 0))
	var players [2]*engine.Searcher
	for i := range players {
		elo := minElo + rng.IntN(eloRange)
		players[i] = engine.NewSearcher(engine.Options{Threads: 1, HashMB: 4, Elo: elo, Seed: seed*2 + uint64(i) + 1})
	}
	oracle := engine.NewSearcher(engine.Options{Threads: 1, HashMB: 16, Seed: 1})
	pos, _ := rules.ParseFEN(rules.StartFEN)
	var found []puzzle.Puzzle
	skipUntil := 0
	// before is the oracle's score of the previous position from the
	// side now to move's view (minus the previous mover's score).
	before := 0
	for ply := 0; ply < maxGamePlies; ply++ {
		if len(pos.LegalMoves()) == 0 || pos.HalfmoveClock() >= 100 {
			break
		}
		look := oracle.Search(context.Background(), pos, engine.Limits{Depth: oracleDepth}, nil)
		chance := look.Mate > 0 && look.Mate <= mineMateMoves ||
			look.Mate == 0 && look.Score >= puzzle.MinorPiece && look.Score-before >= puzzle.MinorPiece
		if ply >= firstPly && ply >= skipUntil && chance {
			id := fmt.Sprintf("m%d-%d", seed, ply)
			if p, ok := minePosition(c, pos, id, look.PV, budget); ok && !seen[familyKey(p.FEN)] {
				seen[familyKey(p.FEN)] = true
				p.Source = fmt.Sprintf("puzzlegen -mine -seed %d (self-play, ply %d)", seed, ply)
				found = append(found, p)
				skipUntil = ply + len(p.Moves) + 1
			}
		}
		before = -look.Score
		res := players[pos.Side()].Search(context.Background(), pos, engine.Limits{MoveTime: time.Second}, nil)
		if res.Move == rules.NoMove {
			break
		}
		pos.MakeMove(res.Move)
	}
	return found
}

// minePosition tries one position as a mate puzzle, then as a material
// one with the oracle's line pv.
func minePosition(c *puzzle.Checker, pos *rules.Position, id string, pv []rules.Move, budget uint64) (puzzle.Puzzle, bool) {
	p := puzzle.Puzzle{ID: id, FEN: pos.FEN(), Proof: puzzle.Proven}
	if line, ok := uniqueMate(pos, budget/mateBudgetShare); ok {
		p.Moves, p.Kind = line, puzzle.KindMate
	} else if line, ok := materialLine(c, pos, pv); ok {
		p.Moves, p.Kind = line, puzzle.KindMaterial
	} else {
		return p, false
	}
	p.Rating = puzzle.InitialRating(p.Kind, p.SolverMoves(), quietFirst(pos, p.Moves), 0)
	if c.Check(&p) != nil {
		return p, false
	}
	p.Themes = puzzle.Themes(pos, p.Moves)
	return p, true
}

// uniqueMate finds the shortest mate within mineMateMoves and accepts it
// when no other first move mates as fast.
func uniqueMate(pos *rules.Position, budget uint64) ([]rules.Move, bool) {
	for _, quiet := range []int{puzzle.AnyMoves, puzzle.ChecksOnly} {
		pr := puzzle.NewProver(quiet, budget)
		maxN := fullWidthMoves
		if quiet == puzzle.ChecksOnly {
			maxN = mineMateMoves
		}
		n, err := pr.Shortest(pos, maxN)
		if err != nil || n == 0 {
			continue
		}
		line, err := pr.Line(pos, n)
		if err != nil || line == nil {
			return nil, false
		}
		// Another first move mating within n makes it no puzzle; the
		// full-width prover asks that for every move when n is short.
		altQuiet := puzzle.AnyMoves
		if n > fullWidthMoves {
			altQuiet = puzzle.ChecksOnly
		}
		alt := puzzle.NewProver(altQuiet, budget)
		p := pos.Copy()
		for _, m := range p.LegalMoves() {
			if m == line[0] {
				continue
			}
			p.MakeMove(m)
			replies := p.LegalMoves()
			mates := len(replies) == 0
			if !mates && n > 1 {
				mates = true
				for _, r := range replies {
					p.MakeMove(r)
					ok, err := alt.MateIn(p, n-1)
					p.UnmakeMove()
					if err != nil || !ok {
						mates = err != nil // unknown counts as a second solution
						if !mates {
							break
						}
					}
				}
			}
			p.UnmakeMove()
			if mates {
				return nil, false
			}
		}
		return line, true
	}
	return nil, false
}

// materialLine returns the engine's line pv when its first move wins at
// least a minor piece more than any other and the side to move ends up
// ahead by that much in captures; the line is cut after the last capture
// of its first materialLinePlies plies, on a solver's move.
func materialLine(c *puzzle.Checker, pos *rules.Position, pv []rules.Move) ([]rules.Move, bool) {
	if len(pv) == 0 {
		return nil, false
	}
	gain, err := c.MaterialGain(pos, pv[0])
	if err != nil || gain < puzzle.MinorPiece {
		return nil, false
	}
	p := pos.Copy()
	end, balance := 0, 0
	for i, m := range pv[:min(len(pv), materialLinePlies)] {
		if x := p.At(m.To()); x != rules.NoPiece {
			v := pieceWorth[x.Type()]
			if i%2 == 1 {
				v = -v
			}
			balance += v
			if i%2 == 0 {
				end = i + 1
			}
		}
		p.MakeMove(m)
	}
	if end == 0 || balance < pieceWorth[rules.Knight] {
		return nil, false
	}
	return pv[:end], true
}

// pieceWorth is a plain count of material for a line's captures.
var pieceWorth = [rules.NumPieceTypes]int{rules.King: 0, rules.Advisor: 2, rules.Bishop: 2, rules.Knight: 4, rules.Rook: 9, rules.Cannon: 4, rules.Pawn: 1}
