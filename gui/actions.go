package gui

import (
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The window's actions: what the game screen's buttons, its "more" menu and the keys
// open. Each builds a screen or a dialog with what that needs and shows it.

// showGameOver says how the game ended.
func (w *Window) showGameOver(game.Result) {
	dialog.ShowInformation(tr("gameover.title"), gameOverText(w.say, w.session.Game()), w.win)
}

// warnRepetition asks, as an arbiter would, before a move that loses by a repetition rule.
func (w *Window) warnRepetition(why game.Verdict, playAnyway func()) {
	question{title: tr("repetition.title"), yes: tr("action.playAnyway"), no: tr("action.cancel"), wrap: true,
		text:  tr("repetition.warning", map[string]any{"Verdict": w.say(why.Message())}),
		onYes: playAnyway}.show(w.win)
}

// confirmResign asks before resigning.
func (w *Window) confirmResign() {
	question{title: tr("action.resign"), text: tr("resign.confirm"), onYes: w.session.Endings().Resign}.show(w.win)
}

// offerDraw offers a draw: the engine answers at once, a second player in a dialog.
func (w *Window) offerDraw() {
	s := w.session
	side := sideName(s.Game().SideToMove())
	switch s.Endings().OfferDraw() {
	case play.DrawDeclined:
		w.showNotice(tr("draw.declined"))
	case play.DrawAskOpponent:
		question{title: tr("action.draw"), text: tr("draw.offer", map[string]any{"Side": side}), onYes: s.Endings().AcceptDraw}.show(w.win)
	}
}

// showEngineError says why the engine could not move and offers to let it try again.
func (w *Window) showEngineError(err error) {
	question{title: tr("error.title"), yes: tr("action.retry"), no: tr("action.close"),
		text: tr("engine.failed", map[string]any{"Error": err}), onYes: w.session.Engine().Retry}.show(w.win)
}

// showNewGame asks for a new game's settings and starts it.
func (w *Window) showNewGame() {
	newGameDialog{parent: w.win, current: w.session.Settings(), start: w.session.NewGame}.show()
}

// showSettings lets the player change the settings.
func (w *Window) showSettings() {
	settingsDialog{parent: w.win, say: w.say, current: w.session.Settings(), apply: w.session.ApplySettings}.show()
}

// toggleReview cancels a running review, or asks for the time per move and starts one.
func (w *Window) toggleReview() {
	s := w.session
	if s.Review().Running() {
		s.Review().Cancel()
		return
	}
	reviewDialog{parent: w.win, start: func(per time.Duration) {
		if err := s.Review().Start(play.ReviewOptions{PerMove: per}); err != nil {
			w.showNotice(tr("review.failed", map[string]any{"Error": err}))
		}
	}}.show()
}

// showEditor opens the editor on the current board, over the game.
func (w *Window) showEditor() { w.showEditorAt(w.session.Game().Position()) }

// showEditorAt opens the editor on a position, instead of the screen over the game.
func (w *Window) showEditorAt(pos *rules.Position) {
	w.screens.replace(newEditorScreen(pos, editorDeps{
		parent:   w.win,
		wide:     landscape(w.win.Canvas().Size()),
		say:      w.say,
		settings: w.session.Settings,
		newGame:  w.session.NewGameFrom,
		close:    w.screens.pop,
	}))
}

// showLibrary shows the library list over the game; Back returns.
func (w *Window) showLibrary() {
	if w.io.library == nil {
		w.showNotice(tr("library.unavailable", map[string]any{"Error": w.io.libraryErr}))
		return
	}
	w.screens.replace(newLibraryScreen(libraryDeps{
		library:    w.io.library,
		post:       w.look.post,
		parent:     w.win,
		wide:       landscape(w.win.Canvas().Size()),
		notation:   func() game.Notation { return w.session.Settings().Notation },
		openRecord: w.session.OpenRecord,
		addCurrent: w.addToLibrary,
		close:      w.screens.pop,
	}))
}

// addToLibrary files the current game at the player's request.
func (w *Window) addToLibrary() {
	if w.io.library == nil {
		w.showNotice(tr("library.unavailable", map[string]any{"Error": w.io.libraryErr}))
		return
	}
	if _, err := w.io.library.Add(w.session.CurrentRecord(), w.session.Players()); err != nil {
		dialog.ShowError(errors.New(tr("library.addFailed", map[string]any{"Error": err})), w.win)
		return
	}
	w.game.flashStatus(tr("library.added"))
}

// offerResume says where an unfinished game left for another went, and takes the player
// back to it with one tap.
func (w *Window) offerResume(e play.LibraryEntry) {
	question{title: tr("library.keptTitle"), text: tr("library.kept"), wrap: true,
		yes: tr("library.resume"), no: tr("action.close"), onYes: func() {
			rec, who, err := w.io.library.Open(e.ID)
			if err == nil {
				err = w.session.OpenRecord(rec, who)
			}
			if err != nil {
				dialog.ShowError(err, w.win)
			}
		}}.show(w.win)
}

// moreItems are the actions of the "more" menu: files, clipboard, editor and library,
// reached from one button so the toolbar does not grow.
func (w *Window) moreItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem(tr("more.open"), w.files.showOpen),
		fyne.NewMenuItem(tr("more.save"), w.files.showSave),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr("more.copyFEN"), w.files.copyFEN),
		fyne.NewMenuItem(tr("more.copyPGN"), w.files.copyPGN),
		fyne.NewMenuItem(tr("more.paste"), w.files.paste),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr("more.comment"), w.game.editComment),
		fyne.NewMenuItem(tr("more.editor"), w.showEditor),
		fyne.NewMenuItem(tr("more.library"), w.showLibrary),
		fyne.NewMenuItem(tr("more.puzzles"), w.showPuzzles),
		fyne.NewMenuItem(tr("more.addToLibrary"), w.addToLibrary),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr("more.online"), w.showOnline),
	}
}
