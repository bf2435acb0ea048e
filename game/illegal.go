package game

import "github.com/xqfyne/xiangqi/rules"

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
func WhyIllegal(pos *rules.Position, m rules.Move) Illegality {
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
func exposesKing(pos *rules.Position, m rules.Move) Illegality {
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

var illegalityTexts = [...][2]string{
	NotIllegal:         {"legal move", "着法合法"},
	NoOwnPiece:         {"pick one of your own pieces first", "请先选择己方棋子"},
	OwnPieceThere:      {"your own piece stands there", "不能吃自己的棋子"},
	NotThatWay:         {"that piece does not move that way", "该棋子不能这样走"},
	HorseLegBlocked:    {"the horse's leg is blocked", "蹩马腿"},
	ElephantEyeBlocked: {"the elephant's eye is blocked", "塞象眼"},
	ElephantRiver:      {"elephants cannot cross the river", "相（象）不能过河"},
	LeavesPalace:       {"the king and advisors stay in the palace", "帅（将）和仕（士）不能出九宫"},
	PathBlocked:        {"a piece is in the way", "中间有子阻挡"},
	CannonScreen:       {"a cannon captures by jumping over exactly one piece", "炮吃子必须隔一个子"},
	PawnBackward:       {"pawns never move backward", "兵（卒）不能后退"},
	PawnSideways:       {"pawns move sideways only after crossing the river", "兵（卒）过河后才能横走"},
	KingInCheck:        {"your king would be in check", "走后己方被将军"},
	GeneralsFace:       {"the two kings would face each other", "走后将帅照面"},
}

// English says why the move is illegal, in English.
func (i Illegality) English() string { return illegalityTexts[i][0] }

// Chinese says why the move is illegal, in Chinese.
func (i Illegality) Chinese() string { return illegalityTexts[i][1] }
