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
	noWeak   *widget.Label
	practice *fyne.Container // a button per weak theme
	list     *widget.List
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
	s.daily = widget.NewButtonWithIcon("", theme.CalendarIcon(), s.openDaily)
	s.daily.Alignment = widget.ButtonAlignLeading
	s.noWeak = widget.NewLabel(tr("dashboard.noWeak"))
	s.noWeak.Wrapping = fyne.TextWrapWord
	s.practice = container.NewGridWithColumns(1)
	if s.wide {
		s.practice = container.NewGridWithColumns(weakestOffered)
	}
	s.list = widget.NewList(func() int { return len(s.stats) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("\n")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < len(s.stats) {
				lines := present.ThemeStatRow(trData, s.stats[i])
				o.(*widget.Label).SetText(strings.Join(lines[:], "\n"))
			}
		})
	s.list.OnSelected = func(i widget.ListItemID) {
		s.list.UnselectAll()
		if i >= 0 && i < len(s.stats) {
			s.practise(s.stats[i].Theme)
		}
	}
	weakest := widget.NewLabelWithStyle(tr("dashboard.weakest"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	themes := widget.NewLabelWithStyle(tr("dashboard.themes"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	header := container.NewVBox(titleBar(s.wide, tr("dashboard.title"), s.close),
		s.player, s.streak, s.daily, weakest, s.noWeak, s.practice, themes)
	s.content = container.NewBorder(header, nil, nil, nil, s.list)
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
		s.daily.SetText(present.DailyLine(trData, p, pr))
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
	s.list.Refresh()
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
