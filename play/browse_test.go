package play

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// firstLegal is an engine that plays the first legal move and counts its searches.
func firstLegal(calls *int) SearchFunc {
	return func(_ context.Context, pos *rules.Position, _ engine.Limits, _ func(engine.Info)) engine.SearchResult {
		*calls++
		return engine.SearchResult{Move: pos.LegalMoves()[0]}
	}
}

func lineOf(s *Session) []string {
	var out []string
	for _, m := range s.Game().Moves()[:s.Game().Ply()] {
		out = append(out, m.String())
	}
	return out
}

// fourPliesWithTheEngine starts a game against firstLegal and plays two moves for Red,
// waiting for the engine's answers; calls counts the engine's searches.
func fourPliesWithTheEngine(t *testing.T) (*Session, *playtest.UIQueue, *int) {
	t.Helper()
	calls := 0
	s, q, _ := openSession(t, nil, firstLegal(&calls))
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	tapMove(t, s, "h0g2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 4 })
	return s, q, &calls
}

// Going back pauses the engine: it does not move on a browsed position, even on its
// turn; the player may move there for either side, which starts a variation.
func TestBrowsingPausesTheEngine(t *testing.T) {
	s, q, calls := fourPliesWithTheEngine(t)
	before := *calls
	s.Browser().GoBack() // Black, the engine, to move
	q.Drain()
	if s.Game().Ply() != 3 || s.Engine().Thinking() || !s.Browser().Browsing() || *calls != before {
		t.Fatalf("back: ply %d thinking %v browsing %v searches %d→%d", s.Game().Ply(), s.Engine().Thinking(), s.Browser().Browsing(), before, *calls)
	}
	s.Browser().GoFirst()
	s.Browser().GoForward()
	q.Drain()
	if s.Game().Ply() != 1 || *calls != before || !s.Browser().CanGoBack() || !s.Browser().CanGoForward() {
		t.Fatalf("first, forward: ply %d, searches %d→%d", s.Game().Ply(), before, *calls)
	}
	// Black's move played by the person at ply 1 starts a variation; the engine answers
	// at the end of the new line, where it is Red's... the person's turn: no search.
	engineReply := s.Game().Moves()[1]
	var alt rules.Move
	for _, m := range s.Game().Position().LegalMoves() {
		if m != engineReply {
			alt = m
			break
		}
	}
	s.Input().Tap(alt.From())
	s.Input().Tap(alt.To())
	q.Drain()
	if s.Game().Ply() != 2 || s.Game().LastMove() != alt || *calls != before {
		t.Fatalf("variation move: ply %d last %v searches %d→%d", s.Game().Ply(), s.Game().LastMove(), before, *calls)
	}
	if n := s.Browser().CurrentNode(); n.IsMainLine() || len(n.Parent.Children) != 2 {
		t.Fatal("the new move did not start a variation")
	}
	if main := s.Record().MainLineMoves(); len(main) != 4 {
		t.Fatalf("main line has %d moves, want the 4 played", len(main))
	}
	s.Browser().GoLast()
	if s.Game().Ply() != 2 || s.Engine().Thinking() {
		t.Fatal("last of the variation")
	}
}

// A move from an earlier position keeps the old continuation as the main line, shown in
// the move list one level deeper; promote and delete reshape the tree; navigation to a
// node of another line shows that line.
func TestVariationsPromoteAndDelete(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9"} {
		tapMove(t, s, m)
	}
	s.Browser().GoBack()
	s.Browser().GoBack()
	if s.Game().Ply() != 2 || !s.HumanToMove() {
		t.Fatalf("back twice: ply %d", s.Game().Ply())
	}
	tapMove(t, s, "b0c2")
	q.Drain()
	list := s.Record().MoveList(game.ICCS)
	var texts []string
	for _, e := range list {
		texts = append(texts, e.Text+"@"+string(rune('0'+e.Depth)))
	}
	want := []string{"h2e2@0", "h9g7@0", "h0g2@0", "b0c2@1", "i9h9@0"}
	if !slices.Equal(texts, want) {
		t.Fatalf("move list %v, want %v", texts, want)
	}
	if !s.Browser().CanPromote() || s.Browser().CanGoForward() {
		t.Fatal("on the variation: promote should be possible, forward not")
	}
	// Tapping the main line's last move shows it.
	if err := s.Browser().GoToNode(list[4].Node); err != nil {
		t.Fatal(err)
	}
	if got := lineOf(s); !slices.Equal(got, []string{"h2e2", "h9g7", "h0g2", "i9h9"}) {
		t.Fatalf("main line node shows %v", got)
	}
	if err := s.Browser().GoToNode(list[3].Node); err != nil {
		t.Fatal(err)
	}
	if got := lineOf(s); !slices.Equal(got, []string{"h2e2", "h9g7", "b0c2"}) {
		t.Fatalf("variation node shows %v", got)
	}
	s.Browser().PromoteToMainLine()
	if main := s.Record().MainLineMoves(); len(main) != 3 || main[2] != mv(t, "b0c2") {
		t.Fatalf("promoted main line %v", main)
	}
	if err := s.Browser().DeleteFromHere(); err != nil {
		t.Fatal(err)
	}
	if got := lineOf(s); !slices.Equal(got, []string{"h2e2", "h9g7"}) || s.Game().Len() != 4 {
		t.Fatalf("after delete: shows %v of a line of %d", got, s.Game().Len())
	}
	if main := s.Record().MainLineMoves(); len(main) != 4 || main[2] != mv(t, "h0g2") {
		t.Fatalf("after delete the main line is %v", main)
	}
	s.Browser().GoFirst()
	if s.Browser().CanDelete() || s.Browser().DeleteFromHere() == nil {
		t.Fatal("delete at the start position")
	}
}

