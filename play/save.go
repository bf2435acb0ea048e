package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// A save is an envelope around the game record: the record (format "xiangqi-record", the
// format the library keeps games in), the cursor (the line shown and the ply on it), the
// app's settings and the clocks. The game record holds only the game; what the app needs
// to go on with it lives beside it here. Saves of the two earlier shapes (a linear game,
// "xiangqi-game", and that game with the tree beside it, "xiangqi-session") still open.
const (
	saveFormatName    = "xiangqi-save"
	saveFormatVersion = 1
	legacyGameFormat  = "xiangqi-game"
	legacySessionName = "xiangqi-session"
)

type saveEnvelope struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	Cursor   savedCursor       `json:"cursor"`
	Settings map[string]string `json:"settings"`
	Clock    *savedClock       `json:"clock,omitempty"`
	Record   json.RawMessage   `json:"record"` // last: encodeSave puts the record in place
}

// savedCursor is the line shown (its moves from the start position in ICCS, separated by
// spaces) and the ply on it.
type savedCursor struct {
	Line string `json:"line"`
	Ply  int    `json:"ply"`
}

// savedClock is each side's time left, in milliseconds, in a timed game.
type savedClock struct {
	Red   int64 `json:"red"`
	Black int64 `json:"black"`
}

// savedState is what a save holds, decoded.
type savedState struct {
	game     *game.Game
	settings map[string]string // read by settingsFrom
	clock    *[2]time.Duration // nil: no clock saved
}

// encodeSave encodes a game with its cursor, settings and, when timed, clocks. The session
// saves after every move, so the file is compact JSON, and the record, its biggest part,
// is encoded once by itself (game.Record.MarshalJSON) and put in place as it is.
func encodeSave(g *game.Game, set Settings, clock *gameClock) ([]byte, error) {
	rec, err := g.Record().MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	env := saveEnvelope{Format: saveFormatName, Version: saveFormatVersion, Record: json.RawMessage(`{}`),
		Cursor: savedCursor{Line: game.ICCSLine(g.Moves()), Ply: g.Ply()}, Settings: set.encode()}
	if clock != nil && clock.tc.Timed() {
		env.Clock = &savedClock{Red: clock.left[engine.Red].Milliseconds(), Black: clock.left[engine.Black].Milliseconds()}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	head, ok := bytes.CutSuffix(buf.Bytes(), []byte("{}}\n"))
	if !ok {
		return nil, errors.New("store: encode: the record is not the last member")
	}
	return slices.Concat(head, rec, []byte("}\n")), nil
}

// decodeSave reads a save of any shape this app has written.
func decodeSave(data []byte) (savedState, error) {
	if len(data) > game.MaxSaveBytes {
		return savedState{}, errors.New("save file too large")
	}
	if !utf8.Valid(data) {
		return savedState{}, errors.New("save file is not UTF-8 text")
	}
	var header struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &header); err != nil {
		return savedState{}, fmt.Errorf("not a saved game: %w", err)
	}
	switch header.Format {
	case saveFormatName:
	case legacyGameFormat:
		return decodeLegacyGame(data)
	case legacySessionName:
		return decodeLegacySession(data)
	default:
		return savedState{}, fmt.Errorf("not a saved game (format %q)", header.Format)
	}
	if header.Version < 1 || header.Version > saveFormatVersion {
		return savedState{}, fmt.Errorf("save format version %d, this program reads 1..%d", header.Version, saveFormatVersion)
	}
	var env saveEnvelope
	if err := game.DecodeJSONStrict(data, &env); err != nil {
		return savedState{}, fmt.Errorf("bad save file: %w", err)
	}
	if env.Record == nil || env.Settings == nil {
		return savedState{}, errors.New("bad save file: record, cursor and settings are required")
	}
	rec, err := game.LoadRecord(bytes.NewReader(env.Record))
	if err != nil {
		return savedState{}, err
	}
	line, err := parseLine(strings.Fields(env.Cursor.Line))
	if err != nil {
		return savedState{}, err
	}
	end := rec.Find(line)
	if end == nil {
		return savedState{}, errors.New("bad save file: the line shown is not in the record")
	}
	g, err := game.OpenLine(rec, end, env.Cursor.Ply)
	if err != nil {
		return savedState{}, fmt.Errorf("bad save file: %w", err)
	}
	saved := savedState{game: g, settings: env.Settings}
	if c := env.Clock; c != nil {
		left, err := clockFromMillis(c.Red, c.Black)
		if err != nil {
			return savedState{}, err
		}
		saved.clock = &left
	}
	return saved, nil
}

