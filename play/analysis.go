package play

import (
	"context"
	"slices"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// Analysis is analysis mode as a part of a Session: switched on, it searches the position
// shown and reports its best lines (the state is the session's analysis).
type Analysis struct{ s *Session }

// Analysis returns the session's analysis mode.
func (s *Session) Analysis() Analysis { return Analysis{s} }

// Lines is how many best lines analysis mode shows.
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
	style    *engine.Style    // how the search analysing runs (full strength, the game's rules)
	job      job
	fen      string        // the position analysed, with its ply
	ply      int           // (a repetition makes the same FEN a different position)
	side     rules.Color   // the side to move there
	lines    []engine.Info // the latest report of each line, best first
}

// On reports whether analysis mode is on.
func (an Analysis) On() bool { return an.s.analysis.on }

// Set switches analysis mode on or off. Switching it on stops the engine's own
// search; switching it off stops the analysis at once and lets the engine move if it is
// its turn at the end of the line.
func (an Analysis) Set(on bool) {
	if on == an.s.analysis.on || on && an.s.helpLocked {
		return
	}
	an.s.analysis.on = on
	if on {
		an.s.Engine().cancel()
		an.start()
	} else {
		an.stop()
		an.s.analysis.lines = nil
		an.s.Engine().maybeStart()
	}
	an.s.changed(ChangeAll)
}

// SetHelpLocked turns the engine's help (hint, analysis, review) off while the player
// has an online game in play, and back on after it: what is running stops at once.
func (s *Session) SetHelpLocked(on bool) {
	if on == s.helpLocked {
		return
	}
	if on {
		s.Analysis().Set(false)
		s.Review().Cancel()
		if s.hinting {
			s.Engine().cancel()
			s.Engine().maybeStart()
		}
		s.marks.hint = rules.NoMove
	}
	s.helpLocked = on
	s.changed(ChangeAll)
}

// HelpLocked reports whether the engine's help is off for an online game in play.
func (s *Session) HelpLocked() bool { return s.helpLocked }

// Lines returns the best lines found so far, best first, each with its rank in
// MultiPV, its depth and its score from the side to move's view (AnalysisSide).
func (an Analysis) Lines() []engine.Info {
	out := make([]engine.Info, 0, len(an.s.analysis.lines))
	for _, l := range an.s.analysis.lines {
		if len(l.PV) > 0 {
			l.PV = slices.Clone(l.PV)
			out = append(out, l)
		}
	}
	return out
}

// Side is the side to move in the position the lines are for.
func (an Analysis) Side() rules.Color { return an.s.analysis.side }

// follow restarts the analysis when the position shown is no longer the one
// analysed.
func (an Analysis) follow() {
	if !an.s.analysis.on || (an.s.m.Game().FEN() == an.s.analysis.fen && an.s.m.Game().Ply() == an.s.analysis.ply) {
		return
	}
	an.start()
}

func (an Analysis) start() {
	an.stop()
	a := &an.s.analysis
	if a.searcher == nil {
		a.searcher = engine.NewSearcher(engine.Options{HashMB: analysisHashMB, Threads: 1})
	}
	a.fen, a.ply, a.side, a.lines = an.s.m.Game().FEN(), an.s.m.Game().Ply(), an.s.m.Game().SideToMove(), nil
	pos := an.s.m.Game().Position()
	// At full strength, without book or randomness, by the game's rules (evaluation.go).
	a.style = &engine.Style{Net: an.s.netFor(0), Rules: an.s.settings.Rules}
	limits := engine.Limits{Infinite: true, MultiPV: AnalysisLines, BanMoves: an.s.m.Game().ForbiddenMoves(), Style: a.style}
	search := a.searcher.Search
	a.job.run(&an.s.running, an.s.post, func(ctx context.Context, deliver func(func())) {
		search(ctx, pos, limits, func(info engine.Info) {
			deliver(func() { an.analysed(info) })
		})
	})
}

// analysed takes one line's report of the running analysis.
func (an Analysis) analysed(info engine.Info) {
	a := &an.s.analysis
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
	an.s.changed(ChangeStatus | ChangeBoard)
}

// stop cancels a running analysis; its goroutine ends within milliseconds and
// its late reports are dropped.
func (an Analysis) stop() { an.s.analysis.job.stop() }
