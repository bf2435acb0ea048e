package rules

import (
	"slices"
	"testing"
)

// 联合捉 (Chinese rules, article 24.3): the red horse attacks a cannon that
// an elephant protects. Alone that is an even trade, but the red cannon on
// c1 also attacks c5, so the exchange wins the elephant: a chase under the
// Chinese rules, none under the Asian ones.
func TestChineseJointChase(t *testing.T) {
	const fen = "4k4/9/4b4/9/2c6/9/2P3N2/9/2C6/5K3 w - - 0 1"
	if got := chasesUnder(t, RulesAsian, fen, "g3e4"); len(got) != 0 {
		t.Fatalf("Asian: chases %v, want none", got)
	}
	if got := chasesUnder(t, RulesChinese, fen, "g3e4"); !slices.Equal(got, []string{"e4>c5"}) {
		t.Fatalf("Chinese: chases %v, want [e4>c5]", got)
	}
}

// A capture after which the capturer is mated at once is no chase under the
// Chinese rules (article 24.3): taking the cannon on h8 takes the rook off
// the sixth rank, and Black mates with the rook on d6 (the kings may not
// face each other on the e-file). The Asian judge sees an unprotected
// cannon.
func TestChineseCaptureLettingMateIsNoChase(t *testing.T) {
	const fen = "4k4/2n4c1/9/6R1r/9/9/9/9/9/3K5 w - - 0 1"
	if got := chasesUnder(t, RulesAsian, fen, "g6h6"); !slices.Equal(got, []string{"h6>h8"}) {
		t.Fatalf("Asian: chases %v, want [h6>h8]", got)
	}
	if got := chasesUnder(t, RulesChinese, fen, "g6h6"); len(got) != 0 {
		t.Fatalf("Chinese: chases %v, want none", got)
	}
}

// A protected piece worth no more than its attacker is not chased under the
// Chinese rules either: the exchange on it wins nothing.
func TestChineseEvenTradeIsNoChase(t *testing.T) {
	// As TestChineseJointChase without the red cannon behind the pawn.
	const fen = "4k4/9/4b4/9/2c6/9/2P3N2/9/9/5K3 w - - 0 1"
	if got := chasesUnder(t, RulesChinese, fen, "g3e4"); len(got) != 0 {
		t.Fatalf("chases %v, want none", got)
	}
}

// mateThreatOf reports whether move makes a mate threat (杀) in fen.
func mateThreatOf(t *testing.T, rules RuleSet, fen, move string) bool {
	t.Helper()
	p := mustFEN(t, fen)
	m := mustMove(t, move)
	before := p.FEN()
	var b judgeBuffers
	f := p.moveFacts(m, rules, &b)
	if p.FEN() != before || p.Ply() != 0 {
		t.Fatalf("moveFacts changed the position: %s", p.FEN())
	}
	return f.mateThreat
}

// 杀 (Chinese rules, article 24.2): the rook swings to the i-file and, were
// Black to pass, mates on i9 (the red pawn holds d8). The Asian judge does
// not look for mate threats. A king's step that threatens nothing is no 杀,
// and neither is a move that leaves a threat standing that the mover
// already had before it.
func TestChineseMateThreat(t *testing.T) {
	const fen = "3k5/r8/3P5/9/R8/9/9/9/9/5K3 w - - 0 1"
	if !mateThreatOf(t, RulesChinese, fen, "a5i5") {
		t.Error("Chinese: a5i5 is no mate threat")
	}
	if mateThreatOf(t, RulesAsian, fen, "a5i5") {
		t.Error("Asian: a5i5 is a mate threat")
	}
	if mateThreatOf(t, RulesChinese, fen, "f0f1") {
		t.Error("Chinese: the king's step f0f1 is a mate threat")
	}
	// Red could mate with a5a9 before the advisor's move and still can
	// after it.
	if mateThreatOf(t, RulesChinese, "3k5/9/3P5/9/R8/9/9/9/4A4/5K3 w - - 0 1", "e1d2") {
		t.Error("Chinese: a standing threat is counted for the move e1d2")
	}
}

// Under the Chinese rules every forbidden perpetual attack but perpetual
// check is as grave as the others (article 24.13), so that two of them
// draw; the Asian rules rank a perpetual chase below the other offences.
func TestSeverity(t *testing.T) {
	for _, v := range []Violation{PerpetualChase, PerpetualAttack, PerpetualMateThreat} {
		if got := RulesChinese.Severity(v); got != RulesChinese.Severity(PerpetualChase) || got <= 0 || got >= RulesChinese.Severity(PerpetualCheck) {
			t.Errorf("Chinese severity of %d = %d", v, got)
		}
	}
	if RulesAsian.Severity(PerpetualChase) >= RulesAsian.Severity(PerpetualCheck) || RulesAsian.Severity(NoViolation) != 0 {
		t.Error("Asian severities out of order")
	}
}

// An exchange that wins only when a pawn makes the first capture is the
// pawn's own threat, which is allowed (兵卒本身允许长捉): the cannon's new
// attack on the horse on g5 (through the red pawn as its screen), which an
// elephant and a rook protect, wins nothing when the cannon takes first,
// so it is no chase, although the pawn taking first would win material.
func TestChinesePawnFirstExchangeIsNoChase(t *testing.T) {
	const fen = "3k2r2/9/4b4/9/6n2/6P2/9/7C1/9/5K3 w - - 0 1"
	if got := chasesUnder(t, RulesChinese, fen, "h2g2"); len(got) != 0 {
		t.Fatalf("chases %v, want none", got)
	}
}
