package gui

import (
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/resources"
)

// puzzleTrainer returns the window's puzzle trainer, reading the bundled puzzles and the
// player's progress the first time (the game's start does not wait for them).
func (w *Window) puzzleTrainer() (*play.Puzzles, error) {
	if w.puzzles != nil {
		return w.puzzles, nil
	}
	files, err := puzzle.Load(resources.Puzzles())
	if err != nil {
		return nil, err
	}
	var all []puzzle.Puzzle
	for _, f := range files {
		all = append(all, f.Puzzles...)
	}
	cfg := play.PuzzleConfig{Puzzles: all, Post: w.look.post, Now: w.now,
		EngineLimits: w.puzzleLimits, RefuteLimits: w.puzzleLimits,
		Notation: func() game.Notation { return w.session.Settings().Notation },
		SaveError: func(err error) {
			dialog.ShowError(errors.New(tr("puzzles.saveFailed", map[string]any{"Error": err})), w.win)
		}}
	if w.store != nil {
		cfg.Store = w.store.Puzzles()
	}
	t, notice := play.NewPuzzles(cfg)
	if t == nil {
		return nil, notice
	}
	w.puzzles = t
	switch {
	case notice != nil:
		w.showNotice(tr("puzzles.progressNotice", map[string]any{"Error": notice}))
	case w.store == nil:
		w.showNotice(tr("puzzles.noSave", map[string]any{"Error": w.storeErr}))
	}
	return t, nil
}

// openPuzzle shows a puzzle over the path, a chapter, the dashboard or the list, or
// instead of the puzzle shown; its Next button opens what next chooses after it.
func (w *Window) openPuzzle(p *puzzle.Puzzle, next func(after *puzzle.Puzzle) (*puzzle.Puzzle, bool)) {
	run, err := w.puzzles.Start(p)
	if err != nil {
		dialog.ShowError(err, w.win)
		return
	}
	ps := newPuzzleScreen(run, puzzleDeps{
		wide:     landscape(w.win.Canvas().Size()),
		say:      w.say,
		settings: w.session.Settings,
		next: func(after *puzzle.Puzzle) {
			if p, ok := next(after); ok && p.ID != after.ID {
				w.openPuzzle(p, next)
			}
		},
		analyse: w.analysePuzzle,
		edit:    w.editPuzzle,
		close:   w.screens.pop,
	})
	if _, over := w.screens.top().(*puzzleScreen); over {
		w.screens.replace(ps)
	} else {
		w.screens.push(ps)
	}
}

// analysePuzzle opens a puzzle with its line as a game for two at its start, with the
// analysis on, and goes back to the game screen.
func (w *Window) analysePuzzle(p *puzzle.Puzzle) {
	rec, err := play.PuzzleRecord(p)
	if err == nil {
		err = w.session.OpenRecord(rec, play.Players{Human: game.HumanBoth})
	}
	if err != nil {
		dialog.ShowError(err, w.win)
		return
	}
	w.screens.home()
	w.session.Browser().GoFirst()
	w.session.Analysis().Set(true)
}

// editPuzzle opens the board editor on a puzzle's position, instead of the puzzle.
func (w *Window) editPuzzle(p *puzzle.Puzzle) {
	pos, err := p.Position()
	if err != nil {
		dialog.ShowError(err, w.win)
		return
	}
	w.showEditorAt(pos)
}

// puzzleListScreen lists the puzzles by source, theme and difficulty, marks those solved
// or failed, and offers the daily puzzle and the next one near the player's rating,
// under the player's rating and its history.
type puzzleListScreen struct {
	puzzleListDeps
	filter      puzzle.Filter
	shown       []int // indices into the trainer's puzzles
	collections []string
	themes      []string
	list        *widget.List
	player      *widget.Label
	chart       *ratingChart
	count       *widget.Label
	empty       *widget.Label
	source      *widget.Select
	theme       *widget.Select
	level       *widget.Select
	unsolved    *widget.Check
	daily       *widget.Button
	next        *widget.Button
	content     fyne.CanvasObject
}

