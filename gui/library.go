package gui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
)

// libraryFolder is the library's folder next to the save.
const libraryFolder = "library"

// ioState is the game library the import/export and library actions file games in.
type ioState struct {
	library    *play.Library // nil when the app's storage has no room for it
	libraryErr error         // why not, or a notice about its index
	// quietKeep: the game being left was replaced after a question just answered (a
	// pasted position's opponent); its filing is told in the status line, not in a
	// second dialog (issue 51 item 9).
	quietKeep, quietKept bool
}

// openLibrary opens the library in the folder "library" of the save directory or of the
// app's storage.
func openLibrary(a fyne.App, dir string) (*play.Library, error) {
	if dir == "" {
		root := a.Storage().RootURI()
		if root == nil {
			return nil, errors.New("the app has no storage")
		}
		if root.Scheme() != "file" || !localFiles {
			folder, err := storage.Child(root, libraryFolder)
			if err != nil {
				return nil, err
			}
			if ok, err := storage.Exists(folder); err == nil && !ok {
				if err := storage.CreateListable(folder); err != nil && !errors.Is(err, repository.ErrOperationNotSupported) {
					return nil, err
				}
			}
			return play.OpenLibrary(&uriFS{root: folder})
		}
		dir = root.Path()
	}
	if !localFiles {
		return nil, errors.New("a save directory needs local files, which a browser does not have")
	}
	path := filepath.Join(dir, libraryFolder)
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	return play.OpenLibrary(play.DirFS(path))
}

// libraryScreen lists the library's games with what can be done to the selected one.
type libraryScreen struct {
	libraryDeps
	items []play.LibraryItem
	// damaged is what the last check of the games' files found, by ID: a reload shows it
	// at once while a new check runs.
	damaged  map[string]error
	checks   int  // checks started; the answer of an older one is dropped
	checking bool // a check has not answered yet
	selected int  // index into items, -1 for none
	list     *widget.List
	empty    *widget.Label
	open     *widget.Button
	rename   *widget.Button
	export   *widget.Button
	delete   *widget.Button
	content  fyne.CanvasObject
}

// libraryDeps is what the library screen works with.
type libraryDeps struct {
	library  *play.Library
	post     func(func()) // runs a function on the UI goroutine
	parent   fyne.Window  // its dialogs' window
	wide     bool         // a landscape window: labelled buttons, four actions a row
	notation func() game.Notation
	// openRecord replaces the game played by one from the library, with its players.
	openRecord func(*game.Record, play.Players) error
	addCurrent func() // files the game played
	close      func()
}

