package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// question asks the player to confirm an action: resigning, accepting a draw, letting the
// engine try again, a move that loses by a repetition rule.
type question struct {
	title, text string
	yes, no     string // the buttons' labels; "" for Fyne's own Yes and No
	// wrap lets a long text wrap, in a dialog at most questionWidth wide.
	wrap  bool
	onYes func()
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
		label := widget.NewLabel(q.text)
		label.Wrapping = fyne.TextWrapWord
		d := dialog.NewCustomConfirm(q.title, q.yes, q.no, label, answer, parent)
		d.Resize(fyne.NewSize(min(parent.Canvas().Size().Width, questionWidth), 0))
		d.Show()
	default:
		dialog.ShowCustomConfirm(q.title, q.yes, q.no, widget.NewLabel(q.text), answer, parent)
	}
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
