// Command fynefloor is the smallest Fyne app, one label in a window: scripts/budget.sh
// measures its idle CPU and memory beside the app's, as the floor the toolkit and the
// software renderer set before the app adds anything (docs/budget.md).
package main

import (
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.github.xqfyne.fynefloor")
	w := a.NewWindow("App")
	w.SetContent(widget.NewLabel("Xiangqi"))
	w.ShowAndRun()
}
