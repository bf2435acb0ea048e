package play

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// File names inside the save folder.
const (
	saveName   = "game.json"
	backupName = "game.bak.json"
	tempName   = "game.tmp.json"
)

// ErrNoSave means there is no saved game yet.
var ErrNoSave = errors.New("no saved game")

// FS is the storage a Store keeps its files in, by name inside one folder: a local
// directory (DirFS) or, in a browser, a folder of the app's storage.
type FS interface {
	// WriteFile writes a whole file; it has reached storage when WriteFile returns.
	WriteFile(name string, data []byte) error
	// ReadFile reads a whole file; a missing file is an error matching os.ErrNotExist.
	ReadFile(name string) ([]byte, error)
	// Rename gives a file a new name, replacing a file of that name.
	Rename(from, to string) error
	// Where names a file for messages: a path or a URI.
	Where(name string) string
}

// AtomicFS is an FS whose Rename replaces its target atomically and can be made durable,
// as a local file system's. A Store on it writes every save to a temporary file and
// renames it over the old one, so a crash at any moment leaves a whole save.
type AtomicFS interface {
	FS
	// Link makes to a second name of from (a copy where links are not supported).
	Link(from, to string) error
	// SyncDir makes the renames done so far durable.
	SyncDir() error
}

// Store keeps the game in one folder: the save, and the previous save as a backup.
// Writes come from one goroutine at a time (the session's background writer); Load is
// called before the first write.
type Store struct {
	fs FS
	// last is what the save holds, when known: on storage without atomic renames it
	// becomes the backup at the next write without reading the save back.
	last []byte
}

// NewStore returns a store on fs.
func NewStore(fs FS) *Store { return &Store{fs: fs} }

// NewDirStore returns a store in a local directory, creating it if needed.
func NewDirStore(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("store: empty directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return NewStore(DirFS(dir)), nil
}

// fileNames are the three names of one kept file: the file, its previous version as the
// backup, and the temporary file a write goes through.
type fileNames struct{ save, backup, temp string }

// gameFiles are the game's names.
func gameFiles() fileNames { return fileNames{saveName, backupName, tempName} }

// write stores an encoded game.
func (s *Store) write(data []byte) error {
	if err := writeKept(s.fs, gameFiles(), s.last, data); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.last = data
	return nil
}

// writeKept writes data as names.save, keeping the previous version as names.backup. On
// an AtomicFS: the temporary file is written and synced, the save gets a second name as
// the backup (so there is no moment without a save), and the temporary file is renamed
// over the save. Elsewhere last (what the save holds, nil when unknown) is written as the
// backup and then the new save: a crash while the save is written leaves the backup,
// which a load falls back to.
func writeKept(fs FS, names fileNames, last, data []byte) error {
	if afs, ok := fs.(AtomicFS); ok {
		if err := afs.WriteFile(names.temp, data); err != nil {
			return err
		}
		if err := afs.Link(names.save, names.backup); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("keep backup: %w", err)
		}
		if err := afs.Rename(names.temp, names.save); err != nil {
			return err
		}
		return afs.SyncDir()
	}
	if last != nil {
		if err := fs.WriteFile(names.backup, last); err != nil {
			return fmt.Errorf("keep backup: %w", err)
		}
	}
	return fs.WriteFile(names.save, data)
}

// Save writes g with its cursor and settings at once, without clocks (the session hands
// its saves to a background writer instead).
func (s *Store) Save(g *game.Game, set Settings) error {
	data, err := encodeSave(g, set, nil, nil)
	if err != nil {
		return err
	}
	return s.write(data)
}

// RecoveredError reports a save that could not be read, replaced by the backup: the game
// goes on from the move before. The unreadable save was moved to Aside.
type RecoveredError struct {
	Aside string
	Err   error
}

func (e *RecoveredError) Error() string {
	return fmt.Sprintf("saved game unreadable (%v); the previous save was restored, the unreadable one kept as %s", e.Err, e.Aside)
}

func (e *RecoveredError) Unwrap() error { return e.Err }

// CorruptSaveError reports that neither the save nor its backup could be read; both were
// moved aside (Asides) and a new game starts.
type CorruptSaveError struct {
	Asides []string
	Err    error
}

func (e *CorruptSaveError) Error() string {
	return fmt.Sprintf("saved game unreadable (%v); kept as %v", e.Err, e.Asides)
}

