package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
)

// RecordFormatVersion is the version of the JSON record format written by
// SaveRecord; LoadRecord reads versions 1..RecordFormatVersion.
const RecordFormatVersion = 1

const recordFormatName = "xiangqi-record"

// savedRecord is the on-disk form of a Record. The tree is a list of nodes
// in depth-first order (a node before its children, the main continuation
// before the variations), each naming its parent by position in the list
// (0 = the start position, k = the k-th node), so a long main line does not
// nest JSON objects thousands deep.
type savedRecord struct {
	Format   string        `json:"format"`
	Version  int           `json:"version"`
	StartFEN string        `json:"startFen"`
	Result   *savedResult  `json:"result,omitempty"`
	Metadata savedMetadata `json:"metadata"`
	Comment  string        `json:"comment,omitempty"`
	Nodes    []savedNode   `json:"nodes"` // last: MarshalJSON puts the nodes in place
}

// savedMetadata is the metadata as a record file holds it. Files written
// before the app kept its settings beside the record also hold who played
// (human) and the engine's time per move (difficultySeconds); they are read
// and left to the app, which reads them from the file itself.
type savedMetadata struct {
	Metadata
	LegacyHuman      string  `json:"human,omitempty"`
	LegacyDifficulty float64 `json:"difficultySeconds,omitempty"`
}

type savedNode struct {
	Parent  int    `json:"parent"`
	Move    string `json:"move"`
	Comment string `json:"comment,omitempty"`
}

// SaveRecord writes the record as indented JSON (format "xiangqi-record"):
// start FEN, recorded result, metadata, the start comment and every node
// with its move in ICCS and its comment. LoadRecord reads it back, and
// saving again gives the same bytes.
func (r *Record) SaveRecord(w io.Writer) error {
	s, err := r.header()
	if err != nil {
		return err
	}
	eachSaved(r.Root, func(n *Node, parent int) {
		s.Nodes = append(s.Nodes, savedNode{Parent: parent, Move: n.Move.String(), Comment: n.Comment})
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("game: encoding record: %w", err)
	}
	if buf.Len() > MaxRecordBytes {
		return tooLarge(buf.Len())
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// MarshalJSON encodes the record as SaveRecord does, without indentation, for
// files that hold a record inside other data. The app saves after every move,
// and a long game has hundreds of nodes, which reflection encodes several
// times slower than appendNodes.
func (r *Record) MarshalJSON() ([]byte, error) {
	s, err := r.header()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("game: encoding record: %w", err)
	}
	// The nodes are the last member; appendNodes writes them in place of the empty list.
	head, ok := bytes.CutSuffix(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte(`[]}`))
	if !ok {
		return nil, errors.New("game: encoding record: the nodes are not the last member")
	}
	out := append(appendNodes(head, r.Root), '}')
	if len(out) > MaxRecordBytes {
		return nil, tooLarge(len(out))
	}
	return out, nil
}

// header is the record's on-disk form with an empty list of nodes.
func (r *Record) header() (savedRecord, error) {
	if err := r.Meta.validate(); err != nil {
		return savedRecord{}, err
	}
	s := savedRecord{
		Format: recordFormatName, Version: RecordFormatVersion, StartFEN: r.startFEN,
		Metadata: savedMetadata{Metadata: r.Meta}, Comment: r.Root.Comment, Nodes: []savedNode{},
	}
	if r.Result.Decided() {
		reason, ok := declaredReasonNames[r.Result.Reason]
		if !ok {
			reason = declaredReasonNames[ReasonRecorded]
		}
		s.Result = &savedResult{Status: statusNames[r.Result.Status], Reason: reason}
	}
	return s, nil
}

// eachSaved calls f for every node after root in the order a record file lists
// them (depth-first, the main continuation before the variations), with the
// number of its parent in that list (0: the start position). A stack of
// pending nodes carries the numbers, so no map from node to number is needed.
func eachSaved(root *Node, f func(n *Node, parent int)) {
	type pending struct {
		n      *Node
		parent int
	}
	var stack []pending
	push := func(n *Node, k int) {
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, pending{n.Children[i], k})
		}
	}
	push(root, 0)
	for k := 1; len(stack) > 0; k++ {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		f(p.n, p.parent)
		push(p.n, k)
	}
}

