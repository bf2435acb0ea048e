package game

import "github.com/xqfyne/xiangqi/rules"

// LegalMove is a move judged legal in one game's position, so that a caller that checked
// it (a tap, the engine's reply) can have it played without its being judged again. It
// holds only while that game has not changed since: played against another game, or
// after any change, it is judged again.
type LegalMove struct {
	m       rules.Move
	g       *Game
	version uint64
}

// Move is the move.
func (lm LegalMove) Move() rules.Move { return lm.m }

// Legal judges m in the current position: ok is false when it is illegal or the game is
// decided (Play would refuse it).
func (g *Game) Legal(m rules.Move) (lm LegalMove, ok bool) {
	if g.Result().Decided() || !g.pos.IsLegal(m) {
		return LegalMove{}, false
	}
	return LegalMove{m: m, g: g, version: g.version}, true
}

// Holds reports whether lm was judged in g as g stands now.
func (g *Game) Holds(lm LegalMove) bool { return lm.g == g && lm.version == g.version }

// PlayLegal plays a move Legal judged, as Play does; one judged in another game or
// before a change is judged again (Play).
func (g *Game) PlayLegal(lm LegalMove) error {
	if !g.Holds(lm) || g.Result().Decided() {
		return g.Play(lm.m)
	}
	g.add(lm.m)
	return nil
}

// WouldLoseByRepetitionOf is WouldLoseByRepetition for a move Legal judged (one that no
// longer holds is judged again).
func (g *Game) WouldLoseByRepetitionOf(lm LegalMove) (Verdict, bool) {
	if !g.Holds(lm) {
		return g.WouldLoseByRepetition(lm.m)
	}
	return g.wouldLoseByRepetition(lm.m)
}
