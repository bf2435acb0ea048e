package game

import (
	"slices"
	"testing"
)

// A perpetual mate threat (长杀) loses under the Chinese rules only; the
// forbidden moves and the explanation follow.
func TestChinesePerpetualMateThreat(t *testing.T) {
	const fen = "3k5/r8/3P5/9/R8/9/9/9/9/5K3 w - - 0 1"
	cycle := []string{"a5i5", "a8i8", "i5a5", "i8a8"}
	for _, r := range RuleSets() {
		g := mustGame(t, fen)
		g.SetRules(r)
		playAll(t, g, cycle...)
		playAll(t, g, cycle[:2]...)
		forbidden := moveTexts(g.ForbiddenMoves())
		if want := r == ChineseRules; slices.Contains(forbidden, "i5a5") != want {
			t.Errorf("%v: forbidden %v, want i5a5 forbidden %v", r, forbidden, want)
		}
	}
	g := playCycleTwice(t, fen, ChineseRules, cycle...)
	wantResult(t, g, BlackWins, ReasonPerpetualMateThreat)
	if zhText(t, g.Result().Message()) != "黑胜（长杀）" {
		t.Errorf("result %q", zhText(t, g.Result().Message()))
	}
	v, _ := g.RepetitionVerdict()
	if en := enText(t, v.Message()); en != "Red loses: perpetual mate threats by the rook on file 9" {
		t.Errorf("English %q", en)
	}
	if zh := zhText(t, v.Message()); zh != "红方以九路车长杀，判负" {
		t.Errorf("Chinese %q", zh)
	}
}

// The explanations of the Chinese rules' other offences: a chase of
// several pieces in turn, and a perpetual attack mixing mate threats and
// chases (一杀一捉).
func TestChineseVerdictTexts(t *testing.T) {
	g := playCycleTwice(t, "5k3/r1r6/9/p1p6/9/2C6/9/9/9/3K5 w - - 0 1", ChineseRules, "c4a4", "f9f8", "a4c4", "f8f9")
	v, ok := g.RepetitionVerdict()
	if !ok {
		t.Fatal("no verdict")
	}
	if en := enText(t, v.Message()); en != "Red loses: perpetual chase of several pieces by the cannon on file 7" {
		t.Errorf("English %q", en)
	}
	if zh := zhText(t, v.Message()); zh != "红方以七路炮轮流长捉数子，判负" {
		t.Errorf("Chinese %q", zh)
	}

	g = playCycleTwice(t, "3k5/r8/3P5/9/R8/9/9/n8/9/5K3 w - - 0 1", ChineseRules, "a5i5", "a8i8", "i5a5", "i8a8")
	wantResult(t, g, BlackWins, ReasonPerpetualAttack)
	v, _ = g.RepetitionVerdict()
	if en := enText(t, v.Message()); en != "Red loses: perpetual mate threats and chases of the horse on file 1 by the rook on file 9" {
		t.Errorf("English %q", en)
	}
	if zh := zhText(t, v.Message()); zh != "红方以九路车长打（杀捉交替）黑方１路马，判负" {
		t.Errorf("Chinese %q", zh)
	}
}
