package play

import (
	"errors"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// savedReview is a review as the save keeps it, so that its marks and curve come back
// with the game: the line reviewed and the engine's answer for each position of it
// searched, from which the marks and the curve are made again as when they came in.
type savedReview struct {
	Line      string        `json:"line"` // ICCS moves from the start position
	Positions []savedSearch `json:"positions"`
}

// savedSearch is the engine's answer for one position, from the side to move's view.
type savedSearch struct {
	Score int    `json:"score"`
	Mate  int    `json:"mate,omitempty"`
	Move  string `json:"move,omitempty"` // ICCS; none when the side to move has no move
	PV    string `json:"pv,omitempty"`   // ICCS moves
}

// saved is the review as the save keeps it; nil when there is none.
func (r *review) saved() *savedReview {
	if len(r.results) == 0 {
		return nil
	}
	moves := make([]rules.Move, 0, len(r.nodes)-1)
	for _, n := range r.nodes[1:] {
		moves = append(moves, n.Move)
	}
	out := &savedReview{Line: game.ICCSLine(moves), Positions: make([]savedSearch, len(r.results))}
	for i, res := range r.results {
		p := savedSearch{Score: res.Score, Mate: res.Mate, PV: game.ICCSLine(res.PV)}
		if res.Move != rules.NoMove {
			p.Move = res.Move.String()
		}
		out.Positions[i] = p
	}
	return out
}

// restoreReview makes a saved review the session's again, on the game's record. A review
// that does not fit the record is an error, and nothing changes.
func (s *Session) restoreReview(saved *savedReview) error {
	line, err := parseLine(strings.Fields(saved.Line))
	if err != nil {
		return err
	}
	rec := s.Record()
	if rec.Find(line) == nil {
		return errors.New("review: the line reviewed is not in the game")
	}
	if len(saved.Positions) == 0 || len(saved.Positions) > len(line)+1 {
		return errors.New("review: positions do not match the line")
	}
	r := review{job: s.review.job, total: len(line) + 1, marks: map[*game.Node]MoveReview{}}
	pos := rec.StartPosition()
	n := rec.Root
	for i := 0; ; i++ {
		r.nodes, r.sides = append(r.nodes, n), append(r.sides, pos.Side())
		if i == len(line) {
			break
		}
		n = n.Child(line[i])
		pos.MakeMove(line[i])
	}
	results := make([]engine.SearchResult, len(saved.Positions))
	for i, p := range saved.Positions {
		res := engine.SearchResult{Score: p.Score, Mate: p.Mate}
		if res.PV, err = parseLine(strings.Fields(p.PV)); err != nil {
			return err
		}
		if p.Move != "" {
			if res.Move, err = rules.ParseMove(p.Move); err != nil {
				return err
			}
		}
		results[i] = res
	}
	for _, res := range results {
		r.add(res)
	}
	s.review = r
	return nil
}