// Variations are saved with the game and restored, with the line shown and its cursor.
func TestVariationsAreSavedAndRestored(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7", "h0g2"} {
		tapMove(t, s, m)
	}
	s.Flush()
	if !bytes.Contains(fs.files[saveName], []byte(`{"format":"xiangqi-save",`)) {
		t.Fatalf("the save is not an envelope:\n%s", fs.files[saveName])
	}
	s.Browser().GoBack()
	tapMove(t, s, "b0c2")
	s.Browser().GoBack()
	s.Flush()
	s2, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	var a, b []string
	for _, e := range s.Record().MoveList(game.ICCS) {
		a = append(a, e.Text)
	}
	for _, e := range s2.Record().MoveList(game.ICCS) {
		b = append(b, e.Text)
	}
	if !slices.Equal(a, b) || len(a) != 4 {
		t.Fatalf("restored tree %v, saved %v", b, a)
	}
	if !slices.Equal(lineOf(s2), []string{"h2e2", "h9g7"}) || s2.Game().Len() != 3 || s2.Game().Moves()[2] != mv(t, "b0c2") {
		t.Fatalf("restored line %v of %v", lineOf(s2), s2.Game().Moves())
	}
	if s2.Browser().CurrentNode().Next().Move != mv(t, "h0g2") {
		t.Fatal("the restored tree lost its main line's order")
	}
}

// A damaged envelope is a corrupt save: set aside, never half loaded.
func TestBadEnvelopeIsRejected(t *testing.T) {
	for _, data := range []string{
		`{"format":"xiangqi-session","version":1}`,
		`{"format":"xiangqi-session","version":9,"game":{},"record":{}}`,
		`{"format":"xiangqi-session","version":1,"game":{"format":"xiangqi-game","version":1,"startFen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":[],"ply":0,"metadata":{},"settings":{}},"record":{"format":"xiangqi-record","version":1,"startFen":"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1","metadata":{},"nodes":[]}}`,
	} {
		if _, err := decodeSave([]byte(data)); err == nil {
			t.Errorf("accepted %s", data)
		}
	}
}

