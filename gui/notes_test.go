package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// An opened file's header (event, place, date, result) and the comment on the move shown
// are on the game screen, on the desktop and on a phone; the comment can be edited, and
// the edit is kept with the game.
func TestNotesShowHeaderAndComment(t *testing.T) {
	rec := xqfExample(t)
	dir := t.TempDir()
	w, _ := openWindow(t, dir)
	s := w.Session()
	if err := s.OpenRecord(rec, play.Players{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Browser().GoToNode(s.Record().Root.Children[0].Children[0]); err != nil { // 1... 马２进３, commented
		t.Fatal(err)
	}
	want := s.Record().Root.Children[0].Children[0].Comment
	if want == "" {
		t.Fatal("XQFEXAMA's second move has no comment")
	}
	// 187x414 is the phone simulation's window (390x844 pixels at its scale).
	for _, size := range []fyne.Size{{Width: 1280, Height: 900}, {Width: 390, Height: 844}, {Width: 187, Height: 414}} {
		w.Fyne().Resize(size)
		n := w.game.notes
		if !inside(w, n) {
			t.Fatalf("%v: the notes are not shown (size %v at %v)", size, n.Size(), absolute(n))
		}
		if n.comment.Text != want {
			t.Errorf("%v: comment shown %q, want %q", size, n.comment.Text, want)
		}
		if !landscape(size) && (!n.line.Visible() || !strings.HasPrefix(want, strings.TrimSuffix(n.line.text, "…"))) {
			t.Errorf("%v: the one-line notes show %q", size, n.line.text)
		}
		for _, part := range []string{"中立杯", "1997年11月16日", tr("library.blackWon")} {
			if !strings.Contains(n.header.Text, part) {
				t.Errorf("%v: header %q lacks %q", size, n.header.Text, part)
			}
		}
	}
	s.Browser().GoFirst()
	if got := w.game.notes.comment.Text; got != rec.Root.Comment {
		t.Errorf("at the start the notes show %q, want the game's comment", got)
	}

	s.Browser().GoForward()
	test.Tap(w.game.notes)
	entry := find(t, w, func(e *widget.Entry) bool { return e.MultiLine })
	entry.SetText("炮二平五 is the classic start")
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("comment.save") }))
	if got := s.Browser().Comment(); got != "炮二平五 is the classic start" || w.game.notes.comment.Text != got {
		t.Fatalf("after editing, the comment is %q and shows %q", got, w.game.notes.comment.Text)
	}
	s.Flush()
	store, err := play.NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	g, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Record().Root.Children[0].Comment; got != "炮二平五 is the classic start" {
		t.Errorf("the saved game has comment %q", got)
	}
}

// headerGame is twelvePlies as a record from a file: a long event name, place, date and
// result, and a comment on the last move.
func headerGame(t *testing.T) *game.Record {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range twelvePlies {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := g.Record()
	rec.Meta = game.Metadata{Title: "中炮过河车互进七兵对屏风马平炮兑车",
		Event: "The Fourth National Team Xiangqi Championship, Men's Individual Final Round",
		Site:  "Beijing", Date: "1997.11.16", Red: "柳大华", Black: "吕钦"}
	rec.Result = game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonRecorded}
	last := rec.Root
	for last.Next() != nil {
		last = last.Next()
	}
	last.Comment = "Black's cannon comes to the flank: the exchange of rooks follows."
	return rec
}

// Issue 35 item 4: at the desktop's smallest window the header is shown whole (event,
// date and result, however long the event's name), on as many lines as it needs, in the
// text's own colour, not dimmed.
func TestNotesHeaderShownWholeOnTheDesktop(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	s := w.Session()
	if err := s.OpenRecord(headerGame(t), play.Players{}); err != nil {
		t.Fatal(err)
	}
	s.Browser().GoLast()
	w.Fyne().Resize(fyne.NewSize(900, 680))
	h := w.game.notes.header
	if !inside(w, h) {
		t.Fatalf("the header is not shown (%v at %v)", h.Size(), absolute(h))
	}
	var shown []string
	for _, o := range test.LaidOutObjects(h) {
		if text, ok := o.(*canvas.Text); ok && text.Visible() && text.Position().Y+text.Size().Height <= h.Size().Height+0.5 {
			shown = append(shown, text.Text)
		}
	}
	all := strings.Join(shown, " ")
	for _, part := range []string{"Men's Individual Final Round", "1997.11.16", tr("library.blackWon")} {
		if !strings.Contains(all, part) {
			t.Errorf("the header shows %q: %q is missing", all, part)
		}
	}
	if h.Importance == widget.LowImportance {
		t.Error("the header is drawn dimmed")
	}
}
