package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
)

// FormatVersion is the version of the JSON save format written by Save.
// Load accepts versions 1..FormatVersion and rejects newer ones.
const FormatVersion = 1

// MaxSaveBytes bounds the size of a save file Load reads; a whole game is a few KB.
const MaxSaveBytes = 4 << 20

// maxLineMoves bounds the number of moves in a loaded line.
const maxLineMoves = 10000

// savedGame is the on-disk form. Field order is the output order.
type savedGame struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	StartFEN string            `json:"startFen"`
	Moves    []string          `json:"moves"`
	Ply      int               `json:"ply"`
	Result   *savedResult      `json:"result,omitempty"`
	Rules    string            `json:"rules,omitempty"` // "chinese"; absent for the default Asian rules
	Metadata Metadata          `json:"metadata"`
	Settings map[string]string `json:"settings"`
}

// savedResult records a declared result (resignation, agreement, imported
// record); results decided by the board are recomputed on load.
type savedResult struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

const formatName = "xiangqi-game"

var statusNames = map[Status]string{RedWins: "red-wins", BlackWins: "black-wins", Draw: "draw"}
var declaredReasonNames = map[Reason]string{
	ReasonResignation: "resignation", ReasonAgreement: "agreement", ReasonRecorded: "recorded",
	ReasonTime: "time", ReasonTimeNoAttackers: "timeNoAttackers",
}

// Save writes the game as indented JSON (format "xiangqi-game", version
// FormatVersion): start FEN, the whole line in ICCS, the current ply, a
// declared result if any, metadata and settings. Saving the result of Load
// reproduces the input byte for byte.
func (g *Game) Save(w io.Writer) error {
	data, err := g.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// MarshalJSON encodes the game in the save format (without the trailing
// newline Save adds).
func (g *Game) MarshalJSON() ([]byte, error) {
	if err := g.Meta.validate(); err != nil {
		return nil, err
	}
	s := savedGame{
		Format:   formatName,
		Version:  FormatVersion,
		StartFEN: g.startFEN,
		Moves:    make([]string, len(g.moves)),
		Ply:      g.cur,
		Metadata: g.Meta,
		Settings: g.Settings,
	}
	if s.Settings == nil {
		s.Settings = map[string]string{}
	}
	if g.rules != AsianRules {
		s.Rules = g.rules.String()
	}
	for i, m := range g.moves {
		s.Moves[i] = m.String()
	}
	if g.declared != nil {
		s.Result = &savedResult{Status: statusNames[g.declared.Status], Reason: declaredReasonNames[g.declared.Reason]}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("game: encoding save: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Load reads a game written by Save. Malformed input, unknown fields,
// illegal moves and files from a newer format version are rejected with an
// error; no partly built game is ever returned.
func Load(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSaveBytes+1))
	if err != nil {
		return nil, fmt.Errorf("game: reading save: %w", err)
	}
	if len(data) > MaxSaveBytes {
		return nil, errors.New("game: save file too large")
	}
	return Unmarshal(data)
}

// Unmarshal decodes a game in the save format.
func Unmarshal(data []byte) (*Game, error) {
	if !utf8.Valid(data) {
		return nil, errors.New("game: save file is not UTF-8 text")
	}
	// Check the header first so a newer version gets a clear message
	// even if its fields are unknown to this version.
	var header struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &header); err != nil {
		return nil, fmt.Errorf("game: not a saved game: %w", err)
	}
	if header.Format != formatName {
		return nil, fmt.Errorf("game: not a saved game (format %q, want %q)", header.Format, formatName)
	}
	if header.Version > FormatVersion {
		return nil, fmt.Errorf("game: saved by a newer version of the program (format version %d, this program reads up to %d)", header.Version, FormatVersion)
	}
	if header.Version < 1 {
		return nil, fmt.Errorf("game: bad format version %d", header.Version)
	}

	var s savedGame
	if err := DecodeJSONStrict(data, &s); err != nil {
		return nil, fmt.Errorf("game: bad save file: %w", err)
	}
	return s.build()
}

func (s *savedGame) build() (*Game, error) {
	if s.Moves == nil || s.Settings == nil {
		return nil, errors.New("game: bad save file: moves and settings are required")
	}
	if len(s.Moves) > maxLineMoves {
		return nil, fmt.Errorf("game: too many moves (%d)", len(s.Moves))
	}
	if err := s.Metadata.validate(); err != nil {
		return nil, err
	}
	g, err := New(s.StartFEN)
	if err != nil {
		return nil, err
	}
	if g.startFEN != s.StartFEN {
		return nil, fmt.Errorf("game: start FEN %q is not in canonical form %q", s.StartFEN, g.startFEN)
	}
	// The rule set comes first: a declared result is checked against the
	// result the board gives under it.
	switch s.Rules {
	case "", AsianRules.String():
	case ChineseRules.String():
		g.rules = ChineseRules
	default:
		return nil, fmt.Errorf("game: unknown rules %q (want asian or chinese)", s.Rules)
	}
	for i, text := range s.Moves {
		m, err := rules.ParseMove(text)
		if err != nil || m.String() != text {
			return nil, fmt.Errorf("game: move %d: bad move %q", i+1, text)
		}
		if !g.pos.IsLegal(m) {
			return nil, fmt.Errorf("game: move %d: illegal move %s", i+1, text)
		}
		if err := g.appendMove(m); err != nil {
			return nil, fmt.Errorf("game: move %d: %w", i+1, err)
		}
	}
	if s.Ply < 0 || s.Ply > len(s.Moves) {
		return nil, fmt.Errorf("game: ply %d out of range 0..%d", s.Ply, len(s.Moves))
	}
	if s.Result != nil {
		r, err := s.Result.decode()
		if err != nil {
			return nil, err
		}
		if err := g.declare(r); err != nil {
			return nil, fmt.Errorf("game: saved result %s/%s: %w", s.Result.Status, s.Result.Reason, err)
		}
	}
	if err := g.GoTo(s.Ply); err != nil {
		return nil, err
	}
	g.Meta = s.Metadata
	g.Settings = s.Settings
	return g, nil
}

func (r savedResult) decode() (Result, error) {
	var out Result
	found := false
	for st, name := range statusNames {
		if name == r.Status {
			out.Status, found = st, true
		}
	}
	if !found {
		return out, fmt.Errorf("game: unknown result status %q", r.Status)
	}
	found = false
	for reason, name := range declaredReasonNames {
		if name == r.Reason {
			out.Reason, found = reason, true
		}
	}
	if !found {
		return out, fmt.Errorf("game: unknown result reason %q", r.Reason)
	}
	switch {
	case out.Reason == ReasonResignation && out.Status == Draw:
		return out, errors.New("game: a resignation cannot be a draw")
	case out.Reason == ReasonAgreement && out.Status != Draw:
		return out, errors.New("game: an agreement must be a draw")
	case out.Reason == ReasonTime && out.Status == Draw:
		return out, errors.New("game: a loss on time cannot be a draw")
	case out.Reason == ReasonTimeNoAttackers && out.Status != Draw:
		return out, errors.New("game: a flag fall against a side without attackers is a draw")
	}
	if out.Status == RedWins {
		out.Winner = rules.Red
	}
	if out.Status == BlackWins {
		out.Winner = rules.Black
	}
	return out, nil
}
