package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// addShortcuts binds the desktop keys: Ctrl/Cmd+N new game, +Z undo, +Y or +Shift+Z redo,
// Escape to close a dialog.
// The desktop driver turns Ctrl+Z and Ctrl+Y into Fyne's standard ShortcutUndo and
// ShortcutRedo (never into custom shortcuts), so those are the ones bound here.
func (w *Window) addShortcuts() {
	c := w.win.Canvas()
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { w.session.Takeback().Undo() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { w.session.Takeback().Redo() })
	key := func(k fyne.KeyName, mod fyne.KeyModifier, do func()) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: mod}, func(fyne.Shortcut) { do() })
	}
	key(fyne.KeyN, fyne.KeyModifierShortcutDefault, w.showNewGame)
	key(fyne.KeyZ, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift, w.session.Takeback().Redo)
	w.closeDialogsOnEscape()
}

// closeDialogsOnEscape makes Escape close the dialog or menu on top, as a tap beside a
// popup does: what it asked is left unanswered (Fyne's dialogs do not listen for the key).
// A text field with the focus keeps the key for itself.
func (w *Window) closeDialogsOnEscape() {
	c := w.win.Canvas()
	previous := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if top := c.Overlays().Top(); ev.Name == fyne.KeyEscape && top != nil {
			top.Hide()
			return
		}
		if previous != nil {
			previous(ev)
		}
	})
}

// addIOShortcuts binds Ctrl/Cmd+O open, +S save, +E board editor, +L library, +P puzzles, and the
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
	key(fyne.KeyP, w.showPuzzles)
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { w.files.paste() })
}
