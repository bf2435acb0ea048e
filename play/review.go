package play

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Reviewer runs the game review as a part of a Session: every move of the main line judged
// by the engine, the curve of scores and each move's class.
type Reviewer struct{ s *Session }

// Review returns the session's game review.
func (s *Session) Review() Reviewer { return Reviewer{s} }

// MoveClass is how good a reviewed move was, by the score it lost against the engine's
// best move (see Classify).
type MoveClass uint8

const (
	Unreviewed MoveClass = iota
	Best                 // the engine's own choice, or as good
	Good                 // loses less than InaccuracyLoss
	Inaccuracy           // loses InaccuracyLoss or more
	Mistake              // loses MistakeLoss or more
	Blunder              // loses BlunderLoss or more
)

// Score-loss thresholds of the review, in evaluation units (a pawn is about 10, a
// horse or cannon about 90, a rook about 200; docs/review.md says more). A loss is
// measured from the mover's view: the best move's score minus the played move's, with
// both scores clamped to ±reviewScoreCap, so that choosing a slower of two won games
// costs little and missing a mate costs as much as losing a rook and more.
const (
	InaccuracyLoss = 20  // two pawns' worth: a positional slip
	MistakeLoss    = 50  // half a horse: a lost pawn and position, or a bad exchange
	BlunderLoss    = 90  // a horse or cannon or more: a piece hung, a mate allowed
	reviewScoreCap = 600 // three rooks: beyond this the game is won either way
)

