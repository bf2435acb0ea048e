package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// pick taps the palette item of a piece (rules.NoPiece: the eraser).
func pick(t *testing.T, es *editorScreen, p rules.Piece) {
	t.Helper()
	for _, it := range es.palette {
		if it.piece == p {
			test.Tap(it)
			return
		}
	}
	t.Fatalf("no palette item for %v", p)
}

// put picks a piece and taps it onto the board at the named points.
func put(t *testing.T, es *editorScreen, p rules.Piece, points ...string) {
	t.Helper()
	pick(t, es, p)
	for _, name := range points {
		tapPoint(t, es.board, name)
	}
}

func openEditor(t *testing.T) (*Window, *editorScreen) {
	t.Helper()
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	w.showEditor()
	es := shown[*editorScreen](t, w)
	if es == nil || shownView(w.Fyne()) != es.content {
		t.Fatal("the editor is not shown")
	}
	return w, es
}

// The editor refuses each impossible position with its reason, and the play buttons wait
// until the position is possible.
func TestEditorRefusesImpossiblePositionsWithReasons(t *testing.T) {
	red := func(pt rules.PieceType) rules.Piece { return rules.MakePiece(rules.Red, pt) }
	black := func(pt rules.PieceType) rules.Piece { return rules.MakePiece(rules.Black, pt) }
	cases := []struct {
		name   string
		edit   func(t *testing.T, es *editorScreen)
		reason string
	}{
		{"king outside the palace", func(t *testing.T, es *editorScreen) { put(t, es, red(rules.King), "e3") },
			"red king on file 5 is outside the palace"},
		{"advisor off its points", func(t *testing.T, es *editorScreen) {
			put(t, es, rules.NoPiece, "d9")
			put(t, es, black(rules.Advisor), "d8")
		},
			"black advisor on file 4 is off the palace's diagonals"},
		{"elephant off its points", func(t *testing.T, es *editorScreen) {
			put(t, es, rules.NoPiece, "c0")
			put(t, es, red(rules.Bishop), "e5")
		},
			"red elephant on file 5"},
		{"pawn behind its start", func(t *testing.T, es *editorScreen) {
			put(t, es, rules.NoPiece, "a3")
			put(t, es, red(rules.Pawn), "b1")
		},
			"red pawn on file 8 is behind its starting rank"},
		{"pawn off the pawn files", func(t *testing.T, es *editorScreen) {
			put(t, es, rules.NoPiece, "a6")
			put(t, es, black(rules.Pawn), "b6")
		},
			"black pawn on file 2 has not crossed the river"},
		{"too many pieces", func(t *testing.T, es *editorScreen) { put(t, es, red(rules.Knight), "e4") },
			"Red has 3 horses; a set has 2"},
		{"no king", func(t *testing.T, es *editorScreen) { put(t, es, rules.NoPiece, "e0") },
			"Red has no king"},
		{"flying generals", func(t *testing.T, es *editorScreen) {
			test.Tap(es.clearBtn)
			put(t, es, red(rules.King), "d0")
			put(t, es, black(rules.King), "d9")
		}, "The kings face each other"},
		{"side not to move in check", func(t *testing.T, es *editorScreen) {
			test.Tap(es.clearBtn)
			put(t, es, red(rules.Rook), "e5")
			put(t, es, red(rules.King), "d0")
			es.side.SetSelected(tr("editor.redToMove"))
		}, "Black is in check but it is not black's move"},
	}
	w, es := openEditor(t)
	for _, c := range cases {
		test.Tap(es.stdBtn)
		if es.problems.Text != "" || es.playBtn.Disabled() {
			t.Fatalf("the start position has problems: %q", es.problems.Text)
		}
		c.edit(t, es)
		if !strings.Contains(es.problems.Text, c.reason) || strings.Count(es.problems.Text, "\n") != 0 {
			t.Errorf("%s: the editor says %q, want %q", c.name, es.problems.Text, c.reason)
		}
		if !es.playBtn.Disabled() || !es.twoBtn.Disabled() {
			t.Errorf("%s: a game can be started", c.name)
		}
	}
	// Black to move makes the last position legal; playing it starts a game from it.
	es.side.SetSelected(tr("editor.blackToMove"))
	if es.problems.Text != "" || es.playBtn.Disabled() {
		t.Fatalf("black to move: %q", es.problems.Text)
	}
	test.Tap(es.twoBtn)
	g := w.Session().Game()
	if g.StartFEN() != "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1" || shownView(w.Fyne()) != w.game.content {
		t.Fatalf("started from %q", g.StartFEN())
	}
	if w.Session().Settings().Human != game.HumanBoth || !g.Position().InCheck() {
		t.Error("two-player game from the editor")
	}
}

