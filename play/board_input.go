package play

import (
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// BoardInput is the board's input as a part of a Session: taps and drops, the selection
// and its targets, the reject flash and the marks the board shows besides the position.
type BoardInput struct{ s *Session }

// Input returns the session's board input.
func (s *Session) Input() BoardInput { return BoardInput{s} }

// rejectFlash is how long an illegal target stays marked.
const rejectFlash = 450 * time.Millisecond

// boardMarks is the board input's state, what the board shows besides the position: the
// selected piece and its targets, the hint, a point just tapped illegally and why, and the
// move to slide into place.
type boardMarks struct {
	selected rules.Square
	targets  []rules.Square
	hint     rules.Move
	rejected rules.Square
	illegal  game.Illegality // why the last tapped move was not legal
	flashes  uint64          // identifies the latest reject flash
	animate  rules.Move      // the last move, when the board should slide it into place
}

// noMarks is a board with nothing marked.
func noMarks() boardMarks {
	return boardMarks{selected: rules.NoSquare, hint: rules.NoMove, rejected: rules.NoSquare, animate: rules.NoMove}
}

// Selected is the selected piece's point, or rules.NoSquare.
func (in BoardInput) Selected() rules.Square { return in.s.marks.selected }

// Targets are the legal destinations of the selected piece.
func (in BoardInput) Targets() []rules.Square { return slices.Clone(in.s.marks.targets) }

// Hint is the engine's suggestion for the player, or rules.NoMove.
func (in BoardInput) Hint() rules.Move { return in.s.marks.hint }

// Rejected is a point just tapped illegally, flashed briefly, or rules.NoSquare.
func (in BoardInput) Rejected() rules.Square { return in.s.marks.rejected }

// Illegal is why the last move the player tried was not legal (game.NotIllegal after any
// other tap).
func (in BoardInput) Illegal() game.Illegality { return in.s.marks.illegal }

// Animate is the last move when the board should slide it into place: a move made by a
// tap, by the engine or by Redo, but not one the player dropped there by dragging.
func (in BoardInput) Animate() rules.Move { return in.s.marks.animate }

// HumanToMove reports whether a person may move now.
func (s *Session) HumanToMove() bool {
	return !s.thinking && !s.m.Game().Result().Decided() && (s.settings.Human.Plays(s.m.Game().SideToMove()) || s.Browser().freeMoves())
}

// Tap handles a tap on a board point as article 003 §1 describes: an own piece becomes
// the selection; with a selection, any other point is a move, played if legal.
func (in BoardInput) Tap(sq rules.Square) { in.tap(sq, true) }

// Drop plays the move of a piece dragged from one point and dropped on another: the same
// as tapping both, except that the piece is already where it lands.
func (in BoardInput) Drop(from, to rules.Square) {
	if p := in.s.m.Game().View().At(from); p == rules.NoPiece || p.Color() != in.s.m.Game().SideToMove() {
		return
	}
	in.tap(from, false)
	in.tap(to, false)
}

func (in BoardInput) tap(sq rules.Square, animate bool) {
	in.s.marks.illegal = game.NotIllegal
	pos := in.s.m.Game().View()
	p := pos.At(sq)
	if !in.s.HumanToMove() {
		// While the engine thinks, the player may pick the piece to move next; it stays
		// selected when the engine's move leaves it in place.
		if in.s.thinking && p != rules.NoPiece && in.s.settings.Human.Plays(p.Color()) {
			in.s.marks.selected, in.s.marks.targets = sq, nil
			in.s.changed(ChangeBoard)
		}
		return
	}
	if p != rules.NoPiece && p.Color() == pos.Side() {
		in.s.marks.selected = sq
		in.s.marks.targets = pos.LegalTargets(sq)
		in.s.changed(ChangeBoard | ChangeStatus)
		return
	}
	if in.s.marks.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(in.s.marks.selected, sq)
	// The move is judged here, once: the match and the game play it as judged.
	lm, legal := in.s.m.Game().Legal(m)
	if !legal {
		if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
			in.s.marks.illegal = why
		}
		in.flashReject(sq)
		return
	}
	if in.s.settings.WarnRepetition && in.s.OnRepetitionWarning != nil {
		if why, loses := in.s.m.Game().WouldLoseByRepetitionOf(lm); loses {
			g, ply := in.s.m.Game(), in.s.m.Game().Ply()
			in.s.OnRepetitionWarning(why, func() {
				if in.s.m.Game() == g && in.s.m.Game().Ply() == ply && in.s.HumanToMove() {
					in.playTapped(lm, sq, animate)
				}
			})
			return
		}
	}
	in.playTapped(lm, sq, animate)
}

// playTapped plays the move of a tap, flashing the point when the game refuses it.
func (in BoardInput) playTapped(lm game.LegalMove, sq rules.Square, animate bool) {
	if err := in.s.play(lm, animate); err != nil {
		in.flashReject(sq)
	}
}

// flashReject marks an illegal target briefly; the selection stays.
func (in BoardInput) flashReject(sq rules.Square) {
	in.s.marks.rejected = sq
	in.s.sound(SoundIllegal)
	in.s.marks.flashes++
	id := in.s.marks.flashes
	in.s.changed(ChangeBoard | ChangeStatus)
	time.AfterFunc(rejectFlash, func() {
		in.s.post(func() {
			if in.s.marks.flashes == id && in.s.marks.rejected != rules.NoSquare {
				in.s.marks.rejected = rules.NoSquare
				in.s.changed(ChangeBoard)
			}
		})
	})
}

// clearMarks forgets the selection and everything tied to the previous position,
// including a failed search's report.
func (in BoardInput) clearMarks() {
	flashes := in.s.marks.flashes // the count goes on: a flash still due never takes a later one for its own
	in.s.marks = noMarks()
	in.s.marks.flashes = flashes
	in.s.engineErr, in.s.hintErr = nil, nil
}
