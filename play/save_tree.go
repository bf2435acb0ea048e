package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/game"
)

// A session's save is the game's own save format ("xiangqi-game": the line shown, its
// cursor, the settings) while the game has one line. Once it has variations or comments,
// the save is an envelope holding that game and the whole tree in the record format
// ("xiangqi-record"), so older saves load unchanged and a game without variations stays
// readable by older versions of the app.
const (
	sessionFormatName    = "xiangqi-session"
	sessionFormatVersion = 1
)

type savedSession struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Game    json.RawMessage `json:"game"`
	Record  json.RawMessage `json:"record"`
}

// encodeSession encodes the line shown and, when it holds more than that line, the tree.
func encodeSession(g *game.Game, rec *game.Record) ([]byte, error) {
	if rec == nil || !hasVariations(rec) {
		return encode(g)
	}
	gameJSON, err := g.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	var recJSON bytes.Buffer
	if err := rec.SaveRecord(&recJSON); err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	s := savedSession{Format: sessionFormatName, Version: sessionFormatVersion, Game: gameJSON,
		Record: bytes.TrimSpace(recJSON.Bytes())}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("store: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// hasVariations reports whether the record holds more than one line or any comment.
func hasVariations(rec *game.Record) bool {
	for _, n := range rec.Nodes() {
		if len(n.Children) > 1 || n.Comment != "" {
			return true
		}
	}
	return false
}

// decodeSession reads a save: a plain game (the record is nil) or an envelope with the
// tree. The tree must start where the game starts; the game's line is added to it when
// missing.
func decodeSession(data []byte) (*game.Game, *game.Record, error) {
	var header struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &header); err != nil || header.Format != sessionFormatName {
		g, err := game.Unmarshal(data)
		return g, nil, err
	}
	var s savedSession
	if err := game.DecodeJSONStrict(data, &s); err != nil {
		return nil, nil, fmt.Errorf("bad saved session: %w", err)
	}
	if s.Version < 1 || s.Version > sessionFormatVersion {
		return nil, nil, fmt.Errorf("saved session format version %d, this program reads 1..%d", s.Version, sessionFormatVersion)
	}
	if s.Game == nil || s.Record == nil {
		return nil, nil, errors.New("bad saved session: game and record are required")
	}
	g, err := game.Unmarshal(s.Game)
	if err != nil {
		return nil, nil, err
	}
	rec, err := game.LoadRecord(bytes.NewReader(s.Record))
	if err != nil {
		return nil, nil, err
	}
	if rec.StartFEN() != g.StartFEN() {
		return nil, nil, fmt.Errorf("bad saved session: the tree starts at %q, the game at %q", rec.StartFEN(), g.StartFEN())
	}
	return g, rec, nil
}
