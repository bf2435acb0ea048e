package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
)

// appearancePicker is the settings dialog's part for the look of the app: board style,
// piece set, theme, and the face-to-face switch.
type appearancePicker struct {
	board, pieces, theme *widget.Select
	faceToFace           *wrapCheck
	faceToFaceOff        *widget.Label // why face to face is off in a game against the engine
	boards               map[string]play.BoardStyle
	sets                 map[string]play.PieceSet
	themes               map[string]play.ThemeChoice
}

// newAppearancePicker starts from cur; face to face can be switched only in a game of two
// players (twoPlayers), and otherwise says why not.
func newAppearancePicker(cur play.Appearance, twoPlayers bool) *appearancePicker {
	p := &appearancePicker{
		board: widget.NewSelect(nil, nil), pieces: widget.NewSelect(nil, nil), theme: widget.NewSelect(nil, nil),
		faceToFace: checked(tr("settings.faceToFace"), cur.FaceToFace),
		boards:     map[string]play.BoardStyle{}, sets: map[string]play.PieceSet{}, themes: map[string]play.ThemeChoice{},
	}
	for _, b := range play.BoardStyles() {
		offer(p.board, p.boards, tr(boardKey(b)), b, cur.Board)
	}
	for _, s := range play.PieceSets() {
		offer(p.pieces, p.sets, tr(pieceSetKey(s)), s, cur.Pieces)
	}
	for _, c := range play.ThemeChoices() {
		offer(p.theme, p.themes, tr(themeKey(c)), c, cur.Theme)
	}
	if !twoPlayers {
		p.faceToFace.Disable()
		p.faceToFaceOff = widget.NewLabel(tr("faceToFace.off"))
		p.faceToFaceOff.Wrapping = fyne.TextWrapWord
		p.faceToFaceOff.Importance = widget.LowImportance
	}
	return p
}

// offer adds a choice named label to sel, selected when it is the current one.
func offer[T comparable](sel *widget.Select, names map[string]T, label string, v, cur T) {
	names[label] = v
	sel.Options = append(sel.Options, label)
	if v == cur {
		sel.Selected = label
	}
}

// items are the labelled fields for the settings form.
func (p *appearancePicker) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem(tr("settings.board"), p.board),
		widget.NewFormItem(tr("settings.pieces"), p.pieces),
		widget.NewFormItem(tr("settings.theme"), p.theme),
	}
}

// checks are the switches that go below the form.
func (p *appearancePicker) checks() []fyne.CanvasObject {
	if p.faceToFaceOff != nil {
		return []fyne.CanvasObject{p.faceToFace.row, p.faceToFaceOff}
	}
	return []fyne.CanvasObject{p.faceToFace.row}
}

// selected is the appearance as chosen.
func (p *appearancePicker) selected() play.Appearance {
	return play.Appearance{
		Board:      p.boards[p.board.Selected],
		Pieces:     p.sets[p.pieces.Selected],
		Theme:      p.themes[p.theme.Selected],
		FaceToFace: p.faceToFace.Checked,
	}
}

// The translation keys of the choices, written out so that the translation test finds
// them.
func boardKey(b play.BoardStyle) string {
	if b == play.PlainBoard {
		return "board.plain"
	}
	return "board.wood"
}

func pieceSetKey(s play.PieceSet) string {
	if s == play.PictogramPieces {
		return "pieces.pictogram"
	}
	return "pieces.calligraphy"
}

func themeKey(c play.ThemeChoice) string {
	switch c {
	case play.LightTheme:
		return "theme.light"
	case play.DarkTheme:
		return "theme.dark"
	}
	return "theme.system"
}