// Classify returns the class of a move that loses loss evaluation units against the
// best move; best says it is the engine's own choice.
func Classify(loss int, best bool) MoveClass {
	switch {
	case best || loss <= 0:
		return Best
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// MoveReview is the review of one move.
type MoveReview struct {
	Node  *game.Node
	Move  rules.Move
	Class MoveClass
	Loss  int // evaluation units lost against the engine's best move (never negative)
	// Better is the engine's best move in the position before (rules.NoMove when the
	// move played was best), BetterLine its line from there.
	Better     rules.Move
	BetterLine []rules.Move
}

// CurvePoint is one point of the review's score curve: the position after Ply moves of
// the line reviewed, scored from Red's view (Mate: moves to mate, positive when Red
// mates). Over says the side to move has no move: the game is over, won by the side
// the score favours.
type CurvePoint struct {
	Node  *game.Node // the position's node (the root for ply 0)
	Ply   int
	Score int
	Mate  int
	Over  bool
}

// ReviewOptions limit the search of each position reviewed.
type ReviewOptions struct {
	PerMove time.Duration // time per position; 0 with a depth: no time limit
	Depth   int           // depth per position; 0: as deep as the time allows
}

// reviewHashMB is the hash table of the review's engine.
const reviewHashMB = 16

// review is a game review: every position of the line shown searched in turn on a
// background goroutine, the moves classified as the results come in.
type review struct {
	job     job
	running bool
	done    int // positions searched
	total   int
	nodes   []*game.Node  // the root and the nodes of the line reviewed
	sides   []rules.Color // the side to move at each of them
	results []engine.SearchResult
	marks   map[*game.Node]MoveReview
	curve   []CurvePoint
}

// Start reviews the line shown, from the start position to its end, replacing an
// earlier review. Progress comes to the listeners as ChangeStatus | ChangeMoves.
func (rv Reviewer) Start(opt ReviewOptions) error {
	if rv.s.helpLocked {
		return errors.New("play: no review while an online game is in play")
	}
	if opt.PerMove <= 0 && opt.Depth <= 0 {
		return errors.New("play: a review needs a time or a depth per move")
	}
	nodes := append([]*game.Node{rv.s.Record().Root}, rv.s.m.Game().Line()...)
	if len(nodes) < 2 {
		return errors.New("play: there is no move to review")
	}
	rv.Cancel()
	positions := make([]*rules.Position, len(nodes))
	sides := make([]rules.Color, len(nodes))
	pos := rv.s.Record().StartPosition()
	for i, n := range nodes {
		if i > 0 && !pos.MakeMove(n.Move) {
			return errors.New("play: the line cannot be replayed")
		}
		positions[i], sides[i] = pos.Copy(), pos.Side()
	}
	r := &rv.s.review
	r.running, r.done, r.total = true, 0, len(nodes)
	r.nodes, r.sides, r.results, r.marks, r.curve = nodes, sides, nil, map[*game.Node]MoveReview{}, nil
	searcher := engine.NewSearcher(engine.Options{HashMB: reviewHashMB, Threads: 1, Rules: rv.s.settings.Rules})
	// NeedScore: a forced reply's position is searched as deep as any other, or a mate
	// through it would be missed and the move into it marked "??" (issue 35 item 8).
	limits := engine.Limits{MoveTime: opt.PerMove, Depth: opt.Depth, NeedScore: true}
	r.job.run(&rv.s.running, rv.s.post, func(ctx context.Context, deliver func(func())) {
		for _, p := range positions {
			res := searcher.Search(ctx, p, limits, nil)
			if ctx.Err() != nil {
				return
			}
			deliver(func() { rv.reviewed(res) })
		}
	})
	rv.s.changed(ChangeStatus | ChangeMoves | ChangeControls)
	return nil
}

// reviewed takes the search of the next position: the move that led to it can now be
// classified. The finished review is saved with the game.
func (rv Reviewer) reviewed(res engine.SearchResult) {
	r := &rv.s.review
	if !r.running {
		return
	}
	r.add(res)
	if r.done == r.total {
		r.running = false
		r.job.finished()
		rv.s.save()
	}
	rv.s.changed(ChangeStatus | ChangeMoves | ChangeControls)
}

// add takes the search of the next position of the line reviewed.
func (r *review) add(res engine.SearchResult) {
	i := len(r.results)
	r.results = append(r.results, res)
	r.done = len(r.results)
	n := r.nodes[i]
	red, mate := res.Score, res.Mate
	if r.sides[i] == rules.Black {
		red, mate = -red, -mate
	}
	r.curve = append(r.curve, CurvePoint{Node: n, Ply: i, Score: red, Mate: mate, Over: res.Move == rules.NoMove})
	if i == 0 {
		return
	}
	before := r.results[i-1]
	best := before.Move == n.Move
	loss := max(clampScore(before.Score)+clampScore(res.Score), 0)
	mr := MoveReview{Node: n, Move: n.Move, Loss: loss, Class: Classify(loss, best)}
	if mr.Class != Best {
		mr.Better, mr.BetterLine = before.Move, slices.Clone(before.PV)
	} else {
		mr.Loss = 0
	}
	r.marks[n] = mr
}

func clampScore(score int) int { return min(max(score, -reviewScoreCap), reviewScoreCap) }

// Cancel stops a running review at once; the moves classified so far keep their
// marks, and are saved with the game.
func (rv Reviewer) Cancel() {
	r := &rv.s.review
	r.job.stop()
	if r.running {
		r.running = false
		rv.s.save()
		rv.s.changed(ChangeStatus | ChangeControls)
	}
}

// forget drops the review of a game that is no longer shown.
func (rv Reviewer) forget() {
	rv.s.review.job.stop()
	rv.s.review = review{job: rv.s.review.job} // the job's count goes on, so late reports stay stale
}

// Running reports whether a review is running.
func (rv Reviewer) Running() bool { return rv.s.review.running }

// Progress returns how many positions of the review are searched, of how many.
func (rv Reviewer) Progress() (done, total int) { return rv.s.review.done, rv.s.review.total }

// Of returns the review of the move that led to node n, if it was reviewed.
func (rv Reviewer) Of(n *game.Node) (MoveReview, bool) {
	mr, ok := rv.s.review.marks[n]
	return mr, ok
}

// Curve returns the score curve of the last review, one point per position
// searched so far, while the line shown is the line reviewed (it may go on past it);
// on another line it returns nil, since the curve is not that line's. The marks of the
// moves stay either way (Reviewer.Of).
func (rv Reviewer) Curve() []CurvePoint {
	line := rv.s.m.Game().Line()
	reviewed := rv.s.review.nodes
	if len(reviewed) == 0 || len(line) < len(reviewed)-1 {
		return nil
	}
	for i, n := range reviewed[1:] {
		if line[i] != n {
			return nil
		}
	}
	return slices.Clone(rv.s.review.curve)
}

// Moves returns the reviewed moves of the last review in the order played.
func (rv Reviewer) Moves() []MoveReview {
	var out []MoveReview
	for _, n := range rv.s.review.nodes {
		if mr, ok := rv.s.review.marks[n]; ok {
			out = append(out, mr)
		}
	}
	return out
}
