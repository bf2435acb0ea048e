package gui

import (
	"fmt"

	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
)

// maybeShowResult shows the result screen of an online game the player saw in play, once,
// when it ends (issue 51 item 8): the result, how, and for a rated game the rating before
// and after; then Review (the game filed in the library), a rematch (a challenge of the
// opponent to the same game) or back to the lobby.
func (o *onlineGame) maybeShowResult(g *online.Game) {
	if !g.Over() {
		o.liveGame = g.ID
		return
	}
	end := g.End()
	if end == nil || o.liveGame != g.ID || o.resultShown == g.ID {
		return
	}
	o.resultShown = g.ID
	e := present.OnlineEnd{End: end, Me: g.Me} // the rating goes on a line of its own
	e.Away, _, _, e.AwayKnown = g.Away()
	if gm := g.Record(); gm != nil {
		e.Result = gameOverText(o.deps.say, gm)
	}
	r := onlineResult(end.Result)
	human := game.HumanBoth
	if g.Player {
		human = game.HumanRed
		if g.Me == rules.Black {
			human = game.HumanBlack
		}
	}
	v := resultView{headline: present.ResultHeadline(trData, r, human), reason: present.OnlineEndText(trData, e),
		mood: resultMood(r, human)}
	change := end.Red
	if g.Me == rules.Black {
		change = end.Black
	}
	if g.Player && change != nil {
		v.rating = tr("gameover.rating", map[string]any{"Before": fmt.Sprintf("%.0f", change.Before),
			"After": fmt.Sprintf("%.0f", change.After), "Change": fmt.Sprintf("%+.0f", change.After-change.Before)})
	}
	var actions []resultAction
	if o.deps.review != nil {
		actions = append(actions, resultAction{tr("gameover.review"), theme.HistoryIcon(), o.openReview})
	}
	if g.Player {
		id := g.ID // the game may be left for its review before the tap
		actions = append(actions, resultAction{tr("online.rematch"), theme.MediaReplayIcon(), func() { o.deps.c.Social().Rematch(id) }})
	}
	actions = append(actions, resultAction{tr("online.lobby"), theme.HomeIcon(), o.deps.c.Leave})
	showResult(o.deps.parent, v, actions...)
}

// onlineResult is a PGN result token as a result (the reason is said by the end's text).
func onlineResult(pgn string) game.Result {
	switch pgn {
	case "1-0":
		return game.Result{Status: game.RedWins, Winner: rules.Red}
	case "0-1":
		return game.Result{Status: game.BlackWins, Winner: rules.Black}
	}
	return game.Result{Status: game.Draw}
}
