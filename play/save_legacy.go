package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
)

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
			saved.clock = &[2]match.SideClock{{Main: left[rules.Red]}, {Main: left[rules.Black]}}
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