func (e *CorruptSaveError) Unwrap() error { return e.Err }

// Load reads the saved game, falling back to the backup when the save is unreadable. It
// returns ErrNoSave when there is neither; a game and a *RecoveredError when the backup
// was used; a *CorruptSaveError when both are unreadable. Unreadable files are moved
// aside, never overwritten.
func (s *Store) Load() (*game.Game, error) {
	saved, err := s.loadSession()
	return saved.game, err
}

// loadSession is Load with the settings and clocks saved beside the game.
func (s *Store) loadSession() (savedState, error) {
	saved, data, saveErr := s.read(saveName)
	if saveErr == nil {
		s.last = data
		return saved, nil
	}
	saved, _, backupErr := s.read(backupName)
	saveMissing, backupMissing := errors.Is(saveErr, os.ErrNotExist), errors.Is(backupErr, os.ErrNotExist)
	switch {
	case saveMissing && backupMissing:
		return savedState{}, ErrNoSave
	case saveMissing && backupErr == nil:
		// Only the backup is left if storage lost the save between two steps of a write.
		return saved, nil
	case backupErr == nil:
		return saved, &RecoveredError{Aside: s.setAside(saveName, "game"), Err: saveErr}
	}
	var asides []string
	if !saveMissing {
		asides = append(asides, s.setAside(saveName, "game"))
	}
	if !backupMissing {
		asides = append(asides, s.setAside(backupName, "game.bak"))
	}
	return savedState{}, &CorruptSaveError{Asides: asides, Err: errors.Join(saveErr, backupErr)}
}

// sizer is storage that tells a file's size without reading it: a save over the limit
// is refused unread.
type sizer interface {
	Size(name string) (int64, error)
}

// read loads and decodes one file.
func (s *Store) read(name string) (savedState, []byte, error) {
	if sz, ok := s.fs.(sizer); ok {
		if n, err := sz.Size(name); err == nil && n > MaxSaveBytes {
			return savedState{}, nil, fmt.Errorf("%s: save file of %d bytes, over %d", name, n, MaxSaveBytes)
		}
	}
	data, err := s.fs.ReadFile(name)
	if err != nil {
		return savedState{}, nil, err
	}
	saved, err := decodeSave(data)
	if err != nil {
		return savedState{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	return saved, data, nil
}

// setAside renames an unreadable file so that no later save overwrites it, and returns
// where it is now.
func (s *Store) setAside(name, stem string) string {
	aside := fmt.Sprintf("%s.corrupt-%s.json", stem, time.Now().UTC().Format("20060102-150405.000000000"))
	if err := s.fs.Rename(name, aside); err != nil {
		return fmt.Sprintf("%s (could not be moved aside: %v)", s.fs.Where(name), err)
	}
	return s.fs.Where(aside)
}

// DirFS is a local directory as an AtomicFS.
type DirFS string

func (d DirFS) path(name string) string { return filepath.Join(string(d), name) }

// WriteFile writes and syncs a whole file.
func (d DirFS) WriteFile(name string, data []byte) error {
	file, err := os.OpenFile(d.path(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = file.Write(data)
	if err == nil {
		err = file.Sync()
	}
	return errors.Join(err, file.Close())
}

// ReadFile reads a whole file.
func (d DirFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(d.path(name)) }

// Size tells a file's size.
func (d DirFS) Size(name string) (int64, error) {
	info, err := os.Stat(d.path(name))
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

// Rename renames atomically.
func (d DirFS) Rename(from, to string) error { return os.Rename(d.path(from), d.path(to)) }

// Link makes to a hard link of from, or a synced copy where links are not supported.
func (d DirFS) Link(from, to string) error {
	if _, err := os.Stat(d.path(from)); err != nil {
		return err
	}
	_ = os.Remove(d.path(to))
	if err := os.Link(d.path(from), d.path(to)); err == nil {
		return nil
	}
	data, err := d.ReadFile(from)
	if err != nil {
		return err
	}
	return d.WriteFile(to, data)
}

// SyncDir syncs the directory, making renames durable.
func (d DirFS) SyncDir() error {
	dir, err := os.Open(string(d))
	if err != nil {
		return err
	}
	err = dir.Sync()
	return errors.Join(err, dir.Close())
}

// Where returns the file's path.
func (d DirFS) Where(name string) string { return d.path(name) }
