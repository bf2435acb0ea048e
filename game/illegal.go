package game

import (
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// Illegality is why a move a player tried is not legal, in the terms a player thinks in.
type Illegality uint8

const (
	NotIllegal         Illegality = iota // the move is legal
	NoOwnPiece                           // there is no piece of the side to move on the start point
	OwnPieceThere                        // the destination holds one of the mover's own pieces
	NotThatWay                           // the piece does not move that way
	HorseLegBlocked                      // a piece stands on the horse's leg (蹩马腿)
	ElephantEyeBlocked                   // a piece stands on the elephant's eye (塞象眼)
	ElephantRiver                        // elephants never cross the river
	LeavesPalace                         // the king and the advisors stay in the palace
	PathBlocked                          // a rook or cannon cannot pass a piece
	CannonScreen                         // a cannon captures by jumping over exactly one piece
	PawnBackward                         // pawns never move backward
	PawnSideways                         // pawns move sideways only after crossing the river
	KingInCheck                          // the move leaves the mover's king in check
	GeneralsFace                         // the move leaves the two kings facing on an open file
)

// WhyIllegal tells why m is not a legal move in pos, or NotIllegal when it is.
func WhyIllegal(pos rules.PositionView, m rules.Move) Illegality {
	from, to := m.From(), m.To()
	pc := pos.At(from)
	switch {
	case pos.IsLegal(m):
		return NotIllegal
	case !from.OnBoard() || !to.OnBoard() || pc == rules.NoPiece || pc.Color() != pos.Side():
		return NoOwnPiece
	case pos.At(to) != rules.NoPiece && pos.At(to).Color() == pos.Side():
		return OwnPieceThere
	case pos.IsPseudoLegal(m):
		return exposesKing(pos, m)
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	adf, adr := abs(df), abs(dr)
	switch pc.Type() {
	case rules.Knight:
		if adf+adr == 3 && adf > 0 && adr > 0 {
			return HorseLegBlocked
		}
	case rules.Bishop:
		if adf == 2 && adr == 2 {
			if (to.Rank() >= 5) != (from.Rank() >= 5) {
				return ElephantRiver
			}
			return ElephantEyeBlocked
		}
	case rules.Advisor:
		if adf == 1 && adr == 1 {
			return LeavesPalace
		}
	case rules.King:
		if adf+adr == 1 {
			return LeavesPalace
		}
	case rules.Rook:
		if df == 0 || dr == 0 {
			return PathBlocked
		}
	case rules.Cannon:
		if df == 0 || dr == 0 {
			if pos.At(to) == rules.NoPiece {
				return PathBlocked
			}
			return CannonScreen
		}
	case rules.Pawn:
		forwardRanks := forward(pc.Color(), from.Rank(), to.Rank())
		switch {
		case forwardRanks < 0 && df == 0:
			return PawnBackward
		case forwardRanks == 0 && adf == 1:
			return PawnSideways
		}
	}
	return NotThatWay
}

// exposesKing tells a move that follows the piece's rules but leaves the king attacked:
// by the other king on an open file, or by any other piece.
func exposesKing(pos rules.PositionView, m rules.Move) Illegality {
	mover := pos.Side()
	k, other := pos.KingSquare(mover), pos.KingSquare(mover.Opponent())
	if pos.At(m.From()).Type() == rules.King {
		k = m.To()
	}
	if k.File() != other.File() {
		return KingInCheck
	}
	lo, hi := min(k.Rank(), other.Rank()), max(k.Rank(), other.Rank())
	for r := lo + 1; r < hi; r++ {
		sq := rules.Sq(k.File(), r)
		if sq == m.To() || (sq != m.From() && pos.At(sq) != rules.NoPiece) {
			return KingInCheck // something stands between the kings after the move
		}
	}
	return GeneralsFace
}

var illegalityKeys = [...]string{
	NotIllegal:         "illegal.none",
	NoOwnPiece:         "illegal.noOwnPiece",
	OwnPieceThere:      "illegal.ownPieceThere",
	NotThatWay:         "illegal.notThatWay",
	HorseLegBlocked:    "illegal.horseLegBlocked",
	ElephantEyeBlocked: "illegal.elephantEyeBlocked",
	ElephantRiver:      "illegal.elephantRiver",
	LeavesPalace:       "illegal.leavesPalace",
	PathBlocked:        "illegal.pathBlocked",
	CannonScreen:       "illegal.cannonScreen",
	PawnBackward:       "illegal.pawnBackward",
	PawnSideways:       "illegal.pawnSideways",
	KingInCheck:        "illegal.kingInCheck",
	GeneralsFace:       "illegal.generalsFace",
}

// Message says why the move is illegal ("the horse's leg is blocked").
func (i Illegality) Message() i18n.Message {
	return keyed(illegalityKeys[:], i, i18n.Message{Key: "illegal.unknown"})
}

// String names the illegality by its message key, for logs and test failures.
func (i Illegality) String() string { return i.Message().String() }
