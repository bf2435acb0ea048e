package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// playCycleTwice plays cycle twice from fen under rules: the start position
// then occurs for the third time.
func playCycleTwice(t *testing.T, fen string, rules RuleSet, cycle ...string) *Game {
	t.Helper()
	g := mustGame(t, fen)
	g.SetRules(rules)
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	return g
}

// The seven mistakes of issue 13, each with a position built for it.

// Mistake 1: a crossed pawn chasing a rook on every move was judged a
// perpetual chase, and ForbiddenMoves banned the pawn's move. Pawns may
// threaten perpetually (AXF article 29).
func TestMistakeCrossedPawnChasingRookIsDraw(t *testing.T) {
	fen := "5k3/9/1r7/P8/9/9/9/9/9/3K5 w - - 0 1"
	g := playCycleTwice(t, fen, AsianRules, "a6b6", "b7a7", "b6a6", "a7b7")
	wantResult(t, g, Draw, ReasonRepetition)
	g = mustGame(t, fen)
	playAll(t, g, "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7")
	if f := g.ForbiddenMoves(); len(f) != 0 {
		t.Fatalf("forbidden %v, want none", moveTexts(f))
	}
}

// Mistake 2: a cannon attacking two mutually protecting rooks in turn was
// judged a perpetual chase. Chasing different pieces in turn is allowed
// (AXF article 32).
func TestMistakeCannonAlternatingTwoRooksIsDraw(t *testing.T) {
	fen := "5k3/r1r6/9/p1p6/9/2C6/9/9/9/3K5 w - - 0 1"
	g := playCycleTwice(t, fen, AsianRules, "c4a4", "f9f8", "a4c4", "f8f9")
	wantResult(t, g, Draw, ReasonRepetition)
	g = mustGame(t, fen)
	playAll(t, g, "c4a4", "f9f8", "a4c4", "f8f9", "c4a4", "f9f8")
	if f := g.ForbiddenMoves(); len(f) != 0 {
		t.Fatalf("forbidden %v, want none", moveTexts(f))
	}
}

// Mistake 3: a chase made by a piece other than the one that moved (here
// the horse uncovers the rook on i7) was not seen.
func TestMistakeDiscoveredChaseLoses(t *testing.T) {
	g := playCycleTwice(t, "5k3/9/1c1N4R/9/9/9/9/9/9/3K5 w - - 0 1", AsianRules, "d7e5", "b7b8", "e5d7", "b8b7")
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
	v, _ := g.RepetitionVerdict()
	if v.Target.String() != "b7" || !slices.Contains(v.Offenders, mustSquare(t, "i7")) || !slices.Contains(v.Offenders, mustSquare(t, "d7")) {
		t.Fatalf("verdict %s: want the cannon on b7 chased by the rook on i7 and the horse on d7", enText(t, v.Message()))
	}
}

// Mistake 4: a chase made through a new cannon screen was not seen. The red
// horse steps in front of the cannon on c0, which then attacks the black
// horse on c5 through it, and steps back to a4, from where it attacks that
// horse itself (the red pawn on b5 blocks the black horse's leg, so it is
// no offered exchange).
func TestMistakeNewCannonScreenChaseLoses(t *testing.T) {
	g := playCycleTwice(t, "5k3/9/9/9/1Pn6/N8/9/9/9/2CK5 w - - 0 1", AsianRules, "a4c3", "f9f8", "c3a4", "f8f9")
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
	v, _ := g.RepetitionVerdict()
	if v.Target.String() != "c5" || !slices.Contains(v.Offenders, mustSquare(t, "c0")) || !slices.Contains(v.Offenders, mustSquare(t, "a4")) {
		t.Fatalf("verdict %s: want the horse on c5 chased by the cannon on c0 and the horse on a4", enText(t, v.Message()))
	}
}

// Mistake 5: chasing a pawn that has crossed the river was not a chase.
func TestMistakeChasingCrossedPawnLoses(t *testing.T) {
	g := playCycleTwice(t, "4k4/9/9/9/9/9/2p6/9/3R5/5K3 w - - 0 1", AsianRules, "d1c1", "c3d3", "c1d1", "d3c3")
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
}

// Mistake 6: a pinned protector counted as protection.
func TestMistakePinnedProtectorDoesNotProtect(t *testing.T) {
	g := playCycleTwice(t, "3k5/9/1c1r5/9/R8/3R5/9/9/9/4K4 w - - 0 1", AsianRules, "a5b5", "b7a7", "b5a5", "a7b7")
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
}

// Mistake 7: an X-ray protector whose recapture would expose its own king
// (here to the flying general) counted as protection.
func TestMistakeProtectorExposingKingDoesNotProtect(t *testing.T) {
	g := playCycleTwice(t, "4k4/9/2c6/4n4/R8/9/9/9/9/4K4 w - - 0 1", AsianRules, "a5a7", "c7c5", "a7a5", "c5c7")
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
}

