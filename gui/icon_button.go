package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// iconButton is a button that shows only its icon, as a phone's rows of actions do, and
// says its name when long-pressed (a secondary tap: a right click on the desktop), since
// a touch screen has no hover for a tooltip (issue 35).
type iconButton struct {
	widget.Button
	name string
	say  func(name string)
}

func newIconButton(name string, icon fyne.Resource, tapped func(), say func(string)) *iconButton {
	b := &iconButton{name: name, say: say}
	b.Icon, b.OnTapped = icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TappedSecondary says the button's name.
func (b *iconButton) TappedSecondary(*fyne.PointEvent) {
	if b.say != nil {
		b.say(b.name)
	}
}
