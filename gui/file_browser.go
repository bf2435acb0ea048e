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
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// gameFileExtensions are the files the open dialog lists: the formats game.ReadRecord
// reads.
var gameFileExtensions = []string{".pgn", ".xqf", ".fen", ".txt"}

// lastFolderKey is the preference that keeps the folder the file dialog showed last.
const lastFolderKey = "files.lastFolder"

// fileBrowser is the desktop's dialog for choosing a file to open or a name to save as.
// Fyne's own dialog had no way to type a path, broke names mid-word in its grid, and took
// a second tap on the row that replaced a folder just entered for a double tap on a file,
// opening it. Here a path can be typed (a folder is then listed, a file chosen), names
// are shown whole on one line, folders first, and a file opens only on a double tap on
// its own row or with the button.
type fileBrowser struct {
	parent   fyne.Window
	save     bool     // a name to save as, rather than a file to open
	exts     []string // the extensions of the files listed, lower case; nil: every file
	dir      string   // the folder listed
	entries  []os.DirEntry
	selected int // index into entries, -1 for none
	path     *widget.Entry
	problem  *widget.Label // why the path typed cannot be used
	list     *widget.List
	confirm  *widget.Button
	dlg      dialog.Dialog
	// chosen is told the file chosen; the dialog is closed by then.
	chosen func(path string)
}

// showFileBrowser shows the dialog on parent. In a dialog to save, name is the name
// suggested; chosen is told the path chosen.
func showFileBrowser(parent fyne.Window, save bool, exts []string, name string, chosen func(path string)) *fileBrowser {
	b := &fileBrowser{parent: parent, save: save, exts: exts, selected: -1, chosen: chosen}
	b.path = widget.NewEntry()
	b.path.SetPlaceHolder(tr("files.pathPlaceholder"))
	b.path.OnSubmitted = func(string) { b.use() }
	b.path.OnChanged = func(string) { b.problem.Hide() }
	b.problem = widget.NewLabel("")
	b.problem.Wrapping = fyne.TextWrapWord
	b.problem.Importance = widget.DangerImportance
	b.problem.Hide()
	b.list = widget.NewList(
		func() int { return len(b.entries) + 1 },
		func() fyne.CanvasObject { return newFileRow(b) },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*fileRow).bind(id) })
	confirmText := tr("files.open")
	if save {
		confirmText = tr("files.save")
	}
	b.confirm = widget.NewButtonWithIcon(confirmText, theme.ConfirmIcon(), b.use)
	b.confirm.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon(tr("action.cancel"), theme.CancelIcon(), func() { b.dlg.Hide() })
	buttons := container.NewGridWithColumns(2, cancel, b.confirm)
	title := tr("files.openTitle")
	if save {
		title = tr("files.saveTitle")
	}
	top := container.NewVBox(widget.NewLabel(tr("files.pathLabel")), b.path, b.problem)
	content := container.NewBorder(top, buttons, nil, nil, b.list)
	b.dlg = dialog.NewCustomWithoutButtons(title, content, parent)
	b.dlg.Resize(dialogSize(parent))
	b.dlg.Show()
	if err := b.show(startFolder()); err != nil {
		b.showProblem(err)
	}
	if save {
		b.path.SetText(name)
	}
	parent.Canvas().Focus(b.path)
	return b
}

