package gui

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// maxImportBytes bounds what an opened file or a paste may hold; game files are KB.
const maxImportBytes = 16 << 20

// gameSource is what the file actions read of the session: the game and its notation.
type gameSource interface {
	CurrentRecord() *game.Record
	Record() *game.Record
	Game() *game.Game
	Settings() play.Settings
}

// gameFiles opens games from files and the clipboard and saves the game to files,
// through the platform's dialogs.
type gameFiles struct {
	parent fyne.Window // its dialogs' window
	source gameSource
	// open replaces the game played by rec, played by who (filing an unfinished one
	// first).
	open func(rec *game.Record, who play.Players) error
	// openAnswered is open after the player answered a question about the game.
	openAnswered func(rec *game.Record, who play.Players) error
	now          func() time.Time  // today's date for a position played here
	flash        func(text string) // a short confirmation in the status line
	notice       func(text string)
}

// showOpen lets the player pick a game file (PGN, XQF, FEN or ICCS moves) through the
// platform's open dialog (a file picker on phones, an upload in a browser).
func (f *gameFiles) showOpen() {
	if openInBrowser(f) {
		return
	}
	if ownFileDialogs() {
		showFileBrowser(f.parent, false, gameFileExtensions, "", func(path string) {
			f.openFromReader(storage.Reader(storage.NewFileURI(path)))
		})
		return
	}
	d := dialog.NewFileOpen(f.openFromReader, f.parent)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".pgn", ".xqf", ".fen", ".txt", ".PGN", ".XQF"}))
	d.Resize(dialogSize(f.parent))
	d.Show()
}

// openFromReader is the open dialog's answer: read the file and open the game in it.
func (f *gameFiles) openFromReader(r fyne.URIReadCloser, err error) {
	if err != nil {
		f.showImportError(r, err)
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
		f.showImportError(r, err)
		return
	}
	f.importData(data, r.URI().Name())
}

// importData opens the game in data (a file's content or a paste), named for messages.
// Unreadable data is reported in plain words and the current game stays. A position
// (a FEN) is a game to play: the player is asked whether against the engine.
func (f *gameFiles) importData(data []byte, name string) bool {
	rec, format, err := game.ReadRecord(data)
	if err == nil && format == game.FormatFEN {
		err = f.askOpponent(rec, name)
	} else if err == nil {
		err = f.open(rec, play.Players{})
	}
	if errors.Is(err, game.ErrRecordTooLarge) {
		err = errors.New(tr("import.gameTooLarge", map[string]any{"Limit": game.MaxRecordBytes >> 20}))
	}
	if err != nil {
		f.showImportErrorNamed(name, err)
		return false
	}
	return true
}

// askOpponent asks whether to play a position against the engine, which then takes the
// side not to move, or between two people, as any opened game is; then opens it.
func (f *gameFiles) askOpponent(rec *game.Record, name string) error {
	g, err := game.Open(rec.Copy(), nil)
	if err != nil {
		return err
	}
	if g.Result().Decided() {
		return f.open(rec, play.Players{}) // nothing left to play
	}
	human := game.HumanRed
	if g.SideToMove() == rules.Black {
		human = game.HumanBlack
	}
	question{title: tr("position.opponentTitle"), text: tr("position.opponent", map[string]any{"Side": sideName(g.SideToMove())}),
		wrap: true, yes: tr("position.againstEngine"), no: tr("position.twoPlayers"),
		yesIcon: theme.ComputerIcon(), noIcon: theme.AccountIcon(), onAnswer: func(engine bool) {
			who := play.Players{Human: game.HumanBoth}
			if engine {
				who = play.Players{Human: human, Seconds: f.source.Settings().Seconds}
			}
			// A position is played here from today: undated, the game was listed in the
			// library without a date once left.
			rec.Meta.Date = f.now().Format("2006.01.02")
			if err := f.openAnswered(rec, who); err != nil {
				f.showImportErrorNamed(name, err)
			}
		}}.show(f.parent)
	return nil
}

func (f *gameFiles) showImportError(r fyne.URIReadCloser, err error) {
	name := "?"
	if r != nil {
		name = r.URI().Name()
	}
	f.showImportErrorNamed(name, err)
}

