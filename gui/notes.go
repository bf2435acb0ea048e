package gui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
)

// notesView shows what a game from a file says besides its moves: the header (title,
// event, place, date, result) and the comment on the move shown. It is hidden when there
// is neither; tapping it opens the comment to read whole and edit. Beside the list (the
// desktop) it shows both, the comment scrolling; under the board of a phone, one line:
// the comment's start, or the header.
type notesView struct {
	widget.BaseWidget
	header  *widget.Label
	comment *widget.Label
	scroll  *container.Scroll
	line    *rowText // the one-line form, as low as a row of moves
	lineAll string   // the one-line form's whole text, which line shows cut to its width
	onTap   func()
}

// newNotesView makes the notes; their one-line form is snug while *snug holds, as the
// move list's lines are.
func newNotesView(onTap func(), snug *bool) *notesView {
	n := &notesView{header: widget.NewLabel(""), comment: widget.NewLabel(""), line: newListRowText("", snug), onTap: onTap}
	// The whole header, on two lines where it needs them, in the text's colour: cut to one
	// dim line it lost the date and result of a long event's game (issue 35 item 4).
	n.header.Wrapping = fyne.TextWrapWord
	n.comment.Wrapping = fyne.TextWrapWord
	n.scroll = container.NewVScroll(container.NewVBox(n.header, n.comment))
	n.ExtendBaseWidget(n)
	return n
}

// show shows a header and a comment, with neither hiding the view; it reports whether
// anything changed.
func (n *notesView) show(header, comment string) bool {
	if header == n.header.Text && comment == n.comment.Text {
		return false
	}
	n.header.SetText(header)
	n.comment.SetText(comment)
	n.lineAll = header
	if comment != "" {
		n.lineAll = oneLine(comment)
	}
	showIf(header != "", n.header)
	showIf(comment != "", n.comment)
	showIf(header != "" || comment != "", n)
	n.scroll.ScrollToTop()
	return true
}

// heightFor is the height the notes take at width w, at most lines lines of text: what
// does not fit scrolls. At one line they take their one-line form.
func (n *notesView) heightFor(w float32, lines int) float32 {
	if !n.Visible() {
		return 0
	}
	oneLine := lines <= 1
	showIf(oneLine, n.line)
	showIf(!oneLine, n.scroll)
	if oneLine {
		n.line.SetText(cutToWidth(n.lineAll, w-2*theme.InnerPadding()))
		return n.line.MinSize().Height
	}
	content := n.scroll.Content
	content.Resize(fyne.NewSize(w, content.MinSize().Height))
	line := widget.NewLabel("").MinSize().Height
	return min(content.MinSize().Height, float32(lines)*line)
}

// collapse draws nothing of the notes where the layout has no room for them (More →
// Comment still shows them).
func (n *notesView) collapse() {
	showIf(false, n.line, n.scroll)
	n.Resize(fyne.NewSize(0, 0))
}

// Tapped implements fyne.Tappable.
func (n *notesView) Tapped(*fyne.PointEvent) {
	if n.onTap != nil {
		n.onTap()
	}
}

func (n *notesView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(n.scroll, n.line))
}

// MinSize is one line: the layout gives the notes their height (heightFor).
func (n *notesView) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

// refreshNotes shows the header of the session's game and the comment on the move shown.
func (g *gameScreen) refreshNotes() {
	s := g.session
	changed := g.notes.show(present.GameHeader(trData, s.Record().Meta, s.Record().Result), s.Browser().Comment())
	if changed && g.content != nil {
		g.content.Refresh() // the notes' height follows their text
	}
}

// cutToWidth is text, or its start and "…" where it is wider than w at the body text size.
func cutToWidth(text string, w float32) string { return cutToWidthAt(text, w, theme.TextSize()) }

// cutToWidthAt is text, or its start and "…" where it is wider than w at text size size.
func cutToWidthAt(text string, w, size float32) string {
	measure := func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width }
	if measure(text) <= w {
		return text
	}
	runes := []rune(text)
	lo, hi := 0, len(runes) // the longest start that fits with "…": binary search
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if measure(string(runes[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(runes[:lo]) + "…"
}

// oneLine is text with its line breaks made spaces.
func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }

// commentDialog shows the comment on the move shown whole, to read and edit; Save keeps
// the edited text with the game.
type commentDialog struct {
	parent  fyne.Window
	session *play.Session
}

func (c commentDialog) show() {
	header := widget.NewLabel(present.GameHeader(trData, c.session.Record().Meta, c.session.Record().Result))
	header.Wrapping = fyne.TextWrapWord
	header.Importance = widget.LowImportance
	entry := widget.NewMultiLineEntry()
	entry.Wrapping = fyne.TextWrapWord
	entry.SetText(c.session.Browser().Comment())
	entry.SetMinRowsVisible(6)
	entry.SetPlaceHolder(tr("comment.placeholder"))
	body := fyne.CanvasObject(entry)
	if header.Text != "" {
		body = container.NewBorder(header, nil, nil, nil, entry)
	}
	d := dialog.NewCustomConfirm(tr("comment.title"), tr("comment.save"), tr("action.cancel"), body, func(ok bool) {
		if !ok {
			return
		}
		if err := c.session.Browser().SetComment(entry.Text); err != nil {
			dialog.ShowError(errors.New(tr("comment.tooLong", map[string]any{"KB": play.MaxComment / 1024})), c.parent)
		}
	}, c.parent)
	d.Resize(fyne.NewSize(min(c.parent.Canvas().Size().Width, questionWidth), 0))
	d.Show()
	c.parent.Canvas().Focus(entry)
}