// parseLine reads moves in ICCS, as a save writes them.
func parseLine(texts []string) ([]engine.Move, error) {
	moves := make([]engine.Move, len(texts))
	for i, text := range texts {
		m, err := engine.ParseMove(text)
		if err != nil || m.String() != text {
			return nil, fmt.Errorf("bad save file: move %d: bad move %q", i+1, text)
		}
		moves[i] = m
	}
	return moves, nil
}

// clockFromMillis checks saved clocks: none may be negative or above maxClock.
func clockFromMillis(red, black int64) ([2]time.Duration, error) {
	var left [2]time.Duration
	for side, ms := range [2]int64{red, black} {
		d := time.Duration(ms) * time.Millisecond
		if ms < 0 || ms > maxClock.Milliseconds() {
			return left, fmt.Errorf("bad save file: a clock of %d ms", ms)
		}
		left[side] = d
	}
	return left, nil
}

// legacyGame is the linear game the app saved before the envelope ("xiangqi-game"): the
// line with its cursor, a declared result, the rules, the metadata (with who played and
// the engine's time) and the settings map (with the clocks).
type legacyGame struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	StartFEN string            `json:"startFen"`
	Moves    []string          `json:"moves"`
	Ply      int               `json:"ply"`
	Result   json.RawMessage   `json:"result,omitempty"`
	Rules    string            `json:"rules,omitempty"`
	Metadata json.RawMessage   `json:"metadata"`
	Settings map[string]string `json:"settings"`
}

// Keys the legacy shapes kept elsewhere, moved into the settings map.
const (
	legacyKeyClockRed   = "clockRed"   // Red's time left in milliseconds
	legacyKeyClockBlack = "clockBlack" // Black's time left in milliseconds
)

// decodeLegacyGame reads an "xiangqi-game" save: its line becomes the record's main line.
func decodeLegacyGame(data []byte) (savedState, error) {
	old, rec, err := readLegacyGame(data)
	if err != nil {
		return savedState{}, err
	}
	return old.state(rec, rec.Find(rec.MainLineMoves()))
}

// readLegacyGame decodes an "xiangqi-game" save and builds the record of its line (through
// the record reader, which checks every move and the result).
func readLegacyGame(data []byte) (legacyGame, *game.Record, error) {
	var old legacyGame
	if err := game.DecodeJSONStrict(data, &old); err != nil {
		return old, nil, fmt.Errorf("bad save file: %w", err)
	}
	if old.Format != legacyGameFormat || old.Version != 1 {
		return old, nil, fmt.Errorf("not a saved game (format %q version %d)", old.Format, old.Version)
	}
	if old.Moves == nil || old.Settings == nil || old.Metadata == nil {
		return old, nil, errors.New("bad save file: moves, metadata and settings are required")
	}
	type node struct {
		Parent int    `json:"parent"`
		Move   string `json:"move"`
	}
	rec := struct {
		Format   string          `json:"format"`
		Version  int             `json:"version"`
		StartFEN string          `json:"startFen"`
		Result   json.RawMessage `json:"result,omitempty"`
		Metadata json.RawMessage `json:"metadata"`
		Nodes    []node          `json:"nodes"`
	}{Format: "xiangqi-record", Version: 1, StartFEN: old.StartFEN, Result: old.Result, Metadata: old.Metadata,
		Nodes: make([]node, len(old.Moves))}
	for i, m := range old.Moves {
		rec.Nodes[i] = node{Parent: i, Move: m}
	}
	recJSON, err := json.Marshal(rec)
	if err != nil {
		return old, nil, fmt.Errorf("bad save file: %w", err)
	}
	r, err := game.LoadRecord(bytes.NewReader(recJSON))
	if err != nil {
		return old, nil, err
	}
	return old, r, nil
}

