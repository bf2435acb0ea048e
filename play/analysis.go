package play

import (
	"context"
	"slices"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// AnalysisLines is how many best lines analysis mode shows.
const AnalysisLines = 3

// analysisHashMB is the hash table of the analysis engine, kept apart from the playing
// engine's so that analysing does not change what the engine plays.
const analysisHashMB = 16

// analysis is analysis mode: while it is on, an engine without randomness or book
// searches the position shown with no time limit, reporting its best lines as it
// deepens, and starts again whenever the position shown changes. The engine of the game
// does not move meanwhile, and a person may move either side.
type analysis struct {
	on       bool
	searcher *engine.Searcher // made when first needed
	job      job
	fen      string        // the position analysed, with its ply
	ply      int           // (a repetition makes the same FEN a different position)
	side     rules.Color   // the side to move there
	lines    []engine.Info // the latest report of each line, best first
}

// Analysing reports whether analysis mode is on.
func (s *Session) Analysing() bool { return s.analysis.on }

// SetAnalysis switches analysis mode on or off. Switching it on stops the engine's own
// search; switching it off stops the analysis at once and lets the engine move if it is
// its turn at the end of the line.
func (s *Session) SetAnalysis(on bool) {
	if on == s.analysis.on || on && s.helpLocked {
		return
	}
	s.analysis.on = on
	if on {
		s.cancelSearch()
		s.startAnalysis()
	} else {
		s.stopAnalysis()
		s.analysis.lines = nil
		s.maybeStartEngine()
	}
	s.changed(ChangeAll)
}

// SetHelpLocked turns the engine's help (hint, analysis, review) off while the player
// has an online game in play, and back on after it: what is running stops at once.
func (s *Session) SetHelpLocked(on bool) {
	if on == s.helpLocked {
		return
	}
	if on {
		s.SetAnalysis(false)
		s.CancelReview()
		if s.hinting {
			s.cancelSearch()
			s.maybeStartEngine()
		}
		s.marks.hint = rules.NoMove
	}
	s.helpLocked = on
	s.changed(ChangeAll)
}

// HelpLocked reports whether the engine's help is off for an online game in play.
func (s *Session) HelpLocked() bool { return s.helpLocked }

// AnalysisLines returns the best lines found so far, best first, each with its rank in
// MultiPV, its depth and its score from the side to move's view (AnalysisSide).
func (s *Session) AnalysisLines() []engine.Info {
	out := make([]engine.Info, 0, len(s.analysis.lines))
	for _, l := range s.analysis.lines {
		if len(l.PV) > 0 {
			l.PV = slices.Clone(l.PV)
			out = append(out, l)
		}
	}
	return out
}

// AnalysisSide is the side to move in the position the lines are for.
func (s *Session) AnalysisSide() rules.Color { return s.analysis.side }

// followAnalysis restarts the analysis when the position shown is no longer the one
// analysed.
func (s *Session) followAnalysis() {
	if !s.analysis.on || (s.m.Game().FEN() == s.analysis.fen && s.m.Game().Ply() == s.analysis.ply) {
		return
	}
	s.startAnalysis()
}

func (s *Session) startAnalysis() {
	s.stopAnalysis()
	a := &s.analysis
	if a.searcher == nil {
		a.searcher = engine.NewSearcher(engine.Options{HashMB: analysisHashMB, Threads: 1})
	}
	a.searcher.SetRules(s.settings.Rules)
	a.searcher.SetNet(s.netFor(0)) // analysis is at full strength (evaluation.go)
	a.fen, a.ply, a.side, a.lines = s.m.Game().FEN(), s.m.Game().Ply(), s.m.Game().SideToMove(), nil
	pos := s.m.Game().Position()
	limits := engine.Limits{Infinite: true, MultiPV: AnalysisLines, BanMoves: s.m.Game().ForbiddenMoves()}
	search := a.searcher.Search
	s.run(&a.job, func(ctx context.Context, deliver func(func())) {
		search(ctx, pos, limits, func(info engine.Info) {
			deliver(func() { s.analysed(info) })
		})
	})
}

// analysed takes one line's report of the running analysis.
func (s *Session) analysed(info engine.Info) {
	a := &s.analysis
	if len(info.PV) == 0 {
		return
	}
	rank := max(info.MultiPV, 1)
	if rank > AnalysisLines {
		return
	}
	for len(a.lines) < rank {
		a.lines = append(a.lines, engine.Info{})
	}
	a.lines[rank-1] = info
	s.changed(ChangeStatus | ChangeBoard)
}

// stopAnalysis cancels a running analysis; its goroutine ends within milliseconds and
// its late reports are dropped.
func (s *Session) stopAnalysis() { s.analysis.job.stop() }
