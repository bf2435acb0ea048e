package gui

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

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

// CorruptSaveError reports a save that could not be read; the file was moved to Aside.
type CorruptSaveError struct {
	Aside string // where the unreadable file now is
	Err   error  // why it could not be read
}

func (e *CorruptSaveError) Error() string {
	return fmt.Sprintf("saved game unreadable (%v); kept as %s", e.Err, e.Aside)
}

func (e *CorruptSaveError) Unwrap() error { return e.Err }

// Store saves the game atomically in one folder. Fyne's own storage writers truncate the
// file in place, so a kill mid-write could leave nothing; here a save is written to a
// temporary file, synced, and renamed over the old save, whose previous version is kept
// as a backup. A crash at any moment leaves the old or the new save readable.
type Store struct {
	fs saveFS
}

// NewStore returns a store in a local directory, creating it if needed.
func NewStore(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("store: empty directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return &Store{fs: osFS{dir: dir}}, nil
}

// NewURIStore returns a store in a folder of a Fyne storage repository (the app's
// storage in a browser), creating the folder if needed.
func NewURIStore(root fyne.URI) (*Store, error) {
	if root == nil {
		return nil, errors.New("store: no storage folder")
	}
	if ok, err := storage.Exists(root); err == nil && !ok {
		if err := storage.CreateListable(root); err != nil && !errors.Is(err, repository.ErrOperationNotSupported) {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	return &Store{fs: uriFS{root: root}}, nil
}

// Path returns where the current save is kept.
func (s *Store) Path() string { return s.fs.where(saveName) }

// Save writes g atomically.
func (s *Store) Save(g *game.Game) error {
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		return fmt.Errorf("store: encode: %w", err)
	}
	if err := s.fs.write(tempName, buf.Bytes()); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	// Keep the previous save as the backup. A hard link leaves the save in place until the
	// rename below replaces it, so there is no moment without one.
	if s.fs.exists(saveName) {
		if err := s.fs.keepCopy(saveName, backupName); err != nil {
			return fmt.Errorf("store: keep backup: %w", err)
		}
	}
	if err := s.fs.rename(tempName, saveName); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.fs.flush()
	return nil
}

// Load reads the saved game. It returns ErrNoSave when there is none, and a
// *CorruptSaveError after moving an unreadable save aside (it is never overwritten).
func (s *Store) Load() (*game.Game, error) {
	name := saveName
	data, err := s.fs.read(name)
	if errors.Is(err, os.ErrNotExist) {
		// Only the backup is left if the save was lost between two steps of a save.
		name = backupName
		data, err = s.fs.read(name)
		if errors.Is(err, os.ErrNotExist) {
			return nil, ErrNoSave
		}
	}
	if err != nil {
		return nil, s.setAside(name, err)
	}
	g, err := game.Unmarshal(data)
	if err != nil {
		return nil, s.setAside(name, err)
	}
	return g, nil
}

// setAside renames an unreadable file so that the next save does not overwrite it.
func (s *Store) setAside(name string, cause error) error {
	aside := fmt.Sprintf("game.corrupt-%s.json", time.Now().UTC().Format("20060102-150405.000000000"))
	if err := s.fs.rename(name, aside); err != nil {
		return &CorruptSaveError{Aside: s.fs.where(name), Err: fmt.Errorf("%v (and it could not be moved aside: %v)", cause, err)}
	}
	return &CorruptSaveError{Aside: s.fs.where(aside), Err: cause}
}
