package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// Endgame training: practical endings set up at random (legal points only,
// Red the stronger side and to move, nobody in check) and kept when the
// engine's search at endgameDepth agrees with the ending's textbook result
// (a win, or a draw to hold for defence training). The themes column says
// which ("win" or "draw") and the title names the ending; the line is the
// engine's play, a reference.
const (
	endgameFile  = "endgames.tsv"
	endgameDepth = 10
	// winScore and drawScore bound the engine's score (Red's view) for a
	// won and a drawn ending.
	winScore  = 250
	drawScore = 60
	// triesPerEnding bounds the random set-ups tried for one ending.
	triesPerEnding = 400
)

// ending is a textbook ending: the two sides' pieces (FEN letters, kings
// implied) and its result with correct play.
type ending struct {
	name      string
	red       string
	black     string
	win       bool
	positions int
}

// endings lists the endings and how many positions of each to keep. Two
// textbook draws, 单车对士象全 and 马对单士, are not here: the engine's
// search at endgameDepth scores them as wins for the extra piece, so it
// cannot verify them.
var endings = []ending{
	{"车兵对士象全", "RP", "aabb", true, 30},
	{"马兵对单士", "NP", "a", true, 30},
	{"炮兵对单士", "CP", "a", true, 25},
	{"车对马", "R", "n", true, 25},
	{"车对炮", "R", "c", true, 25},
	{"马炮对士象全", "NC", "aabb", true, 25},
	{"车马对士象全", "RN", "aabb", true, 20},
	{"车炮对士象全", "RC", "aabb", true, 20},
	{"双车对车士象全", "RR", "raabb", true, 20},
	{"车马对车", "RN", "r", true, 20},
	{"马兵对单象", "NP", "b", true, 20},
	{"车对车（和）", "R", "r", false, 15},
	{"车兵对车（和）", "RP", "r", false, 20},
}

// runEndgames writes endgames.tsv: endings' positions from seed.
func runEndgames(out io.Writer, dir string, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	searcher := engine.NewSearcher(engine.Options{Threads: 1, HashMB: 16, Seed: seed})
	checker := puzzle.NewChecker(0)
	seen := map[string]bool{}
	var all []puzzle.Puzzle
	for ei, e := range endings {
		kept := 0
		for try := 0; try < triesPerEnding && kept < e.positions; try++ {
			pos, ok := randomEnding(rng, e)
			if !ok || seen[familyKey(pos.FEN())] || pos.InCheck() {
				continue
			}
			searcher.Clear()
			res := searcher.Search(context.Background(), pos, engine.Limits{Depth: endgameDepth}, nil)
			score := res.Score
			if e.win && (score < winScore || res.Mate > 0 && res.Mate <= 3) {
				continue // not won, or a short mate rather than an ending
			}
			if !e.win && (score > drawScore || score < -drawScore) {
				continue
			}
			seen[familyKey(pos.FEN())] = true
			kept++
			result := "draw"
			if e.win {
				result = "win"
			}
			p := puzzle.Puzzle{
				ID: fmt.Sprintf("eg%02d-%03d", ei+1, kept), FEN: pos.FEN(), Moves: engineLine(checker, pos),
				Kind: puzzle.KindEndgame, Proof: puzzle.Reference, Themes: []string{result},
				Title: e.name, Source: fmt.Sprintf("puzzlegen -endgames -seed %d", seed),
			}
			p.Rating = puzzle.InitialRating(p.Kind, 1, false, 0) + 40*len(e.red+e.black)
			if _, err := p.Validate(); err != nil {
				return err
			}
			all = append(all, p)
		}
		fmt.Fprintf(out, "%s: %d positions\n", e.name, kept)
	}
	fmt.Fprintf(out, "endgames: %d positions\n", len(all))
	return writeFile(filepath.Join(dir, endgameFile), all)
}

// randomEnding places the kings and the ending's pieces on random legal
// points; ok is false when the set-up is not a legal position.
func randomEnding(rng *rand.Rand, e ending) (*rules.Position, bool) {
	var grid [10][9]byte
	place := func(letter byte) bool {
		pc := pieceOf(letter)
		for range 200 {
			f, r := rng.IntN(9), rng.IntN(10)
			if grid[r][f] == 0 && rules.PlacementAllowed(pc, rules.Sq(f, r)) && sensible(letter, r) {
				grid[r][f] = letter
				return true
			}
		}
		return false
	}
	for _, l := range []byte("Kk" + e.red + e.black) {
		if !place(l) {
			return nil, false
		}
	}
	pos, err := rules.ParseFEN(puzzle.BoardFEN(grid) + " w - - 0 1")
	if err != nil {
		return nil, false
	}
	return pos, true
}

// sensible keeps a lone attacking pawn off the last rank, where it can
// no longer help (底兵), so that the won endings are the practical ones.
func sensible(letter byte, rank int) bool {
	return letter != 'P' || (rank >= 5 && rank <= 8)
}

func pieceOf(letter byte) rules.Piece {
	c := rules.Red
	if letter >= 'a' {
		c = rules.Black
	}
	t := map[byte]rules.PieceType{'k': rules.King, 'a': rules.Advisor, 'b': rules.Bishop, 'n': rules.Knight, 'r': rules.Rook, 'c': rules.Cannon, 'p': rules.Pawn}
	return rules.MakePiece(c, t[strings.ToLower(string(letter))[0]])
}
