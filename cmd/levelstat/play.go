package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// player is one side of a pairing: a level's strength limit, or the full
// engine (elo 0).
type player struct {
	name string
	elo  int // engine.Options.Elo; 0 is the full engine
}

// budget is what each move may use. A level is bounded by its own limits
// only (its node budget and depth), so that its games do not depend on the
// machine's load; the full engine by a move time or a node count.
type budget struct {
	fullTime  time.Duration
	fullNodes uint64 // when not 0, instead of fullTime
	hashMB    int
	maxPlies  int // adjudicate a draw after this many plies
}

// levelNodes is the node count handed to a level's search: more than any
// level's budget, so that the level's own limit is what stops it.
const levelNodes = 1_000_000_000

func (b budget) limits(p player) engine.Limits {
	switch {
	case p.elo > 0:
		return engine.Limits{Nodes: levelNodes}
	case b.fullNodes > 0:
		return engine.Limits{Nodes: b.fullNodes}
	}
	return engine.Limits{MoveTime: b.fullTime}
}

// moveStats counts the human-likeness figures of one player's moves.
type moveStats struct {
	moves, shuffles          int
	freeChances, freeTaken   int // a rook, horse or cannon could be taken for nothing
	rightChances, rightTaken int // of those, where a reference search takes one too
	mateChances, mateTaken   int // a mate in one was on the board
	dangerChances, allowed   int // a mate in one threatened, and avoidable
	opened                   int // a mate in one allowed where none was threatened
	thinking                 time.Duration
}

func (s *moveStats) add(o moveStats) {
	s.moves += o.moves
	s.shuffles += o.shuffles
	s.freeChances += o.freeChances
	s.freeTaken += o.freeTaken
	s.rightChances += o.rightChances
	s.rightTaken += o.rightTaken
	s.mateChances += o.mateChances
	s.mateTaken += o.mateTaken
	s.dangerChances += o.dangerChances
	s.allowed += o.allowed
	s.opened += o.opened
	s.thinking += o.thinking
}

// refDepth is the depth of the reference search that tells whether taking a
// free piece is right: a free capture can be worse than meeting a threat
// or mating, and the full engine passes such captures by too.
const refDepth = 4

// observe counts move m, played in p by the side to move, whose previous
// move was prev; it returns m's facts, the next move's prev. ref is the
// reference searcher (full strength, searched to refDepth).
func (s *moveStats) observe(p *rules.Position, m rules.Move, prev plyFacts, ref *engine.Searcher) plyFacts {
	s.moves++
	f := factsOf(p, m)
	if isShuffle(prev, f) {
		s.shuffles++
	}
	if mates := matesInOne(p); len(mates) > 0 {
		// Mating is the only figure that matters here: the others ask
		// about positions where the game goes on.
		s.mateChances++
		if slices.Contains(mates, m) {
			s.mateTaken++
		}
		return f
	}
	if free := freeCaptures(p); len(free) > 0 {
		s.freeChances++
		taken := slices.Contains(free, m)
		if taken {
			s.freeTaken++
		}
		if r := ref.Search(context.Background(), p, engine.Limits{Depth: refDepth}, nil); slices.Contains(free, r.Move) {
			s.rightChances++
			if taken {
				s.rightTaken++
			}
		}
	}
	// A mate in one the opponent threatens (were it its move) and the move
	// does not stop, when some move would; and apart from those, a mate in
	// one the move itself opens, when some move would not.
	allowed, threat := allowsMateInOne(p, m), mateThreat(p)
	switch {
	case threat && canAvoidMateInOne(p):
		s.dangerChances++
		if allowed {
			s.allowed++
		}
	case allowed && !threat && canAvoidMateInOne(p):
		s.opened++
	}
	return f
}

// gameResult is one finished game from the first player's (a's) side.
type gameResult struct {
	score  float64 // 1 a won, 0.5 drawn, 0 lost
	stats  [2]moveStats
	phases [2]shuffleTracker
	plies  int
}

// playGame plays a (Red when aRed) against b from the opening, with the
// searchers seeded from seed, and counts each side's moves.
func playGame(a, b player, aRed bool, opening []string, seed uint64, bud budget) (gameResult, error) {
	g, err := game.New(rules.StartFEN)
	if err != nil {
		return gameResult{}, err
	}
	g.SetRules(game.AsianRules)
	for _, m := range opening {
		if err := g.PlayText(m); err != nil {
			return gameResult{}, fmt.Errorf("opening %v: %w", opening, err)
		}
	}
	players := [2]player{a, b} // by colour: Red, Black
	if !aRed {
		players = [2]player{b, a}
	}
	var searchers [2]*engine.Searcher
	for c, p := range players {
		// A seed of 0 would mean "from the clock": keep it odd.
		searchers[c] = engine.NewSearcher(engine.Options{HashMB: bud.hashMB, Threads: 1, Elo: p.elo,
			Seed: seed<<1 | 1 + uint64(c)<<33, Rules: game.AsianRules})
	}
	ref := engine.NewSearcher(engine.Options{HashMB: 1, Threads: 1, Seed: 1, Rules: game.AsianRules})
	var stats [2]moveStats // by colour
	var byPhase [2]shuffleTracker
	var prev [2]plyFacts
	ctx := context.Background()
	for g.Len() < bud.maxPlies && !g.Result().Decided() {
		pos := g.Position()
		c := pos.Side()
		lim := bud.limits(players[c])
		lim.BanMoves = g.ForbiddenMoves()
		start := time.Now()
		res := searchers[c].Search(ctx, pos, lim, nil)
		stats[c].thinking += time.Since(start)
		if res.Move == rules.NoMove {
			// Every legal move is banned by the repetition rules: the
			// referee's loss.
			if err := g.Resign(c); err != nil {
				return gameResult{}, err
			}
			break
		}
		f := stats[c].observe(pos, res.Move, prev[c], ref)
		byPhase[c].observe(pos, g.Len(), prev[c], f)
		prev[c] = f
		if err := g.Play(res.Move); err != nil {
			return gameResult{}, fmt.Errorf("%s played %s in %s: %w", players[c].name, res.Move, pos.FEN(), err)
		}
	}
	r := g.Result()
	out := gameResult{score: 0.5, plies: g.Len()}
	aColor := rules.Red
	if !aRed {
		aColor = rules.Black
	}
	switch {
	case r.Status == game.RedWins || r.Status == game.BlackWins:
		out.score = 0
		if r.Winner == aColor {
			out.score = 1
		}
	}
	out.stats[0], out.stats[1] = stats[aColor], stats[aColor.Opponent()]
	out.phases[0], out.phases[1] = byPhase[aColor], byPhase[aColor.Opponent()]
	return out, nil
}
