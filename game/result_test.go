package game

import (
	"bytes"
	"errors"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func mustGame(t *testing.T, fen string) *Game {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatalf("New(%q): %v", fen, err)
	}
	return g
}

// playAll plays ICCS moves, failing the test on the first error.
func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if err := g.Play(mustMove(t, s)); err != nil {
			t.Fatalf("Play(%s) at ply %d: %v (result %v)", s, g.Ply(), err, g.Result())
		}
	}
}

func wantResult(t *testing.T, g *Game, status Status, reason Reason) {
	t.Helper()
	r := g.Result()
	if r.Status != status || r.Reason != reason {
		t.Fatalf("result at ply %d = %v (status %d, reason %d), want status %d reason %d", g.Ply(), r, r.Status, r.Reason, status, reason)
	}
	if status == RedWins && r.Winner != rules.Red || status == BlackWins && r.Winner != rules.Black {
		t.Fatalf("winner %v for %v", r.Winner, r)
	}
}

func TestResultCheckmate(t *testing.T) {
	// Red rooks on a8 and b1, kings d0/e9: the rook lift to b9 mates, the
	// a8 rook holds rank 8 and the red king holds the d-file.
	g := mustGame(t, "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1")
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, "b1b9")
	wantResult(t, g, RedWins, ReasonCheckmate)
	if zhText(t, g.Result().Message()) != "红胜（将死）" || enText(t, g.Result().Message()) != "Red wins by checkmate" || g.Result().PGN() != "1-0" {
		t.Errorf("texts %q %q %q", zhText(t, g.Result().Message()), enText(t, g.Result().Message()), g.Result().PGN())
	}
	if err := g.Play(mustMove(t, "e9e8")); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after mate: %v, want ErrGameOver", err)
	}
}

// Over looks at the end of the main line, wherever the cursor is: a mate there, or a
// recorded result; a variation's mate does not end the game.
func TestOverAtTheEndOfTheMainLine(t *testing.T) {
	g := mustGame(t, "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1")
	if g.Over() {
		t.Fatal("the start is over")
	}
	playAll(t, g, "b1b9")
	if err := g.GoTo(0); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Fatal("a mated main line is not over with the cursor at the start")
	}
	playAll(t, g, "b1b2") // a variation; the mate stays the main line
	if !g.Over() {
		t.Fatal("the game is not over on a variation")
	}
	g = mustGame(t, "")
	playAll(t, g, "h2e2")
	if g.Over() {
		t.Fatal("an ongoing game is over")
	}
	if err := g.Resign(rules.Black); err != nil || !g.Over() {
		t.Fatalf("resigned: %v, over %v", err, g.Over())
	}
}

func TestResultStalemate(t *testing.T) {
	// After 车三平四 the black king on e9 is not in check but every square
	// is covered: rank 8 by the a8 rook, d9 by the facing red king, f9 by
	// the f-file rook. Stalemate loses in Xiangqi.
	g := mustGame(t, "4k4/R8/9/9/9/9/9/9/6R2/3K5 w - - 0 1")
	playAll(t, g, "g1f1")
	if g.Position().InCheck() {
		t.Fatal("stalemate position must not be check")
	}
	wantResult(t, g, RedWins, ReasonStalemate)
	if zhText(t, g.Result().Message()) != "红胜（困毙）" {
		t.Errorf("Chinese %q", zhText(t, g.Result().Message()))
	}
}

func TestResultPerpetualCheckLoses(t *testing.T) {
	// The red rook checks from the e- and f-files in turn, the black king
	// steps between e9 and f9. At the third occurrence Red, who checked on
	// every move, loses.
	g := mustGame(t, "5k3/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"e5f5", "f9e9", "f5e5", "e9f9"}
	playAll(t, g, cycle...)
	wantResult(t, g, Ongoing, ReasonNone) // second occurrence only
	playAll(t, g, cycle[:3]...)
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, cycle[3])
	wantResult(t, g, BlackWins, ReasonPerpetualCheck)
	if zhText(t, g.Result().Message()) != "黑胜（长将）" {
		t.Errorf("Chinese %q", zhText(t, g.Result().Message()))
	}
	// Redo after undo reaches the same verdict.
	if !g.Undo() || g.Result().Decided() {
		t.Fatalf("after undo: %v", g.Result())
	}
	if !g.Redo() {
		t.Fatal("redo failed")
	}
	wantResult(t, g, BlackWins, ReasonPerpetualCheck)
	// Going back to Red's last check and playing a quiet rook move instead
	// replaces the tail of the line, and the game goes on.
	if err := g.GoTo(6); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "f5f1")
	wantResult(t, g, Ongoing, ReasonNone)
	if g.Len() != 7 {
		t.Errorf("line length %d after deviation, want 7", g.Len())
	}
}

func TestResultPerpetualCheckByBlackLoses(t *testing.T) {
	// Mirror image with colours swapped: the black rook checks the red king.
	g := mustGame(t, "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1")
	cycle := []string{"e4f4", "f0e0", "f4e4", "e0f0"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	wantResult(t, g, RedWins, ReasonPerpetualCheck)
}

func TestResultRepetitionDraw(t *testing.T) {
	// Both rooks shuffle without checking: threefold repetition is a draw.
	g := mustGame(t, "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	cycle := []string{"a0a1", "i9i8", "a1a0", "i8i9"}
	playAll(t, g, cycle...)
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, cycle...)
	wantResult(t, g, Draw, ReasonRepetition)
	if g.Result().PGN() != "1/2-1/2" || zhText(t, g.Result().Message()) != "和棋（重复局面）" {
		t.Errorf("texts %q %q", g.Result().PGN(), zhText(t, g.Result().Message()))
	}
}

func TestResultRepetitionAfterCaptureCountsFresh(t *testing.T) {
	// A capture breaks the repetition chain: the same shuffle after a
	// capture needs its own three occurrences.
	g := mustGame(t, "5k2r/9/9/9/p8/9/9/9/9/R2K5 w - - 0 1")
	playAll(t, g, "a0a1", "i9i8", "a1a0", "i8i9", "a0a5") // rook takes the pawn
	playAll(t, g, "i9i8", "a5a6", "i8i9", "a6a5", "i9i8", "a5a6", "i8i9")
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, "a6a5")
	wantResult(t, g, Draw, ReasonRepetition)
}

