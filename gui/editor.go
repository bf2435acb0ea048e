package gui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// editorScreen is the board editor (摆棋): a palette of pieces and an eraser, the board
// (a tap puts the chosen piece on a point, or takes it off when it is already there),
// clear/standard, the side to move, the reasons the position is impossible, and the ways
// to leave: play against the engine, play as two people (to study or analyse), cancel.
type editorScreen struct {
	editorDeps
	ed       *play.Editor
	board    *board.Board
	palette  []*paletteItem // the eraser last
	chosen   *paletteItem
	side     *widget.RadioGroup
	problems *widget.Label
	playBtn  *widget.Button
	twoBtn   *widget.Button
	clearBtn *widget.Button
	stdBtn   *widget.Button
	content  fyne.CanvasObject
}

// editorDeps is what the board editor works with.
type editorDeps struct {
	parent   fyne.Window          // its dialogs' window
	wide     bool                 // a landscape window
	say      present.Say          // says why the position is impossible
	settings func() play.Settings // the board's look, and the game's settings to start from
	// start replaces the game played by a new one from the position set up.
	newGame func(fen string, set play.Settings) error
	close   func()
}

// newEditorScreen makes the editor with the position from set up on its board.
func newEditorScreen(from *rules.Position, deps editorDeps) *editorScreen {
	es := &editorScreen{editorDeps: deps, ed: play.EditorFrom(from)}
	es.board = board.New(es.tap, nil)
	// A phone in portrait is narrower than two buttons with icons side by side, or the two
	// side-to-move choices, or eight large palette pieces: text only, one choice a row and
	// smaller pieces there.
	wide := es.wide
	pieceSide := float32(40)
	if !wide {
		pieceSide = 24
	}
	red, black := rules.Red, rules.Black
	for _, c := range []rules.Color{red, black} {
		for _, t := range []rules.PieceType{rules.King, rules.Advisor, rules.Bishop, rules.Knight, rules.Rook, rules.Cannon, rules.Pawn} {
			es.palette = append(es.palette, newPaletteItem(rules.MakePiece(c, t), pieceSide, es.choose))
		}
	}
	es.palette = append(es.palette, newPaletteItem(rules.NoPiece, pieceSide, es.choose))
	es.choose(es.palette[4]) // the red rook
	redSide, blackSide := tr("editor.redToMove"), tr("editor.blackToMove")
	es.side = widget.NewRadioGroup([]string{redSide, blackSide}, func(choice string) {
		if choice == blackSide {
			es.ed.SetSide(black)
		} else {
			es.ed.SetSide(red)
		}
		es.refresh()
	})
	// One choice a line: side by side, "Black to move" ran out of a landscape column a
	// little narrower than 900 px allows (issue 51 item 6); the column has the height.
	es.side.Required = true
	es.problems = widget.NewLabel("")
	es.problems.Wrapping = fyne.TextWrapWord
	es.problems.Importance = widget.DangerImportance
	button := func(key string, icon fyne.Resource, do func()) *widget.Button {
		if !wide {
			icon = nil
		}
		return widget.NewButtonWithIcon(tr(key), icon, do)
	}
	es.clearBtn = button("editor.clear", theme.ContentClearIcon(), func() { es.ed.Clear(); es.refresh() })
	es.stdBtn = button("editor.standard", theme.ViewRefreshIcon(), func() { es.ed.Standard(); es.refresh() })
	es.playBtn = button("editor.play", theme.MediaPlayIcon(), func() { es.start(false) })
	es.playBtn.Importance = widget.HighImportance
	es.twoBtn = button("editor.twoPlayers", theme.AccountIcon(), func() { es.start(true) })
	cancel := button("action.cancel", theme.CancelIcon(), es.close)

	grid := container.NewGridWithColumns(8)
	for i, p := range es.palette {
		grid.Add(p)
		if i == 6 {
			grid.Add(layoutSpacer()) // the eraser ends the black row
		}
	}
	title := widget.NewLabelWithStyle(tr("editor.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// The reasons go below the buttons, in room kept for two lines, so that the buttons
	// and the board do not jump as reasons come and go (issue 35); the controls' share of
	// a phone's screen shows them without scrolling.
	reasons := container.New(atLeastLines{lines: 2}, es.problems)
	controls := container.NewVBox(title, grid, es.side,
		container.NewGridWithColumns(2, es.clearBtn, es.stdBtn),
		container.NewGridWithColumns(2, es.playBtn, es.twoBtn),
		cancel, reasons)
	scroll := container.NewVScroll(container.New(fitWidth{}, controls))
	es.content = container.New(&editorLayout{board: es.board, controls: scroll, inner: controls,
		reasons: reasons, reasonsRoom: container.New(atLeastLines{lines: 2})}, es.board, scroll)
	es.refresh()
	return es
}

func (es *editorScreen) view() fyne.CanvasObject { return es.content }

// layoutSpacer keeps a grid cell empty.
func layoutSpacer() fyne.CanvasObject { return canvas.NewRectangle(nil) }

// choose makes a palette item the one taps put down.
func (es *editorScreen) choose(item *paletteItem) {
	es.chosen = item
	for _, p := range es.palette {
		p.setSelected(p == item)
	}
}

// tap puts the chosen piece on sq, or empties sq when it already holds it (or the
// eraser is chosen).
func (es *editorScreen) tap(sq rules.Square) {
	p := es.chosen.piece
	if es.ed.At(sq) == p {
		p = rules.NoPiece
	}
	es.ed.Put(sq, p)
	es.refresh()
}

// refresh shows the editor's board, side and problems.
func (es *editorScreen) refresh() {
	set := es.settings()
	v := board.View{Flipped: set.Flipped, Coords: set.Coords, Selected: rules.NoSquare, Check: rules.NoSquare,
		Rejected: rules.NoSquare, Victim: rules.NoSquare}
	v.SetPieces(es.ed)
	problems := es.ed.Problems()
	var lines []string
	for _, p := range problems {
		lines = append(lines, es.say(p.Message()))
		if p.Square != rules.NoSquare {
			v.Culprits = append(v.Culprits, p.Square)
		}
	}
	es.board.SetView(v)
	want := tr("editor.redToMove")
	if es.ed.Side() == rules.Black {
		want = tr("editor.blackToMove")
	}
	if es.side.Selected != want {
		es.side.Selected = want
		es.side.Refresh()
	}
	es.problems.SetText(strings.Join(lines, "\n"))
	enable(es.playBtn, len(problems) == 0)
	enable(es.twoBtn, len(problems) == 0)
}

// start leaves the editor with a new game from its position: against the engine, the
// player taking the side to move, or for two people.
func (es *editorScreen) start(twoPlayers bool) {
	if _, err := es.ed.Position(); err != nil {
		var problem play.Problem
		if errors.As(err, &problem) {
			err = errors.New(es.say(problem.Message()))
		}
		dialog.ShowError(err, es.parent)
		return
	}
	set := es.settings()
	switch {
	case twoPlayers:
		set.Human = game.HumanBoth
	case es.ed.Side() == rules.Black:
		set.Human = game.HumanBlack
	default:
		set.Human = game.HumanRed
	}
	if err := es.newGame(es.ed.FEN(), set); err != nil {
		dialog.ShowError(errors.New(tr("editor.failed", map[string]any{"Error": err})), es.parent)
		return
	}
	es.close()
}

// editorLayout: in landscape the board on the left and the controls beside it; in
// portrait the board on top, as large as the controls below leave room for (they scroll
// when even editorControlsShare of the height is too little).
type editorLayout struct {
	board, controls fyne.CanvasObject
	inner           fyne.CanvasObject // the controls inside their scroll container
	// reasons is the reasons' area in inner and reasonsRoom an empty one of the height
	// kept for them: the board's height does not follow how many reasons there are (nil
	// where the controls have no reasons: the puzzle screen).
	reasons, reasonsRoom fyne.CanvasObject
}

// editorControlsShare is the most of a portrait window the controls take from the board.
const editorControlsShare = 0.55

func (l *editorLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if landscape(size) {
		bw := min(size.Height*board.Aspect(), size.Width*maxBoardShare)
		place(l.board, 0, 0, bw, size.Height)
		place(l.controls, bw, 0, size.Width-bw, size.Height)
		return
	}
	need := l.inner.MinSize().Height
	if l.reasons != nil { // the editor's; the puzzle screen has no reasons
		need += l.reasonsRoom.MinSize().Height - l.reasons.MinSize().Height
	}
	reserve := min(need, size.Height*editorControlsShare)
	bh := min(size.Width/board.Aspect(), size.Height-reserve)
	place(l.board, 0, 0, size.Width, bh)
	place(l.controls, 0, bh, size.Width, size.Height-bh)
}

func (l *editorLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	b := l.board.MinSize()
	return fyne.NewSize(b.Width, b.Height+120)
}

// fitWidth lays its objects out at the width it is given and asks for no width of its
// own, so that a vertical scroll container keeps the editor's controls as wide as the
// screen: on a narrow phone a long label is cut rather than the palette pushed off it.
type fitWidth struct{}

func (fitWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		place(o, 0, 0, size.Width, size.Height)
	}
}

func (fitWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

// paletteItem is a piece of the editor's palette (or the eraser, for rules.NoPiece),
// drawn as on the board; the chosen one is framed.
type paletteItem struct {
	widget.BaseWidget
	piece    rules.Piece
	side     float32 // the least width and height
	selected bool
	onTap    func(*paletteItem)
}

func newPaletteItem(p rules.Piece, side float32, onTap func(*paletteItem)) *paletteItem {
	it := &paletteItem{piece: p, side: side, onTap: onTap}
	it.ExtendBaseWidget(it)
	return it
}

func (it *paletteItem) setSelected(on bool) {
	if it.selected != on {
		it.selected = on
		it.Refresh()
	}
}

// Tapped implements fyne.Tappable.
func (it *paletteItem) Tapped(*fyne.PointEvent) {
	if it.onTap != nil {
		it.onTap(it)
	}
}

// CreateRenderer implements fyne.Widget.
func (it *paletteItem) CreateRenderer() fyne.WidgetRenderer {
	r := &paletteRenderer{item: it, frame: canvas.NewRectangle(nil), disc: board.NewDisc(it.piece),
		eraser: canvas.NewImageFromResource(theme.ContentClearIcon())}
	r.frame.StrokeColor = board.SelectionColor()
	r.frame.CornerRadius = 4
	r.eraser.FillMode = canvas.ImageFillContain
	r.objects = []fyne.CanvasObject{r.frame, r.disc, r.eraser}
	r.Refresh()
	return r
}

type paletteRenderer struct {
	item    *paletteItem
	frame   *canvas.Rectangle
	disc    *board.Disc
	eraser  *canvas.Image
	objects []fyne.CanvasObject
}

func (r *paletteRenderer) Layout(size fyne.Size) {
	r.frame.Resize(size)
	r.disc.Resize(size)
	side := min(size.Width, size.Height) * 0.7
	r.eraser.Resize(fyne.NewSquareSize(side))
	r.eraser.Move(fyne.NewPos((size.Width-side)/2, (size.Height-side)/2))
}

func (r *paletteRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(r.item.side) }

func (r *paletteRenderer) Refresh() {
	if r.item.piece == rules.NoPiece {
		r.eraser.Show()
	} else {
		r.eraser.Hide()
	}
	r.frame.StrokeWidth = 0
	if r.item.selected {
		r.frame.StrokeWidth = 3
	}
	r.Layout(r.item.Size())
	canvas.Refresh(r.frame)
	r.disc.Refresh()
	canvas.Refresh(r.eraser)
}

func (r *paletteRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *paletteRenderer) Destroy() {}

// atLeastLines is as tall as its objects, and at least as tall as a label of so many lines.
type atLeastLines struct{ lines int }

func (l atLeastLines) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		place(o, 0, 0, size.Width, size.Height)
	}
}

func (l atLeastLines) MinSize(objs []fyne.CanvasObject) fyne.Size {
	size := widget.NewLabel(strings.Repeat("\n", l.lines-1)).MinSize()
	for _, o := range objs {
		size = size.Max(o.MinSize())
	}
	return size
}
