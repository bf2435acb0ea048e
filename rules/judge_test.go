package rules

import (
	"slices"
	"testing"
)

// chasesOf plays nothing: it lists "chaser>target" for the chases move m
// makes in fen under the Asian rules.
func chasesOf(t *testing.T, fen, move string) []string {
	t.Helper()
	return chasesUnder(t, RulesAsian, fen, move)
}

// chasesUnder lists "chaser>target" for the chases move m makes in fen
// under rules.
func chasesUnder(t *testing.T, rules RuleSet, fen, move string) []string {
	t.Helper()
	p := mustFEN(t, fen)
	m := mustMove(t, move)
	if !p.IsLegal(m) {
		t.Fatalf("%s illegal in %s", move, fen)
	}
	before := p.FEN()
	var b judgeBuffers
	f := p.moveFacts(m, rules, &b)
	if p.FEN() != before || p.Ply() != 0 {
		t.Fatalf("moveFacts changed the position: %s", p.FEN())
	}
	var out []string
	for _, c := range f.chases {
		out = append(out, c.chaser.String()+">"+c.target.String())
	}
	return out
}

// A piece that becomes a cannon's screen makes the cannon's attack a chase,
// although the moved piece attacks nothing.
func TestChaseByNewCannonScreen(t *testing.T) {
	got := chasesOf(t, "5k3/9/9/9/2n6/4N4/9/9/9/2CK5 w - - 0 1", "e4c3")
	if !slices.Equal(got, []string{"c0>c5"}) {
		t.Fatalf("chases %v, want [c0>c5]", got)
	}
}

// A cannon facing a cannon that can take it back offers an exchange.
func TestCannonFacingCannonIsExchangeOffer(t *testing.T) {
	got := chasesOf(t, "5k3/9/9/9/2c6/4N4/9/9/9/2CK5 w - - 0 1", "e4c3")
	if len(got) != 0 {
		t.Fatalf("chases %v, want none", got)
	}
}

// A pawn on its own side of the river is no target; across it, it is.
func TestUncrossedPawnIsNoTarget(t *testing.T) {
	if got := chasesOf(t, "4k4/9/9/2p6/9/9/9/9/9/R2K5 w - - 0 1", "a0c0"); len(got) != 0 {
		t.Fatalf("uncrossed pawn: chases %v, want none", got)
	}
	if got := chasesOf(t, "4k4/9/9/9/9/9/2p6/9/9/R2K5 w - - 0 1", "a0c0"); !slices.Equal(got, []string{"c0>c3"}) {
		t.Fatalf("crossed pawn: chases %v, want [c0>c3]", got)
	}
}

// Kings and pawns threaten without chasing.
func TestKingAndPawnDoNotChase(t *testing.T) {
	if got := chasesOf(t, "5k3/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1", "e1d1"); len(got) != 0 {
		t.Fatalf("king: chases %v, want none", got)
	}
	if got := chasesOf(t, "5k3/9/1r7/P8/9/9/9/9/9/3K5 w - - 0 1", "a6b6"); len(got) != 0 {
		t.Fatalf("pawn: chases %v, want none", got)
	}
}

// An advisor or elephant attacking a protected horse or cannon chases it:
// the target is worth more than the attacker.
func TestElephantChasesProtectedCannon(t *testing.T) {
	// The black rook on a2 protects the cannon on e2 along rank 2; the rook
	// leaving d1 frees the eye of the elephant on c0.
	got := chasesOf(t, "4k4/9/9/9/9/9/9/r3c4/3R5/2B2K3 w - - 0 1", "d1d3")
	if !slices.Equal(got, []string{"c0>e2"}) {
		t.Fatalf("chases %v, want [c0>e2]", got)
	}
}

// A chaser that may not leave its line (pinned against its own king)
// threatens nothing.
func TestPinnedChaserDoesNotChase(t *testing.T) {
	// The red rook on e3 is pinned on the e-file by the black rook on e8;
	// on e4 it attacks the cannon on c4, but capturing it would be illegal.
	got := chasesOf(t, "3k5/4r4/9/9/9/2c6/4R4/9/9/4K4 w - - 0 1", "e3e4")
	if len(got) != 0 {
		t.Fatalf("chases %v, want none", got)
	}
	// Without the pinning rook the same move chases.
	got = chasesOf(t, "3k5/9/9/9/9/2c6/4R4/9/9/4K4 w - - 0 1", "e3e4")
	if !slices.Equal(got, []string{"e4>c4"}) {
		t.Fatalf("unpinned: chases %v, want [e4>c4]", got)
	}
}