// A tap on a point holding the chosen piece takes it off; the eraser empties points; a
// game against the engine gives the player the side to move.
func TestEditorTapsAndPlayAgainstEngine(t *testing.T) {
	w, es := openEditor(t)
	rook := rules.MakePiece(rules.Red, rules.Rook)
	put(t, es, rook, "a0")
	if es.board.View().PieceAt(sq(t, "a0")) != rules.NoPiece {
		t.Fatal("tapping the chosen piece did not take it off")
	}
	put(t, es, rules.NoPiece, "b0", "c0")
	put(t, es, rook, "a5")
	if v := es.board.View(); v.PieceAt(sq(t, "b0")) != rules.NoPiece || v.PieceAt(sq(t, "a5")) != rook {
		t.Fatal("eraser or placement")
	}
	es.side.SetSelected(tr("editor.blackToMove"))
	test.Tap(es.playBtn)
	if set := w.Session().Settings(); set.Human != game.HumanBlack || !set.Flipped {
		t.Errorf("playing from the editor: %+v", set)
	}
	if !strings.HasPrefix(w.Session().Game().StartFEN(), "rnbakabnr/9/1c5c1/p1p1p1p1p/R8/9/P1P1P1P1P/1C5C1/9/3AKABNR b") {
		t.Errorf("start %s", w.Session().Game().StartFEN())
	}
}

// Issue 35 item 14: the editor's buttons and board stay where they are when a reason
// appears (one problem, or two), on the desktop and on a phone.
func TestEditorButtonsStayPutWhenProblemsAppear(t *testing.T) {
	w, es := openEditor(t)
	for _, size := range []fyne.Size{fyne.NewSize(900, 680), fyne.NewSize(390, 844)} {
		w.Fyne().Resize(size)
		es.ed.Standard()
		es.refresh()
		at := func() [3]fyne.Position {
			d := fyne.CurrentApp().Driver()
			return [3]fyne.Position{d.AbsolutePositionForObject(es.playBtn), d.AbsolutePositionForObject(es.clearBtn),
				fyne.NewPos(es.board.Size().Width, es.board.Size().Height)}
		}
		relayout(w.Fyne().Content())
		before := at()
		put(t, es, rules.MakePiece(rules.Red, rules.Pawn), "a1") // a pawn behind its start
		relayout(w.Fyne().Content())
		if es.problems.Text == "" {
			t.Fatal("no problem shown")
		}
		if after := at(); after != before {
			t.Errorf("%v: one problem moved the buttons and board from %v to %v", size, before, after)
		}
		put(t, es, rules.MakePiece(rules.Red, rules.Pawn), "b1") // and a second one
		relayout(w.Fyne().Content())
		if after := at(); after != before {
			t.Errorf("%v: two problems moved the buttons and board from %v to %v", size, before, after)
		}
	}
}

// relayout lays out o and everything in it again at their sizes, from the top down, as a
// window does when a label's text changes its size (the test canvas does not).
func relayout(o fyne.CanvasObject) {
	var children []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		if x.Layout != nil {
			x.Layout.Layout(x.Objects, x.Size())
		}
		children = x.Objects
	case fyne.Widget:
		r := test.WidgetRenderer(x)
		r.Layout(x.Size())
		children = r.Objects()
	}
	for _, c := range children {
		relayout(c)
	}
}

// Issue 51 item 6: in a landscape window a little narrower than 900 px, "Black to move"
// sat beside "Red to move" and ran out of the window ("Black to mov"). Both choices are
// whole and inside the window at every size, in both languages.
func TestEditorSideChoiceIsNotCut(t *testing.T) {
	for _, locale := range []string{"zh_CN.UTF-8", "en_GB.UTF-8"} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, locale)
		}
		w, es := openEditor(t)
		reloadTranslations(t)
		w.showEditor()
		es = shown[*editorScreen](t, w)
		for _, size := range []fyne.Size{fyne.NewSize(760, 600), fyne.NewSize(800, 680), fyne.NewSize(900, 680),
			fyne.NewSize(1280, 900), fyne.NewSize(390, 844)} {
			w.Fyne().Resize(size)
			relayout(w.Fyne().Content())
			if need, got := es.side.MinSize().Width, es.side.Size().Width; need > got+0.5 {
				t.Errorf("%s %v: the side choice needs %.0f px, has %.0f", locale, size, need, got)
			}
			if !inside(w, es.side) {
				t.Errorf("%s %v: the side choice at %v (%v) is not inside the window", locale, size, absolute(es.side), es.side.Size())
			}
		}
	}
}