func TestResultNoAttackers(t *testing.T) {
	// The red advisor takes Black's last pawn: neither side has a rook,
	// horse, cannon or pawn left.
	g := mustGame(t, "4k4/9/9/9/9/9/9/9/4p4/3A1K3 w - - 0 1")
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, "d0e1")
	wantResult(t, g, Draw, ReasonNoAttackers)
}

func TestResultUncrossedPawnIsStillAnAttacker(t *testing.T) {
	// King and pawn against king is a win for the pawn side even before
	// the pawn crosses the river, so this is not a material draw.
	g := mustGame(t, "4k4/9/9/9/9/9/P8/9/9/3K5 w - - 0 1")
	wantResult(t, g, Ongoing, ReasonNone)
}

func TestResultMoveLimit(t *testing.T) {
	// 119 plies without capture in the FEN; one more quiet move reaches
	// the 60-move limit.
	g := mustGame(t, "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 119 70")
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, "a0a1")
	wantResult(t, g, Draw, ReasonMoveLimit)
}

func TestResultMoveLimitResetByCapture(t *testing.T) {
	g := mustGame(t, "5k3/9/9/9/9/9/9/9/p8/R2K5 w - - 119 70")
	playAll(t, g, "a0a1") // captures: the count starts again
	wantResult(t, g, Ongoing, ReasonNone)
}

func TestResultResignationAndAgreement(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2")
	if err := g.Resign(rules.Black); err != nil {
		t.Fatal(err)
	}
	wantResult(t, g, RedWins, ReasonResignation)
	if err := g.Play(mustMove(t, "h9g7")); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after resignation: %v", err)
	}
	// The declared result belongs to the end of the line only.
	g.Undo()
	wantResult(t, g, Ongoing, ReasonNone)
	if err := g.Resign(rules.Red); err == nil {
		t.Error("resigning in the middle of the line accepted")
	}
	// Playing a different move replaces the line and the resignation.
	playAll(t, g, "b2e2")
	wantResult(t, g, Ongoing, ReasonNone)
	if err := g.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	wantResult(t, g, Draw, ReasonAgreement)
}

func TestResultFlagFall(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2")
	if err := g.FlagFall(rules.Black); err != nil {
		t.Fatal(err)
	}
	wantResult(t, g, RedWins, ReasonTime)
	if err := g.Play(mustMove(t, "h9g7")); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after a flag fall: %v", err)
	}
	// Red's clock runs out, but Black has only advisors and elephants: nothing that
	// could ever mate, so the flag fall is a draw.
	g = mustGame(t, "3akab2/9/4b4/9/9/9/9/9/4R4/4K4 w - - 0 1")
	if err := g.FlagFall(rules.Red); err != nil {
		t.Fatal(err)
	}
	wantResult(t, g, Draw, ReasonTimeNoAttackers)
	// The same position with Black's clock out: Red has a rook, Black loses.
	g = mustGame(t, "3akab2/9/4b4/9/9/9/9/9/4R4/4K4 b - - 0 1")
	if err := g.FlagFall(rules.Black); err != nil {
		t.Fatal(err)
	}
	wantResult(t, g, RedWins, ReasonTime)
}

func TestSaveKeepsFlagFall(t *testing.T) {
	for _, fen := range []string{"", "3akab2/9/4b4/9/9/9/9/9/4R4/4K4 w - - 0 1"} {
		g := mustGame(t, fen)
		if err := g.FlagFall(rules.Red); err != nil {
			t.Fatal(err)
		}
		want := g.Result()
		var buf bytes.Buffer
		if err := g.Record().SaveRecord(&buf); err != nil {
			t.Fatal(err)
		}
		rec, err := LoadRecord(&buf)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Open(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := back.Result(); got != want {
			t.Errorf("%q: restored result %+v, want %+v", fen, got, want)
		}
	}
}

// Result tokens and reason keys read back what Result.PGN and Reason.String write, and
// nothing else.
func TestResultTokensAndReasonKeysReadBack(t *testing.T) {
	for _, r := range []Result{win(rules.Red, ReasonRecorded), win(rules.Black, ReasonRecorded),
		{Status: Draw, Reason: ReasonRecorded}, {}} {
		got, err := ParseResultToken(r.PGN())
		if err != nil || got != r {
			t.Errorf("%q read as %v, %v; want %v", r.PGN(), got, err, r)
		}
	}
	for _, bad := range []string{"", "1-1", "1/2", "½-½", "1-0 ", "0-1\x00", "**"} {
		if r, err := ParseResultToken(bad); err == nil {
			t.Errorf("%q read as %v", bad, r)
		}
	}
	for r := ReasonCheckmate; int(r) < len(reasonKeys); r++ {
		if got, ok := ParseReasonKey(r.String()); !ok || got != r {
			t.Errorf("%q read as %v, %v", r.String(), got, ok)
		}
	}
	for _, bad := range []string{"", "reason.none", "reason.abandoned", "reason.", "checkmate"} {
		if r, ok := ParseReasonKey(bad); ok {
			t.Errorf("%q read as %v", bad, r)
		}
	}
}
