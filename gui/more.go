package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

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
		fyne.NewMenuItem(tr("more.editor"), w.showEditor),
		fyne.NewMenuItem(tr("more.library"), w.showLibrary),
		fyne.NewMenuItem(tr("more.addToLibrary"), w.addToLibrary),
	}
}

// showMore pops the menu up under the button that was tapped.
func (g *gameScreen) showMore(from fyne.CanvasObject) {
	c := g.parent.Canvas()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(from)
	pos.Y += from.Size().Height
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", g.more()...), c, pos)
}

// moreButton is the button with three dots that opens the menu.
func (g *gameScreen) moreButton(text string) *widget.Button {
	var b *widget.Button
	b = widget.NewButtonWithIcon(text, theme.MoreHorizontalIcon(), func() { g.showMore(b) })
	return b
}

// withMoreButton puts the labelled "more" button at the end of the move list's title row.
func (g *gameScreen) withMoreButton(title fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, g.moreButton(tr("action.more")), title)
}

// addIOShortcuts binds Ctrl/Cmd+O open, +S save, +E board editor, +L library, and the
// paste shortcut (Ctrl/Cmd+V) to pasting a game while no text field has the focus.
func (w *Window) addIOShortcuts() {
	c := w.win.Canvas()
	key := func(k fyne.KeyName, do func()) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { do() })
	}
	key(fyne.KeyO, w.files.showOpen)
	key(fyne.KeyS, w.files.showSave)
	key(fyne.KeyE, w.showEditor)
	key(fyne.KeyL, w.showLibrary)
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { w.files.paste() })
}