// The graver offence loses: perpetual check over perpetual chase, and
// equal offences draw.
func TestVerdictRanking(t *testing.T) {
	for _, tc := range []struct {
		red, black Violation
		decided    bool
		loser      Color
	}{
		{PerpetualCheck, PerpetualChase, true, Red},
		{PerpetualChase, PerpetualCheck, true, Black},
		{PerpetualChase, PerpetualChase, false, Red},
		{PerpetualCheck, PerpetualCheck, false, Red},
		{NoViolation, PerpetualAttack, true, Black},
		{NoViolation, NoViolation, false, Red},
	} {
		j := judgeState{}
		set := func(c Color, v Violation) {
			j.moves[c] = 2
			j.unbroken[c] = true
			switch v {
			case PerpetualCheck:
				j.checks[c] = 2
			case PerpetualChase:
				j.chasing[c], j.prey[c] = 2, []Square{Sq(0, 0)}
			case PerpetualAttack:
				j.rules = RulesChinese
				j.checks[c], j.chasing[c], j.prey[c] = 1, 1, []Square{Sq(0, 0)}
			case NoViolation:
				j.unbroken[c] = false
			}
		}
		set(Red, tc.red)
		set(Black, tc.black)
		if j.violation(Red) != tc.red || j.violation(Black) != tc.black {
			t.Fatalf("%v/%v: violations %v/%v", tc.red, tc.black, j.violation(Red), j.violation(Black))
		}
		v := j.verdict(NewPosition())
		if v.Decided != tc.decided || v.Decided && v.Loser != tc.loser {
			t.Errorf("%v vs %v: %+v, want decided %v loser %v", tc.red, tc.black, v, tc.decided, tc.loser)
		}
	}
}