// showImportErrorNamed says why name could not be opened, in plain words where the
// reader tells what went wrong: a text that is no game, a move that is not legal there.
func (f *gameFiles) showImportErrorNamed(name string, err error) {
	var bad *game.MoveError
	text := tr("import.failed", map[string]any{"Name": name, "Error": err})
	switch {
	case errors.Is(err, game.ErrNotAGame):
		text = tr("import.notAGame", map[string]any{"Name": name})
	case errors.As(err, &bad):
		text = tr("import.badMove", map[string]any{"Name": name, "Move": bad.Text, "Line": bad.Line})
	}
	dialog.ShowError(errors.New(text), f.parent)
}

func errTooLarge() error { return errors.New(tr("import.tooLarge")) }

// showSave saves the game through the platform's save dialog: XQF when the chosen name
// ends in .xqf, a FEN of the board for .fen, else PGN in the move list's notation. A
// browser downloads the game as PGN.
func (f *gameFiles) showSave() {
	if !localFiles {
		data, err := f.exportData(".pgn")
		if err != nil {
			f.showExportError(err)
			return
		}
		saveInBrowser(f.exportName()+".pgn", data)
		return
	}
	if ownFileDialogs() {
		showFileBrowser(f.parent, true, gameFileExtensions, f.exportName()+".pgn", func(path string) {
			f.saveToWriter(storage.Writer(storage.NewFileURI(path)))
		})
		return
	}
	d := dialog.NewFileSave(f.saveToWriter, f.parent)
	d.SetFileName(f.exportName() + ".pgn")
	d.Resize(dialogSize(f.parent))
	d.Show()
}

func (f *gameFiles) showExportError(err error) {
	dialog.ShowError(errors.New(tr("export.failed", map[string]any{"Error": err})), f.parent)
}

// saveToWriter is the save dialog's answer: write the game in the format the name asks.
func (f *gameFiles) saveToWriter(wr fyne.URIWriteCloser, err error) {
	if err == nil && wr == nil {
		return // cancelled
	}
	if err == nil {
		var data []byte
		data, err = f.exportData(strings.ToLower(wr.URI().Extension()))
		if err == nil {
			_, err = wr.Write(data)
		}
		err = errors.Join(err, wr.Close())
	}
	if err != nil {
		f.showExportError(err)
	}
}

// exportData encodes the current game for a file extension.
func (f *gameFiles) exportData(ext string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch ext {
	case ".xqf":
		err = f.source.CurrentRecord().ExportXQF(&buf)
	case ".fen":
		buf.WriteString(f.source.Game().FEN() + "\n")
	default:
		err = f.source.CurrentRecord().ExportPGN(&buf, game.PGNOptions{Notation: f.source.Settings().Notation})
	}
	return buf.Bytes(), err
}

// exportName suggests a file name: the players, else "xiangqi".
func (f *gameFiles) exportName() string {
	m := f.source.Record().Meta
	if m.Red != "" && m.Black != "" {
		return strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(m.Red + "-" + m.Black)
	}
	return "xiangqi"
}

// copyFEN puts the board's FEN on the clipboard.
func (f *gameFiles) copyFEN() {
	fyne.CurrentApp().Clipboard().SetContent(f.source.Game().FEN())
	f.flash(tr("copy.fenDone"))
}

// copyPGN puts the whole game as PGN on the clipboard.
func (f *gameFiles) copyPGN() {
	data, err := f.exportData(".pgn")
	if err != nil {
		f.showExportError(err)
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(string(data))
	f.flash(tr("copy.pgnDone"))
}

// paste opens the game on the clipboard: PGN, a FEN, or a list of ICCS moves.
func (f *gameFiles) paste() {
	text := fyne.CurrentApp().Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		f.notice(tr("paste.empty"))
		return
	}
	f.importData([]byte(text), tr("paste.name"))
}

// ownFileDialogs tells whether files are chosen with the app's dialog (fileBrowser): on a
// desktop. A phone has the platform's picker, which Fyne's dialogs call up.
func ownFileDialogs() bool { return localFiles && !fyne.CurrentDevice().IsMobile() }

// openDropped opens the game in the first file dropped on the window.
func (f *gameFiles) openDropped(_ fyne.Position, uris []fyne.URI) {
	if len(uris) == 0 {
		return
	}
	f.openFromReader(storage.Reader(uris[0]))
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
