package engine

import (
	"time"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// Limits says when a search must stop. Zero values mean "no limit"; when no
// field is set the search runs until its context is cancelled or it reaches
// the maximum depth.
type Limits struct {
	Depth    int           // stop after this many iterations (plies)
	Nodes    uint64        // stop after about this many nodes
	MoveTime time.Duration // hard time for this move (the app's difficulty)

	// Clock mode (UCI wtime/winc, UCCI time/increment/movestogo): the time
	// left for the side to move, its increment per move, and the number of
	// moves until the next time control (0: sudden death).
	Time      time.Duration
	Increment time.Duration
	MovesToGo int
	// Byoyomi, in a 读秒 (byo-yomi) control (UCI "byoyomi", as USI GUIs send it), is the
	// time this move has once Time, the main time left, is spent: the whole period while
	// main time lasts, what is left of it after. Time is 0 once only the period is left.
	// Later periods (Japanese byo-yomi) are a reserve the plan never counts on.
	Byoyomi time.Duration

	// Infinite keeps searching (analysis, UCI "go infinite") until the
	// context is cancelled, even after a mate is found or the depth limit is
	// reached.
	Infinite bool

	// BanMoves are root moves the search must not play (UCCI "banmoves",
	// used by referees to forbid moves that break the repetition rules).
	BanMoves []rules.Move
	// SearchMoves, when not empty, restricts the root to these moves (UCI
	// "searchmoves").
	SearchMoves []rules.Move

	// NeedScore asks for the position's score as well as a move (a game review): with a
	// single legal move a timed search goes on as the limits allow instead of answering
	// at once, since a depth-1 score misses a mate that the forced move walks into.
	NeedScore bool

	// MultiPV, when above 1, asks for that many best lines (analysis): at
	// every depth line k is searched without the first moves of lines
	// 1..k-1 and progress gets one Info per line, Info.MultiPV = k. The
	// result is line 1's. The opening book is not used.
	MultiPV int

	// Style, when not nil, is how this search plays, in place of the searcher's options of
	// the same name: a caller that searches for several purposes (the app's engine turn,
	// hint and levels) passes them with each search instead of setting them on the shared
	// searcher in between.
	Style *Style
}

// Style is how one search plays: its strength limit, evaluation, repetition rules,
// opening book and root randomness (each as the Options field of the same name).
type Style struct {
	Elo        int
	Net        *nnue.Net
	Rules      rules.RuleSet
	BookProbe  func(*rules.Position) (rules.Move, bool)
	Randomness int
}

// apply puts the style in place of opts' fields of the same name.
func (st *Style) apply(opts Options) Options {
	if st != nil {
		opts.Elo, opts.Net, opts.Rules, opts.BookProbe = clampElo(st.Elo), st.Net, st.Rules, st.BookProbe
		opts.Randomness = max(st.Randomness, 0)
	}
	return opts
}

// Bounded tells whether a search under l ends on its own: it has a time, a
// node count, or a depth the iterations reach. A search without one runs
// until its context is cancelled or it finds a mate, as an infinite one.
func (l Limits) Bounded() bool {
	if l.Infinite {
		return false
	}
	return l.MoveTime > 0 || l.clocked() || l.Nodes > 0 ||
		(l.Depth > 0 && l.Depth <= maxIterations)
}

// clocked reports whether the limits give a clock to plan from.
func (l Limits) clocked() bool { return l.Time > 0 || l.Increment > 0 || l.Byoyomi > 0 }

// Safety margin kept on the clock for the time the move takes to reach the
// referee and for the last stop check: a share of the time left, within
// these bounds.
const (
	minMargin = 3 * time.Millisecond
	maxMargin = 50 * time.Millisecond
)

// Moves still to play when the clock gives no movestogo: an estimate from
// the material left (the game phase, see pst.go), openingMovesLeft with
// every rook, horse and cannon on the board down to endgameMovesLeft with
// none. Each move gets the clock's share for that many moves plus the
// increment, so the clock is spent over the game and the increment keeps
// it from running out. (The move number would be a poorer guide: UCCI
// referees send the position from the last capture as "move 1".) Saving
// more for later was tried and not shown better (docs/engine-log.md, "Time
// management").
const (
	openingMovesLeft = 14
	endgameMovesLeft = 8
	unknownPhase     = fullPhase / 2 // when the caller does not say
)

// movesLeft estimates the moves still to play at the given game phase.
func movesLeft(phase int) int {
	phase = min(max(phase, 0), fullPhase)
	return endgameMovesLeft + (openingMovesLeft-endgameMovesLeft)*phase/fullPhase
}

// maxClock caps the clock and increment before planning: beyond it every plan is
// the same (the search ends by depth long before), and the arithmetic below
// stays far from overflowing.
const maxClock = 1000 * time.Hour

// timeBudget is the plan for one search. optimum is the time the search aims
// for: between iterations it stops once the next one is unlikely to finish
// within optimum scaled by how settled the best move is (see worker.iterate).
// hard is when the search is cut off. fixed means the whole hard time is to
// be used (a move time, or the last move before the time control). Zero
// values mean none.
type timeBudget struct {
	optimum, hard time.Duration
	fixed         bool
}

// planTime turns limits into a budget; phase is the game phase of the
// root position, which sets the estimate of moves left in sudden death.
func planTime(l Limits, phase int) timeBudget {
	if l.Infinite {
		return timeBudget{}
	}
	var b timeBudget
	if l.MoveTime > 0 {
		// A fixed time per move: search until it is over and play the best
		// move found, also from an unfinished iteration.
		b = timeBudget{optimum: l.MoveTime, hard: l.MoveTime, fixed: true}
	}
	if l.Byoyomi > 0 {
		c := planByoyomi(min(l.Time, maxClock), min(l.Byoyomi, maxClock), l.MovesToGo, phase)
		if b.hard == 0 || c.hard < b.hard {
			b = c
		}
		return b
	}
	if l.Time > 0 || l.Increment > 0 {
		clock := min(l.Time, maxClock)
		inc := min(l.Increment, maxClock)
		margin := min(max(clock/20, minMargin), maxMargin)
		usable := max(clock-margin, time.Millisecond)
		var c timeBudget
		if l.MovesToGo == 1 {
			// The rest of the clock is for this move alone.
			c = timeBudget{optimum: usable, hard: usable, fixed: true}
		} else {
			mtg := movesLeft(phase)
			if l.MovesToGo > 0 && l.MovesToGo < mtg {
				mtg = l.MovesToGo
			}
			optimum := min(usable/time.Duration(mtg)+inc, usable)
			// Room to extend when the best move changes or the score drops,
			// but never more than a third of what is left (with the
			// increment this move earns).
			hard := max(min(optimum*3, usable/3+inc), min(optimum, usable))
			// Never more than half the clock on one move: the increment is
			// only paid after it, and a loaded machine can stall a search
			// well past its deadline (a league game at load 17 was lost on
			// time with 391 ms left and 324 ms planned).
			hard = min(hard, usable/2)
			c = timeBudget{optimum: min(optimum, hard), hard: hard}
		}
		if b.hard == 0 || c.hard < b.hard {
			b = c
		}
	}
	return b
}

// In byo-yomi a period unused is lost (it starts afresh on the next move), so a move may
// spend most of it: the search aims for byoyomiOptimum of the period, which lets a settled
// search stop at about half of it and an unsettled one run on to the hard stop, the period
// less a margin of a tenth (byoyomiMinMargin..byoyomiMaxMargin) for the move's way to the
// referee and a loaded machine's late stop. (At load 13 on 2 cores, 1 s periods cut 50 ms
// and 100 ms short were still overrun by up to 200 ms, 3 times in 916 moves.)
const (
	byoyomiOptimum   = 0.85
	byoyomiMinMargin = 100 * time.Millisecond
	byoyomiMaxMargin = time.Second
)

// byoyomiMargin is the part of a period of length period never planned (never more than
// half of it).
func byoyomiMargin(period time.Duration) time.Duration {
	return min(max(period/10, byoyomiMinMargin), byoyomiMaxMargin, period/2)
}

// planByoyomi plans a move in a byo-yomi control with main time left and the period
// for this move. While main time lasts the move gets its share of it as in sudden death
// plus most of the period, which comes after it; the hard stop leaves at least half the
// main time and never reaches into the period's margin. In byo-yomi it is the period
// alone. movesToGo 1 spends everything there is.
func planByoyomi(main, period time.Duration, movesToGo, phase int) timeBudget {
	periodHard := max(period-byoyomiMargin(period), min(time.Millisecond, period))
	periodOptimum := min(time.Duration(float64(period)*byoyomiOptimum), periodHard)
	if movesToGo == 1 {
		return timeBudget{optimum: main + periodHard, hard: main + periodHard, fixed: true}
	}
	if main <= 0 {
		return timeBudget{optimum: periodOptimum, hard: periodHard}
	}
	mtg := movesLeft(phase)
	if movesToGo > 0 && movesToGo < mtg {
		mtg = movesToGo
	}
	optimum := main/time.Duration(mtg) + periodOptimum
	hard := max(min(optimum*3, main/3+periodHard), optimum)
	hard = min(hard, main/2+periodHard)
	return timeBudget{optimum: min(optimum, hard), hard: hard}
}

// TimeBudget returns the time a search under these limits aims for (optimum)
// and when it is cut off (hard); zero means no limit.
func (l Limits) TimeBudget() (optimum, hard time.Duration) {
	b := planTime(l, unknownPhase)
	return b.optimum, b.hard
}