// JudgeRepetition finds the cycle, names the pieces, and leaves the
// position as it was.
func TestJudgeRepetitionPerpetualChase(t *testing.T) {
	p := mustFEN(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	play(t, p, "a5b5 b7a7 b5a5 a7b7")
	before, moves := p.FEN(), p.Moves()
	v, ok := p.JudgeRepetition(1, RulesAsian)
	if !ok || !v.Decided || v.Loser != Red || v.Violations != [2]Violation{PerpetualChase, NoViolation} {
		t.Fatalf("verdict %+v ok %v", v, ok)
	}
	if v.Target != Sq(1, 7) || !slices.Equal(v.Offenders, []Square{Sq(0, 5)}) {
		t.Fatalf("target %v offenders %v, want b7 and [a5]", v.Target, v.Offenders)
	}
	if p.FEN() != before || !slices.Equal(p.Moves(), moves) {
		t.Fatal("the judge changed the position")
	}
	if _, ok := p.JudgeRepetition(2, RulesAsian); ok {
		t.Fatal("a second repetition reported after one cycle")
	}
}

func TestParseRuleSet(t *testing.T) {
	for s, want := range map[string]RuleSet{"asian": RulesAsian, "WXF": RulesAsian, "Chinese": RulesChinese, " cxa ": RulesChinese} {
		if r, err := ParseRuleSet(s); err != nil || r != want {
			t.Errorf("ParseRuleSet(%q) = %v, %v", s, r, err)
		}
	}
	if _, err := ParseRuleSet("fide"); err == nil {
		t.Error("ParseRuleSet accepted fide")
	}
	if RulesChinese.String() != "chinese" || RulesAsian.String() != "asian" {
		t.Error("names")
	}
}

// A move that pins the protector of a piece already attacked chases it:
// the rook coming to d4 pins the horse on d7 against its king, so the
// cannon on c5, attacked all along by the rook on c0, loses its protection
// (AXF appendix, "example of perpetual chase": a protection taken away).
func TestChaseByPinningTheProtector(t *testing.T) {
	got := chasesOf(t, "3k5/4a4/3n5/9/2c6/R8/9/9/9/2R2K3 w - - 0 1", "a4d4")
	if !slices.Contains(got, "c0>c5") {
		t.Fatalf("chases %v, want c0>c5 among them", got)
	}
}

// A horse can pin too: on c8 its leg is the black horse on d8, which could
// no longer move without uncovering the horse's check on e9, so it no
// longer protects the cannon on c6 that the rook on c0 attacks.
func TestChaseByHorsePinningTheProtector(t *testing.T) {
	got := chasesOf(t, "4k4/3n5/N8/2c6/9/9/9/9/9/2RK5 w - - 0 1", "a7c8")
	if !slices.Equal(got, []string{"c0>c6"}) {
		t.Fatalf("chases %v, want [c0>c6]", got)
	}
}

// A pin the move does not make is no chase: with the rook already on d4,
// moving the other rook along its file keeps the attack on the cannon as
// it was (hanging before and after).
func TestStandingThreatIsNoChase(t *testing.T) {
	if got := chasesOf(t, "3k5/4a4/3n5/9/2c6/3R5/9/9/9/2R2K3 w - - 0 1", "c0c1"); slices.Contains(got, "c1>c5") {
		t.Fatalf("chases %v, want no c1>c5", got)
	}
}

// Protection only through the chaser's own square is no protection (an
// X-ray; AXF article 19, diagrams 39-41: the horse protected only by a rook
// behind the attacking rook "is not protected"): the black rook on i5
// could retake on b5 only because the red rook left f5.
func TestXRayProtectionIsNoProtection(t *testing.T) {
	got := chasesOf(t, "4k4/9/9/9/1c6r/9/9/5R3/9/3K5 w - - 0 1", "f2f5")
	if !slices.Equal(got, []string{"f5>b5"}) {
		t.Fatalf("chases %v, want [f5>b5]", got)
	}
	// A protector with its own line to b5 protects: no chase.
	if got := chasesOf(t, "4k4/9/9/9/1c6r/1r7/9/5R3/9/3K5 w - - 0 1", "f2f5"); slices.Contains(got, "f5>b5") {
		t.Fatalf("chases %v, want no f5>b5", got)
	}
}

// A cannon stepping onto another cannon's line becomes its screen (an
// anti-discovered chase by the cannon behind), and stepping off it attacks
// the fled horse itself; a piece leaving a cannon's line, where it was the
// second screen, uncovers the cannon's attack (a discovered chase).
func TestCannonDiscoveredAndAntiDiscoveredChases(t *testing.T) {
	const screen = "5k3/9/n1N6/9/9/2C6/9/9/9/C2K5 w - - 0 1"
	if got := chasesOf(t, screen, "c4a4"); !slices.Equal(got, []string{"a0>a7"}) {
		t.Fatalf("cannon as screen: chases %v, want [a0>a7]", got)
	}
	p := mustFEN(t, screen)
	play(t, p, "c4a4 a7c8")
	if got := chasesOf(t, p.FEN(), "a4c4"); !slices.Equal(got, []string{"c4>c8"}) {
		t.Fatalf("cannon as chaser: chases %v, want [c4>c8]", got)
	}
	// With a black rook on i8 the horse on c8 is protected: no chase.
	p = mustFEN(t, "5k3/8r/n1N6/9/9/2C6/9/9/9/C2K5 w - - 0 1")
	play(t, p, "c4a4 a7c8")
	if got := chasesOf(t, p.FEN(), "a4c4"); len(got) != 0 {
		t.Fatalf("protected horse: chases %v, want none", got)
	}
	const second = "4k4/9/b8/9/n8/9/N8/9/9/C2K5 w - - 0 1"
	if got := chasesOf(t, second, "a3c4"); !slices.Equal(got, []string{"a0>a7"}) {
		t.Fatalf("second screen leaving: chases %v, want [a0>a7]", got)
	}
	// An elephant protected by the other elephant is not chased by a cannon.
	if got := chasesOf(t, "2b1k4/9/b8/9/n8/9/N8/9/9/C2K5 w - - 0 1", "a3c4"); len(got) != 0 {
		t.Fatalf("protected elephant: chases %v, want none", got)
	}
}

// One check, one chase (一将一捉) of an unprotected cannon by one rook: no
// offence under the Asian rules (AXF article 12, diagram 13), 长打 under the
// Chinese rules (article 24.13), with the rook named and both kinds set.
func TestOneCheckOneChaseRulings(t *testing.T) {
	const fen = "4k4/9/9/1R7/9/9/9/1c7/9/5K3 w - - 0 1"
	p := mustFEN(t, fen)
	play(t, p, "b6e6 e9d9 e6b6 d9e9 b6e6 e9d9 e6b6 d9e9")
	v, ok := p.JudgeRepetition(2, RulesAsian)
	if !ok || v.Decided || v.Violations != [2]Violation{} {
		t.Fatalf("Asian: %+v ok %v, want a draw with no offence", v, ok)
	}
	v, ok = p.JudgeRepetition(2, RulesChinese)
	if !ok || !v.Decided || v.Loser != Red || v.Violations[Red] != PerpetualAttack || !v.Checks || !v.Chases {
		t.Fatalf("Chinese: %+v ok %v, want Red to lose by 长打", v, ok)
	}
	if v.Target != Sq(1, 2) || !slices.Equal(v.Offenders, []Square{Sq(1, 6)}) {
		t.Fatalf("Chinese: target %v offenders %v, want b2 and [b6]", v.Target, v.Offenders)
	}
	// Protected by a rook on i2, the cannon is not chased: one check, one
	// idle move under both rule books.
	p = mustFEN(t, "4k4/9/9/1R7/9/9/9/1c6r/9/5K3 w - - 0 1")
	play(t, p, "b6e6 e9d9 e6b6 d9e9 b6e6 e9d9 e6b6 d9e9")
	for _, r := range []RuleSet{RulesAsian, RulesChinese} {
		if v, ok := p.JudgeRepetition(2, r); !ok || v.Decided || v.Violations != [2]Violation{} {
			t.Errorf("%v, protected: %+v ok %v, want a draw with no offence", r, v, ok)
		}
	}
}
