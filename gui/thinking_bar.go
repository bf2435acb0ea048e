package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// newThinkingSlot is the place of the bar that moves while the engine thinks: hidden and
// empty until showThinkingBar puts a bar in it. Fyne's infinite progress bar is made
// running (its CreateRenderer sets it so, hidden or not) and starts its 60-frames-a-second
// animation at its next refresh; a bar kept hidden in the window animated for as long as
// the app stayed idle before the engine's first move (docs/budget.md, "Battery"). A bar
// lives here only while the engine thinks.
func newThinkingSlot() *fyne.Container {
	slot := container.NewStack()
	slot.Hide()
	return slot
}

// showThinkingBar shows a running bar in slot, or stops and removes it.
func showThinkingBar(slot *fyne.Container, on bool) {
	if on == slot.Visible() {
		return
	}
	if !on {
		for _, o := range slot.Objects {
			if bar, ok := o.(*widget.ProgressBarInfinite); ok {
				bar.Stop()
			}
		}
		slot.Hide()
		slot.Objects = nil
		slot.Refresh()
		return
	}
	bar := widget.NewProgressBarInfinite()
	slot.Objects = []fyne.CanvasObject{bar}
	slot.Show()
	slot.Refresh() // lays the bar out in the slot
	bar.Start()
}
