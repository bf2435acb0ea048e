package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
)

// resultView is what the game's end says: the result in large type, how it came about
// and, for a rated online game, the player's rating before and after.
type resultView struct {
	headline string // "You won", "Black wins", "Draw"
	reason   string // "Red wins by checkmate", or the repetition verdict
	rating   string // "Rating 1500 → 1516 (+16)"; "" where none
	mood     fyne.ThemeColorName
}

// resultAction is a button of the result screen.
type resultAction struct {
	label string
	icon  fyne.Resource
	do    func()
}

// headlineScale is how much larger than the body text the result is written.
const headlineScale = 1.8

// showResult shows the game's end over parent: a screen of its own rather than Fyne's
// information dialog, whose faint icon sat on the text (issue 51 item 8), with what the
// player does next: the actions, the first one the main one, and Close.
func showResult(parent fyne.Window, v resultView, actions ...resultAction) dialog.Dialog {
	headline := canvas.NewText(v.headline, theme.Color(v.mood))
	headline.TextSize = theme.TextSize() * headlineScale
	headline.TextStyle = fyne.TextStyle{Bold: true}
	headline.Alignment = fyne.TextAlignCenter
	rows := []fyne.CanvasObject{headline}
	for _, text := range []string{v.reason, v.rating} {
		if text == "" {
			continue
		}
		l := widget.NewLabel(text)
		l.Wrapping, l.Alignment = fyne.TextWrapWord, fyne.TextAlignCenter
		rows = append(rows, l)
	}
	win := parent.Canvas().Size()
	body := fitted(container.NewVBox(rows...), min(win.Width, questionWidth)-dialogSides, win.Height-dialogChrome)
	d := dialog.NewCustomWithoutButtons(tr("gameover.title"), body, parent)
	var buttons []fyne.CanvasObject
	for i, a := range actions {
		b := widget.NewButtonWithIcon(a.label, a.icon, func() {
			d.Hide()
			a.do()
		})
		if i == 0 {
			b.Importance = widget.HighImportance
		}
		buttons = append(buttons, b)
	}
	buttons = append(buttons, widget.NewButtonWithIcon(tr("action.close"), theme.CancelIcon(), d.Hide))
	d.SetButtons(dialogButtons(win, buttons...))
	d.Show()
	return d
}

// localResult is the result screen's view of a game played here.
func localResult(say present.Say, g *game.Game, human game.HumanSide) resultView {
	r := g.Result()
	return resultView{headline: present.ResultHeadline(trData, r, human), reason: gameOverText(say, g), mood: resultMood(r, human)}
}

// resultMood is the headline's colour for the player: green for a win, red for a loss,
// plain for a draw or a game between two people here.
func resultMood(r game.Result, human game.HumanSide) fyne.ThemeColorName {
	switch {
	case r.Status == game.Draw || human == game.HumanBoth:
		return theme.ColorNameForeground
	case human.Plays(r.Winner):
		return theme.ColorNameSuccess
	}
	return theme.ColorNameError
}
