package present

import (
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// EndgameTheory is the line an endgame shows beside its goal: its known result before
// and during the try ("Theory: Red wins"), and once the try is over what the player made
// of it beside that ("You drew; theory: Red wins").
func EndgameTheory(t Translate, th play.Theory, out play.EndgameOutcome) string {
	result := t("puzzle.theory.draw", nil)
	switch {
	case th.Draw:
	case th.Winner == rules.Red:
		result = t("puzzle.theory.redWins", nil)
	default:
		result = t("puzzle.theory.blackWins", nil)
	}
	key := map[play.EndgameOutcome]string{
		play.OutcomeNone: "puzzle.theory", play.OutcomeWon: "puzzle.outcome.won", play.OutcomeDrawn: "puzzle.outcome.drawn",
		play.OutcomeLost: "puzzle.outcome.lost", play.OutcomeUndecided: "puzzle.outcome.undecided",
	}[out]
	if key == "" {
		key = "puzzle.theory"
	}
	return t(key, map[string]any{"Result": result, "Moves": play.EndgameMoves})
}
