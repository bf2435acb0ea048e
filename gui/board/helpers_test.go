package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// bundledFontTheme is Fyne's default theme with the app's bundled font, as the app draws
// the board: the golden images hold its characters.
type bundledFontTheme struct {
	fyne.Theme
	font fyne.Resource
}

func (t bundledFontTheme) Font(fyne.TextStyle) fyne.Resource { return t.font }

// newTestApp makes a Fyne test app that draws text with the bundled font.
func newTestApp(t testing.TB) fyne.App {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(bundledFontTheme{Theme: theme.DefaultTheme(),
		font: fyne.NewStaticResource("ui-subset.otf", resources.UIFontBytes())})
	return a
}

// parsed is what parse reads from text; a text it cannot read fails the test.
func parsed[T any](t testing.TB, parse func(string) (T, error), text string) T {
	t.Helper()
	v, err := parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sq is the point named like "h2", mv the move written like "h2e2".
func sq(t testing.TB, name string) rules.Square {
	t.Helper()
	return parsed(t, rules.ParseSquare, name)
}
func mv(t testing.TB, text string) rules.Move { t.Helper(); return parsed(t, rules.ParseMove, text) }

// startView is the start position with the file numbers shown.
func startView() View {
	var v View
	v.SetPieces(rules.NewPosition())
	v.Coords = true
	return v
}
