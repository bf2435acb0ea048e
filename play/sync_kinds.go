package play

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/puzzle"
)

// The kinds of items synced.
const (
	syncKindGame    = "game"          // a library game, by the SHA-256 of its file
	syncKindPuzzle  = "puzzle"        // one puzzle's result, stars and refined rating
	syncKindPlayer  = "puzzle-player" // the puzzle player's rating, streaks and days
	syncKindSetting = "setting"       // one setting, by its key in the save
)

// ProgressKeeper holds the puzzle progress the app shows: the trainer (Puzzles) while it
// is open, the progress file (StoredProgress) otherwise.
type ProgressKeeper interface {
	Progress() *puzzle.Progress
	SetProgress(*puzzle.Progress) error
}

// SettingsKeeper holds the settings the app plays by (the Session).
type SettingsKeeper interface {
	Settings() Settings
	ApplySettings(Settings) error
}

// --- library games -------------------------------------------------------------

var gameHashPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// syncGames syncs the library: each game by its file's hash, with the name given to it
// and who played it. Two devices that filed the same game (an online game is filed on
// each device that followed it) hold one item.
type syncGames struct {
	l     *Library
	added []LibraryEntry // a page's new games, their files written, listed by flush at once
}

type gameValue struct {
	Name    string         `json:"name,omitempty"`
	Human   game.HumanSide `json:"human,omitempty"`
	Seconds float64        `json:"seconds,omitempty"`
	Added   string         `json:"added,omitempty"`
	Record  string         `json:"record,omitempty"` // the game file; its hash is the key
}

// gameDigest is what a change of a game is: its name and players (the file never
// changes, and when it was added differs between the devices that filed it).
func gameDigest(hash, name string, human game.HumanSide, seconds float64) (string, error) {
	return digestOf([]any{hash, name, human, seconds})
}

func (g *syncGames) scan() (map[string]string, error) {
	out := map[string]string{}
	for _, e := range g.l.entries {
		if !libraryIDPattern.MatchString(e.ID) || !gameHashPattern.MatchString(e.Hash) || out[e.Hash] != "" {
			continue
		}
		d, err := gameDigest(e.Hash, e.Name, e.Human, e.Seconds)
		if err != nil {
			return nil, err
		}
		out[e.Hash] = d
	}
	return out, nil
}

func (g *syncGames) read(key string) (json.RawMessage, error) {
	e, ok := g.l.byHash(key)
	if !ok {
		return nil, errors.New("no such game")
	}
	data, err := g.l.fs.ReadFile(gameFileName(e.ID))
	if err != nil {
		return nil, err
	}
	return json.Marshal(gameValue{Name: e.Name, Human: e.Human, Seconds: e.Seconds, Added: e.Added, Record: string(data)})
}

func (g *syncGames) value(key string, v json.RawMessage) (gameValue, error) {
	var gv gameValue
	if err := json.Unmarshal(v, &gv); err != nil {
		return gv, fmt.Errorf("not a library game: %v", err)
	}
	if sum := sha256.Sum256([]byte(gv.Record)); hex.EncodeToString(sum[:]) != key {
		return gv, errors.New("a library game whose record is not the one its key names")
	}
	return gv, nil
}

func (g *syncGames) digest(key string, v json.RawMessage) (string, error) {
	gv, err := g.value(key, v)
	if err != nil {
		return "", err
	}
	return gameDigest(key, gv.Name, gv.Human, gv.Seconds)
}

func (g *syncGames) apply(key string, v json.RawMessage) error {
	e, here := g.l.byHash(key)
	if v == nil {
		if !here {
			return nil
		}
		return g.l.Delete(e.ID)
	}
	gv, err := g.value(key, v)
	if err != nil {
		return err
	}
	if here {
		return g.l.setPlayers(e.ID, gv.Name, Players{Human: gv.Human, Seconds: gv.Seconds})
	}
	e, err = g.l.writeFile([]byte(gv.Record), gv.Name, gv.Added, Players{Human: gv.Human, Seconds: gv.Seconds}, g.added)
	if err != nil {
		return err
	}
	g.added = append(g.added, e)
	return nil
}

// flush lists the page's new games in one write of the index (one a game made a fresh
// device's first pull of 500 games take seconds).
func (g *syncGames) flush() error {
	if len(g.added) == 0 {
		return nil
	}
	added := g.added
	g.added = nil
	return g.l.writeIndex(append(append([]LibraryEntry(nil), g.l.entries...), added...))
}

func (g *syncGames) merge(_ string, local, remote syncValue) syncValue {
	return lastWriter(local, remote)
}

// --- settings ----------------------------------------------------------------------

// syncedSettings are the settings synced, by their keys in the save: the player's
// choices, not those of the game on the board (the side played, the orientation, the
// clock), which ApplySettings leaves alone too.
var syncedSettings = []string{keySeconds, keyRules, keyBook, keyRandom, keyCoords, keyNotation, keyWarn, keySound,
	keyEval, keyBoardStyle, keyPieceSet, keyTheme, keyFaceToFace}