// state opens rec at old's cursor on the line ending at end, with old's settings: who
// played and the engine's time from the metadata, the rules, and the clocks.
func (old legacyGame) state(rec *game.Record, end *game.Node) (savedState, error) {
	if end == nil {
		return savedState{}, errors.New("bad save file: the line shown is not in the record")
	}
	g, err := game.OpenLine(rec, end, old.Ply)
	if err != nil {
		return savedState{}, fmt.Errorf("bad save file: %w", err)
	}
	var meta struct {
		Human             string  `json:"human"`
		DifficultySeconds float64 `json:"difficultySeconds"`
	}
	if err := json.Unmarshal(old.Metadata, &meta); err != nil {
		return savedState{}, fmt.Errorf("bad save file: %w", err)
	}
	settings := make(map[string]string, len(old.Settings)+3)
	for k, v := range old.Settings {
		settings[k] = v
	}
	settings[keyHuman] = meta.Human
	if meta.DifficultySeconds != 0 {
		settings[keySeconds] = strconv.FormatFloat(meta.DifficultySeconds, 'g', -1, 64)
	}
	switch old.Rules {
	case "", game.AsianRules.String():
		settings[keyRules] = game.AsianRules.String()
	case game.ChineseRules.String():
		settings[keyRules] = game.ChineseRules.String()
	default:
		return savedState{}, fmt.Errorf("bad save file: unknown rules %q", old.Rules)
	}
	saved := savedState{game: g, settings: settings}
	red, redErr := strconv.ParseInt(settings[legacyKeyClockRed], 10, 64)
	black, blackErr := strconv.ParseInt(settings[legacyKeyClockBlack], 10, 64)
	delete(settings, legacyKeyClockRed)
	delete(settings, legacyKeyClockBlack)
	if redErr == nil && blackErr == nil {
		if left, err := clockFromMillis(red, black); err == nil {
			saved.clock = &left
		}
	}
	return saved, nil
}

// decodeLegacySession reads an "xiangqi-session" save: the line shown as an
// "xiangqi-game" and the whole tree as an "xiangqi-record". A line that ended with a
// declared result (resignation, agreement, flag fall) is the game as it was played: it
// becomes the main line with that result. (The app that wrote these kept the moves played
// first as the main line even when they were taken back.)
func decodeLegacySession(data []byte) (savedState, error) {
	var env struct {
		Format  string          `json:"format"`
		Version int             `json:"version"`
		Game    json.RawMessage `json:"game"`
		Record  json.RawMessage `json:"record"`
	}
	if err := game.DecodeJSONStrict(data, &env); err != nil {
		return savedState{}, fmt.Errorf("bad saved session: %w", err)
	}
	if env.Version != 1 {
		return savedState{}, fmt.Errorf("saved session format version %d, this program reads 1", env.Version)
	}
	if env.Game == nil || env.Record == nil {
		return savedState{}, errors.New("bad saved session: game and record are required")
	}
	old, line, err := readLegacyGame(env.Game)
	if err != nil {
		return savedState{}, err
	}
	rec, err := game.LoadRecord(bytes.NewReader(env.Record))
	if err != nil {
		return savedState{}, err
	}
	if rec.StartFEN() != line.StartFEN() {
		return savedState{}, fmt.Errorf("bad saved session: the tree starts at %q, the game at %q", rec.StartFEN(), line.StartFEN())
	}
	end := rec.Root
	for _, m := range line.MainLineMoves() {
		next, _, err := rec.AddMove(end, m)
		if err != nil {
			return savedState{}, fmt.Errorf("bad saved session: %w", err)
		}
		end = next
	}
	if line.Result.Decided() && len(end.Children) == 0 {
		if err := rec.PromoteToMainLine(end); err != nil {
			return savedState{}, err
		}
		rec.Result = line.Result
	}
	return old.state(rec, end)
}
