package game

import "testing"

// The red rook follows the black cannon between the a- and b-files; the
// cannon has no defender. Every red move attacks it anew: Red chases
// perpetually and loses at the third occurrence.
func TestResultPerpetualChaseLoses(t *testing.T) {
	g := mustGame(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"a5b5", "b7a7", "b5a5", "a7b7"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle[:3]...)
	wantResult(t, g, Ongoing, ReasonNone)
	playAll(t, g, cycle[3])
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
	if zhText(t, g.Result().Message()) != "黑胜（长捉）" {
		t.Errorf("Chinese %q", zhText(t, g.Result().Message()))
	}
}

// The same manoeuvre against a cannon that the black rook on i7 defends is
// no chase (taking it would lose the rook): the repetition is a draw.
func TestResultChasingProtectedPieceIsDraw(t *testing.T) {
	g := mustGame(t, "5k3/9/1c6r/9/R8/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"a5b5", "b7a7", "b5a5", "a7b7"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	wantResult(t, g, Draw, ReasonRepetition)
}

// A horse chasing a rook is a chase even when the rook is defended (here by
// the other black rook along rank 8). The black rook's own attack on the
// horse at a6 is no chase: the red rook on a0 defends the horse.
func TestResultHorseChasingDefendedRookLoses(t *testing.T) {
	g := mustGame(t, "5k3/r7r/9/N8/9/9/9/9/9/R2K5 w - - 0 1")
	cycle := []string{"a6c7", "a8b8", "c7a6", "b8a8"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	wantResult(t, g, BlackWins, ReasonPerpetualChase)
}

// A rook that keeps offering a rook exchange is not chasing: the red rook
// follows the black rook from file to file, each time facing it, while
// Black's moves attack nothing. The repetition is a draw.
func TestResultRookExchangeOfferIsNotChase(t *testing.T) {
	g := mustGame(t, "5k3/1r7/9/9/9/9/9/9/R8/3K5 w - - 0 1")
	cycle := []string{"a1b1", "b8a8", "b1a1", "a8b8"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	wantResult(t, g, Draw, ReasonRepetition)
}
