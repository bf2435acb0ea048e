package gui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play"
)

// The settings dialog changes board, pieces, theme and face-to-face; the board and the
// app follow at once, and a relaunch opens with the same look.
func TestSettingsDialogChangesAppearance(t *testing.T) {
	dir := t.TempDir()
	w, _ := openWindow(t, dir)
	newGame(t, w, game.HumanBoth, 1)
	test.Tap(w.game.settBtn)
	pick := func(choice string) {
		t.Helper()
		sel := find(t, w, func(s *widget.Select) bool {
			for _, o := range s.Options {
				if o == choice {
					return true
				}
			}
			return false
		})
		sel.SetSelected(choice)
	}
	pick(tr("board.plain"))
	pick(tr("pieces.pictogram"))
	pick(tr("theme.dark"))
	checkFor(t, w, tr("settings.faceToFace")).SetChecked(true)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))

	want := play.Appearance{Board: play.PlainBoard, Pieces: play.PictogramPieces, Theme: play.DarkTheme, FaceToFace: true}
	if got := w.Session().Settings().Appearance; got != want {
		t.Fatalf("appearance after the dialog: %+v, want %+v", got, want)
	}
	v := w.Board().View()
	if v.Style != board.Plain || v.PieceSet != board.Pictogram || !v.FaceToFace {
		t.Fatalf("the board shows style %v, pieces %v, face-to-face %v", v.Style, v.PieceSet, v.FaceToFace)
	}
	a := fyne.CurrentApp()
	if themeChoiceOf(a.Settings().Theme()) != play.DarkTheme {
		t.Fatal("the app's theme is not the dark one")
	}
	w.Fyne().Close()

	again, _ := openWindow(t, dir)
	if got := again.Session().Settings().Appearance; got != want {
		t.Fatalf("appearance after a relaunch: %+v, want %+v", got, want)
	}
	if !again.Board().View().FaceToFace || themeChoiceOf(fyne.CurrentApp().Settings().Theme()) != play.DarkTheme {
		t.Fatal("the relaunched window does not show the saved look")
	}
}

// Face-to-face turns pieces only when two people play at the device.
func TestFaceToFaceOnlyForTwoPlayers(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	set := w.Session().Settings()
	set.Appearance.FaceToFace = true
	if err := w.Session().ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	if w.Session().Settings().Human == game.HumanBoth {
		t.Fatal("the default game is a two-player one")
	}
	if w.Board().View().FaceToFace {
		t.Fatal("pieces are turned in a game against the engine")
	}
	newGame(t, w, game.HumanBoth, 1)
	if !w.Board().View().FaceToFace {
		t.Fatal("a new two-player game does not keep face-to-face")
	}
}

// A held theme gives its variant's colours whatever variant the system asks for, and the
// system choice follows the system.
func TestThemeChoiceHoldsItsVariant(t *testing.T) {
	newTestApp(t)
	bg := theme.ColorNameBackground
	def := theme.DefaultTheme()
	for _, c := range []struct {
		choice play.ThemeChoice
		asked  fyne.ThemeVariant
		want   fyne.ThemeVariant
	}{
		{play.DarkTheme, theme.VariantLight, theme.VariantDark},
		{play.LightTheme, theme.VariantDark, theme.VariantLight},
		{play.SystemTheme, theme.VariantDark, theme.VariantDark},
		{play.SystemTheme, theme.VariantLight, theme.VariantLight},
	} {
		th := themeFor(c.choice, minTextSize)
		if got, want := th.Color(bg, c.asked), def.Color(bg, c.want); got != want {
			t.Fatalf("%v asked for variant %v: background %v, want %v", c.choice, c.asked, got, want)
		}
		if themeChoiceOf(th) != c.choice {
			t.Fatalf("themeChoiceOf(themeFor(%v)) = %v", c.choice, themeChoiceOf(th))
		}
		if th.Font(fyne.TextStyle{}).Name() != newAppTheme().Font(fyne.TextStyle{}).Name() {
			t.Fatalf("%v does not use the app's font", c.choice)
		}
	}
}

