package play

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// Lister is storage that can list the files of its folder. On it the library finds the
// game files its index lost (OpenLibrary). A browser's storage cannot list a folder, so
// there the index (and its backup) is the only list.
type Lister interface {
	ListFiles() ([]string, error)
}

// ListFiles lists the names of the directory's regular files.
func (d DirFS) ListFiles() ([]string, error) {
	ents, err := os.ReadDir(string(d))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// rediscover lists every game file of the folder that no entry names, unless its content
// is already listed under another name (a game added twice after a crash), and keeps the
// entries in the order they were added. A file that cannot be read as a game is listed
// too, so that it shows as damaged and can be deleted. It returns how many it listed.
func (l *Library) rediscover() (int, error) {
	lister, ok := l.fs.(Lister)
	if !ok {
		return 0, nil
	}
	names, err := lister.ListFiles()
	if err != nil {
		return 0, err
	}
	listed := map[string]bool{}
	for _, e := range l.entries {
		listed[e.ID], listed["hash "+e.Hash] = true, true
	}
	var found []LibraryEntry
	for _, name := range names {
		id, ok := strings.CutPrefix(name, libraryGamePrefix)
		id, ok2 := strings.CutSuffix(id, ".json")
		if !ok || !ok2 || !libraryIDPattern.MatchString(id) || listed[id] {
			continue
		}
		e := l.rediscovered(id)
		if e.Hash != "" && listed["hash "+e.Hash] {
			continue
		}
		listed[id], listed["hash "+e.Hash] = true, true
		found = append(found, e)
	}
	if len(found) == 0 {
		return 0, nil
	}
	entries := append(append([]LibraryEntry(nil), l.entries...), found...)
	slices.SortStableFunc(entries, func(a, b LibraryEntry) int { return compareIDs(a.ID, b.ID) })
	l.entries = entries
	return len(found), nil
}

// rediscovered describes the game file of id as Add would have listed it; who played it
// is not known. A file that cannot be read gets an entry with its ID alone (and its hash
// when it could be read at all).
func (l *Library) rediscovered(id string) LibraryEntry {
	e := LibraryEntry{ID: id, Result: "*"}
	if t, err := time.Parse("20060102-150405", id[:15]); err == nil {
		e.Added = t.UTC().Format(time.RFC3339)
	}
	name := gameFileName(id)
	if sz, ok := l.fs.(sizer); ok {
		if n, err := sz.Size(name); err == nil && n > game.MaxRecordBytes {
			return e // over the limit: listed as damaged, never read
		}
	}
	data, err := l.fs.ReadFile(name)
	if err != nil {
		return e
	}
	sum := sha256.Sum256(data)
	e.Hash = hex.EncodeToString(sum[:])
	r, err := game.LoadRecord(bytes.NewReader(data))
	if err != nil {
		return e
	}
	d := describe(r)
	d.ID, d.Added, d.Hash = e.ID, e.Added, e.Hash
	return d
}

// compareIDs orders IDs by the time they name, then by their counter.
func compareIDs(a, b string) int {
	if c := strings.Compare(a[:min(15, len(a))], b[:min(15, len(b))]); c != 0 {
		return c
	}
	return cmp.Compare(idCounter(a), idCounter(b))
}

func idCounter(id string) int {
	if i := strings.LastIndexByte(id, '-'); i >= 0 {
		if n, err := strconv.Atoi(id[i+1:]); err == nil {
			return n
		}
	}
	return -1
}
