package book

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// OpeningLine is one line of opening-book source text: a named sequence of
// moves from the start position and how often it should be chosen.
type OpeningLine struct {
	LineNo int    // line number in the source, for error messages
	Weight int    // relative popularity, 1..MaxLineWeight
	Name   string // e.g. "中炮对屏风马"
	Moves  []rules.Move
}

// MaxLineWeight bounds a single line's weight so that sums stay readable.
const MaxLineWeight = 1000

// BookStats summarises a compiled book.
type BookStats struct {
	Lines     int // opening lines read
	Positions int // distinct positions stored (a position and its mirror count once)
	Records   int // book records written
}

// ParseOpenings reads opening-book source text. Each non-blank line that does
// not start with '#' has the form
//
//	weight | name | move move move ...
//
// with moves in ICCS coordinates from the start position, Red first. Every
// move is checked legal; the first bad line stops parsing with an error that
// gives its line number, the ply and the move.
func ParseOpenings(r io.Reader) ([]OpeningLine, error) {
	var lines []OpeningLine
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		line, err := parseOpeningLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", lineNo, err)
		}
		line.LineNo = lineNo
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", lineNo+1, err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("no opening lines found")
	}
	return lines, nil
}

func parseOpeningLine(text string) (OpeningLine, error) {
	parts := strings.Split(text, "|")
	if len(parts) != 3 {
		return OpeningLine{}, fmt.Errorf("want \"weight | name | moves\", found %d field(s)", len(parts))
	}
	weight, err := strconv.Atoi(strings.TrimSpace(parts[0]))
	if err != nil || weight < 1 || weight > MaxLineWeight {
		return OpeningLine{}, fmt.Errorf("weight %q: want a whole number from 1 to %d", strings.TrimSpace(parts[0]), MaxLineWeight)
	}
	name := strings.TrimSpace(parts[1])
	if name == "" {
		return OpeningLine{}, fmt.Errorf("the opening has no name")
	}
	fields := strings.Fields(parts[2])
	if len(fields) == 0 {
		return OpeningLine{}, fmt.Errorf("%s: no moves", name)
	}
	pos := rules.NewPosition()
	moves := make([]rules.Move, 0, len(fields))
	for i, f := range fields {
		m, err := rules.ParseMove(f)
		if err != nil {
			return OpeningLine{}, fmt.Errorf("%s: ply %d: %v", name, i+1, err)
		}
		if !pos.IsLegal(m) {
			return OpeningLine{}, fmt.Errorf("%s: ply %d: %s is not legal for %v in %s", name, i+1, f, pos.Side(), pos.FEN())
		}
		pos.MakeMove(m)
		moves = append(moves, m)
	}
	return OpeningLine{Weight: weight, Name: name, Moves: moves}, nil
}

// bookKey identifies one book record before weights are summed.
type bookKey struct {
	lock uint32
	move rules.Move
}

// canonicalEntry maps a position and a move to the form stored in the book:
// of a position and its mirror the one with the smaller lock is stored (the
// move mirrored with it); in a symmetric position a move and its mirror are the
// same choice, stored once as the smaller of the two (readers expand it).
func canonicalEntry(p *rules.Position, m rules.Move) (bookKey, *rules.Position) {
	mp := p.Mirror()
	lock, mlock := p.Lock1(), mp.Lock1()
	switch {
	case mlock < lock:
		return bookKey{mlock, m.Mirror()}, mp
	case mlock == lock:
		return bookKey{lock, min(m, m.Mirror())}, p
	default:
		return bookKey{lock, m}, p
	}
}

// boardAndSide is the part of a FEN that identifies a position for the book.
func boardAndSide(p *rules.Position) string {
	f := strings.Fields(p.FEN())
	return f[0] + " " + f[1]
}

// BuildBook compiles opening lines into book data in the ElephantEye layout.
// The weight of a record is the sum of the weights of the lines that play that
// move in that position (capped at 65535), so shared first moves and main
// replies come out as the most frequent choices. Two different positions with
// the same lock would make the book ambiguous; that is reported as an error.
func BuildBook(lines []OpeningLine) ([]byte, BookStats, error) {
	weights := make(map[bookKey]int)
	positions := make(map[uint32]string)
	for _, line := range lines {
		pos := rules.NewPosition()
		seen := make(map[bookKey]bool) // a line passing a position twice counts once
		for i, m := range line.Moves {
			if !pos.IsLegal(m) {
				return nil, BookStats{}, fmt.Errorf("line %d: %s: ply %d: %v is not legal", line.LineNo, line.Name, i+1, m)
			}
			key, stored := canonicalEntry(pos, m)
			id := boardAndSide(stored)
			if prev, ok := positions[key.lock]; ok && prev != id {
				return nil, BookStats{}, fmt.Errorf("line %d: %s: ply %d: positions %q and %q share book key %08x",
					line.LineNo, line.Name, i+1, prev, id, key.lock)
			}
			positions[key.lock] = id
			if !seen[key] {
				seen[key] = true
				weights[key] += line.Weight
			}
			pos.MakeMove(m)
		}
	}
	keys := make([]bookKey, 0, len(weights))
	for k := range weights {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.lock != b.lock {
			return a.lock < b.lock
		}
		if weights[a] != weights[b] {
			return weights[a] > weights[b]
		}
		return a.move < b.move
	})
	data := make([]byte, 0, len(keys)*bookRecordSize)
	for _, k := range keys {
		w := min(weights[k], math.MaxUint16)
		data = binary.LittleEndian.AppendUint32(data, k.lock)
		data = binary.LittleEndian.AppendUint16(data, uint16(k.move))
		data = binary.LittleEndian.AppendUint16(data, uint16(w))
	}
	return data, BookStats{Lines: len(lines), Positions: len(positions), Records: len(keys)}, nil
}

// CompileOpenings parses opening-book source and compiles it in one step.
func CompileOpenings(r io.Reader) ([]byte, BookStats, error) {
	lines, err := ParseOpenings(r)
	if err != nil {
		return nil, BookStats{}, err
	}
	return BuildBook(lines)
}