// The dark theme is drawn dark and the light one light: a pixel of a window's background.
func TestDarkThemeRendersDark(t *testing.T) {
	a := newTestApp(t)
	for _, c := range []struct {
		choice play.ThemeChoice
		dark   bool
	}{{play.DarkTheme, true}, {play.LightTheme, false}} {
		applyTheme(a, c.choice, minTextSize)
		win := test.NewTempWindow(t, widget.NewLabel("Xiangqi"))
		win.Resize(fyne.NewSize(120, 60))
		px := win.Canvas().Capture().At(110, 55)
		if isDark := lum(px) < 0.5; isDark != c.dark {
			t.Fatalf("%v: background pixel %v", c.choice, color.NRGBAModel.Convert(px))
		}
	}
}

// Face-to-face, the status line is turned while the upper side (Black) is to move, and
// upright again for Red.
func TestFaceToFaceTurnsTheStatusForTheUpperSide(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	set := w.Session().Settings()
	set.Appearance.FaceToFace = true
	if err := w.Session().ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	if w.game.turned.image.Visible() || !w.game.status.Visible() {
		t.Fatal("the status is turned while Red, the lower side, is to move")
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if w.Session().Game().Ply() != 1 {
		t.Fatal("h2e2 was not played")
	}
	if !w.game.turned.image.Visible() || w.game.status.Visible() || w.game.turned.image.Image == nil {
		t.Fatal("the status is not turned while Black, the upper side, is to move")
	}
	if w.game.status.Text == "" {
		t.Fatal("the status label lost its text")
	}
	tapPoint(t, w.Board(), "h7")
	tapPoint(t, w.Board(), "e7")
	if w.game.turned.image.Visible() || !w.game.status.Visible() {
		t.Fatal("the status stayed turned after Black moved")
	}
}

// lum is a colour's rough lightness from 0 to 1.
func lum(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.3*float64(r) + 0.59*float64(g) + 0.11*float64(b)) / 0xffff
}

// Face to face is chosen with the players in New game: off against the engine, saying
// why, on for two players; Settings says the same in a game against the engine.
func TestFaceToFaceInNewGame(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	test.Tap(w.game.newBtn)
	// The check's text wraps on a phone, so it is a label of its own: tapping it toggles.
	text := find(t, w, func(l *tapLabel) bool { return l.Text == tr("settings.faceToFace") })
	check := checkFor(t, w, tr("settings.faceToFace"))
	note := find(t, w, func(l *widget.Label) bool { return l.Text == tr("faceToFace.off") })
	if !check.Disabled() || !note.Visible() {
		t.Fatalf("against the engine face to face is enabled %v, the note why not shown %v", !check.Disabled(), note.Visible())
	}
	if test.Tap(text); check.Checked {
		t.Fatal("tapping the text of the disabled check ticked it")
	}
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("opponent.human") }).
		SetSelected(tr("opponent.human"))
	if check.Disabled() || note.Text != tr("faceToFace.on") {
		t.Fatalf("for two players face to face is enabled %v, note %q", !check.Disabled(), note.Text)
	}
	if test.Tap(text); !check.Checked {
		t.Fatal("tapping the text does not tick the check")
	}
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.start") }))
	if !w.Session().Settings().Appearance.FaceToFace || !w.Board().View().FaceToFace {
		t.Fatal("New game for two players face to face does not turn the board's upper side")
	}

	newGame(t, w, game.HumanRed, 1)
	test.Tap(w.game.settBtn)
	check = checkFor(t, w, tr("settings.faceToFace"))
	if !check.Disabled() {
		t.Fatal("Settings offers face to face in a game against the engine")
	}
	find(t, w, func(l *widget.Label) bool { return l.Text == tr("faceToFace.off") })
}
