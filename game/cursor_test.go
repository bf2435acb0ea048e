package game

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// After a takeback a new move carries the game on: its line becomes the main line and the
// moves taken back a variation. After browsing back a new move starts a variation.
func TestPlayAfterTakeBackAndAfterBrowsing(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2", "h9g7")
	if err := g.TakeBack(0); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "h0g2", "b9c7")
	if got := moveStrings(g.Record().MainLineMoves()); got != "h0g2 b9c7" {
		t.Fatalf("main line after a takeback %q", got)
	}
	if root := g.Record().Root; len(root.Children) != 2 || root.Children[1].Move != mustMove(t, "h2e2") {
		t.Fatal("the moves taken back are not a variation")
	}
	if err := g.GoTo(1); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "h9g7")
	if got := moveStrings(g.Record().MainLineMoves()); got != "h0g2 b9c7" || g.Node().IsMainLine() {
		t.Fatalf("a move after browsing changed the main line to %q", got)
	}
	// Undo is a takeback too; the same move again just replays it.
	g.Undo()
	playAll(t, g, "h9g7")
	if g.Node().IsMainLine() || g.Len() != 2 {
		t.Fatal("replaying the move taken back changed the tree")
	}
	if err := g.TakeBack(3); err == nil {
		t.Error("a takeback forward")
	}
	// Taken back twice from the end, the game goes on from there; taken back while
	// browsing an earlier position, a new move is a variation.
	main := g.Record().MainLine()
	if err := g.GoToNode(main[len(main)-1]); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	g.Undo()
	playAll(t, g, "b0c2")
	if got := moveStrings(g.Record().MainLineMoves()); got != "b0c2" {
		t.Fatalf("main line after two takebacks %q", got)
	}
	playAll(t, g, "h9g7", "h0g2")
	if err := g.GoTo(2); err != nil {
		t.Fatal(err)
	}
	if err := g.TakeBack(1); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "b9c7")
	if got := moveStrings(g.Record().MainLineMoves()); got != "b0c2 h9g7 h0g2" || g.Node().IsMainLine() {
		t.Fatalf("a takeback while browsing changed the main line to %q", got)
	}
}

// A result declared at the end of a variation ends the game there: that line becomes the
// main line. Deleting from the main line drops its result; a declared result needs the
// end of a line.
func TestDeclaredResultsAndTheMainLine(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2", "h9g7", "h0g2")
	if err := g.GoTo(2); err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(rules.Red); err == nil {
		t.Fatal("resigned in the middle of the line")
	}
	playAll(t, g, "b0c2")
	if err := g.Resign(rules.Black); err != nil {
		t.Fatal(err)
	}
	if got := moveStrings(g.Record().MainLineMoves()); got != "h2e2 h9g7 b0c2" || g.Record().Result.Reason != ReasonResignation {
		t.Fatalf("main line %q, result %+v", got, g.Record().Result)
	}
	if err := g.GoToNode(g.Record().Root.Next().Next().Children[1]); err != nil {
		t.Fatal(err)
	}
	if g.Result().Decided() || g.Ply() != 3 {
		t.Fatalf("the variation's end has a result: %v", g.Result())
	}
	// A node with moves after it cannot end the game.
	if err := g.GoToNode(g.Record().Root.Next()); err != nil {
		t.Fatal(err)
	}
	g2, err := OpenLine(g.Record(), g.Node(), 1)
	if err != nil || g2.Len() != 1 {
		t.Fatalf("OpenLine: %v", err)
	}
	if err := g2.Resign(rules.Black); err == nil {
		t.Fatal("resigned where the record goes on")
	}
	main := g.Record().MainLine()
	if err := g.GoToNode(main[2]); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Reason != ReasonResignation {
		t.Fatalf("end of the main line: %v", r)
	}
	if err := g.DeleteHere(); err != nil {
		t.Fatal(err)
	}
	if g.Record().Result.Decided() || g.Ply() != 2 {
		t.Fatalf("after deleting the main line's end: result %v, ply %d", g.Record().Result, g.Ply())
	}
	if err := g.GoTo(0); err != nil || g.DeleteHere() == nil {
		t.Fatal("deleted at the start position")
	}
}

// The result is judged once per state of the game: the cache follows moves, the cursor
// and the recorded result.
func TestResultFollowsTheRecordedResult(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2")
	if g.Result().Decided() {
		t.Fatal("decided at the start")
	}
	g.Record().Result = Result{Status: Draw, Reason: ReasonRecorded}
	if g.Result().Status != Draw {
		t.Fatal("the cached result hides a recorded result")
	}
	g.Undo()
	if g.Result().Decided() {
		t.Fatal("the recorded result shows before the end of the main line")
	}
}
