package gui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"github.com/xqfyne/xiangqi/play"
)

// localFiles is true where the app's storage can be a local directory that the os
// package writes atomically (desktop and phones), false in a browser.
var localFiles = runtime.GOOS != "js"

// openStore keeps the game in dir, or else in the app's storage: a local directory on the
// desktop and on phones, the browser's storage on the web.
func openStore(a fyne.App, dir string) (*play.Store, error) {
	if dir != "" {
		if !localFiles {
			return nil, errors.New("a save directory needs local files, which a browser does not have")
		}
		return play.NewDirStore(dir)
	}
	root := a.Storage().RootURI()
	if root == nil {
		return nil, errors.New("the app has no storage")
	}
	if root.Scheme() == "file" && localFiles {
		return play.NewDirStore(root.Path())
	}
	return newURIStore(root)
}

// newURIStore returns a store in a folder of a Fyne storage repository (the app's storage
// in a browser), creating the folder if needed.
func newURIStore(root fyne.URI) (*play.Store, error) {
	if root == nil {
		return nil, errors.New("store: no storage folder")
	}
	if ok, err := storage.Exists(root); err == nil && !ok {
		if err := storage.CreateListable(root); err != nil && !errors.Is(err, repository.ErrOperationNotSupported) {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	return play.NewStore(&uriFS{root: root}), nil
}

// uriFS is a folder of a Fyne storage repository as a play.FS. It has no atomic rename,
// so the store writes the backup and then the save (see play.Store).
type uriFS struct {
	root fyne.URI
	mu   sync.Mutex // guards buf: the library checks its files on a goroutine of its own
	buf  []byte     // reused by ReadFile
}

func (f *uriFS) uri(name string) (fyne.URI, error) { return storage.Child(f.root, name) }

// WriteFile writes a whole file.
func (f *uriFS) WriteFile(name string, data []byte) error {
	u, err := f.uri(name)
	if err != nil {
		return err
	}
	w, err := storage.Writer(u)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return errors.Join(err, w.Close())
}

// ReadFile reads a whole file. Not io.ReadAll: in a browser, Fyne's IndexedDB reader
// copies the whole file from its start on every Read and returns io.EOF at once, so
// ReadAll, whose first buffer holds 512 bytes, would keep only the first 512 bytes of a
// save. The file is read into one buffer; when it fills, the file is read again into one
// twice as large, up to the save size limit.
func (f *uriFS) ReadFile(name string) ([]byte, error) {
	u, err := f.uri(name)
	if err != nil {
		return nil, err
	}
	if ok, err := storage.Exists(u); err == nil && !ok {
		return nil, fmt.Errorf("%s: %w", u, os.ErrNotExist)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.buf) == 0 {
		f.buf = make([]byte, 64<<10)
	}
	for {
		n, err := readInto(u, f.buf)
		if err != nil {
			return nil, err
		}
		if n > play.MaxSaveBytes {
			return nil, fmt.Errorf("%s: larger than %d bytes", u, play.MaxSaveBytes)
		}
		if n < len(f.buf) {
			return append([]byte(nil), f.buf[:n]...), nil
		}
		f.buf = make([]byte, 2*len(f.buf))
	}
}

// readInto reads u into buf and reports how much of it the file filled.
func readInto(u fyne.URI, buf []byte) (int, error) {
	r, err := storage.Reader(u)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	n, err := io.ReadFull(r, buf)
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return n, nil
	}
	return 0, err
}

// Rename copies and deletes. Not storage.Move: the browser repository moves by io.Copy,
// whose first 32 KB read meets the same early io.EOF as ReadFile. The store renames only
// to set an unreadable save aside.
func (f *uriFS) Rename(from, to string) error {
	data, err := f.ReadFile(from)
	if err != nil {
		return err
	}
	if err := f.WriteFile(to, data); err != nil {
		return err
	}
	src, err := f.uri(from)
	if err != nil {
		return err
	}
	return storage.Delete(src)
}

// Where returns the file's URI.
func (f *uriFS) Where(name string) string {
	if u, err := f.uri(name); err == nil {
		return u.String()
	}
	return name
}
