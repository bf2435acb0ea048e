package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
)

// The puzzles open on the path (闯关): its chapters with their stars, each chapter's
// puzzles, and from the path the dashboard and the full list.

// showPuzzles shows the path over the game; Back returns.
func (w *Window) showPuzzles() {
	t, err := w.puzzleTrainer()
	if err != nil {
		w.showNotice(tr("puzzles.unavailable", map[string]any{"Error": err}))
		return
	}
	w.screens.replace(newPathScreen(pathDeps{
		trainer:   t,
		wide:      landscape(w.win.Canvas().Size()),
		chapter:   w.openChapter,
		all:       w.showPuzzleList,
		dashboard: w.showDashboard,
		close:     w.screens.pop,
	}))
}

// showPuzzleList shows the list of all the puzzles over the path.
func (w *Window) showPuzzleList() {
	w.screens.push(newPuzzleListScreen(puzzleListDeps{
		trainer: w.puzzles,
		wide:    landscape(w.win.Canvas().Size()),
		today:   w.now,
		open:    func(p *puzzle.Puzzle, f puzzle.Filter) { w.openPuzzle(p, w.nextIn(f)) },
		close:   w.screens.pop,
	}))
}

// openChapter shows chapter i of the path over it.
func (w *Window) openChapter(i int) {
	path := w.puzzles.Path()
	w.screens.push(newChapterScreen(chapterDeps{
		trainer: w.puzzles,
		at:      i,
		wide:    landscape(w.win.Canvas().Size()),
		open: func(p *puzzle.Puzzle) {
			w.openPuzzle(p, func(after *puzzle.Puzzle) (*puzzle.Puzzle, bool) {
				return w.puzzles.NextInChapter(path[i], after.ID)
			})
		},
		close: w.screens.pop,
	}))
}

// nextIn is the Next button's choice within a filter: the untried puzzle nearest the
// player's rating.
func (w *Window) nextIn(f puzzle.Filter) func(*puzzle.Puzzle) (*puzzle.Puzzle, bool) {
	return func(*puzzle.Puzzle) (*puzzle.Puzzle, bool) { return w.puzzles.Next(f) }
}

// titleBar is a screen's top row: Back (labelled in a wide window) and the title.
func titleBar(wide bool, title string, back func(), right ...fyne.CanvasObject) fyne.CanvasObject {
	backText := ""
	if wide {
		backText = tr("action.back")
	}
	b := widget.NewButtonWithIcon(backText, theme.NavigateBackIcon(), back)
	label := widget.NewLabelWithStyle(title, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	label.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil, b, container.NewHBox(right...), label)
}

// twoLineList is a list whose rows are an icon and two lines of text.
func twoLineList(length func() int, update func(i int, text *widget.Label, icon *widget.Icon), tapped func(int)) *widget.List {
	l := widget.NewList(length,
		func() fyne.CanvasObject {
			text := widget.NewLabel("\n")
			text.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, widget.NewIcon(nil), nil, text)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < length() {
				text, icon := puzzleRowParts(o)
				update(i, text, icon)
			}
		})
	l.OnSelected = func(i widget.ListItemID) {
		l.UnselectAll()
		if i >= 0 && i < length() {
			tapped(i)
		}
	}
	return l
}

// pathScreen is the path: the chapters in order with the stars earned of those each
// offers; a locked one is greyed and says how many more stars of the one before open it.
type pathScreen struct {
	pathDeps
	path    []puzzle.Chapter
	player  *widget.Label
	list    *widget.List
	allBtn  *widget.Button
	dashBtn *widget.Button
	content fyne.CanvasObject
}

// pathDeps is what the path works with.
type pathDeps struct {
	trainer   *play.Puzzles
	wide      bool
	chapter   func(i int)
	all       func()
	dashboard func()
	close     func()
}

