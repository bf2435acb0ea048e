package play

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// File names of the library inside its folder. Each game is a file of its own in the
// record format (variations and comments kept); the index lists them, because browser
// storage cannot list a folder.
const (
	libraryIndexName  = "library.json"
	libraryTempName   = "library.tmp.json"
	libraryBackupName = "library.bak.json"
	libraryFormatName = "xiangqi-library"
	libraryVersion    = 1
	libraryGamePrefix = "game-"
)

// libraryIDPattern is what a game's ID looks like; an index entry with any other ID is
// listed as damaged and never used as a file name.
var libraryIDPattern = regexp.MustCompile(`^[0-9]{8}-[0-9]{6}-[0-9]{1,9}$`)

// LibraryEntry describes one game of the library, as the index keeps it.
type LibraryEntry struct {
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"` // given by the player (Rename); else the record's title
	Red     string `json:"red,omitempty"`
	Black   string `json:"black,omitempty"`
	Date    string `json:"date,omitempty"`    // PGN form, YYYY.MM.DD
	Result  string `json:"result"`            // PGN form: 1-0, 0-1, 1/2-1/2 or *
	Opening string `json:"opening,omitempty"` // the record's opening, else its first moves
	Plies   int    `json:"plies"`             // moves in the main line
	// Human is who a person played (red, black, both), when the game was played here.
	Human game.HumanSide `json:"human,omitempty"`
	// Seconds is the engine's time per move, when the game was played against it here.
	Seconds float64 `json:"seconds,omitempty"`
	Added   string  `json:"added"` // when it was added, RFC 3339
	Hash    string  `json:"hash"`  // SHA-256 of the game file
}

// LibraryItem is an entry as listed: Err says why its game cannot be opened (missing or
// damaged file, or a damaged index entry); the list shows it as damaged.
type LibraryItem struct {
	LibraryEntry
	Err error
}

type libraryIndex struct {
	Format  string         `json:"format"`
	Version int            `json:"version"`
	Games   []LibraryEntry `json:"games"`
}

// Library keeps finished and saved games in a folder of the app's storage. Call its
// methods from one goroutine (the UI goroutine); Damaged alone may run on another.
type Library struct {
	fs      FS // set once by OpenLibrary: Damaged reads it from another goroutine
	entries []LibraryEntry
	last    []byte // what the index file holds, the backup at the next write on plain storage
	now     func() time.Time
}

// Remover is storage that can delete a file; the library deletes a game's file with it
// (on other storage the file stays, unlisted).
type Remover interface {
	Remove(name string) error
}

// OpenLibrary reads the library's index in fs. An unreadable index falls back to its
// backup; when neither can be read the library starts from no entries, and the damaged
// index is set aside. Then, on storage that can list its folder (Lister), every game file
// the index does not list is listed again (rediscover) and the index rewritten, so that
// neither a damaged index nor a crash between a game's file and its entry loses a game.
// The error says what was restored or lost; the library is usable all the same.
func OpenLibrary(fs FS) (*Library, error) {
	l := &Library{fs: fs, now: time.Now}
	openErr := l.load()
	found, err := l.rediscover()
	if err != nil {
		return l, errors.Join(openErr, fmt.Errorf("library: the folder could not be searched for unlisted games: %w", err))
	}
	if found > 0 {
		if err := l.writeIndex(l.entries); err != nil {
			return l, errors.Join(openErr, err)
		}
		if openErr != nil {
			openErr = fmt.Errorf("%w; %d games found in the folder were listed again", openErr, found)
		}
	}
	return l, openErr
}

// load reads the index, or its backup, into l.
func (l *Library) load() error {
	entries, data, err := l.readIndex(libraryIndexName)
	if err == nil {
		l.entries, l.last = entries, data
		return nil
	}
	if errors.Is(err, os.ErrNotExist) {
		if entries, data, berr := l.readIndex(libraryBackupName); berr == nil {
			l.entries, l.last = entries, data
		}
		return nil
	}
	entries, data, berr := l.readIndex(libraryBackupName)
	aside := setAside(l.fs, libraryIndexName, "library")
	if berr == nil {
		l.entries, l.last = entries, data
		return fmt.Errorf("library index unreadable (%v); the previous index was restored, the unreadable one kept as %s", err, aside)
	}
	if _, ok := l.fs.(Lister); ok {
		return fmt.Errorf("library index unreadable (%v); kept as %s, the list rebuilt from the game files", err, aside)
	}
	return fmt.Errorf("library index unreadable (%v); kept as %s, the library starts empty (this storage cannot list the game files)", err, aside)
}

