//go:build js

package gui

import (
	"syscall/js"

	"fyne.io/fyne/v2"
)

// In a browser Fyne's file dialogs do nothing yet (fyne v2.7.1 dialog/file_wasm.go leaves
// them to the platform, which has no picker there), so the page's own file input and a
// download link do the work.

// openInBrowser lets the player choose a file with the browser's file input and opens the
// game in it. It reports true: there is nothing else to do in a browser.
func openInBrowser(f *gameFiles) bool {
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	input.Set("type", "file")
	input.Set("accept", ".pgn,.xqf,.fen,.txt,.PGN,.XQF")
	input.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", input) // some browsers ignore a click on a detached input
	var onChange js.Func
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		onChange.Release()
		input.Call("remove")
		files := input.Get("files")
		if files.Length() == 0 {
			return nil
		}
		file := files.Index(0)
		name := file.Get("name").String()
		if file.Get("size").Int() > maxImportBytes {
			fyne.Do(func() { f.showImportErrorNamed(name, errTooLarge()) })
			return nil
		}
		var onRead, onFail js.Func
		release := func() { onRead.Release(); onFail.Release() }
		onRead = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer release()
			buf := js.Global().Get("Uint8Array").New(args[0])
			data := make([]byte, buf.Length())
			js.CopyBytesToGo(data, buf)
			fyne.Do(func() { f.importData(data, name) })
			return nil
		})
		onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer release()
			why := "the browser could not read the file"
			if len(args) > 0 && args[0].Truthy() {
				why = args[0].Call("toString").String()
			}
			fyne.Do(func() { f.showImportErrorNamed(name, jsError(why)) })
			return nil
		})
		file.Call("arrayBuffer").Call("then", onRead, onFail)
		return nil
	})
	input.Call("addEventListener", "change", onChange)
	var onCancel js.Func
	onCancel = js.FuncOf(func(js.Value, []js.Value) any {
		onCancel.Release()
		input.Call("remove")
		return nil
	})
	input.Call("addEventListener", "cancel", onCancel)
	// A browser opens its file chooser only while the page has the user's activation.
	// Fyne handles the tap on the menu a moment after the browser's own click event; when
	// the activation is gone by then, the player's next click on the page (handled
	// synchronously here, so it carries its activation) opens the chooser.
	if act := js.Global().Get("navigator").Get("userActivation"); act.Truthy() && !act.Get("isActive").Bool() {
		var onNextClick js.Func
		onNextClick = js.FuncOf(func(js.Value, []js.Value) any {
			onNextClick.Release()
			input.Call("click")
			return nil
		})
		doc.Call("addEventListener", "pointerup", onNextClick, map[string]any{"once": true, "capture": true})
		f.flash(tr("open.clickToChoose"))
		return true
	}
	input.Call("click")
	return true
}

// saveInBrowser offers data as a download named name. It reports true.
func saveInBrowser(name string, data []byte) bool {
	buf := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(buf, data)
	blob := js.Global().Get("Blob").New([]any{buf}, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	a := js.Global().Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Call("click")
	js.Global().Get("URL").Call("revokeObjectURL", url)
	return true
}

type jsError string

func (e jsError) Error() string { return string(e) }
