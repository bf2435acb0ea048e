package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/xqfyne/xiangqi/puzzle"
)

// The puzzle progress's file names inside the save folder.
const (
	puzzleSaveName   = "puzzles.json"
	puzzleBackupName = "puzzles.bak.json"
	puzzleTempName   = "puzzles.tmp.json"
)

// The progress file's format marker. Files written before it had none; they still open
// when they have a progress's shape (progressKeys), and anything else is refused.
const (
	puzzleFormatName    = "xiangqi-puzzles"
	puzzleFormatVersion = 1
)

// progressKeys are the fields a progress file holds (puzzle.Progress) besides the marker.
var progressKeys = map[string]bool{"player": true, "results": true, "puzzles": true,
	"streak": true, "best_streak": true, "history": true}

// puzzleFile is the progress as written: the marker, then the progress's own fields.
type puzzleFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	*puzzle.Progress
}

// maxProgressBytes bounds a progress file read back: 5,430 puzzles' results and ratings
// take about 400 KB; a file far larger is not one this app wrote.
const maxProgressBytes = 8 << 20

func puzzleFiles() fileNames { return fileNames{puzzleSaveName, puzzleBackupName, puzzleTempName} }

// PuzzleStore keeps the player's puzzle progress beside the game, written as the game's
// save is (a temporary file renamed over the save, the previous one kept as a backup), so
// that a crash or kill -9 at any moment leaves the last whole progress.
type PuzzleStore struct {
	fs   FS
	last []byte
}

// NewPuzzleStore returns a progress store on fs.
func NewPuzzleStore(fs FS) *PuzzleStore { return &PuzzleStore{fs: fs} }

// Puzzles returns a store for the puzzle progress in the game's folder.
func (s *Store) Puzzles() *PuzzleStore { return NewPuzzleStore(s.fs) }

// Save writes the progress.
func (ps *PuzzleStore) Save(pr *puzzle.Progress) error {
	data, err := json.Marshal(puzzleFile{puzzleFormatName, puzzleFormatVersion, pr})
	if err != nil {
		return err
	}
	if err := writeKept(ps.fs, puzzleFiles(), ps.last, data); err != nil {
		return fmt.Errorf("puzzle progress: %w", err)
	}
	ps.last = data
	return nil
}

// Load reads the progress: a new player's when there is none; the backup when the save
// is unreadable (with an error saying so); a new player's, with an error, when both are.
// Unreadable files are moved aside, never overwritten.
func (ps *PuzzleStore) Load() (*puzzle.Progress, error) {
	pr, data, saveErr := ps.read(puzzleSaveName)
	if saveErr == nil {
		ps.last = data
		return pr, nil
	}
	if errors.Is(saveErr, os.ErrNotExist) {
		if pr, _, err := ps.read(puzzleBackupName); err == nil {
			return pr, nil // storage lost the save between two steps of a write
		}
		return puzzle.NewProgress(), nil
	}
	aside := ps.setAside(puzzleSaveName)
	if pr, _, err := ps.read(puzzleBackupName); err == nil {
		return pr, fmt.Errorf("puzzle progress unreadable (%v); the previous one was restored, the unreadable one kept as %s", saveErr, aside)
	}
	return puzzle.NewProgress(), fmt.Errorf("puzzle progress unreadable (%v); kept as %s, starting anew", saveErr, aside)
}

func (ps *PuzzleStore) read(name string) (*puzzle.Progress, []byte, error) {
	if sz, ok := ps.fs.(sizer); ok {
		if n, err := sz.Size(name); err == nil && n > maxProgressBytes {
			return nil, nil, fmt.Errorf("%s: %d bytes, over %d", name, n, maxProgressBytes)
		}
	}
	data, err := ps.fs.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	pr, err := decodeProgressFile(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return pr, data, nil
}

// decodeProgressFile reads a progress file: one with the marker of this format and a
// version this app knows, or an older one without a marker whose fields are all a
// progress's and include the player's rating. Any other JSON (another file of the app's,
// a foreign one) is refused rather than read as a new player's progress and overwritten.
func decodeProgressFile(data []byte) (*puzzle.Progress, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		return nil, errors.New("not a puzzle progress: not a JSON object")
	}
	if raw, ok := fields["format"]; ok {
		var head struct {
			Format  string `json:"format"`
			Version int    `json:"version"`
		}
		if err := json.Unmarshal(data, &head); err != nil || head.Format != puzzleFormatName {
			return nil, fmt.Errorf("not a puzzle progress: format %s, want %q", raw, puzzleFormatName)
		}
		if head.Version < 1 || head.Version > puzzleFormatVersion {
			return nil, fmt.Errorf("puzzle progress of version %d: this app reads 1..%d", head.Version, puzzleFormatVersion)
		}
	} else {
		if _, ok := fields["player"]; !ok {
			return nil, errors.New("not a puzzle progress: no format marker and no player rating")
		}
		for k := range fields {
			if !progressKeys[k] {
				return nil, fmt.Errorf("not a puzzle progress: no format marker and a field %q", k)
			}
		}
	}
	return puzzle.UnmarshalProgress(data)
}

func (ps *PuzzleStore) setAside(name string) string {
	aside := fmt.Sprintf("puzzles.corrupt-%s.json", time.Now().UTC().Format("20060102-150405.000000000"))
	if err := ps.fs.Rename(name, aside); err != nil {
		return fmt.Sprintf("%s (could not be moved aside: %v)", ps.fs.Where(name), err)
	}
	return ps.fs.Where(aside)
}