// startFolder is the folder shown last, else the home folder, else the working one.
func startFolder() string {
	if dir := fyne.CurrentApp().Preferences().String(lastFolderKey); dir != "" {
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			return dir
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	dir, _ := os.Getwd()
	return dir
}

// show lists a folder: its subfolders, then the files of the dialog's kinds, by name;
// hidden ones (a leading dot) are left out.
func (b *fileBrowser) show(dir string) error {
	all, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	entries := all[:0]
	for _, e := range all {
		if strings.HasPrefix(e.Name(), ".") || !e.IsDir() && !b.listsFile(e.Name()) {
			continue
		}
		entries = append(entries, e)
	}
	slices.SortStableFunc(entries, func(x, y os.DirEntry) int {
		if x.IsDir() != y.IsDir() {
			if x.IsDir() {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.ToLower(x.Name()), strings.ToLower(y.Name()))
	})
	b.dir, b.entries, b.selected = dir, entries, -1
	fyne.CurrentApp().Preferences().SetString(lastFolderKey, dir)
	if !b.save {
		b.path.SetText(withSeparator(dir))
	}
	b.list.UnselectAll()
	b.list.ScrollToTop()
	b.list.Refresh()
	return nil
}

// withSeparator ends a folder's path with a separator, so that a name typed after it
// makes a path.
func withSeparator(dir string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir
	}
	return dir + string(filepath.Separator)
}

func (b *fileBrowser) listsFile(name string) bool {
	return b.exts == nil || slices.Contains(b.exts, strings.ToLower(filepath.Ext(name)))
}

// entryPath is the path of row id: the parent folder for 0, else an entry's.
func (b *fileBrowser) entryPath(id int) (path string, dir bool) {
	if id == 0 {
		return filepath.Dir(b.dir), true
	}
	e := b.entries[id-1]
	return filepath.Join(b.dir, e.Name()), e.IsDir()
}

// tapped enters a folder, or chooses a file (the path shows it; the button opens it).
func (b *fileBrowser) tapped(id int) {
	if id < 0 || id > len(b.entries) {
		return
	}
	path, dir := b.entryPath(id)
	if dir {
		b.enter(path)
		return
	}
	b.selected = id
	b.list.Select(id)
	if b.save {
		b.path.SetText(filepath.Base(path))
	} else {
		b.path.SetText(path)
	}
}

// doubleTapped enters a folder, or uses a file at once.
func (b *fileBrowser) doubleTapped(id int) {
	b.tapped(id)
	if id > 0 && id <= len(b.entries) && !b.entries[id-1].IsDir() {
		b.use()
	}
}

func (b *fileBrowser) enter(dir string) {
	if err := b.show(dir); err != nil {
		b.showProblem(err)
	}
}

// use takes the path typed or chosen: a folder is listed; a file is opened, or saved to
// (after asking, when it exists); anything else is said.
func (b *fileBrowser) use() {
	path := b.resolve(b.path.Text)
	if path == "" {
		return
	}
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		b.enter(path)
	case err == nil && !b.save:
		b.done(path)
	case err == nil:
		dialog.ShowConfirm(tr("files.replaceTitle"), tr("files.replace", map[string]any{"Name": filepath.Base(path)}),
			func(yes bool) {
				if yes {
					b.done(path)
				}
			}, b.parent)
	case !errors.Is(err, os.ErrNotExist):
		b.showProblem(err)
	case !b.save:
		b.showProblem(errors.New(tr("files.notFound", map[string]any{"Path": path})))
	default:
		if parent, err := os.Stat(filepath.Dir(path)); err != nil || !parent.IsDir() {
			b.showProblem(errors.New(tr("files.noFolder", map[string]any{"Path": filepath.Dir(path)})))
			return
		}
		b.done(path)
	}
}

// resolve makes a typed path absolute: "~" is the home folder, and a relative path is
// inside the folder listed.
func (b *fileBrowser) resolve(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	if text == "~" || strings.HasPrefix(text, "~"+string(filepath.Separator)) {
		if home, err := os.UserHomeDir(); err == nil {
			text = filepath.Join(home, text[1:])
		}
	}
	if !filepath.IsAbs(text) {
		text = filepath.Join(b.dir, text)
	}
	return filepath.Clean(text)
}

func (b *fileBrowser) showProblem(err error) {
	b.problem.SetText(err.Error())
	b.problem.Show()
}

func (b *fileBrowser) done(path string) {
	b.dlg.Hide()
	b.chosen(path)
}

// fileRow is a row of the dialog's list: an icon and the whole name on one line.
type fileRow struct {
	widget.BaseWidget
	browser *fileBrowser
	id      int
	icon    *widget.Icon
	name    *widget.Label
}

func newFileRow(b *fileBrowser) *fileRow {
	r := &fileRow{browser: b, id: -1, icon: widget.NewIcon(theme.FileIcon()), name: widget.NewLabel("")}
	r.ExtendBaseWidget(r)
	return r
}

func (r *fileRow) bind(id int) {
	r.id = id
	b := r.browser
	if id == 0 {
		r.icon.SetResource(theme.NavigateBackIcon())
		r.name.SetText(tr("files.parent"))
		return
	}
	if id > len(b.entries) {
		return
	}
	e := b.entries[id-1]
	if e.IsDir() {
		r.icon.SetResource(theme.FolderIcon())
	} else {
		r.icon.SetResource(theme.FileIcon())
	}
	r.name.SetText(e.Name())
}

// Tapped enters a folder or chooses a file. Being DoubleTappable, the row hears of a
// single tap only once no second one came: a double click on a folder is one
// DoubleTapped, never a tap that enters it and another that opens what then lies there.
func (r *fileRow) Tapped(*fyne.PointEvent) { r.browser.tapped(r.id) }

// DoubleTapped enters a folder or opens a file.
func (r *fileRow) DoubleTapped(*fyne.PointEvent) { r.browser.doubleTapped(r.id) }

func (r *fileRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, nil, r.name))
}
