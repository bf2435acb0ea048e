package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
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
	if err := s.GoToNode(s.Record().Root.Children[0].Children[0]); err != nil { // 1... 马２进３, commented
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
	s.GoFirst()
	if got := w.game.notes.comment.Text; got != rec.Root.Comment {
		t.Errorf("at the start the notes show %q, want the game's comment", got)
	}

	s.GoForward()
	test.Tap(w.game.notes)
	entry := find(t, w, func(e *widget.Entry) bool { return e.MultiLine })
	entry.SetText("炮二平五 is the classic start")
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("comment.save") }))
	if got := s.Comment(); got != "炮二平五 is the classic start" || w.game.notes.comment.Text != got {
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
