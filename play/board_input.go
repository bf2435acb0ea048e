package play

import (
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

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
func (s *Session) Selected() rules.Square { return s.marks.selected }

// Targets are the legal destinations of the selected piece.
func (s *Session) Targets() []rules.Square { return slices.Clone(s.marks.targets) }

// Hint is the engine's suggestion for the player, or rules.NoMove.
func (s *Session) Hint() rules.Move { return s.marks.hint }

// Rejected is a point just tapped illegally, flashed briefly, or rules.NoSquare.
func (s *Session) Rejected() rules.Square { return s.marks.rejected }

// Illegal is why the last move the player tried was not legal (game.NotIllegal after any
// other tap).
func (s *Session) Illegal() game.Illegality { return s.marks.illegal }

// Animate is the last move when the board should slide it into place: a move made by a
// tap, by the engine or by Redo, but not one the player dropped there by dragging.
func (s *Session) Animate() rules.Move { return s.marks.animate }

// HumanToMove reports whether a person may move now.
func (s *Session) HumanToMove() bool {
	return !s.thinking && !s.m.Game().Result().Decided() && (s.settings.Human.Plays(s.m.Game().SideToMove()) || s.freeMoves())
}

// Tap handles a tap on a board point as article 003 §1 describes: an own piece becomes
// the selection; with a selection, any other point is a move, played if legal.
func (s *Session) Tap(sq rules.Square) { s.tap(sq, true) }

// Drop plays the move of a piece dragged from one point and dropped on another: the same
// as tapping both, except that the piece is already where it lands.
func (s *Session) Drop(from, to rules.Square) {
	if p := s.m.Game().Position().At(from); p == rules.NoPiece || p.Color() != s.m.Game().SideToMove() {
		return
	}
	s.tap(from, false)
	s.tap(to, false)
}

func (s *Session) tap(sq rules.Square, animate bool) {
	s.marks.illegal = game.NotIllegal
	pos := s.m.Game().Position()
	p := pos.At(sq)
	if !s.HumanToMove() {
		// While the engine thinks, the player may pick the piece to move next; it stays
		// selected when the engine's move leaves it in place.
		if s.thinking && p != rules.NoPiece && s.settings.Human.Plays(p.Color()) {
			s.marks.selected, s.marks.targets = sq, nil
			s.changed(ChangeBoard)
		}
		return
	}
	if p != rules.NoPiece && p.Color() == pos.Side() {
		s.marks.selected = sq
		s.marks.targets = pos.LegalTargets(sq)
		s.changed(ChangeBoard | ChangeStatus)
		return
	}
	if s.marks.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(s.marks.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		s.marks.illegal = why
		s.flashReject(sq)
		return
	}
	if s.settings.WarnRepetition && s.OnRepetitionWarning != nil {
		if why, loses := s.m.Game().WouldLoseByRepetition(m); loses {
			g, ply := s.m.Game(), s.m.Game().Ply()
			s.OnRepetitionWarning(why, func() {
				if s.m.Game() == g && s.m.Game().Ply() == ply && s.HumanToMove() {
					s.playTapped(m, sq, animate)
				}
			})
			return
		}
	}
	s.playTapped(m, sq, animate)
}

// playTapped plays the move of a tap, flashing the point when the game refuses it.
func (s *Session) playTapped(m rules.Move, sq rules.Square, animate bool) {
	if err := s.play(m, animate); err != nil {
		s.flashReject(sq)
	}
}

// flashReject marks an illegal target briefly; the selection stays.
func (s *Session) flashReject(sq rules.Square) {
	s.marks.rejected = sq
	s.sound(SoundIllegal)
	s.marks.flashes++
	id := s.marks.flashes
	s.changed(ChangeBoard | ChangeStatus)
	time.AfterFunc(rejectFlash, func() {
		s.post(func() {
			if s.marks.flashes == id && s.marks.rejected != rules.NoSquare {
				s.marks.rejected = rules.NoSquare
				s.changed(ChangeBoard)
			}
		})
	})
}

// clearMarks forgets the selection and everything tied to the previous position,
// including a failed search's report.
func (s *Session) clearMarks() {
	flashes := s.marks.flashes // the count goes on: a flash still due never takes a later one for its own
	s.marks = noMarks()
	s.marks.flashes = flashes
	s.engineErr, s.hintErr = nil, nil
}
