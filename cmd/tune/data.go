package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// sample is one quiet position of a finished game: its evaluation trace and
// the game's result from Red's side (1 win, 0.5 draw, 0 loss).
type sample struct {
	fixed  float64
	terms  []engine.EvalTerm
	result float64
}

// splitGames cuts a PGN file holding several games into one text per game:
// a tag line that follows move text starts a new game.
func splitGames(data []byte) [][]byte {
	var games [][]byte
	var cur bytes.Buffer
	inMoves := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		trimmed := bytes.TrimSpace(line)
		isTag := len(trimmed) > 0 && trimmed[0] == '['
		if isTag && inMoves {
			games = append(games, bytes.Clone(cur.Bytes()))
			cur.Reset()
			inMoves = false
		}
		if len(trimmed) > 0 && !isTag {
			inMoves = true
		}
		cur.Write(line)
		cur.WriteByte('\n')
	}
	if len(bytes.TrimSpace(cur.Bytes())) > 0 {
		games = append(games, cur.Bytes())
	}
	return games
}

// readStats counts what reading the games kept and dropped.
type readStats struct {
	games, unreadable, unfinished, positions, quiet int
}

// readSamples reads every game of the PGN files and keeps the quiet
// positions from ply minPly on.
func readSamples(files []string, minPly int, log io.Writer) ([]sample, readStats, error) {
	var out []sample
	var st readStats
	probe := engine.NewQuietProbe()
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, st, err
		}
		for i, text := range splitGames(data) {
			rec, err := game.ImportPGNRecord(bytes.NewReader(text))
			if err != nil {
				st.unreadable++
				fmt.Fprintf(log, "%s: game %d skipped: %v\n", name, i+1, err)
				continue
			}
			var result float64
			switch rec.Result.Status {
			case game.RedWins:
				result = 1
			case game.BlackWins:
				result = 0
			case game.Draw:
				result = 0.5
			default:
				st.unfinished++
				continue
			}
			st.games++
			out = appendGameSamples(out, rec, result, minPly, probe, &st)
		}
	}
	return out, st, nil
}

// appendGameSamples walks one game's main line.
func appendGameSamples(out []sample, rec *game.Record, result float64, minPly int, probe *engine.QuietProbe, st *readStats) []sample {
	pos := rec.StartPosition()
	for ply, m := range rec.MainLineMoves() {
		if ply >= minPly {
			st.positions++
			if probe.Quiet(pos) {
				st.quiet++
				fixed, terms := engine.EvalTrace(pos, nil)
				out = append(out, sample{fixed: fixed, terms: terms, result: result})
			}
		}
		if !pos.IsLegal(m) {
			break
		}
		pos.MakeMove(m)
	}
	return out
}