// appendNodes appends the nodes after root as SaveRecord lists them, in
// encoding/json's form without HTML escapes.
func appendNodes(b []byte, root *Node) []byte {
	b = append(b, '[')
	first := true
	eachSaved(root, func(n *Node, parent int) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"parent":`...)
		b = strconv.AppendInt(b, int64(parent), 10)
		b = append(b, `,"move":"`...)
		b = appendICCS(b, n.Move)
		b = append(b, '"')
		if n.Comment != "" {
			b = append(b, `,"comment":`...)
			b = appendJSONString(b, n.Comment)
		}
		b = append(b, '}')
	})
	return append(b, ']')
}

// appendJSONString appends s as a JSON string without HTML escapes.
func appendJSONString(b []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil { // a string always encodes
		return append(b, `""`...)
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// LoadRecord reads a record written by SaveRecord. Malformed input, unknown
// fields, illegal moves, nodes out of depth-first order, a non-canonical
// FEN and newer format versions are errors naming what is wrong.
func LoadRecord(rd io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("game: reading record: %w", err)
	}
	if len(data) > MaxRecordBytes {
		return nil, fmt.Errorf("game: record file over %s", megabytes(MaxRecordBytes))
	}
	if !utf8.Valid(data) {
		return nil, errors.New("game: record file is not UTF-8 text")
	}
	var header struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &header); err != nil {
		return nil, fmt.Errorf("game: not a saved record: %w", err)
	}
	if header.Format != recordFormatName {
		return nil, fmt.Errorf("game: not a saved record (format %q, want %q)", header.Format, recordFormatName)
	}
	if header.Version > RecordFormatVersion || header.Version < 1 {
		return nil, fmt.Errorf("game: record format version %d, this program reads 1..%d", header.Version, RecordFormatVersion)
	}
	var s savedRecord
	if err := DecodeJSONStrict(data, &s); err != nil {
		return nil, fmt.Errorf("game: bad record file: %w", err)
	}
	return s.build()
}

func (s *savedRecord) build() (*Record, error) {
	if s.Nodes == nil {
		return nil, errors.New("game: bad record file: nodes are required")
	}
	if len(s.Nodes) > maxRecordNodes {
		return nil, fmt.Errorf("game: too many moves (%d)", len(s.Nodes))
	}
	if err := s.Metadata.validate(); err != nil {
		return nil, err
	}
	if h := HumanSide(s.Metadata.LegacyHuman); h != "" && !h.Valid() {
		return nil, fmt.Errorf("game: unknown human side %q", h)
	}
	r, err := NewRecord(s.StartFEN)
	if err != nil {
		return nil, err
	}
	if r.startFEN != s.StartFEN {
		return nil, fmt.Errorf("game: start FEN %q is not in canonical form %q", s.StartFEN, r.startFEN)
	}
	r.Meta, r.Root.Comment = s.Metadata.Metadata, s.Comment
	if s.Result != nil {
		if r.Result, err = s.Result.decode(); err != nil {
			return nil, err
		}
	}
	// path holds the nodes from the root to the last node read; pos is the
	// position at its end. A node's parent must be on that path.
	nodes := []*Node{r.Root}
	path := []int{0}
	pos := r.StartPosition()
	for i, sn := range s.Nodes {
		k := i + 1
		for len(path) > 0 && path[len(path)-1] != sn.Parent {
			path = path[:len(path)-1]
			if len(path) > 0 {
				pos.UnmakeMove()
			}
		}
		if len(path) == 0 {
			return nil, fmt.Errorf("game: node %d: parent %d is not on the line of node %d (nodes must be in depth-first order)", k, sn.Parent, k-1)
		}
		parent := nodes[sn.Parent]
		m, err := rules.ParseMove(sn.Move)
		if err != nil || m.String() != sn.Move {
			return nil, fmt.Errorf("game: node %d: bad move %q", k, sn.Move)
		}
		if !pos.IsLegal(m) {
			return nil, fmt.Errorf("game: node %d: illegal move %s", k, sn.Move)
		}
		if parent.Child(m) != nil {
			return nil, fmt.Errorf("game: node %d: move %s appears twice", k, sn.Move)
		}
		if len(path) > maxLineMoves {
			return nil, fmt.Errorf("game: node %d: line longer than %d moves", k, maxLineMoves)
		}
		n := &Node{Move: m, Comment: sn.Comment, Parent: parent}
		parent.Children = append(parent.Children, n)
		nodes = append(nodes, n)
		pos.MakeMove(m)
		path = append(path, k)
	}
	return r, nil
}
