package board

import (
	"bytes"
	"testing"

	"golang.org/x/image/font/sfnt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

func TestBoardRendersStartPosition(t *testing.T) {
	newTestApp(t)
	b := New(nil, nil)
	b.SetView(startView())
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(270, 330))
	test.AssertRendersToImage(t, "board_start.png", w.Canvas())
}

// A position with every kind of mark: Red's rook just gave check (last move a0a9 marked,
// black king marked), and the red horse on c2 is selected with its destinations shown.
func TestBoardRendersMarks(t *testing.T) {
	newTestApp(t)
	pos, err := rules.ParseFEN("3k5/9/9/9/9/9/9/2N6/9/R3K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !pos.MakeMove(mv(t, "a0a9")) || !pos.InCheck() {
		t.Fatal("a0a9 should give check")
	}
	var v View
	v.SetPieces(pos)
	v.LastMove = pos.LastMove()
	v.Check = pos.KingSquare(pos.Side())
	v.Selected = sq(t, "c2")
	v.Targets = []rules.Square{sq(t, "a1"), sq(t, "a3"), sq(t, "b4"), sq(t, "d4"), sq(t, "e3"), sq(t, "e1"), sq(t, "b0"), sq(t, "d0")}
	v.Flipped = true
	b := New(nil, nil)
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(270, 330))
	test.AssertRendersToImage(t, "board_marks.png", w.Canvas())
}

// Destinations with a piece to capture are ringed, the piece's character left readable;
// empty ones get a dot. Here the red cannon h2 can take the horse h9 over the cannon h7.
// A repetition loss rings the culprit and its victim in their own colours.
func TestBoardRendersCaptureTargetsAndCulprits(t *testing.T) {
	newTestApp(t)
	pos := rules.NewPosition()
	v := startView()
	v.Selected = sq(t, "h2")
	for _, m := range pos.LegalMoves() {
		if m.From() == v.Selected {
			v.Targets = append(v.Targets, m.To())
		}
	}
	v.Culprits, v.Victim = []rules.Square{sq(t, "b2")}, sq(t, "b7")
	b := New(nil, nil)
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(270, 330))
	test.AssertRendersToImage(t, "board_capture_targets.png", w.Canvas())
}

// After a move the renderer keeps every other piece's drawing as it was and slides the
// moved piece's own disc; nothing is rebuilt.
func TestBoardRedrawsOnlyWhatChanged(t *testing.T) {
	newTestApp(t)
	b := New(nil, nil)
	b.SetView(startView())
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(270, 330))
	r := test.WidgetRenderer(b).(*boardRenderer)
	before := map[rules.Square]*disc{}
	for s, d := range r.discAt {
		before[s] = d
	}
	pos := rules.NewPosition()
	if !pos.MakeMove(mv(t, "h2e2")) {
		t.Fatal("h2e2 illegal")
	}
	v := b.View()
	v.SetPieces(pos)
	v.LastMove = pos.LastMove()
	b.SetView(v)
	if len(r.discAt) != 32 {
		t.Fatalf("%d discs in use, want 32", len(r.discAt))
	}
	for s, d := range before {
		if s == sq(t, "h2") {
			continue
		}
		if r.discAt[s] != d {
			t.Fatalf("disc on %v was replaced although its piece did not move", s)
		}
	}
	moved := r.discAt[sq(t, "e2")]
	if moved != before[sq(t, "h2")] {
		t.Fatal("the cannon's disc was not reused for its move")
	}
	want := r.geo.center(sq(t, "e2"))
	got := moved.body.Position1
	r0 := pieceRadius * r.geo.cell
	if d := got.X + r0 - want.X; d*d > 0.01 || (got.Y+r0-want.Y)*(got.Y+r0-want.Y) > 0.01 {
		t.Fatalf("moved disc at %v, want centred on %v", got, want)
	}
}

// The analysis arrows are drawn thickest for the best line, and go when the view drops them.
func TestArrowsFollowTheirRank(t *testing.T) {
	newTestApp(t)
	b := New(nil, nil)
	v := startView()
	v.Arrows = []Arrow{{Move: mv(t, "h2e2"), Rank: 1}, {Move: mv(t, "b0c2"), Rank: 2}, {Move: mv(t, "c3c4"), Rank: 3}}
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(270, 330))
	r := test.WidgetRenderer(b).(*boardRenderer)
	for i, a := range r.arrows {
		if !a.shaft.Visible() || !a.left.Visible() || !a.right.Visible() {
			t.Fatalf("arrow %d not drawn", i)
		}
		if i > 0 && a.shaft.StrokeWidth >= r.arrows[i-1].shaft.StrokeWidth {
			t.Fatalf("arrow %d is as thick as arrow %d", i+1, i)
		}
	}
	if got, want := r.arrows[0].shaft.Position1.X, b.PointPosition(sq(t, "h2")).X; got >= want {
		t.Fatalf("the best arrow starts at x %v, right of its piece at %v: it should leave the piece towards e2", got, want)
	}
	v.Arrows = v.Arrows[:1]
	b.SetView(v)
	if !r.arrows[0].shaft.Visible() || r.arrows[1].shaft.Visible() || r.arrows[2].shaft.Visible() {
		t.Fatal("the arrows of dropped lines are still drawn")
	}
	v.Arrows = []Arrow{{Move: rules.NoMove, Rank: 1}}
	b.SetView(v)
	if r.arrows[0].shaft.Visible() {
		t.Fatal("an arrow without a move is drawn")
	}
}

// The pieces' characters, the river and the file numbers are drawn in the brush face, not
// in the theme's (the controls' sans face), and the brush face has every one of them.
func TestBoardTextsUseBrushFace(t *testing.T) {
	newTestApp(t)
	v := startView()
	v.Coords = true
	b := New(nil, nil)
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(270, 330))
	r := test.TempWidgetRenderer(t, b).(*boardRenderer)
	brush, err := sfnt.Parse(resources.BrushFontBytes())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	texts := 0
	for _, o := range r.Objects() {
		txt, ok := o.(*canvas.Text)
		if !ok || txt.Text == "" {
			continue
		}
		texts++
		if txt.FontSource == nil || !bytes.Equal(txt.FontSource.Content(), resources.BrushFontBytes()) {
			t.Errorf("%q is not drawn in the brush face", txt.Text)
		}
		for _, c := range txt.Text {
			if gi, err := brush.GlyphIndex(&buf, c); err != nil || gi == 0 {
				t.Errorf("the brush face has no %q, for %q", c, txt.Text)
			}
		}
	}
	if texts < 32+2+2*Files {
		t.Fatalf("found %d texts on the board; want the pieces, the river and the file numbers", texts)
	}
}