func mustSquare(t *testing.T, s string) rules.Square {
	t.Helper()
	sq, err := rules.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// One check, one chase: a draw under the Asian rules, a loss (长打) under
// the Chinese ones; switching the rule set switches the result, the
// forbidden moves and the warning.
func TestRuleSetDecidesOneCheckOneChase(t *testing.T) {
	const fen = "5k3/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1"
	cycle := []string{"a5f5", "e8f7", "f5a5", "f7e8"}
	g := mustGame(t, fen)
	playAll(t, g, cycle...)
	playAll(t, g, cycle[:2]...)
	last := mustMove(t, cycle[2])
	if f := g.ForbiddenMoves(); len(f) != 0 {
		t.Fatalf("Asian: forbidden %v, want none", moveTexts(f))
	}
	if _, warn := g.WouldLoseByRepetition(last); warn {
		t.Fatal("Asian: warned")
	}
	g.SetRules(ChineseRules)
	if g.Rules() != ChineseRules {
		t.Fatal("Rules() did not change")
	}
	if f := moveTexts(g.ForbiddenMoves()); !slices.Equal(f, []string{"f5a5"}) {
		t.Fatalf("Chinese: forbidden %v, want [f5a5]", f)
	}
	v, warn := g.WouldLoseByRepetition(last)
	if !warn || v.Loser != rules.Red || v.Violation != rules.PerpetualAttack || v.Target.String() != "a8" {
		t.Fatalf("Chinese: warning %v %+v, want Red's perpetual checks and chases of a8", warn, v)
	}
	playAll(t, g, cycle[2:]...)
	wantResult(t, g, BlackWins, ReasonPerpetualAttack)
	g.SetRules(AsianRules)
	wantResult(t, g, Draw, ReasonRepetition)
}

// WouldLoseByRepetition warns before exactly the moves ForbiddenMoves
// lists, and explains the loss.
func TestWouldLoseByRepetitionWarnsBeforeForbiddenMoves(t *testing.T) {
	g := mustGame(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"a5b5", "b7a7", "b5a5", "a7b7"}
	line := append(append([]string{}, cycle...), cycle...)
	for i, m := range line {
		forbidden := moveTexts(g.ForbiddenMoves())
		for _, legal := range g.Position().LegalMoves() {
			v, warn := g.WouldLoseByRepetition(legal)
			if warn != slices.Contains(forbidden, legal.String()) {
				t.Fatalf("ply %d: %s warned %v (%s), forbidden %v", i, legal, warn, enText(t, v.Message()), forbidden)
			}
		}
		v, warn := g.WouldLoseByRepetition(mustMove(t, m))
		if want := i == 6; warn != want {
			t.Fatalf("ply %d (%s): warned %v, want %v", i, m, warn, want)
		}
		if warn && (v.Loser != rules.Red || enText(t, v.Message()) != "Red loses: perpetual chase of the cannon on file 2 by the rook on file 9") {
			t.Fatalf("warning %q", enText(t, v.Message()))
		}
		playAll(t, g, m)
	}
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
	if _, warn := g.WouldLoseByRepetition(mustMove(t, "a5a6")); warn {
		t.Fatal("warned after the end of the game")
	}
	g.Undo()
	if _, warn := g.WouldLoseByRepetition(mustMove(t, "a7a9")); warn {
		t.Fatal("warned for an illegal move")
	}
}

func TestVerdictTexts(t *testing.T) {
	g := playCycleTwice(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1", AsianRules, "a5b5", "b7a7", "b5a5", "a7b7")
	v, ok := g.RepetitionVerdict()
	if !ok {
		t.Fatal("no verdict")
	}
	if en := enText(t, v.Message()); en != "Red loses: perpetual chase of the cannon on file 2 by the rook on file 9" {
		t.Errorf("English %q", en)
	}
	if zh := zhText(t, v.Message()); zh != "红方以九路车长捉黑方２路炮，判负" {
		t.Errorf("Chinese %q", zh)
	}
	if v.Target.String() != "b7" || v.TargetPiece != rules.MakePiece(rules.Black, rules.Cannon) ||
		!slices.Equal(v.OffenderPieces, []rules.Piece{rules.MakePiece(rules.Red, rules.Rook)}) {
		t.Errorf("verdict %+v", v)
	}

	g = playCycleTwice(t, "5k3/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", ChineseRules, "e5f5", "f9e9", "f5e5", "e9f9")
	v, _ = g.RepetitionVerdict()
	if en := enText(t, v.Message()); en != "Red loses: perpetual check by the rook on file 5" {
		t.Errorf("English %q", en)
	}
	if zh := zhText(t, v.Message()); zh != "红方以五路车长将，判负" {
		t.Errorf("Chinese %q", zh)
	}

	g = playCycleTwice(t, "5k3/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1", ChineseRules, "a5f5", "e8f7", "f5a5", "f7e8")
	wantResult(t, g, BlackWins, ReasonPerpetualAttack)
	v, _ = g.RepetitionVerdict()
	if en := enText(t, v.Message()); !strings.HasPrefix(en, "Red loses: perpetual checks and chases of the cannon on file 1") {
		t.Errorf("English %q", en)
	}
	if zhText(t, g.Result().Message()) != "黑胜（长打）" {
		t.Errorf("result %q", zhText(t, g.Result().Message()))
	}

	// A drawn repetition and an ongoing game have no verdict.
	g = playCycleTwice(t, "5k3/9/1c6r/9/R8/9/9/9/9/3K5 w - - 0 1", AsianRules, "a5b5", "b7a7", "b5a5", "a7b7")
	if _, ok := g.RepetitionVerdict(); ok {
		t.Error("verdict for a draw")
	}
}

func TestRuleSetInfo(t *testing.T) {
	texts := loadCatalogs(t)
	for _, r := range RuleSets() {
		info := RuleSetInfo(r)
		nameEN, nameZH := say(t, texts, info.Name)
		descriptionEN, descriptionZH := say(t, texts, info.Description)
		if nameEN == "" || nameZH == "" || !strings.HasSuffix(descriptionEN, ".") || !strings.HasSuffix(descriptionZH, "。") {
			t.Errorf("%v: %q %q %q %q", r, nameEN, nameZH, descriptionEN, descriptionZH)
		}
	}
	if g := mustGame(t, ""); g.Rules() != AsianRules {
		t.Error("a new game is not judged by the Asian rules")
	}
}
