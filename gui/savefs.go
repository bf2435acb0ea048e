package gui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// saveFS is the small file system the store needs: whole-file writes that have reached
// storage when they return, reads, renames, copies and removal, by name inside one folder.
// osFS serves desktop and phone builds; uriFS serves storage that is not a local directory
// (the browser's), through Fyne's storage repositories.
type saveFS interface {
	write(name string, data []byte) error
	read(name string) ([]byte, error) // an error matching os.ErrNotExist when missing
	rename(from, to string) error
	keepCopy(from, to string) error // make to a copy of from (a hard link where possible)
	remove(name string) error
	exists(name string) bool
	where(name string) string // a path or URI for messages
	flush()                   // make renames durable where the platform allows
}

type osFS struct{ dir string }

func (f osFS) path(name string) string { return filepath.Join(f.dir, name) }

func (f osFS) write(name string, data []byte) error {
	file, err := os.OpenFile(f.path(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := file.Write(data); err != nil {
		file.Close()
		return err
	}
	if err := file.Sync(); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

func (f osFS) read(name string) ([]byte, error) { return os.ReadFile(f.path(name)) }

func (f osFS) rename(from, to string) error { return os.Rename(f.path(from), f.path(to)) }

func (f osFS) keepCopy(from, to string) error {
	_ = os.Remove(f.path(to))
	if err := os.Link(f.path(from), f.path(to)); err == nil {
		return nil
	}
	data, err := f.read(from)
	if err != nil {
		return err
	}
	return f.write(to, data)
}

func (f osFS) remove(name string) error { return os.Remove(f.path(name)) }

func (f osFS) exists(name string) bool {
	_, err := os.Stat(f.path(name))
	return err == nil
}

func (f osFS) where(name string) string { return f.path(name) }

func (f osFS) flush() {
	if d, err := os.Open(f.dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

type uriFS struct{ root fyne.URI }

func (f uriFS) uri(name string) (fyne.URI, error) { return storage.Child(f.root, name) }

func (f uriFS) write(name string, data []byte) error {
	u, err := f.uri(name)
	if err != nil {
		return err
	}
	w, err := storage.Writer(u)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

func (f uriFS) read(name string) ([]byte, error) {
	u, err := f.uri(name)
	if err != nil {
		return nil, err
	}
	if ok, err := storage.Exists(u); err == nil && !ok {
		return nil, fmt.Errorf("%s: %w", u, os.ErrNotExist)
	}
	r, err := storage.Reader(u)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// Not io.ReadAll: in a browser, Fyne's IndexedDB reader copies the whole file from
	// its start on every Read and returns io.EOF at once, so ReadAll, whose first buffer
	// holds 512 bytes, would keep only the first 512 bytes of a save. One buffer larger
	// than any save serves that reader and ordinary ones alike.
	buf := make([]byte, maxSaveSize+1)
	n, err := io.ReadFull(r, buf)
	switch {
	case err == nil:
		return nil, fmt.Errorf("%s: larger than %d bytes", u, maxSaveSize)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return buf[:n], nil
	default:
		return nil, err
	}
}

// maxSaveSize bounds a file read through a storage repository; a whole game is a few KB.
const maxSaveSize = 4 << 20

func (f uriFS) rename(from, to string) error {
	src, err := f.uri(from)
	if err != nil {
		return err
	}
	dst, err := f.uri(to)
	if err != nil {
		return err
	}
	if ok, _ := storage.Exists(dst); ok {
		_ = storage.Delete(dst)
	}
	// Not storage.Move: the browser repository moves by io.Copy, whose first
	// 32 KB read meets the same early io.EOF as above, and it is no more atomic than
	// this copy and delete.
	if err := f.keepCopy(from, to); err != nil {
		return err
	}
	return storage.Delete(src)
}

func (f uriFS) keepCopy(from, to string) error {
	data, err := f.read(from)
	if err != nil {
		return err
	}
	return f.write(to, data)
}

func (f uriFS) remove(name string) error {
	u, err := f.uri(name)
	if err != nil {
		return err
	}
	return storage.Delete(u)
}

func (f uriFS) exists(name string) bool {
	u, err := f.uri(name)
	if err != nil {
		return false
	}
	ok, _ := storage.Exists(u)
	return ok
}

func (f uriFS) where(name string) string {
	if u, err := f.uri(name); err == nil {
		return u.String()
	}
	return name
}

func (f uriFS) flush() {}
