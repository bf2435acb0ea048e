package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
)

// hungRookFEN: Red's rook on d4 is attacked by Black's horse on e6; Red plays a pawn
// move, Black takes the rook.
const hungRookFEN = "3aka3/9/9/4n3p/9/3R5/P3P4/9/9/3AKA3 w - - 0 1"

// The review started from its dialog marks the move that leaves the rook hanging as a
// blunder, says a rook move was better, and draws the score curve, which a tap follows.
func TestReviewMarksHungRookAndCurveNavigates(t *testing.T) {
	w, q := openTwoPlayerGame(t, hungRookFEN, "a3a4", "e6d4", "e0e1")
	s := w.Session()
	test.Tap(w.game.nav.review)
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == len(reviewTimes) }).SetSelected(
		tr("review.seconds", map[string]any{"Seconds": 0.5}))
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.start") }))
	if !s.Review().Running() || !w.game.reviewPanel.running.Visible() {
		t.Fatal("the review did not start")
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	if w.game.reviewPanel.running.Visible() || len(w.game.reviewPanel.curve.points) != 4 {
		t.Fatalf("after the review: progress shown %v, %d curve points", w.game.reviewPanel.running.Visible(), len(w.game.reviewPanel.curve.points))
	}
	if row := w.game.moves.rows[0].text; !strings.HasSuffix(row, " ??") {
		t.Fatalf("the blunder's row reads %q", row)
	}
	mr, ok := s.Review().Of(w.game.moves.rows[0].node)
	if !ok || mr.Class != play.Blunder || mr.Better.From() != sq(t, "d4") {
		t.Fatalf("blunder review %+v", mr)
	}
	tapMoveRow(t, w, 0)
	if v := w.game.reviewPanel.verdict.Text; !strings.Contains(v, tr("review.blunder")) || !strings.Contains(v, tr("review.better", map[string]any{"Line": "R"})) {
		t.Fatalf("verdict %q", v)
	}
	curve := w.game.reviewPanel.curve
	if curve.current != 1 {
		t.Fatalf("curve marks point %d, want 1", curve.current)
	}
	test.TapAt(curve, fyne.NewPos(curve.Size().Width-1, curve.Size().Height/2))
	if s.Game().Ply() != 3 || curve.current != 3 {
		t.Fatalf("a tap at the curve's end shows ply %d", s.Game().Ply())
	}
}

// The score chart can be read: tall, with an axis in pawns and mate rows labelled "M";
// a mate is drawn on the mate row, inside the chart, not off its top; the verdict shows
// the better line whole.
func TestReviewChartHasAnAxisAndKeepsMatesInside(t *testing.T) {
	// Red mates at once.
	w, q := openTwoPlayerGame(t, "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", "i0i9")
	s := w.Session()
	if err := s.Review().Start(play.ReviewOptions{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	curve := w.game.reviewPanel.curve
	if h := curve.MinSize().Height; h < 100 {
		t.Errorf("the chart is %v px tall", h)
	}
	var labels []string
	for _, o := range test.LaidOutObjects(curve) {
		if text, ok := o.(*canvas.Text); ok {
			labels = append(labels, text.Text)
		}
	}
	if got := strings.Join(labels, " "); got != tr("review.axisUnit")+" M +20 +10 0 -10 -20 M" {
		t.Errorf("axis labels %q", got)
	}
	if len(curve.points) != 2 {
		t.Fatalf("%d points", len(curve.points))
	}
	for i := range curve.points {
		if p := curve.pointPosition(i); p.Y < 0 || p.Y > curve.Size().Height {
			t.Errorf("point %d (%+v) drawn at y %v, outside the chart of %v", i, curve.points[i], p.Y, curve.Size().Height)
		}
	}
	for i := range curve.points {
		if y := curve.pointPosition(i).Y; y > curve.levelY(present.CurveMateRow) {
			t.Errorf("the mate of point %d is drawn at y %v, below the mate row", i, y)
		}
	}
}

// The verdict shows the better line whole, on as many lines as it needs.
func TestReviewShowsTheWholeBetterLine(t *testing.T) {
	w, q := openTwoPlayerGame(t, hungRookFEN, "a3a4", "e6d4", "e0e1")
	s := w.Session()
	if err := s.Review().Start(play.ReviewOptions{Depth: 7}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	tapMoveRow(t, w, 0)
	mr, ok := s.Review().Of(w.game.moves.rows[0].node)
	if !ok || mr.Class < play.Inaccuracy {
		t.Fatalf("a8a7 reviewed as %+v", mr)
	}
	verdict := w.game.reviewPanel.verdict
	pos := s.Game().Position()
	pos.UnmakeMove()
	line := present.LineText(pos, mr.BetterLine, s.Settings().Notation, len(mr.BetterLine))
	if !strings.Contains(verdict.Text, line) || verdict.Truncation != fyne.TextTruncateOff || verdict.Wrapping != fyne.TextWrapWord {
		t.Errorf("verdict %q (truncation %v): the whole line %q expected", verdict.Text, verdict.Truncation, line)
	}
}

// Issue 35 item 8: the chart's labels are as large as the body text (the caption's in
// the compact chart under a phone's board, drawn at twice the pixels), and the unit's
// label sits where no grid line strikes it through, on the desktop's chart and a phone's.
func TestReviewChartLabelsAreReadableAndClear(t *testing.T) {
	w, q := openTwoPlayerGame(t, "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", "i0i9")
	s := w.Session()
	if err := s.Review().Start(play.ReviewOptions{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	curve := w.game.reviewPanel.curve
	var desktop float32 // the last case: the desktop's chart in a 1280x900 window, whose text is larger
	for _, size := range []fyne.Size{{Width: 187, Height: curveHeightMobile}, {Width: 187, Height: curveHeightCompact}, {Width: 400}} {
		if size.Height == 0 {
			w.Fyne().Resize(fyne.NewSize(1280, 900))
			q.Drain()
			desktop = curve.MinSize().Height
			size.Height = desktop
		}
		curve.compact = size.Height == curveHeightCompact
		least := theme.TextSize()
		if curve.compact {
			least = theme.CaptionTextSize()
		}
		curve.Resize(size)
		curve.Refresh()
		r := test.WidgetRenderer(curve).(*curveRenderer)
		if !r.unit.Visible() {
			t.Errorf("%v: the unit's label is hidden", size)
			continue
		}
		top, bottom := r.unit.Position().Y, r.unit.Position().Y+r.unit.MinSize().Height
		labels := 0
		for _, tick := range r.ticks {
			if tick.label.Visible() {
				labels++
				if tick.label.TextSize < least {
					t.Errorf("%v: label %q is %v high, under %v", size, tick.label.Text, tick.label.TextSize, least)
				}
			}
			if y := tick.line.Position1.Y; tick.line.Visible() && y >= top && y <= bottom {
				t.Errorf("%v: the grid line of %q (y %v) strikes the unit's label (%v-%v)", size, tick.label.Text, y, top, bottom)
			}
		}
		if want := len(r.ticks); size.Height == desktop && labels < want {
			t.Errorf("%v: %d of the %d lines labelled on the desktop's chart", size, labels, want)
		}
		if labels < 3 || r.unit.TextSize < least || top < 0 || bottom > size.Height {
			t.Errorf("%v: %d labels, unit %v high at %v-%v", size, labels, r.unit.TextSize, top, bottom)
		}
	}
}
