package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play"
)

// heldTheme is the app theme held to one variant, light or dark, whatever the system's
// preference: the player's choice in the settings.
type heldTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t *heldTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// themeFor returns the app theme for a choice, the system's variant or one held, with
// body text of the given size (see textsize.go).
func themeFor(c play.ThemeChoice, text float32) fyne.Theme {
	t := newAppTheme().(*appTheme)
	if text != theme.DefaultTheme().Size(theme.SizeNameText) {
		t.text = text
	}
	switch c {
	case play.LightTheme:
		return &heldTheme{Theme: t, variant: theme.VariantLight}
	case play.DarkTheme:
		return &heldTheme{Theme: t, variant: theme.VariantDark}
	}
	return t
}

// themeChoiceOf tells which choice a theme was made for.
func themeChoiceOf(t fyne.Theme) play.ThemeChoice {
	if h, ok := t.(*heldTheme); ok {
		if h.variant == theme.VariantDark {
			return play.DarkTheme
		}
		return play.LightTheme
	}
	return play.SystemTheme
}

// applyTheme sets the app's theme to the choice with body text of size text, unless it is
// set already (a new theme redraws every window).
func applyTheme(a fyne.App, c play.ThemeChoice, text float32) {
	cur := a.Settings().Theme()
	if themeChoiceOf(cur) == c && cur.Size(theme.SizeNameText) == text {
		return
	}
	a.Settings().SetTheme(themeFor(c, text))
}

// setAppearance copies the board style, piece set and face-to-face choice into a board
// view. Face-to-face applies only when two people play at one device.
func setAppearance(v *board.View, set play.Settings) {
	v.Style, v.PieceSet = board.Wood, board.Calligraphy
	if set.Appearance.Board == play.PlainBoard {
		v.Style = board.Plain
	}
	if set.Appearance.Pieces == play.PictogramPieces {
		v.PieceSet = board.Pictogram
	}
	v.FaceToFace = set.Appearance.FaceToFace && set.Human == game.HumanBoth
}
