package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// startTimedTwoPlayerGame chooses two players and a clock in the New game dialog, and plays
// each side's first move (b0c2, b9c7), which no clock charges: the clock then runs for Red.
func startTimedTwoPlayerGame(t *testing.T, w *Window, tc match.TimeControl) {
	t.Helper()
	test.Tap(w.game.newBtn)
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("opponent.human") }).
		SetSelected(tr("opponent.human"))
	find(t, w, func(s *widget.Select) bool { return len(s.Options) == len(match.TimeControls()) }).
		SetSelected(timeControlText(tc))
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.start") }))
	for _, m := range [][2]string{{"b0", "c2"}, {"b9", "c7"}} {
		if w.game.clocks.View().Running {
			t.Fatalf("a clock runs before each side's first move (ply %d)", w.Session().Game().Ply())
		}
		tapPoint(t, w.Board(), m[0])
		tapPoint(t, w.Board(), m[1])
	}
}

func wantClockText(t *testing.T, w *Window, side rules.Color, want string) {
	t.Helper()
	if got := w.game.clocks.Text(side); !strings.HasSuffix(got, " "+want) {
		t.Errorf("%v's clock shows %q, want %s", side, got, want)
	}
}

func TestClockFromNewGameRunsAndFlagFalls(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, q := openWindowWith(t, Config{SaveDir: t.TempDir(), Time: ft})
	if w.game.clocks.View().Timed || strings.Contains(w.game.clocks.Text(rules.Red), ":") {
		t.Fatalf("an untimed game shows a clock: %q", w.game.clocks.Text(rules.Red))
	}
	startTimedTwoPlayerGame(t, w, match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})
	if got := w.Session().Clocks().TimeControl(); got.String() != "5+3" {
		t.Fatalf("time control after New game: %v", got)
	}
	if !w.game.clocks.Visible() || !w.game.clocks.View().Running || w.game.clocks.View().Side != rules.Red {
		t.Fatalf("clocks after New game: visible %v, view %+v", w.game.clocks.Visible(), w.game.clocks.View())
	}
	wantClockText(t, w, rules.Red, "5:03") // the first move earned the increment
	ft.Advance(30 * time.Second)
	w.game.showClock() // what the ticker does ten times a second
	wantClockText(t, w, rules.Red, "4:33")

	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	wantClockText(t, w, rules.Red, "4:36")
	if v := w.game.clocks.View(); v.Side != rules.Black {
		t.Errorf("after Red's move %v's clock runs", v.Side)
	}
	ft.Advance(4*time.Minute + 53*time.Second)
	w.game.showClock()
	wantClockText(t, w, rules.Black, "0:10.0")

	ft.Advance(10 * time.Second)
	q.Drain()
	r := w.Session().Game().Result()
	if r.Status != game.RedWins || r.Reason != game.ReasonTime {
		t.Fatalf("after Black's flag fell: %v", r)
	}
	if w.game.clocks.View().Running || w.game.clockTicker.Running() {
		t.Error("the clock still ticks after the game ended")
	}
	if !strings.Contains(w.game.status.Text, w.say(game.ReasonTime.Message())) {
		t.Errorf("status after the flag fell: %q", w.game.status.Text)
	}
}

// foreground switches the app in and out of the background, as a phone's system does.
type foreground interface {
	OnExitedForeground() func()
	OnEnteredForeground() func()
}

// A phone app sent to the background stops its clock (the board cannot be seen there) and
// starts it again when it comes back; the clock drawn says so.
func TestClockStopsWhileTheAppIsInTheBackground(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, q := openWindowWith(t, Config{SaveDir: t.TempDir(), Time: ft, AwayStopsClock: true})
	startTimedTwoPlayerGame(t, w, match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})
	ft.Advance(20 * time.Second)
	lc := w.look.app.Lifecycle().(foreground)
	lc.OnExitedForeground()()
	q.Drain()
	if w.game.clocks.View().Running || w.game.clockTicker.Running() {
		t.Fatal("the clock runs in the background")
	}
	ft.Advance(10 * time.Minute)
	q.Drain()
	if r := w.Session().Game().Result(); r.Decided() {
		t.Fatalf("the game ended in the background: %v", r)
	}
	lc.OnEnteredForeground()()
	ft.Advance(5 * time.Second)
	w.game.showClock()
	wantClockText(t, w, rules.Red, "4:38")
	if !w.game.clocks.View().Running || !w.game.clockTicker.Running() {
		t.Error("the clock does not run again in the foreground")
	}
}

