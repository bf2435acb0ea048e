package game

import (
	"fmt"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// Verdict explains a game lost by a repetition rule: who lost, for what,
// and which pieces were involved, so that the app can say so and highlight
// them.
type Verdict struct {
	Result    Result
	Loser     rules.Color
	Violation rules.Violation
	// Target is the square of the piece chased on every move (or of the
	// king checked on every move); TargetPiece is the piece standing there.
	Target      rules.Square
	TargetPiece rules.Piece
	// Offenders are the squares of the loser's checking and chasing pieces,
	// OffenderPieces the pieces on them.
	Offenders      []rules.Square
	OffenderPieces []rules.Piece
	// Checks, MateThreats and Chases tell which kinds of attacking move
	// the loser mixed in a perpetual attack (长打).
	Checks, MateThreats, Chases bool
}

// RepetitionVerdict explains the current result when a repetition rule
// decided it; ok is false otherwise (also for a repetition drawn).
func (g *Game) RepetitionVerdict() (Verdict, bool) {
	if !g.Result().Reason.isRepetitionLoss() {
		return Verdict{}, false
	}
	return verdictOf(g.pos, g.rules)
}

// WouldLoseByRepetition tells whether playing m now would lose the side to
// move the game by a repetition rule under the game's rules, either at once
// or because the opponent can then complete the repetition: the warning an
// arbiter gives before the move. It warns of the moves ForbiddenMoves
// lists, and also when every move loses (ForbiddenMoves is then empty).
// The verdict explains the loss. Illegal moves and
// moves in a finished game report false.
func (g *Game) WouldLoseByRepetition(m rules.Move) (Verdict, bool) {
	if g.Result().Decided() || !g.pos.IsLegal(m) {
		return Verdict{}, false
	}
	mover := g.pos.Side()
	p := g.pos.Copy()
	p.MakeMove(m)
	reply, lost := lossByRepetitionAfter(p, mover, g.rules)
	if !lost {
		return Verdict{}, false
	}
	if reply != rules.NoMove {
		p.MakeMove(reply)
	}
	return verdictOf(p, g.rules)
}

// verdictOf asks the judge about the repetition at pos.
func verdictOf(pos *rules.Position, ruleSet RuleSet) (Verdict, bool) {
	v, ok := pos.JudgeRepetition(repetitionRecur, ruleSet)
	if !ok || !v.Decided {
		return Verdict{}, false
	}
	out := Verdict{
		Result:    repetitionResult(v),
		Loser:     v.Loser,
		Violation: v.Violations[v.Loser],
		Target:    v.Target,
		Offenders: append([]rules.Square(nil), v.Offenders...),
		Checks:    v.Checks, MateThreats: v.MateThreats, Chases: v.Chases,
	}
	if v.Target != 0 {
		out.TargetPiece = pos.At(v.Target)
	}
	for _, sq := range out.Offenders {
		out.OffenderPieces = append(out.OffenderPieces, pos.At(sq))
	}
	return out, true
}

var pieceNamesEN = [rules.NumPieceTypes]string{"king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

var colourEN = [2]string{"Red", "Black"}
var colourZH = [2]string{"红方", "黑方"}
var colourZHShort = [2]string{"红", "黑"}

// English explains the verdict, e.g. "Black loses: perpetual chase of the
// red rook on b2 by the cannon on b5".
func (v Verdict) English() string {
	loser := colourEN[v.Loser]
	switch v.Violation {
	case rules.PerpetualCheck:
		return fmt.Sprintf("%s loses: perpetual check%s", loser, v.offendersEN())
	case rules.PerpetualMateThreat:
		return fmt.Sprintf("%s loses: perpetual mate threats%s", loser, v.offendersEN())
	case rules.PerpetualAttack:
		if v.TargetPiece == rules.NoPiece {
			return fmt.Sprintf("%s loses: perpetual %s%s", loser, v.attackKindsEN(), v.offendersEN())
		}
		return fmt.Sprintf("%s loses: perpetual %s of the %s%s", loser, v.attackKindsEN(), v.targetEN(), v.offendersEN())
	}
	if v.TargetPiece == rules.NoPiece {
		// The Chinese rules' chase of several pieces in turn.
		return fmt.Sprintf("%s loses: perpetual chase of several pieces%s", loser, v.offendersEN())
	}
	return fmt.Sprintf("%s loses: perpetual chase of the %s%s", loser, v.targetEN(), v.offendersEN())
}

// Chinese explains the verdict, e.g. "黑方长捉红车（b2），判负".
func (v Verdict) Chinese() string {
	loser := colourZH[v.Loser]
	by := v.offendersZH()
	switch v.Violation {
	case rules.PerpetualCheck:
		return fmt.Sprintf("%s%s长将，判负", loser, by)
	case rules.PerpetualMateThreat:
		return fmt.Sprintf("%s%s长杀，判负", loser, by)
	case rules.PerpetualAttack:
		if v.TargetPiece == rules.NoPiece {
			return fmt.Sprintf("%s%s长打（%s），判负", loser, by, v.attackKindsZH())
		}
		return fmt.Sprintf("%s%s长打（%s）%s，判负", loser, by, v.attackKindsZH(), v.targetZH())
	}
	if v.TargetPiece == rules.NoPiece {
		return fmt.Sprintf("%s%s轮流长捉数子，判负", loser, by)
	}
	return fmt.Sprintf("%s%s长捉%s，判负", loser, by, v.targetZH())
}

// attackKindsEN names the kinds of move a perpetual attack mixed, e.g.
// "checks and chases" (一将一捉).
func (v Verdict) attackKindsEN() string {
	var kinds []string
	if v.Checks {
		kinds = append(kinds, "checks")
	}
	if v.MateThreats {
		kinds = append(kinds, "mate threats")
	}
	if v.Chases {
		kinds = append(kinds, "chases")
	}
	switch len(kinds) {
	case 0:
		return "attacks"
	case 1:
		return kinds[0]
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " and " + kinds[len(kinds)-1]
}

// attackKindsZH names them in Chinese, e.g. "将捉交替".
func (v Verdict) attackKindsZH() string {
	s := ""
	if v.Checks {
		s += "将"
	}
	if v.MateThreats {
		s += "杀"
	}
	if v.Chases {
		s += "捉"
	}
	return s + "交替"
}

func (v Verdict) targetEN() string {
	if v.TargetPiece == rules.NoPiece {
		return "same piece"
	}
	return fmt.Sprintf("%s %s on %s", colorName(v.TargetPiece.Color()), pieceNamesEN[v.TargetPiece.Type()], v.Target)
}

func (v Verdict) targetZH() string {
	if v.TargetPiece == rules.NoPiece {
		return "同一子"
	}
	c := v.TargetPiece.Color()
	return fmt.Sprintf("%s%s（%s）", colourZHShort[c], PieceChar(rules.MakePiece(c, v.TargetPiece.Type())), v.Target)
}

// offendersEN names the loser's pieces, e.g. " by the cannon on b5 and the rook on a5".
func (v Verdict) offendersEN() string {
	s := ""
	for i, sq := range v.Offenders {
		switch {
		case i == 0:
			s = " by the "
		case i == len(v.Offenders)-1:
			s += " and the "
		default:
			s += ", the "
		}
		s += fmt.Sprintf("%s on %s", pieceNamesEN[v.pieceAt(sq)], sq)
	}
	return s
}

func (v Verdict) offendersZH() string {
	s := ""
	for i, sq := range v.Offenders {
		if i > 0 {
			s += "、"
		}
		s += fmt.Sprintf("%s（%s）", PieceChar(rules.MakePiece(v.Loser, v.pieceAt(sq))), sq)
	}
	if s != "" {
		s = "以" + s
	}
	return s
}

// pieceAt is the type of the loser's offending piece on sq, recorded when
// the verdict was made.
func (v Verdict) pieceAt(sq rules.Square) rules.PieceType {
	for i, o := range v.Offenders {
		if o == sq && i < len(v.OffenderPieces) {
			return v.OffenderPieces[i].Type()
		}
	}
	return rules.King
}

func colorName(c rules.Color) string {
	if c == rules.Red {
		return "red"
	}
	return "black"
}
