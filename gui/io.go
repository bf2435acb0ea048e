package gui

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/xqfyne/xiangqi/game"
)

// maxImportBytes bounds what an opened file or a paste may hold; game files are KB.
const maxImportBytes = 16 << 20

// showOpenFile lets the player pick a game file (PGN, XQF, FEN or ICCS moves) through the
// platform's open dialog (a file picker on phones, an upload in a browser).
func (w *Window) showOpenFile() {
	if openInBrowser(w) {
		return
	}
	d := dialog.NewFileOpen(w.openFromReader, w.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".pgn", ".xqf", ".fen", ".txt", ".PGN", ".XQF"}))
	d.Resize(dialogSize(w.win))
	d.Show()
}

// openFromReader is the open dialog's answer: read the file and open the game in it.
func (w *Window) openFromReader(r fyne.URIReadCloser, err error) {
	if err != nil {
		w.showImportError(r, err)
		return
	}
	if r == nil {
		return // cancelled
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxImportBytes+1))
	if err == nil && len(data) > maxImportBytes {
		err = errTooLarge()
	}
	if err != nil {
		w.showImportError(r, err)
		return
	}
	w.importData(data, r.URI().Name())
}

// importData opens the game in data (a file's content or a paste), named for messages.
// Unreadable data is reported where it failed and the current game stays.
func (w *Window) importData(data []byte, name string) bool {
	rec, _, err := game.ReadRecord(data)
	if err == nil {
		w.keepUnfinishedGame()
		err = w.session.OpenRecord(rec)
	}
	if err != nil {
		dialog.ShowError(errors.New(tr("import.failed", map[string]any{"Name": name, "Error": err})), w.win)
		return false
	}
	return true
}

func (w *Window) showImportError(r fyne.URIReadCloser, err error) {
	name := "?"
	if r != nil {
		name = r.URI().Name()
	}
	w.showImportErrorNamed(name, err)
}

func (w *Window) showImportErrorNamed(name string, err error) {
	dialog.ShowError(errors.New(tr("import.failed", map[string]any{"Name": name, "Error": err})), w.win)
}

func errTooLarge() error { return errors.New(tr("import.tooLarge")) }

// showSaveFile saves the game through the platform's save dialog: XQF when the chosen
// name ends in .xqf, a FEN of the board for .fen, else PGN in the move list's notation.
// A browser downloads the game as PGN.
func (w *Window) showSaveFile() {
	if !localFiles {
		data, err := w.exportData(".pgn")
		if err != nil {
			dialog.ShowError(errors.New(tr("export.failed", map[string]any{"Error": err})), w.win)
			return
		}
		saveInBrowser(w.exportName()+".pgn", data)
		return
	}
	d := dialog.NewFileSave(w.saveToWriter, w.win)
	d.SetFileName(w.exportName() + ".pgn")
	d.Resize(dialogSize(w.win))
	d.Show()
}

// saveToWriter is the save dialog's answer: write the game in the format the name asks.
func (w *Window) saveToWriter(wr fyne.URIWriteCloser, err error) {
	if err == nil && wr == nil {
		return // cancelled
	}
	if err == nil {
		var data []byte
		data, err = w.exportData(strings.ToLower(wr.URI().Extension()))
		if err == nil {
			_, err = wr.Write(data)
		}
		err = errors.Join(err, wr.Close())
	}
	if err != nil {
		dialog.ShowError(errors.New(tr("export.failed", map[string]any{"Error": err})), w.win)
	}
}

// exportData encodes the current game for a file extension.
func (w *Window) exportData(ext string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch ext {
	case ".xqf":
		err = w.session.CurrentRecord().ExportXQF(&buf)
	case ".fen":
		buf.WriteString(w.session.Game().FEN() + "\n")
	default:
		err = w.session.CurrentRecord().ExportPGN(&buf, game.PGNOptions{Notation: w.session.Settings().Notation})
	}
	return buf.Bytes(), err
}

// exportName suggests a file name: the players, else "xiangqi".
func (w *Window) exportName() string {
	m := w.session.Game().Meta
	if m.Red != "" && m.Black != "" {
		return strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(m.Red + "-" + m.Black)
	}
	return "xiangqi"
}

// copyFEN puts the board's FEN on the clipboard.
func (w *Window) copyFEN() {
	fyne.CurrentApp().Clipboard().SetContent(w.session.Game().FEN())
	w.flashStatus(tr("copy.fenDone"))
}

// copyPGN puts the whole game as PGN on the clipboard.
func (w *Window) copyPGN() {
	data, err := w.exportData(".pgn")
	if err != nil {
		dialog.ShowError(errors.New(tr("export.failed", map[string]any{"Error": err})), w.win)
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(string(data))
	w.flashStatus(tr("copy.pgnDone"))
}

// paste opens the game on the clipboard: PGN, a FEN, or a list of ICCS moves.
func (w *Window) paste() {
	text := fyne.CurrentApp().Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		w.showNotice(tr("paste.empty"))
		return
	}
	w.importData([]byte(text), tr("paste.name"))
}

// flashStatus shows a short confirmation in the status line until the next change.
func (w *Window) flashStatus(text string) {
	w.status.SetText(text + " · " + w.statusText())
}

// dialogSize is a file dialog's size: most of the window.
func dialogSize(win fyne.Window) fyne.Size {
	s := win.Canvas().Size()
	return fyne.NewSize(max(s.Width*0.9, 300), max(s.Height*0.85, 300))
}

// Remove deletes a file of the storage folder (the library deletes games with it).
func (f *uriFS) Remove(name string) error {
	u, err := f.uri(name)
	if err != nil {
		return err
	}
	return storage.Delete(u)
}