func newPathScreen(deps pathDeps) *pathScreen {
	s := &pathScreen{pathDeps: deps, path: deps.trainer.Path()}
	s.player = widget.NewLabel("")
	s.player.Wrapping = fyne.TextWrapWord
	s.list = twoLineList(func() int { return len(s.path) }, s.showRow, func(i int) {
		if s.trainer.Progress().Open(s.path, i) {
			s.chapter(i)
		}
	})
	s.allBtn = widget.NewButtonWithIcon(tr("path.all"), theme.ListIcon(), s.all)
	s.dashBtn = widget.NewButtonWithIcon(tr("path.dashboard"), theme.InfoIcon(), s.dashboard)
	top := titleBar(s.wide, tr("path.title"), s.close)
	var player fyne.CanvasObject = s.player
	if !s.wide {
		// A phone wraps the line in two; the header's height is taken before the label
		// knows its width, so the second line sat under the buttons: keep room for two.
		player = container.New(atLeastLines{lines: 2}, s.player)
	}
	header := container.NewVBox(top, player, container.NewGridWithColumns(2, s.dashBtn, s.allBtn))
	s.content = container.NewBorder(header, nil, nil, nil, s.list)
	s.reshow()
	return s
}

// showRow shows chapter i: done (every star), open, or locked.
func (s *pathScreen) showRow(i int, text *widget.Label, icon *widget.Icon) {
	pr := s.trainer.Progress()
	lines := present.ChapterRow(trData, s.path, i, pr)
	text.SetText(strings.Join(lines[:], "\n"))
	open := pr.Open(s.path, i)
	text.Importance = widget.MediumImportance
	switch {
	case !open:
		text.Importance = widget.LowImportance
		icon.SetResource(theme.NewDisabledResource(theme.VisibilityOffIcon()))
	case pr.ChapterStars(s.path[i]) == puzzle.MaxStars*len(s.path[i].Puzzles):
		icon.SetResource(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	default:
		icon.SetResource(theme.NavigateNextIcon())
	}
	text.Refresh()
}

func (s *pathScreen) view() fyne.CanvasObject { return s.content }

// reshow brings the stars and the locks up to date after a chapter or a puzzle.
func (s *pathScreen) reshow() {
	s.player.SetText(present.PlayerLine(trData, s.trainer.Progress()))
	s.list.Refresh()
}

// chapterScreen is one chapter: what it trains, its stars and what they open, and its
// puzzles in order with the stars each earned.
type chapterScreen struct {
	chapterDeps
	path    []puzzle.Chapter
	about   *widget.Label
	stars   *widget.Label
	list    *widget.List
	content fyne.CanvasObject
}

// chapterDeps is what a chapter works with.
type chapterDeps struct {
	trainer *play.Puzzles
	at      int // the chapter's place in the path
	wide    bool
	open    func(*puzzle.Puzzle)
	close   func()
}

func newChapterScreen(deps chapterDeps) *chapterScreen {
	s := &chapterScreen{chapterDeps: deps, path: deps.trainer.Path()}
	ch := s.path[s.at]
	s.about = widget.NewLabel(present.ChapterAbout(trData, ch))
	s.about.Wrapping = fyne.TextWrapWord
	s.stars = widget.NewLabel("")
	s.stars.Wrapping = fyne.TextWrapWord
	s.stars.TextStyle.Bold = true
	s.list = twoLineList(func() int { return len(ch.Puzzles) }, s.showRow, func(i int) {
		if p, ok := s.trainer.ByID(ch.Puzzles[i]); ok {
			s.open(p)
		}
	})
	header := container.NewVBox(titleBar(s.wide, present.ChapterName(trData, ch), s.close), s.about, s.stars)
	s.content = container.NewBorder(header, nil, nil, nil, s.list)
	s.reshow()
	return s
}

// showRow shows the chapter's puzzle i with its stars, ticked once it has all three.
func (s *chapterScreen) showRow(i int, text *widget.Label, icon *widget.Icon) {
	p, ok := s.trainer.ByID(s.path[s.at].Puzzles[i])
	if !ok {
		return
	}
	pr := s.trainer.Progress()
	lines := present.ChapterPuzzleRow(trData, i+1, p, pr)
	text.SetText(strings.Join(lines[:], "\n"))
	mark := present.MarkOf(p, pr)
	if pr.Stars[p.ID] > 0 {
		mark = present.MarkSolved // a hinted solve earned stars, though rated as failed
	}
	icon.SetResource(markIcon(mark))
}

func (s *chapterScreen) view() fyne.CanvasObject { return s.content }

// reshow brings the stars up to date after a puzzle.
func (s *chapterScreen) reshow() {
	pr := s.trainer.Progress()
	s.stars.SetText(present.ChapterStars(trData, s.path[s.at], pr) + " · " + present.ChapterGoal(trData, s.path, s.at, pr))
	s.list.Refresh()
}