func (l *Library) readIndex(name string) ([]LibraryEntry, []byte, error) {
	data, err := l.fs.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	var idx libraryIndex
	if err := json.Unmarshal(data, &idx); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if idx.Format != libraryFormatName || idx.Version < 1 || idx.Version > libraryVersion {
		return nil, nil, fmt.Errorf("%s: not a library index of version 1..%d", name, libraryVersion)
	}
	return idx.Games, data, nil
}

// libraryFiles are the index's names: the index, its backup and its temporary file.
func libraryFiles() fileNames {
	return fileNames{libraryIndexName, libraryBackupName, libraryTempName}
}

// writeIndex stores the entries the way saves are written (writeKept): the previous
// index kept as the backup, and on storage with atomic renames the new one written to a
// temporary file and renamed over it, so that a crash at any moment leaves a whole index.
func (l *Library) writeIndex(entries []LibraryEntry) error {
	if entries == nil {
		entries = []LibraryEntry{}
	}
	data, err := json.MarshalIndent(libraryIndex{Format: libraryFormatName, Version: libraryVersion, Games: entries}, "", "  ")
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	if err := writeKept(l.fs, libraryFiles(), l.last, data); err != nil {
		return fmt.Errorf("library: %w", err)
	}
	l.entries, l.last = entries, data
	return nil
}

func gameFileName(id string) string { return libraryGamePrefix + id + ".json" }

// List returns the games, newest first, as the index lists them: it reads no game file,
// so that a library of thousands of games is shown at once. Only an entry with a damaged
// ID has Err set; Damaged checks the files.
func (l *Library) List() []LibraryItem {
	items := make([]LibraryItem, 0, len(l.entries))
	for i := len(l.entries) - 1; i >= 0; i-- {
		e := l.entries[i]
		item := LibraryItem{LibraryEntry: e}
		if !libraryIDPattern.MatchString(e.ID) {
			item.Err = fmt.Errorf("damaged library entry (id %q)", e.ID)
		}
		items = append(items, item)
	}
	return items
}

// Damaged reads the games of items and says, by ID, why each one that cannot be opened
// cannot (its file is missing or damaged). It reads the storage only, never the
// library's list, so it may run on a goroutine of its own while the library is used;
// the storage must allow that.
func (l *Library) Damaged(items []LibraryItem) map[string]error {
	damaged := map[string]error{}
	for _, it := range items {
		if it.Err != nil {
			continue
		}
		if _, err := l.read(it.LibraryEntry); err != nil {
			damaged[it.ID] = err
		}
	}
	return damaged
}

// read loads an entry's game.
func (l *Library) read(e LibraryEntry) (*game.Record, error) {
	r, _, err := l.readWithPlayers(e)
	return r, err
}

// readWithPlayers loads an entry's game and who played it: the entry says so; games
// filed by earlier versions kept the engine's time in the record file's metadata.
func (l *Library) readWithPlayers(e LibraryEntry) (*game.Record, Players, error) {
	who := Players{Human: e.Human, Seconds: e.Seconds}
	if !libraryIDPattern.MatchString(e.ID) {
		return nil, who, fmt.Errorf("damaged library entry (id %q)", e.ID)
	}
	data, err := l.fs.ReadFile(gameFileName(e.ID))
	if err != nil {
		return nil, who, err
	}
	r, err := game.LoadRecord(bytes.NewReader(data))
	if err != nil {
		return nil, who, fmt.Errorf("%s: %w", l.fs.Where(gameFileName(e.ID)), err)
	}
	if e.Name != "" {
		r.Meta.Title = e.Name
	}
	if who.Seconds == 0 {
		var legacy struct {
			Metadata struct {
				DifficultySeconds float64 `json:"difficultySeconds"`
			} `json:"metadata"`
		}
		if json.Unmarshal(data, &legacy) == nil {
			who.Seconds = legacy.Metadata.DifficultySeconds
		}
	}
	return r, who, nil
}

func (l *Library) find(id string) (int, error) {
	for i, e := range l.entries {
		if e.ID == id {
			return i, nil
		}
	}
	return -1, fmt.Errorf("library: no game %q", id)
}

// Open returns an entry's game (with the name given to it as its title) and who played it.
func (l *Library) Open(id string) (*game.Record, Players, error) {
	i, err := l.find(id)
	if err != nil {
		return nil, Players{}, err
	}
	return l.readWithPlayers(l.entries[i])
}

