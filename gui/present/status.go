package present

import "github.com/xqfyne/xiangqi/rules"

// Status is what the status line speaks of, as values read from the session.
type Status struct {
	Over       string      // how the game ended (ResultText or VerdictText); "" while it goes on
	Thinking   bool        // the engine searches for its move
	Depth      int         // the depth the search reached, 0 before its first report
	Score      int         // the search's score for ToMove, in centipawn-like units
	Mate       int         // moves to mate for ToMove (negative: ToMove is mated), 0 for none
	EngineErr  error       // why the engine could not move
	ToMove     rules.Color // the side to move
	YourMove   bool        // one player against the engine, and it is the player's turn
	Hint       string      // the hinted move written out, "" for none
	HintErr    error       // why no hint came
	Illegal    string      // why the last try was not legal, "" for none
	Check      bool        // the side to move is in check
	Confirming string      // a short confirmation shown before the status ("Copied"), "" for none
	// EngineWaits: the engine is to move but waits (a finished game was edited); the
	// status says how play goes on.
	EngineWaits bool
}

// separator runs the parts of a status line on.
const separator = " · "

// StatusText is the status line: the game's end, the engine's progress, its failure, or
// whose move it is with the hint, the refusal of an illegal move and check before it.
func StatusText(t Translate, s Status) string {
	text := statusCore(t, s)
	if s.Confirming != "" {
		text = s.Confirming + separator + text
	}
	return text
}

func statusCore(t Translate, s Status) string {
	if s.Over != "" {
		return t("status.gameOver", map[string]any{"Result": s.Over})
	}
	if s.Thinking {
		if s.Depth == 0 {
			return t("status.thinking", nil)
		}
		return t("status.progress", map[string]any{"Depth": s.Depth, "Score": ScoreText(t, s.Score, s.Mate, s.ToMove)})
	}
	if s.EngineErr != nil {
		return t("engine.failed", map[string]any{"Error": s.EngineErr})
	}
	side := SideName(t, s.ToMove)
	text := t("status.toMove", map[string]any{"Side": side})
	if s.YourMove {
		text = t("status.yourMove", map[string]any{"Side": side})
	}
	if s.EngineWaits {
		text += separator + t("status.engineWaits", nil)
	}
	if s.Hint != "" {
		text = t("status.hint", map[string]any{"Move": s.Hint}) + separator + text
	}
	if s.HintErr != nil {
		text = t("engine.noHint", map[string]any{"Error": s.HintErr}) + separator + text
	}
	if s.Illegal != "" {
		text = s.Illegal + separator + text
	}
	if s.Check {
		text = t("status.check", nil) + " " + text
	}
	return text
}

// SideName names a side ("Red", "Black").
func SideName(t Translate, c rules.Color) string {
	if c == rules.Red {
		return t("side.red", nil)
	}
	return t("side.black", nil)
}
