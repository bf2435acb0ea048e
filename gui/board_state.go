package gui

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// boardState is what a game's board shows besides the player's settings: the position and
// the marks of the board input. The game, online game and puzzle screens each fill one
// from their own source; gameBoardView turns it into the board's view, so the three
// boards draw the same things the same way (the editor keeps a board of its own).
type boardState struct {
	Pos      rules.PositionView // nil: an empty board
	LastMove rules.Move
	Selected rules.Square
	Targets  []rules.Square
	Animate  rules.Move
	Hint     rules.Move
	Rejected rules.Square
	Arrows   []board.Arrow
	Flipped  bool
	Pickable bool        // a person may pick up a piece now
	PickSide rules.Color // whose pieces
	Verdict  *game.Game  // whose repetition verdict marks its pieces; nil for none
}

// gameBoardView is the board's view of st drawn with set's appearance: its pieces, the
// marks, the king in check, and the pieces a repetition verdict speaks of.
func gameBoardView(st boardState, set play.Settings) board.View {
	v := board.View{
		Selected: st.Selected,
		Targets:  st.Targets,
		LastMove: st.LastMove,
		Animate:  st.Animate,
		Check:    rules.NoSquare,
		Hint:     st.Hint,
		Rejected: st.Rejected,
		Victim:   rules.NoSquare,
		Arrows:   st.Arrows,
		Flipped:  st.Flipped,
		Coords:   set.Coords,
		Pickable: st.Pickable,
		PickSide: st.PickSide,
	}
	setAppearance(&v, set)
	if st.Pos == nil {
		return v
	}
	v.SetPieces(st.Pos)
	if st.Pos.InCheck() {
		v.Check = st.Pos.KingSquare(st.Pos.Side())
	}
	if st.Verdict != nil {
		markVerdict(&v, st.Verdict)
	}
	return v
}
