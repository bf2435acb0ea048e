package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
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

// MaxSaveBytes bounds a save: a game of game.MaxRecordBytes (the one limit on a game,
// shared by import, the library and saves) with room for the rest of the envelope: the
// line shown, at most 10,000 moves of five bytes, the settings and the clocks. encodeSave
// writes no more and decodeSave reads no more, so every save written is read back.
const MaxSaveBytes = game.MaxRecordBytes + saveEnvelopeRoom

// saveEnvelopeRoom is the room beside the record: the line shown, at most 10,000 moves
// of five bytes, settings and clocks take less than 64 KB, and a review is kept when it
// fits in the rest.
const saveEnvelopeRoom = 1 << 20

type saveEnvelope struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	Cursor   savedCursor       `json:"cursor"`
	Settings map[string]string `json:"settings"`
	Clock    *savedClock       `json:"clock,omitempty"`
	// Review is the last game review, when the save had room for it; a damaged one is
	// dropped, never the game.
	Review json.RawMessage `json:"review,omitempty"`
	Record json.RawMessage `json:"record"` // last: encodeSave puts the record in place
}

// savedCursor is the line shown (its moves from the start position in ICCS, separated by
// spaces) and the ply on it.
type savedCursor struct {
	Line string `json:"line"`
	Ply  int    `json:"ply"`
}

// savedClock is each side's main time left, in milliseconds, in a timed game, and in a
// byo-yomi game its periods left and the milliseconds used of the current period (absent
// in saves from before byo-yomi, and in Fischer games).
type savedClock struct {
	Red          int64 `json:"red"`
	Black        int64 `json:"black"`
	RedPeriods   int   `json:"redPeriods,omitempty"`
	BlackPeriods int   `json:"blackPeriods,omitempty"`
	RedUsed      int64 `json:"redUsed,omitempty"`
	BlackUsed    int64 `json:"blackUsed,omitempty"`
}

// savedState is what a save holds, decoded.
type savedState struct {
	game     *game.Game
	settings map[string]string   // read by settingsFrom
	clock    *[2]match.SideClock // nil: no clock saved
	review   *savedReview        // nil: none saved
}

// encodeSave encodes a game with its cursor, settings, when timed both clocks (nil: none), and its review
// (nil: none) when there is room for it. The session saves after every move, so the file
// is compact JSON, and the record, its biggest part, is encoded once by itself
// (game.Record.MarshalJSON) and put in place as it is.
func encodeSave(g *game.Game, set Settings, clocks *[2]match.SideClock, rev *savedReview) ([]byte, error) {
	rec, err := g.Record().MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	env := saveEnvelope{Format: saveFormatName, Version: saveFormatVersion, Record: json.RawMessage(`{}`),
		Cursor: savedCursor{Line: game.ICCSLine(g.Moves()), Ply: g.Ply()}, Settings: set.encode()}
	if clocks != nil && set.TimeControl.Timed() {
		red, black := clocks[rules.Red], clocks[rules.Black]
		env.Clock = &savedClock{Red: max(red.Main, 0).Milliseconds(), Black: max(black.Main, 0).Milliseconds(),
			RedPeriods: red.Periods, BlackPeriods: black.Periods, RedUsed: red.Used.Milliseconds(), BlackUsed: black.Used.Milliseconds()}
	}
	if rev != nil {
		if env.Review, err = json.Marshal(rev); err != nil {
			return nil, fmt.Errorf("store: encode: %w", err)
		}
	}
	data, err := assembleSave(env, rec)
	if errors.Is(err, game.ErrRecordTooLarge) && env.Review != nil {
		env.Review = nil // the game first: a review without room is not kept
		data, err = assembleSave(env, rec)
	}
	return data, err
}

// assembleSave encodes env with rec as its record, refusing a save over MaxSaveBytes.
func assembleSave(env saveEnvelope, rec []byte) ([]byte, error) {
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
	if size := len(head) + len(rec) + 2; size > MaxSaveBytes {
		return nil, fmt.Errorf("store: encode: %w: the save would be %d bytes, over %d", game.ErrRecordTooLarge, size, MaxSaveBytes)
	}
	return slices.Concat(head, rec, []byte("}\n")), nil
}

// decodeSave reads a save of any shape this app has written.
func decodeSave(data []byte) (savedState, error) {
	if len(data) > MaxSaveBytes {
		return savedState{}, fmt.Errorf("save file over %d bytes", MaxSaveBytes)
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
	if env.Review != nil {
		var rev savedReview
		if json.Unmarshal(env.Review, &rev) == nil {
			saved.review = &rev
		}
	}
	if c := env.Clock; c != nil {
		main, err := clockFromMillis(c.Red, c.Black)
		if err != nil {
			return savedState{}, err
		}
		used, err := clockFromMillis(c.RedUsed, c.BlackUsed)
		if err != nil {
			return savedState{}, err
		}
		clocks := [2]match.SideClock{{Main: main[rules.Red]}, {Main: main[rules.Black]}}
		for side, periods := range [2]int{c.RedPeriods, c.BlackPeriods} {
			if periods < 0 || periods > match.MaxPeriods {
				return savedState{}, fmt.Errorf("bad save file: %d byo-yomi periods", periods)
			}
			// The settings' time control bounds them further when the clock is restored.
			clocks[side].Periods, clocks[side].Used = periods, used[side]
		}
		saved.clock = &clocks
	}
	return saved, nil
}

// parseLine reads moves in ICCS, as a save writes them.
func parseLine(texts []string) ([]rules.Move, error) {
	moves := make([]rules.Move, len(texts))
	for i, text := range texts {
		m, err := rules.ParseMove(text)
		if err != nil || m.String() != text {
			return nil, fmt.Errorf("bad save file: move %d: bad move %q", i+1, text)
		}
		moves[i] = m
	}
	return moves, nil
}

// clockFromMillis checks saved clocks: none may be negative or above match.MaxClock.
func clockFromMillis(red, black int64) ([2]time.Duration, error) {
	var left [2]time.Duration
	for side, ms := range [2]int64{red, black} {
		d := time.Duration(ms) * time.Millisecond
		if ms < 0 || ms > match.MaxClock.Milliseconds() {
			return left, fmt.Errorf("bad save file: a clock of %d ms", ms)
		}
		left[side] = d
	}
	return left, nil
}
