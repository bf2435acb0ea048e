package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/play"
)

// A small run end to end: the pairings of two levels, played on two
// workers, counted and printed; the same seed plays the same games.
func TestRunPrintsTheTable(t *testing.T) {
	levels := play.Levels()
	bud := budget{fullNodes: 2000, hashMB: 1, maxPlies: 60}
	if testing.Short() {
		bud.maxPlies = 24 // the race detector's run
	}
	table := func() (string, []*pairing) {
		pairs := plan(levels, []int{0, 1}, 2, 2)
		var log bytes.Buffer
		run(pairs, bud, 2, 7, &log)
		if !strings.Contains(log.String(), "8/8 games") {
			t.Fatalf("progress %q does not reach 8/8 games", log.String())
		}
		var out bytes.Buffer
		printTable(&out, levels, []int{0, 1}, pairs, "full engine at 2000 nodes")
		return out.String(), pairs
	}
	out, pairs := table()
	if len(pairs) != 4 {
		t.Fatalf("%d pairings, want 4 (two rungs, two against the full engine)", len(pairs))
	}
	for _, p := range pairs {
		if p.score.Games() != 2 || p.stats[0].moves == 0 || p.stats[1].moves == 0 {
			t.Fatalf("%s against %s: %+v, moves %d and %d", p.a.name, p.b.name, p.score, p.stats[0].moves, p.stats[1].moves)
		}
	}
	for _, want := range []string{"| beginner | 600 |", "| amateur 9 | 800 |", "full engine at 2000 nodes against the levels"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// The same seed plays the same games (the thinking times differ).
	_, again := table()
	for i, p := range pairs {
		a, b := p.stats, again[i].stats
		for k := range a {
			a[k].thinking, b[k].thinking = 0, 0
		}
		if p.score != again[i].score || a != b {
			t.Errorf("%s against %s: %+v %+v, then %+v %+v", p.a.name, p.b.name, p.score, a, again[i].score, b)
		}
	}
}