// syncSettings syncs each setting as an item of its own, the later change winning, so
// that two settings changed on two devices are both kept.
type syncSettings struct {
	keeper  SettingsKeeper
	pending map[string]string // a page's values, until flush
}

func (s *syncSettings) scan() (map[string]string, error) {
	saved := s.keeper.Settings().encode()
	out := map[string]string{}
	for _, k := range syncedSettings {
		d, err := digestOf(saved[k])
		if err != nil {
			return nil, err
		}
		out[k] = d
	}
	return out, nil
}

func (s *syncSettings) read(key string) (json.RawMessage, error) {
	if v, ok := s.pending[key]; ok {
		return json.Marshal(v)
	}
	return json.Marshal(s.keeper.Settings().encode()[key])
}

func settingValue(key string, v json.RawMessage) (string, error) {
	if !slices.Contains(syncedSettings, key) {
		return "", fmt.Errorf("not a setting this app syncs: %q", key)
	}
	var value string
	if err := json.Unmarshal(v, &value); err != nil || len(value) > 64 {
		return "", errors.New("a setting's value is a short string")
	}
	return value, nil
}

func (s *syncSettings) digest(key string, v json.RawMessage) (string, error) {
	value, err := settingValue(key, v)
	if err != nil {
		return "", err
	}
	return digestOf(value)
}

func (s *syncSettings) apply(key string, v json.RawMessage) error {
	if v == nil {
		return nil // a setting is never deleted
	}
	value, err := settingValue(key, v)
	if err != nil {
		return err
	}
	if s.pending == nil {
		s.pending = map[string]string{}
	}
	s.pending[key] = value
	return nil
}

// flush applies a page's settings at once; a value this app does not know reads as its
// default (settingsFrom), which the next sync pushes over it.
func (s *syncSettings) flush() error {
	if len(s.pending) == 0 {
		return nil
	}
	cur := s.keeper.Settings()
	saved := cur.encode()
	maps.Copy(saved, s.pending)
	s.pending = nil
	set := settingsFrom(saved, English)
	set.Human, set.Flipped, set.TimeControl = cur.Human, cur.Flipped, cur.TimeControl
	return s.keeper.ApplySettings(set)
}

func (s *syncSettings) merge(_ string, local, remote syncValue) syncValue {
	return lastWriter(local, remote)
}

// --- the library's side ----------------------------------------------------------------

// byHash finds the entry of the game whose file has hash.
func (l *Library) byHash(hash string) (LibraryEntry, bool) {
	for _, e := range l.entries {
		if e.Hash == hash && libraryIDPattern.MatchString(e.ID) {
			return e, true
		}
	}
	return LibraryEntry{}, false
}

// writeFile stores a game file as it came from another device, its bytes kept as they are
// (their hash names the game everywhere), checked to be a record first, and returns its
// entry for the index; pending are the entries written but not yet listed.
func (l *Library) writeFile(data []byte, name, added string, who Players, pending []LibraryEntry) (LibraryEntry, error) {
	if len(data) > MaxSaveBytes {
		return LibraryEntry{}, fmt.Errorf("library: a game of %d bytes, over %d", len(data), MaxSaveBytes)
	}
	r, err := game.LoadRecord(bytes.NewReader(data))
	if err != nil {
		return LibraryEntry{}, fmt.Errorf("library: %w", err)
	}
	now := l.now()
	e := describe(r)
	sum := sha256.Sum256(data)
	e.Human, e.Seconds, e.Hash = who.Human, who.Seconds, hex.EncodeToString(sum[:])
	if len(name) <= 200 {
		e.Name = name // as the other device lists it, its record's title or not
	}
	e.ID, e.Added = l.newID(now), now.UTC().Format(time.RFC3339)
	for slices.ContainsFunc(pending, func(p LibraryEntry) bool { return p.ID == e.ID }) {
		now = now.Add(time.Microsecond)
		e.ID = l.newID(now)
	}
	if _, err := time.Parse(time.RFC3339, added); err == nil {
		e.Added = added
	}
	if err := l.fs.WriteFile(gameFileName(e.ID), data); err != nil {
		return LibraryEntry{}, fmt.Errorf("library: %w", err)
	}
	return e, nil
}

// setPlayers gives a game the name and players another device gave it.
func (l *Library) setPlayers(id, name string, who Players) error {
	i, err := l.find(id)
	if err != nil {
		return err
	}
	e := l.entries[i]
	if len(name) > 200 {
		name = e.Name
	}
	if e.Name == name && e.Human == who.Human && e.Seconds == who.Seconds {
		return nil
	}
	entries := append([]LibraryEntry(nil), l.entries...)
	entries[i].Name, entries[i].Human, entries[i].Seconds = name, who.Human, who.Seconds
	return l.writeIndex(entries)
}

// lastWriter is the default merge: the later change wins; a tie goes to the server's,
// which every other device holds already.
func lastWriter(local, remote syncValue) syncValue {
	if local.At > remote.At {
		return local
	}
	return remote
}

// digestOf is a value's digest: the SHA-256 of its JSON.
func digestOf(v any) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]), nil
}
