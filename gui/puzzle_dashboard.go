package gui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
)

// weakestOffered is how many weak themes the dashboard offers as practice.
const weakestOffered = 3

// showDashboard shows the dashboard over the path.
func (w *Window) showDashboard() {
	w.screens.push(newDashboardScreen(dashboardDeps{
		trainer: w.puzzles,
		wide:    landscape(w.win.Canvas().Size()),
		today:   w.now,
		open:    func(p *puzzle.Puzzle, f puzzle.Filter) { w.openPuzzle(p, w.nextIn(f)) },
		close:   w.screens.pop,
	}))
}

// dashboardScreen is the player's strengths and weaknesses: the rating, the days in a
// row with a solve, today's puzzle, the weakest themes offered as practice (a tap opens
// one of its puzzles near the player's rating), and each theme's record.
type dashboardScreen struct {
	dashboardDeps
	stats    []puzzle.ThemeStat
	player   *widget.Label
	streak   *widget.Label
	daily    *widget.Button
	dailyOf  *widget.Label // today's puzzle's title
	noWeak   *widget.Label
	practice *fyne.Container // a button per weak theme
	themes   *fyne.Container // a theme's record a row
	content  fyne.CanvasObject
}

// dashboardDeps is what the dashboard works with.
type dashboardDeps struct {
	trainer *play.Puzzles
	wide    bool
	today   func() time.Time // the streak's and the daily puzzle's date
	// open shows a puzzle; its Next button then keeps to the filter.
	open  func(*puzzle.Puzzle, puzzle.Filter)
	close func()
}

func newDashboardScreen(deps dashboardDeps) *dashboardScreen {
	s := &dashboardScreen{dashboardDeps: deps}
	s.player = widget.NewLabel("")
	s.player.Wrapping = fyne.TextWrapWord
	s.streak = widget.NewLabel("")
	s.streak.TextStyle.Bold = true
	s.streak.Wrapping = fyne.TextWrapWord
	s.daily = widget.NewButtonWithIcon(tr("puzzles.daily"), theme.CalendarIcon(), s.openDaily)
	s.dailyOf = widget.NewLabel("")
	s.dailyOf.Truncation = fyne.TextTruncateEllipsis
	s.noWeak = widget.NewLabel(tr("dashboard.noWeak"))
	s.noWeak.Wrapping = fyne.TextWrapWord
	s.practice = container.NewGridWithColumns(1)
	if s.wide {
		s.practice = container.NewGridWithColumns(weakestOffered)
	}
	s.themes = container.NewVBox()
	weakest := widget.NewLabelWithStyle(tr("dashboard.weakest"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	weakest.Wrapping = fyne.TextWrapWord
	themes := widget.NewLabelWithStyle(tr("dashboard.themes"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// One scroll: on a phone the weak themes leave no room for a list of its own.
	body := container.NewVBox(s.player, s.streak, container.NewBorder(nil, nil, s.daily, nil, s.dailyOf),
		weakest, s.noWeak, s.practice, themes, s.themes)
	s.content = container.NewBorder(titleBar(s.wide, tr("dashboard.title"), s.close), nil, nil, nil,
		container.NewVScroll(container.New(fitWidth{}, body)))
	s.reshow()
	return s
}

func (s *dashboardScreen) view() fyne.CanvasObject { return s.content }

// reshow recounts after a puzzle.
func (s *dashboardScreen) reshow() {
	pr := s.trainer.Progress()
	s.stats = s.trainer.ThemeStats()
	s.player.SetText(present.PlayerLine(trData, pr))
	s.streak.SetText(present.StreakLine(trData, pr.DayStreak(s.today())))
	if p, ok := s.trainer.Daily(s.today()); ok {
		s.dailyOf.SetText(present.DailyLine(trData, p, pr))
	}
	var buttons []fyne.CanvasObject
	for _, st := range puzzle.Weakest(s.stats, weakestOffered) {
		th := st.Theme
		b := widget.NewButton(present.PracticeLabel(trData, st), func() { s.practise(th) })
		b.Importance = widget.HighImportance
		buttons = append(buttons, b)
	}
	s.practice.Objects = buttons
	s.practice.Refresh()
	showIf(len(buttons) == 0, s.noWeak)
	showIf(len(buttons) > 0, s.practice)
	rows := make([]fyne.CanvasObject, 0, 2*len(s.stats))
	for i, st := range s.stats {
		if i > 0 {
			rows = append(rows, widget.NewSeparator())
		}
		lines := present.ThemeStatRow(trData, st)
		row := widget.NewLabel(strings.Join(lines[:], "\n"))
		row.Wrapping = fyne.TextWrapWord
		rows = append(rows, row)
	}
	s.themes.Objects = rows
	s.themes.Refresh()
}

// practise opens a puzzle of the theme near the player's rating, one not yet tried
// while there is one.
func (s *dashboardScreen) practise(theme string) {
	f := puzzle.Filter{Theme: theme}
	if p, ok := s.trainer.Next(f); ok {
		s.open(p, f)
	}
}

func (s *dashboardScreen) openDaily() {
	if p, ok := s.trainer.Daily(s.today()); ok {
		s.open(p, puzzle.Filter{})
	}
}