// Add stores a game and lists it with who played it. A game already in the library (the
// same file content) is not added twice; its entry is returned.
func (l *Library) Add(r *game.Record, who Players) (LibraryEntry, error) {
	var buf bytes.Buffer
	if err := r.SaveRecord(&buf); err != nil {
		return LibraryEntry{}, fmt.Errorf("library: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	hash := hex.EncodeToString(sum[:])
	for _, e := range l.entries {
		if e.Hash == hash {
			return e, nil
		}
	}
	now := l.now()
	e := describe(r)
	e.Human, e.Seconds = who.Human, who.Seconds
	e.ID, e.Added, e.Hash = l.newID(now), now.UTC().Format(time.RFC3339), hash
	// The game's file first: a crash before the index is written leaves an unlisted
	// file, never an entry without its game.
	if err := l.fs.WriteFile(gameFileName(e.ID), buf.Bytes()); err != nil {
		return LibraryEntry{}, fmt.Errorf("library: %w", err)
	}
	if err := l.writeIndex(append(append([]LibraryEntry(nil), l.entries...), e)); err != nil {
		return LibraryEntry{}, err
	}
	return e, nil
}

// newID names a new game by the time it was added, unique within the library.
func (l *Library) newID(now time.Time) string {
	stem := now.UTC().Format("20060102-150405")
	for n := now.Nanosecond() / 1000; ; n++ {
		id := fmt.Sprintf("%s-%d", stem, n)
		if _, err := l.find(id); err != nil {
			return id
		}
	}
}

// describe fills the listed facts of a record: players, date, result and opening.
func describe(r *game.Record) LibraryEntry {
	e := LibraryEntry{Name: r.Meta.Title, Red: r.Meta.Red, Black: r.Meta.Black, Date: r.Meta.Date,
		Result: "*", Opening: r.Meta.Opening, Plies: len(r.MainLineMoves())}
	if res, err := r.ResultAtEnd(); err == nil {
		e.Result = res.PGN()
	}
	if e.Opening == "" {
		e.Opening = firstMoves(r)
	}
	return e
}

// firstMoves names an opening without a recorded name by its first round, in Chinese
// notation ("炮二平五 马８进７").
func firstMoves(r *game.Record) string {
	pos := r.StartPosition()
	var texts []string
	for i, m := range r.MainLineMoves() {
		if i == 2 {
			break
		}
		texts = append(texts, game.FormatMove(pos, m, game.Chinese))
		pos.MakeMove(m)
	}
	if r.StartFEN() != rules.StartFEN && len(texts) > 0 {
		return "… " + strings.Join(texts, " ")
	}
	return strings.Join(texts, " ")
}

// Rename gives a game a name; "" goes back to the record's own title.
func (l *Library) Rename(id, name string) error {
	i, err := l.find(id)
	if err != nil {
		return err
	}
	name = strings.TrimSpace(name)
	if len(name) > 200 {
		return errors.New("library: the name is too long")
	}
	entries := append([]LibraryEntry(nil), l.entries...)
	entries[i].Name = name
	return l.writeIndex(entries)
}

// Delete removes a game from the list and then its file. A damaged entry can be deleted
// too.
func (l *Library) Delete(id string) error {
	i, err := l.find(id)
	if err != nil {
		return err
	}
	entries := append(append([]LibraryEntry(nil), l.entries[:i]...), l.entries[i+1:]...)
	if err := l.writeIndex(entries); err != nil {
		return err
	}
	if rm, ok := l.fs.(Remover); ok && libraryIDPattern.MatchString(id) {
		if err := rm.Remove(gameFileName(id)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("library: the game is no longer listed, but its file stays: %w", err)
		}
	}
	return nil
}

// ExportPGN writes an entry's game as PGN.
func (l *Library) ExportPGN(id string, opt game.PGNOptions) ([]byte, error) {
	r, _, err := l.Open(id)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := r.ExportPGN(&buf, opt); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// setAside renames an unreadable file so that no later write replaces it, and returns
// where it is now.
func setAside(fs FS, name, stem string) string {
	aside := fmt.Sprintf("%s.corrupt-%s.json", stem, time.Now().UTC().Format("20060102-150405.000000000"))
	if err := fs.Rename(name, aside); err != nil {
		return fmt.Sprintf("%s (could not be moved aside: %v)", fs.Where(name), err)
	}
	return fs.Where(aside)
}

// Remove deletes a file of the directory.
func (d DirFS) Remove(name string) error { return os.Remove(d.path(name)) }