// decodeSave never panics, and what it accepts is encoded again to a save that reads back
// to the same bytes.
func FuzzDecodeSave(f *testing.F) {
	f.Add([]byte(`{"format":"xiangqi-session","version":1}`))
	f.Add([]byte(`{"format":"xiangqi-game","version":1}`))
	s, _, _ := openSession(f, nil, nil)
	for _, m := range []string{"h2e2", "h9g7"} {
		tapMove(f, s, m)
	}
	s.Browser().GoBack()
	tapMove(f, s, "b9c7")
	if data, err := encodeSave(s.Game(), s.Settings(), nil, nil); err == nil {
		f.Add(data)
	}
	for _, name := range []string{"line-clock.json", "tree-clock.json"} {
		if data, err := os.ReadFile(filepath.Join(oldSaves, name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		saved, err := decodeSave(data)
		if err != nil {
			return
		}
		set := settingsFrom(saved.settings, English)
		clock := match.RestoreClocks(saved.clock, set.TimeControl)
		first, err := encodeSave(saved.game, set, &clock, nil)
		if err != nil {
			return // metadata a record refuses to write is refused on reading too
		}
		again, err := decodeSave(first)
		if err != nil {
			t.Fatalf("reload: %v\n%s", err, first)
		}
		set = settingsFrom(again.settings, English)
		clock = match.RestoreClocks(again.clock, set.TimeControl)
		second, err := encodeSave(again.game, set, &clock, nil)
		if err != nil || !bytes.Equal(first, second) {
			t.Fatalf("save → load → save differs: %v\n%s\n%s", err, first, second)
		}
	})
}

// A resignation at the end of the main line is there again after a visit to a variation.
func TestMainLineResultSurvivesVariation(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	tapMove(t, s, "h9g7")
	s.Endings().Resign()
	if s.Game().Result().Reason != game.ReasonResignation {
		t.Fatal("not resigned")
	}
	s.Browser().GoBack()
	tapMove(t, s, "b9c7")
	if s.Game().Ply() != 2 || s.Browser().CurrentNode().IsMainLine() {
		t.Fatal("no variation")
	}
	main := s.Record().MainLine()
	if err := s.Browser().GoToNode(main[len(main)-1]); err != nil {
		t.Fatal(err)
	}
	if r := s.Game().Result(); r.Reason != game.ReasonResignation {
		t.Fatalf("back on the main line the result is %v", r)
	}
}

// Issue 35 item 7: editing a finished game's record (promote, delete) does not set the
// engine playing again; it waits for the next move played.
func TestEditsOfAFinishedGameLeaveTheEngineQuiet(t *testing.T) {
	for _, edit := range []string{"delete", "promote"} {
		t.Run(edit, func(t *testing.T) {
			s, q, calls := fourPliesWithTheEngine(t)
			s.Endings().Resign()
			before := *calls
			quiet := func(what string) {
				t.Helper()
				q.Drain()
				s.Engine().Wait()
				q.Drain()
				if *calls != before || s.Engine().Thinking() {
					t.Fatalf("%s: the engine searched (%d→%d searches, thinking %v)", what, before, *calls, s.Engine().Thinking())
				}
			}
			if edit == "promote" {
				s.Browser().GoBack()
				tapMove(t, s, "c6c5") // Black's move, for the engine's side, by the person
				quiet("variation")
				s.Browser().PromoteToMainLine()
				quiet("promote")
				return
			}
			// Deleting the engine's last move leaves it to move at the end of the line.
			if err := s.Browser().DeleteFromHere(); err != nil {
				t.Fatal(err)
			}
			if s.Browser().Browsing() || s.HumanToMove() || !s.Engine().Waits() {
				t.Fatalf("after the delete: browsing %v, human to move %v, engine waits %v", s.Browser().Browsing(), s.HumanToMove(), s.Engine().Waits())
			}
			quiet("delete")
			s.Browser().GoBack()
			s.Browser().GoLast()
			quiet("back and last after the delete")
			// A move played carries the game on: the engine answers it.
			s.Browser().GoBack()
			tapMove(t, s, "b0c2")
			q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 4 })
			s.Engine().Wait()
			if *calls != before+1 || s.Engine().Waits() {
				t.Fatalf("after the move: %d→%d searches, engine waits %v", before, *calls, s.Engine().Waits())
			}
		})
	}
}

// A comment typed on the move shown (or, at the start, on the game) is kept with the game:
// saved, and there again when the app opens it next; one too long is refused.
func TestCommentIsEditedAndSaved(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	tapMove(t, s, "h9g7")
	s.Browser().GoBack()
	if err := s.Browser().SetComment("central cannon"); err != nil {
		t.Fatal(err)
	}
	s.Browser().GoFirst()
	if err := s.Browser().SetComment("a quiet game"); err != nil {
		t.Fatal(err)
	}
	if err := s.Browser().SetComment(strings.Repeat("x", MaxComment+1)); err == nil {
		t.Fatal("a comment over the limit was taken")
	}
	s.Flush()
	reopened, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	if got := reopened.Record().Root.Comment; got != "a quiet game" {
		t.Errorf("the game's comment reopened as %q", got)
	}
	if got := reopened.Record().Root.Children[0].Comment; got != "central cannon" {
		t.Errorf("the first move's comment reopened as %q", got)
	}
	reopened.Browser().GoFirst()
	reopened.Browser().GoForward()
	if got := reopened.Browser().Comment(); got != "central cannon" {
		t.Errorf("Comment() on the first move is %q", got)
	}
}