// On the desktop the window losing the focus does not stop the clock: the board is still
// in sight.
func TestDesktopClockRunsWhenTheWindowLosesFocus(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, _ := openWindowWith(t, Config{SaveDir: t.TempDir(), Time: ft})
	startTimedTwoPlayerGame(t, w, match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})
	if f := w.look.app.Lifecycle().(foreground).OnExitedForeground(); f != nil {
		f()
	}
	ft.Advance(20 * time.Second)
	w.game.showClock()
	wantClockText(t, w, rules.Red, "4:43")
}

// On a narrow phone the clocks' text shrinks to fit in their halves of the bar instead of
// running into each other.
func TestClockTextFitsANarrowWindow(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, _ := openWindowWith(t, Config{SaveDir: t.TempDir(), Time: ft})
	startTimedTwoPlayerGame(t, w, match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})
	for _, size := range []fyne.Size{fyne.NewSize(216, 469), fyne.NewSize(390, 844), fyne.NewSize(1280, 900)} {
		w.Fyne().Resize(size)
		half := (w.game.clocks.Size().Width - theme.Padding()) / 2
		texts := 0
		for _, o := range test.WidgetRenderer(w.game.clocks).Objects() {
			if text, ok := o.(*canvas.Text); ok {
				texts++
				if got := text.MinSize().Width; got > half {
					t.Errorf("%v: clock text %q is %.0f wide in a half of %.0f", size, text.Text, got, half)
				}
			}
		}
		if texts != 4 {
			t.Fatalf("%v: %d clock texts drawn, want a name and a time for each side", size, texts)
		}
	}
}

// The bar beside the clocks names both sides: you and the engine with its level, two
// players, or the players of an opened file; on the desktop and on a phone.
func TestPlayersBesideClocks(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, 1.5)
	for _, size := range []fyne.Size{{Width: 1280, Height: 900}, {Width: 390, Height: 844}} {
		w.Fyne().Resize(size)
		if !w.game.clocks.Visible() || !inside(w, w.game.clocks) {
			t.Fatalf("%v: the players' bar is not shown", size)
		}
		if red, black := w.game.clocks.Text(rules.Red), w.game.clocks.Text(rules.Black); red != tr("side.red")+" · "+tr("player.you") ||
			!strings.Contains(black, tr("level.amateur", map[string]any{"Grade": 3})) {
			t.Errorf("%v: players %q and %q, want you and the engine at Amateur 3", size, red, black)
		}
	}
	rec := xqfExample(t)
	if err := w.Session().OpenRecord(rec, play.Players{}); err != nil {
		t.Fatal(err)
	}
	if red, black := w.game.clocks.Text(rules.Red), w.game.clocks.Text(rules.Black); !strings.HasSuffix(red, "柳大华") || !strings.HasSuffix(black, "吕 钦") {
		t.Errorf("an opened file's players show as %q and %q", red, black)
	}
}

// A 读秒 control chosen in New game: main time first, then the clock counts the period
// ("25 s · 3 periods": 25 s left of it, three periods), a period used up shows one fewer, and a
// move gives the next move a whole period.
func TestByoyomiClockFromNewGame(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, q := openWindowWith(t, Config{SaveDir: t.TempDir(), Time: ft})
	tc := match.TimeControl{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 3}
	startTimedTwoPlayerGame(t, w, tc)
	if got := w.Session().Clocks().TimeControl(); got != tc {
		t.Fatalf("time control after New game: %+v", got)
	}
	wantClockText(t, w, rules.Red, "10:00")
	ft.Advance(10*time.Minute + 5*time.Second)
	q.Drain()
	w.game.showClock()
	wantClockText(t, w, rules.Red, tr("clock.byoyomiLeftPeriods", map[string]any{"Seconds": 25, "Periods": 3}))
	if v := w.game.clocks.View(); !v.Byoyomi[rules.Red] || v.Byoyomi[rules.Black] {
		t.Fatalf("after the main time: %+v", v)
	}
	ft.Advance(30 * time.Second) // the first period used up: 25 s of the second left
	q.Drain()
	w.game.showClock()
	wantClockText(t, w, rules.Red, tr("clock.byoyomiLeftPeriods", map[string]any{"Seconds": 25, "Periods": 2}))
	ft.Advance(17 * time.Second)
	w.game.showClock()
	wantClockText(t, w, rules.Red, tr("clock.byoyomiLeftPeriods", map[string]any{"Seconds": 8, "Periods": 2}))
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	wantClockText(t, w, rules.Red, tr("clock.byoyomiLeftPeriods", map[string]any{"Seconds": 30, "Periods": 2}))
	wantClockText(t, w, rules.Black, "10:00")
}

