package game

import (
	"github.com/xqfyne/xiangqi/i18n"
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
	// TargetPlace and OffenderPlaces name those points as the board does (PlaceOf), in
	// the position judged.
	TargetPlace    i18n.Message
	OffenderPlaces []i18n.Message
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
	return g.wouldLoseByRepetition(m)
}

// wouldLoseByRepetition is WouldLoseByRepetition for a legal move m.
func (g *Game) wouldLoseByRepetition(m rules.Move) (Verdict, bool) {
	if g.Result().Decided() {
		return Verdict{}, false
	}
	// The moves are made and taken back on the game's own position, not on a copy of it
	// with its whole history: this runs on every tapped move.
	mover, p := g.pos.Side(), g.pos
	p.MakeMove(m)
	defer p.UnmakeMove()
	reply, lost := lossByRepetitionAfter(p, mover, g.rules)
	if !lost {
		return Verdict{}, false
	}
	if reply != rules.NoMove {
		p.MakeMove(reply)
		defer p.UnmakeMove()
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
		out.TargetPlace = PlaceOf(pos, v.Target)
	}
	for _, sq := range out.Offenders {
		out.OffenderPieces = append(out.OffenderPieces, pos.At(sq))
		out.OffenderPlaces = append(out.OffenderPlaces, PlaceOf(pos, sq))
	}
	return out, true
}

// Message explains the verdict, e.g. "Black loses: perpetual chase of the rook on file 2
// by the cannon on file 8" (the chased piece is the winner's: English leaves out its
// colour, which a small window's status line has no room for).
func (v Verdict) Message() i18n.Message {
	args := i18n.Args{"Loser": SideName(v.Loser), "By": v.offenders()}
	if v.TargetPiece != rules.NoPiece {
		args["Target"] = i18n.Message{Key: "verdict.target", Args: i18n.Args{
			"Colour": ColourName(v.TargetPiece.Color()), "Piece": PieceName(v.TargetPiece), "Place": v.TargetPlace}}
	}
	var key string
	switch {
	case v.Violation == rules.PerpetualCheck:
		key = "verdict.check"
	case v.Violation == rules.PerpetualMateThreat:
		key = "verdict.mateThreat"
	case v.Violation == rules.PerpetualAttack && v.TargetPiece == rules.NoPiece:
		key, args["Kinds"] = "verdict.attack", v.attackKinds()
	case v.Violation == rules.PerpetualAttack:
		key, args["Kinds"] = "verdict.attackOnPiece", v.attackKinds()
	case v.TargetPiece == rules.NoPiece:
		key = "verdict.chaseSeveral" // the Chinese rules' chase of several pieces in turn
	default:
		key = "verdict.chase"
	}
	return i18n.Message{Key: key, Args: args}
}

// attackKinds names the kinds of move a perpetual attack mixed, e.g. "checks and
// chases" (将捉).
func (v Verdict) attackKinds() any {
	var kinds []i18n.Message
	if v.Checks {
		kinds = append(kinds, i18n.Message{Key: "verdict.kind.check"})
	}
	if v.MateThreats {
		kinds = append(kinds, i18n.Message{Key: "verdict.kind.mateThreat"})
	}
	if v.Chases {
		kinds = append(kinds, i18n.Message{Key: "verdict.kind.chase"})
	}
	if len(kinds) == 0 {
		return i18n.Message{Key: "verdict.kinds.none"}
	}
	return i18n.List{Style: "list.attackKinds", Items: kinds}
}

// offenders names the loser's pieces, e.g. " by the cannon on file 8 and the rook on
// file 9";
// nothing when the judge named none.
func (v Verdict) offenders() i18n.Message {
	if len(v.Offenders) == 0 {
		return i18n.Message{}
	}
	pieces := make([]i18n.Message, len(v.Offenders))
	for i, sq := range v.Offenders {
		place := i18n.Message{Key: "place.coordinates", Args: i18n.Args{"Square": sq.String()}}
		if i < len(v.OffenderPlaces) {
			place = v.OffenderPlaces[i]
		}
		pieces[i] = i18n.Message{Key: "verdict.offender", Args: i18n.Args{
			"Piece": PieceName(rules.MakePiece(v.Loser, v.pieceAt(sq))), "Place": place}}
	}
	return i18n.Message{Key: "verdict.by", Args: i18n.Args{"Pieces": i18n.List{Style: "list.and", Items: pieces}}}
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
