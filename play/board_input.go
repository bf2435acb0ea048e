package play

import (
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// rejectFlash is how long an illegal target stays marked.
const rejectFlash = 450 * time.Millisecond

// Selected is the selected piece's point, or engine.NoSquare.
func (s *Session) Selected() engine.Square { return s.selected }

// Targets are the legal destinations of the selected piece.
func (s *Session) Targets() []engine.Square { return slices.Clone(s.targets) }

// Hint is the engine's suggestion for the player, or engine.NoMove.
func (s *Session) Hint() engine.Move { return s.hint }

// Rejected is a point just tapped illegally, flashed briefly, or engine.NoSquare.
func (s *Session) Rejected() engine.Square { return s.rejected }

// Illegal is why the last move the player tried was not legal (game.NotIllegal after any
// other tap).
func (s *Session) Illegal() game.Illegality { return s.illegal }

// Animate is the last move when the board should slide it into place: a move made by a
// tap, by the engine or by Redo, but not one the player dropped there by dragging.
func (s *Session) Animate() engine.Move { return s.animate }

// HumanToMove reports whether a person may move now.
func (s *Session) HumanToMove() bool {
	return !s.thinking && !s.m.g.Result().Decided() && (s.settings.Human.Plays(s.m.g.SideToMove()) || s.freeMoves())
}

// Tap handles a tap on a board point as article 003 §1 describes: an own piece becomes
// the selection; with a selection, any other point is a move, played if legal.
func (s *Session) Tap(sq engine.Square) { s.tap(sq, true) }

// Drop plays the move of a piece dragged from one point and dropped on another: the same
// as tapping both, except that the piece is already where it lands.
func (s *Session) Drop(from, to engine.Square) {
	if p := s.m.g.Position().At(from); p == engine.NoPiece || p.Color() != s.m.g.SideToMove() {
		return
	}
	s.tap(from, false)
	s.tap(to, false)
}

func (s *Session) tap(sq engine.Square, animate bool) {
	s.illegal = game.NotIllegal
	pos := s.m.g.Position()
	p := pos.At(sq)
	if !s.HumanToMove() {
		// While the engine thinks, the player may pick the piece to move next; it stays
		// selected when the engine's move leaves it in place.
		if s.thinking && p != engine.NoPiece && s.settings.Human.Plays(p.Color()) {
			s.selected, s.targets = sq, nil
			s.changed(ChangeBoard)
		}
		return
	}
	if p != engine.NoPiece && p.Color() == pos.Side() {
		s.selected = sq
		s.targets = legalTargets(pos, sq)
		s.changed(ChangeBoard | ChangeStatus)
		return
	}
	if s.selected == engine.NoSquare {
		return
	}
	m := engine.NewMove(s.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		s.illegal = why
		s.flashReject(sq)
		return
	}
	if s.settings.WarnRepetition && s.OnRepetitionWarning != nil {
		if why, loses := s.m.g.WouldLoseByRepetition(m); loses {
			g, ply := s.m.g, s.m.g.Ply()
			s.OnRepetitionWarning(why, func() {
				if s.m.g == g && s.m.g.Ply() == ply && s.HumanToMove() {
					s.playTapped(m, sq, animate)
				}
			})
			return
		}
	}
	s.playTapped(m, sq, animate)
}

// playTapped plays the move of a tap, flashing the point when the game refuses it.
func (s *Session) playTapped(m engine.Move, sq engine.Square, animate bool) {
	if err := s.play(m, animate); err != nil {
		s.flashReject(sq)
	}
}

func legalTargets(pos *engine.Position, from engine.Square) []engine.Square {
	var ts []engine.Square
	for _, m := range pos.LegalMoves() {
		if m.From() == from {
			ts = append(ts, m.To())
		}
	}
	return ts
}

// flashReject marks an illegal target briefly; the selection stays.
func (s *Session) flashReject(sq engine.Square) {
	s.rejected = sq
	s.sound(SoundIllegal)
	s.flashes++
	id := s.flashes
	s.changed(ChangeBoard | ChangeStatus)
	time.AfterFunc(rejectFlash, func() {
		s.post(func() {
			if s.flashes == id && s.rejected != engine.NoSquare {
				s.rejected = engine.NoSquare
				s.changed(ChangeBoard)
			}
		})
	})
}

// clearMarks forgets the selection and everything tied to the previous position,
// including a failed search's report.
func (s *Session) clearMarks() {
	s.selected, s.targets, s.hint, s.rejected = engine.NoSquare, nil, engine.NoMove, engine.NoSquare
	s.animate, s.illegal = engine.NoMove, game.NotIllegal
	s.engineErr, s.hintErr = nil, nil
}