// Issue 35 item 5: on a phone the names in the players' bar stay readable, each at least
// the caption's size (the engine's long name had shrunk both to 8 pixels high), and
// inside its half of the bar.
func TestPlayersBarNamesStayReadableOnAPhone(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, 0.05) // "Black · Engine, Custom (0.05 s)"
	for _, size := range []fyne.Size{{Width: 390, Height: 844}, {Width: 187, Height: 414}} {
		w.Fyne().Resize(size)
		half := (w.game.clocks.Size().Width - theme.Padding()) / 2
		names := 0
		for _, o := range test.WidgetRenderer(w.game.clocks).Objects() {
			text, ok := o.(*canvas.Text)
			if !ok || !text.Visible() || text.Text == "" {
				continue
			}
			names++
			if text.TextSize < theme.CaptionTextSize() {
				t.Errorf("%v: %q is drawn at %.1f, under the caption's %.1f", size, text.Text, text.TextSize, theme.CaptionTextSize())
			}
			if got := text.MinSize().Width; got > half {
				t.Errorf("%v: %q is %.0f wide in a half of %.0f", size, text.Text, got, half)
			}
		}
		if names != 2 {
			t.Errorf("%v: %d names drawn", size, names)
		}
	}
}

// A name that fits its half of the bar by shrinking a little is shown whole, not cut.
func TestPlayersBarShowsAFittingNameWhole(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	if err := w.Session().OpenRecord(headerGame(t), play.Players{}); err != nil {
		t.Fatal(err)
	}
	for _, size := range phoneSizes {
		w.Fyne().Resize(size)
		for _, o := range test.WidgetRenderer(w.game.clocks).Objects() {
			if text, ok := o.(*canvas.Text); ok && text.Visible() && strings.HasSuffix(text.Text, "…") {
				t.Errorf("%v: the name %q is cut", size, text.Text)
			}
		}
	}
}

// Issue 51 item 7: on a phone in Chinese the engine's half of the bar read "黑方 · 电脑 …",
// its level cut away. The level shows whole, in both languages and at every level, where
// the side and the player together do not fit.
func TestPlayersBarKeepsTheEnginesLevelOnAPhone(t *testing.T) {
	for _, locale := range []string{"zh_CN.UTF-8", "en_GB.UTF-8"} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, locale)
		}
		w, q := openWindow(t, t.TempDir())
		reloadTranslations(t)
		// 216x469: the phone simulation's size in points.
		sizes := []fyne.Size{fyne.NewSize(390, 844), fyne.NewSize(320, 693), fyne.NewSize(216, 469)}
		for _, size := range sizes {
			w.Fyne().Resize(size)
			q.Drain()
			for _, l := range play.Levels() {
				newGame(t, w, game.HumanRed, l.Seconds)
				set := w.Session().Settings()
				set.TimeControl = match.TimeControl{Base: 10 * time.Minute}
				if err := w.Session().NewGame(set); err != nil {
					t.Fatal(err)
				}
				q.Drain()
				w.game.showClock()
				w.game.clocks.Refresh()
				level := tr(l.Key, map[string]any{"Grade": l.Grade})
				short := tr(l.Key+".short", map[string]any{"Grade": l.Grade}) // "Intl GM"
				var drawn []string
				for _, o := range test.WidgetRenderer(w.game.clocks).Objects() {
					if text, ok := o.(*canvas.Text); ok && text.Text != "" {
						drawn = append(drawn, text.Text)
					}
				}
				if !slices.ContainsFunc(drawn, func(s string) bool {
					return (strings.Contains(s, level) || strings.Contains(s, short)) && !strings.Contains(s, "…")
				}) {
					t.Errorf("%s %v: the bar draws %q, without the level %q whole", locale, size, drawn, level)
				}
			}
		}
	}
}

// The clock's digits all take one width in its face, so that a running clock's text does
// not shift as the digits change (the clocks use the regular style: see clockTextStyle).
func TestClockDigitsKeepTheirWidth(t *testing.T) {
	openWindow(t, t.TempDir()) // the app's theme, whose font the clock uses
	size := theme.TextSize() * 1.6
	want := fyne.MeasureText("0:00", size, clockTextStyle).Width
	for d := '1'; d <= '9'; d++ {
		text := string(d) + ":" + string(d) + string(d)
		if got := fyne.MeasureText(text, size, clockTextStyle).Width; got < want-0.01 || got > want+0.01 {
			t.Errorf("%q is %.2f wide, %q %.2f: the digits differ in width", text, got, "0:00", want)
		}
	}
}