// puzzleListDeps is what the puzzle list works with.
type puzzleListDeps struct {
	trainer *play.Puzzles
	wide    bool             // a landscape window
	today   func() time.Time // the daily puzzle's date
	// open shows a puzzle; its Next button then keeps to the list's filter.
	open  func(*puzzle.Puzzle, puzzle.Filter)
	close func()
}

func newPuzzleListScreen(deps puzzleListDeps) *puzzleListScreen {
	ls := &puzzleListScreen{puzzleListDeps: deps}
	all := ls.trainer.All()
	ls.collections, ls.themes = puzzle.Collections(all), puzzle.ThemeGroups(all)
	ls.list = widget.NewList(
		func() int { return len(ls.shown) },
		func() fyne.CanvasObject {
			text := widget.NewLabel("\n")
			text.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, widget.NewIcon(nil), nil, text)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < 0 || i >= len(ls.shown) {
				return
			}
			p, pr := &all[ls.shown[i]], ls.trainer.Progress()
			text, mark := puzzleRowParts(o)
			lines := present.PuzzleRow(trData, p, pr)
			text.SetText(strings.Join(lines[:], "\n"))
			mark.SetResource(markIcon(present.MarkOf(p, pr)))
		})
	ls.list.OnSelected = func(i widget.ListItemID) {
		ls.list.UnselectAll()
		if i >= 0 && i < len(ls.shown) {
			ls.open(&all[ls.shown[i]], ls.filter)
		}
	}
	ls.player = widget.NewLabel("")
	ls.player.Wrapping = fyne.TextWrapWord
	chartHeight := float32(90)
	if !ls.wide {
		chartHeight = 40
	}
	ls.chart = newRatingChart(chartHeight)
	ls.count = widget.NewLabel("")
	ls.empty = widget.NewLabel(tr("puzzles.empty"))
	ls.empty.Wrapping = fyne.TextWrapWord

	sources := []string{tr("puzzles.allSources")}
	for _, c := range ls.collections {
		sources = append(sources, present.CollectionName(trData, c))
	}
	ls.source = allOrOne(sources, func(i int) { ls.filter.Collection = chosenKey(ls.collections, i) })
	themes := []string{tr("puzzles.allThemes")}
	for _, th := range ls.themes {
		themes = append(themes, present.ThemeName(trData, th))
	}
	ls.theme = allOrOne(themes, func(i int) { ls.filter.Theme = chosenKey(ls.themes, i) })
	bands := puzzle.RatingBands()
	levels := []string{tr("puzzles.allLevels")}
	for i, b := range bands {
		levels = append(levels, present.BandName(trData, i, b))
	}
	ls.level = allOrOne(levels, func(i int) {
		ls.filter.Band = puzzle.Band{}
		if i > 0 {
			ls.filter.Band = bands[i-1]
		}
	})
	for _, s := range []*widget.Select{ls.source, ls.theme, ls.level} {
		s.OnChanged = chain(s.OnChanged, ls.reload)
	}
	ls.unsolved = widget.NewCheck(tr("puzzles.unsolved"), func(on bool) { ls.filter.Unsolved = on; ls.reload() })

	// A phone in portrait keeps the list in sight: the two buttons go into the title bar
	// as icons.
	label := func(key string) string {
		if ls.wide {
			return tr(key)
		}
		return ""
	}
	ls.daily = widget.NewButtonWithIcon(label("puzzles.daily"), theme.CalendarIcon(), ls.openDaily)
	ls.next = widget.NewButtonWithIcon(label("puzzles.next"), theme.MediaSkipNextIcon(), ls.openNext)
	ls.next.Importance = widget.HighImportance
	backText := ""
	if ls.wide {
		backText = tr("action.back")
	}
	back := widget.NewButtonWithIcon(backText, theme.NavigateBackIcon(), ls.close)
	title := widget.NewLabelWithStyle(tr("puzzles.title"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	top := container.NewBorder(nil, nil, back, nil, title)
	if !ls.wide {
		top = container.NewBorder(nil, nil, back, container.NewHBox(ls.daily, ls.next), title)
	}
	var header fyne.CanvasObject
	if ls.wide {
		header = container.NewVBox(
			container.NewBorder(nil, nil, nil, container.NewHBox(ls.daily, ls.next), ls.player),
			ls.chart,
			container.NewGridWithColumns(4, ls.source, ls.theme, ls.level, ls.unsolved),
			ls.count)
	} else {
		// Room for the player's line in two, as on the path (the header's height is
		// taken before the label knows its width).
		header = container.NewVBox(container.New(atLeastLines{lines: 2}, ls.player), ls.chart,
			container.NewGridWithColumns(2, ls.source, ls.theme),
			container.NewGridWithColumns(2, ls.level, ls.unsolved),
			ls.count)
	}
	ls.content = container.NewBorder(container.NewVBox(top, header), nil, nil, nil, container.NewStack(ls.list, ls.empty))
	ls.reload()
	return ls
}

// puzzleRowParts are the label and the mark of a row of the list.
func puzzleRowParts(row fyne.CanvasObject) (*widget.Label, *widget.Icon) {
	var text *widget.Label
	var mark *widget.Icon
	for _, o := range row.(*fyne.Container).Objects {
		switch w := o.(type) {
		case *widget.Label:
			text = w
		case *widget.Icon:
			mark = w
		}
	}
	return text, mark
}

// markIcon draws a mark: a green tick for a solved puzzle, a red cross for a failed one,
// nothing (the room kept, so that the titles align) for one not tried.
func markIcon(m present.PuzzleMark) fyne.Resource {
	switch m {
	case present.MarkSolved:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case present.MarkFailed:
		return theme.NewErrorThemedResource(theme.CancelIcon())
	}
	return nil
}

// allOrOne is a select of options whose first is "all", reporting the index chosen.
func allOrOne(options []string, chosen func(int)) *widget.Select {
	s := widget.NewSelect(options, nil)
	s.SetSelectedIndex(0)
	s.OnChanged = func(string) { chosen(s.SelectedIndex()) }
	return s
}

// chosenKey is the option of keys for a select's index, "" for the first ("all").
func chosenKey(keys []string, i int) string {
	if i <= 0 || i > len(keys) {
		return ""
	}
	return keys[i-1]
}

func chain(first func(string), then func()) func(string) {
	return func(s string) { first(s); then() }
}

func (ls *puzzleListScreen) view() fyne.CanvasObject { return ls.content }

// reshow brings the marks and the rating up to date after a puzzle.
func (ls *puzzleListScreen) reshow() { ls.reload() }

// reload lists the puzzles the filter passes and shows the player's rating.
func (ls *puzzleListScreen) reload() {
	ls.shown = ls.trainer.Select(ls.filter)
	pr := ls.trainer.Progress()
	ls.player.SetText(present.PlayerLine(trData, pr))
	ls.chart.set(pr.History)
	showIf(len(pr.History) > 1, ls.chart)
	ls.count.SetText(tr("puzzles.count", map[string]any{"Count": len(ls.shown)}))
	ls.list.Refresh()
	showIf(len(ls.shown) == 0, ls.empty)
	enable(ls.next, len(ls.shown) > 0)
}

func (ls *puzzleListScreen) openDaily() {
	if p, ok := ls.trainer.Daily(ls.today()); ok {
		ls.open(p, ls.filter)
	}
}

// openNext opens the untried puzzle of the list nearest the player's rating.
func (ls *puzzleListScreen) openNext() {
	if p, ok := ls.trainer.Next(ls.filter); ok {
		ls.open(p, ls.filter)
	}
}