func newLibraryScreen(deps libraryDeps) *libraryScreen {
	ls := &libraryScreen{libraryDeps: deps, selected: -1}
	ls.list = widget.NewList(
		func() int { return len(ls.items) },
		func() fyne.CanvasObject {
			// One label of three lines: the label's padding once, not three times.
			row := widget.NewLabel("\n\n")
			row.Truncation = fyne.TextTruncateEllipsis
			return row
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < len(ls.items) {
				lines := present.LibraryRow(trData, ls.items[i], ls.notation())
				o.(*widget.Label).SetText(strings.Join(lines[:], "\n"))
			}
		})
	ls.list.OnSelected = func(i widget.ListItemID) { ls.selected = i; ls.refreshButtons() }
	ls.list.OnUnselected = func(widget.ListItemID) { ls.selected = -1; ls.refreshButtons() }
	ls.empty = widget.NewLabel(tr("library.empty"))
	ls.empty.Wrapping = fyne.TextWrapWord
	ls.open = widget.NewButtonWithIcon(tr("library.open"), theme.FolderOpenIcon(), ls.openSelected)
	ls.open.Importance = widget.HighImportance
	ls.rename = widget.NewButtonWithIcon(tr("library.rename"), theme.DocumentCreateIcon(), ls.renameSelected)
	ls.export = widget.NewButtonWithIcon(tr("library.export"), theme.DocumentSaveIcon(), ls.exportSelected)
	ls.delete = widget.NewButtonWithIcon(tr("library.delete"), theme.DeleteIcon(), ls.deleteSelected)
	// A phone in portrait has room for the bar's icons only, and for two actions a row.
	label := func(key string) string {
		if ls.wide {
			return tr(key)
		}
		return ""
	}
	back := widget.NewButtonWithIcon(label("action.back"), theme.NavigateBackIcon(), ls.close)
	add := widget.NewButtonWithIcon(label("library.addCurrent"), theme.ContentAddIcon(), func() {
		ls.addCurrent()
		ls.reload()
	})
	title := widget.NewLabelWithStyle(tr("library.title"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	top := container.NewBorder(nil, nil, back, add, title)
	columns := 4
	if !ls.wide {
		columns = 2
	}
	actions := container.NewGridWithColumns(columns, ls.open, ls.rename, ls.export, ls.delete)
	ls.content = container.NewBorder(top, actions, nil, nil, container.NewStack(ls.list, ls.empty))
	ls.reload()
	return ls
}

func (ls *libraryScreen) view() fyne.CanvasObject { return ls.content }

// reload lists the games again from the library's index and clears the selection; their
// files are then checked off the UI goroutine (reading 10,000 of them takes seconds).
func (ls *libraryScreen) reload() {
	ls.items = ls.library.List()
	ls.markDamaged()
	ls.checkFiles()
	ls.selected = -1
	ls.list.UnselectAll()
	ls.list.Refresh()
	showIf(len(ls.items) == 0, ls.empty)
	ls.refreshButtons()
}

// checkFiles reads the listed games on a goroutine of its own and lists those that
// cannot be opened as damaged.
func (ls *libraryScreen) checkFiles() {
	ls.checks++
	ls.checking = true
	check, items, lib := ls.checks, slices.Clone(ls.items), ls.library
	go func() {
		damaged := lib.Damaged(items)
		ls.post(func() {
			if check != ls.checks {
				return
			}
			ls.damaged, ls.checking = damaged, false
			ls.markDamaged()
			ls.list.Refresh()
			ls.refreshButtons()
		})
	}()
}

// markDamaged gives the listed games the errors the last check found.
func (ls *libraryScreen) markDamaged() {
	for i := range ls.items {
		if err, ok := ls.damaged[ls.items[i].ID]; ok && ls.items[i].Err == nil {
			ls.items[i].Err = err
		}
	}
}

func (ls *libraryScreen) refreshButtons() {
	ok := ls.selected >= 0 && ls.selected < len(ls.items)
	readable := ok && ls.items[ls.selected].Err == nil
	enable(ls.open, readable)
	enable(ls.rename, readable)
	enable(ls.export, readable)
	enable(ls.delete, ok)
}

func (ls *libraryScreen) current() (play.LibraryItem, bool) {
	if ls.selected < 0 || ls.selected >= len(ls.items) {
		return play.LibraryItem{}, false
	}
	return ls.items[ls.selected], true
}

// openSelected replaces the current game (filed first, if unfinished) by the selected one.
func (ls *libraryScreen) openSelected() {
	it, ok := ls.current()
	if !ok {
		return
	}
	rec, who, err := ls.library.Open(it.ID)
	if err == nil {
		err = ls.openRecord(rec, who)
	}
	if err != nil {
		dialog.ShowError(err, ls.parent)
		ls.reload()
		return
	}
	ls.close()
}

// renameSelected asks for a new name.
func (ls *libraryScreen) renameSelected() {
	it, ok := ls.current()
	if !ok {
		return
	}
	entry := widget.NewEntry()
	entry.SetText(it.Name)
	entry.SetPlaceHolder(tr("library.namePlaceholder"))
	dialog.ShowForm(tr("library.rename"), tr("action.apply"), tr("action.cancel"),
		[]*widget.FormItem{widget.NewFormItem(tr("library.name"), entry)}, func(ok bool) {
			if !ok {
				return
			}
			if err := ls.library.Rename(it.ID, entry.Text); err != nil {
				dialog.ShowError(err, ls.parent)
			}
			ls.reload()
		}, ls.parent)
}

// exportSelected saves the selected game as PGN through the save dialog.
func (ls *libraryScreen) exportSelected() {
	it, ok := ls.current()
	if !ok {
		return
	}
	data, err := ls.library.ExportPGN(it.ID, game.PGNOptions{Notation: ls.notation()})
	if err != nil {
		dialog.ShowError(err, ls.parent)
		return
	}
	name := strings.ReplaceAll(present.FirstNonEmpty(it.Name, it.ID), "/", "_") + ".pgn"
	if saveInBrowser(name, data) {
		return
	}
	write := func(wr fyne.URIWriteCloser, err error) {
		if err == nil && wr == nil {
			return
		}
		if err == nil {
			_, err = wr.Write(data)
			err = errors.Join(err, wr.Close())
		}
		if err != nil {
			dialog.ShowError(errors.New(tr("export.failed", map[string]any{"Error": err})), ls.parent)
		}
	}
	if ownFileDialogs() {
		showFileBrowser(ls.parent, true, gameFileExtensions, name, func(path string) {
			write(storage.Writer(storage.NewFileURI(path)))
		})
		return
	}
	d := dialog.NewFileSave(write, ls.parent)
	d.SetFileName(name)
	d.Resize(dialogSize(ls.parent))
	d.Show()
}

// deleteSelected asks before deleting the selected game.
func (ls *libraryScreen) deleteSelected() {
	it, ok := ls.current()
	if !ok {
		return
	}
	title := present.LibraryRow(trData, it, ls.notation())[0]
	dialog.ShowConfirm(tr("library.delete"), tr("library.deleteConfirm", map[string]any{"Name": title}), func(yes bool) {
		if !yes {
			return
		}
		if err := ls.library.Delete(it.ID); err != nil {
			dialog.ShowError(err, ls.parent)
		}
		ls.reload()
	}, ls.parent)
}
