package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// question asks the player to confirm an action: resigning, accepting a draw, letting the
// engine try again, a move that loses by a repetition rule.
type question struct {
	title, text string
	yes, no     string // the buttons' labels; "" for Fyne's own Yes and No
	// wrap lets a long text wrap, in a dialog at most questionWidth wide.
	wrap bool
	// yesIcon and noIcon replace the tick and the cross on the buttons (wrap only), where
	// the answers are two choices rather than go and cancel.
	yesIcon, noIcon fyne.Resource
	onYes           func()
	// onAnswer, when set, hears either answer (No also when the dialog is dismissed).
	onAnswer func(yes bool)
}

// questionWidth is the most a question with a long text is wide.
const questionWidth = 460

func (q question) show(parent fyne.Window) {
	answer := func(ok bool) {
		switch {
		case q.onAnswer != nil:
			q.onAnswer(ok)
		case ok:
			q.onYes()
		}
	}
	switch {
	case q.yes == "":
		dialog.ShowConfirm(q.title, q.text, answer, parent)
	case q.wrap:
		q.showWrapped(parent, answer)
	default:
		dialog.ShowCustomConfirm(q.title, q.yes, q.no, widget.NewLabel(q.text), answer, parent)
	}
}

// showWrapped shows a question whose text wraps to a dialog no wider than the window, the
// buttons one above the other where side by side they would not fit (a phone: issue 35).
func (q question) showWrapped(parent fyne.Window, answer func(bool)) {
	win := parent.Canvas().Size()
	label := widget.NewLabel(q.text)
	label.Wrapping = fyne.TextWrapWord
	body := fitted(container.NewStack(label), min(win.Width, questionWidth)-dialogSides, win.Height-dialogChrome)
	d := dialog.NewCustomWithoutButtons(q.title, body, parent)
	yesIcon, noIcon := q.yesIcon, q.noIcon
	if yesIcon == nil {
		yesIcon = theme.ConfirmIcon()
	}
	if noIcon == nil {
		noIcon = theme.CancelIcon()
	}
	answered := false
	yes := widget.NewButtonWithIcon(q.yes, yesIcon, func() {
		answered = true
		d.Hide()
		answer(true)
	})
	yes.Importance = widget.HighImportance
	no := widget.NewButtonWithIcon(q.no, noIcon, d.Hide)
	d.SetOnClosed(func() { // No, and any other way out (Escape)
		if !answered {
			answer(false)
		}
	})
	d.SetButtons(dialogButtons(win, no, yes))
	d.Show()
}

// reviewTimes are the times per move the review offers; the default is the second.
var reviewTimes = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 5 * time.Second}

// reviewDialog asks for the time per move of a review and starts it.
type reviewDialog struct {
	parent fyne.Window
	start  func(perMove time.Duration)
}

func (rd reviewDialog) show() {
	labels := make([]string, len(reviewTimes))
	for i, d := range reviewTimes {
		labels[i] = tr("review.seconds", map[string]any{"Seconds": d.Seconds()})
	}
	choice := widget.NewRadioGroup(labels, nil)
	choice.SetSelected(labels[1])
	dialog.ShowCustomConfirm(tr("review.title"), tr("action.start"), tr("action.cancel"), choice, func(ok bool) {
		if !ok {
			return
		}
		per := reviewTimes[1]
		for i, l := range labels {
			if l == choice.Selected {
				per = reviewTimes[i]
			}
		}
		rd.start(per)
	}, rd.parent)
}
