package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/internal/matchstat"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
)

func goLines(t *testing.T, logPath string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(readLog(t, logPath), "\n") {
		if strings.HasPrefix(l, "go ") {
			out = append(out, l)
		}
	}
	return out
}

// 读秒 mode tells the engines their main time and the period, in either form, and keeps
// each side's clock by play's arithmetic: main time first, then the period afresh on
// every move.
func TestByoyomiModeSendsThePeriod(t *testing.T) {
	for _, c := range []struct {
		movestogo bool
		ucci      bool
		first     string
	}{
		{false, false, "go wtime 0 btime 0 byoyomi 2000"},
		{true, false, "go wtime 2000 btime 0 movestogo 1"},
		{false, true, "go time 2000 movestogo 1"},
	} {
		e, logPath := startFake(t, "legal", c.ucci)
		set := settings{lim: limit{byoyomi: match.TimeControl{Byoyomi: 2 * time.Second, Periods: 1}, byoyomiAsMovesToGo: c.movestogo}, maxPlies: 4}
		p, err := playGame(opening{fen: rules.StartFEN}, e, e, set)
		if err != nil {
			t.Fatal(err)
		}
		lines := goLines(t, logPath)
		if len(lines) != 4 || lines[0] != c.first || lines[2] != c.first {
			t.Fatalf("%+v: go commands %q", c, lines)
		}
		for side, use := range p.periodUse {
			if len(use) != 2 || use[0] <= 0 || use[0] >= 0.5 {
				t.Fatalf("%+v: side %d used %v of its periods", c, side, use)
			}
		}
		if p.end != endMaxPlies || p.clocks[0] <= time.Second || p.clocks[0] > 2*time.Second {
			t.Fatalf("%+v: game ended %q with clocks %v", c, p.end, p.clocks)
		}
	}
	// With main time left the main time goes first.
	e, logPath := startFake(t, "legal", false)
	set := settings{lim: limit{byoyomi: match.TimeControl{Base: 3 * time.Second, Byoyomi: time.Second, Periods: 1}}, maxPlies: 2}
	p, err := playGame(opening{fen: rules.StartFEN}, e, e, set)
	if err != nil {
		t.Fatal(err)
	}
	if lines := goLines(t, logPath); len(lines) != 2 || lines[0] != "go wtime 3000 btime 3000 byoyomi 1000" {
		t.Fatalf("go commands with main time: %q", lines)
	}
	if len(p.periodUse[0]) != 0 {
		t.Fatalf("moves in main time counted as byo-yomi: %v", p.periodUse)
	}
}

// A reply slower than the period loses a period while there are more, and the game on
// time at the last one.
func TestByoyomiModePeriodsAndFlag(t *testing.T) {
	slow, _ := startFake(t, "sleep", false) // 300 ms a reply
	fast, _ := startFake(t, "legal", false)
	tc := match.TimeControl{Byoyomi: 200 * time.Millisecond, Periods: 3}
	p, err := playGame(opening{fen: rules.StartFEN}, slow, fast, settings{lim: limit{byoyomi: tc}, maxPlies: 20})
	if err != nil {
		t.Fatal(err)
	}
	// 300 ms: a period lost at each move (and 100 ms of the next used, which a move
	// gives back); the third reply ends the last period. A loaded machine may stretch a
	// reply past two periods, which ends the game a move sooner: what must hold is that
	// every slow reply was over the period and that the game was lost on time at the
	// end of the last period.
	use := p.periodUse[0]
	if p.result.Status != game.BlackWins || p.end != endTime || p.clocks[0] != 0 || len(use) < 1 || len(use) > 3 {
		t.Fatalf("flag on the last period: %v (%s), clocks %v, period use %v", p.result, p.end, p.clocks, p.periodUse)
	}
	for _, u := range use {
		if u < 1.5 {
			t.Fatalf("a 300 ms reply used %.2f of a 200 ms period", u)
		}
	}
	m := newMatchResults()
	m.record(p, true)
	r := m.report(true)
	n := len(use)
	if !strings.Contains(r, fmt.Sprintf("engine1 读秒: %d moves in byo-yomi", n)) || !strings.Contains(r, fmt.Sprintf("%d over the period; 1 losses on time", n)) ||
		!strings.Contains(r, fmt.Sprintf("engine2 读秒: %d moves in byo-yomi", n-1)) {
		t.Fatalf("report: %q", r)
	}
}

func TestParseByoyomiAndPeriodUse(t *testing.T) {
	tc, err := parseByoyomi("0+5", 1)
	if err != nil || tc != (match.TimeControl{Byoyomi: 5 * time.Second, Periods: 1}) {
		t.Fatalf("0+5: %+v %v", tc, err)
	}
	tc, err = parseByoyomi("60+0.5", 3)
	if err != nil || tc != (match.TimeControl{Base: time.Minute, Byoyomi: 500 * time.Millisecond, Periods: 3}) {
		t.Fatalf("60+0.5 x3: %+v %v", tc, err)
	}
	for _, bad := range []string{"", "5", "0+0", "-1+5", "x+5", "0+y", "1e7+5"} {
		if _, err := parseByoyomi(bad, 1); err == nil {
			t.Errorf("-byoyomi %q accepted", bad)
		}
	}
	if _, err := parseByoyomi("0+5", 0); err == nil {
		t.Error("0 periods accepted")
	}
	use := []float64{0.5, 0.9, 0.7, 0.8, 0.95, 0.6, 0.75, 0.85, 0.65, 1.2}
	if got := periodUseLine(use); got != "10 moves in byo-yomi, period used: median 80%, p90 120%, max 120%; 1 over the period" {
		t.Fatalf("period use: %q", got)
	}
}

// -concurrency plays the games on several pairs of engines at once; every game is
// reported once, each opening with both colours, and every reply is timed.
func TestPlayGamesConcurrently(t *testing.T) {
	t.Setenv("XQMATCH_FAKE_ENGINE_LOG", filepath.Join(t.TempDir(), "engines.log"))
	t.Setenv("XQMATCH_FAKE_MODE", "legal")
	cmd := os.Args[0] + " -test.run=^$"
	starts, err := openingPositions(matchstat.DefaultOpenings[:3])
	if err != nil {
		t.Fatal(err)
	}
	set := settings{lim: limit{byoyomi: match.TimeControl{Byoyomi: time.Second, Periods: 1}}, maxPlies: 6}
	seen := map[int]gameResult{}
	replies, err := playGames([2]engineSpec{{command: cmd}, {command: cmd}}, protocol(false), 3, 6, starts, set, func(r gameResult) bool {
		seen[r.n] = r
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, o := range starts {
		want += 2 * (6 - len(o.moves)) // maxPlies counts the opening's moves
	}
	if len(seen) != 6 || len(replies[0])+len(replies[1]) != want || len(replies[0]) != len(replies[1]) {
		t.Fatalf("%d games, %d+%d replies, want %d in all", len(seen), len(replies[0]), len(replies[1]), want)
	}
	for g, r := range seen {
		if r.e1Red != (g%2 == 0) || r.start.fen != starts[g/2].fen || r.p.plies != 6 {
			t.Errorf("game %d: %+v", g, r)
		}
	}
	// A done that says stop ends the dealing: the games being played still come back.
	n := 0
	if _, err := playGames([2]engineSpec{{command: cmd}, {command: cmd}}, protocol(false), 2, 40, starts, set, func(gameResult) bool {
		n++
		return false
	}); err != nil || n < 1 || n > 3 {
		t.Fatalf("stopped after the first game: %d games, %v", n, err)
	}
	// An engine that cannot start is an error, not a hang.
	if _, err := playGames([2]engineSpec{{command: "/no/such/engine"}, {command: cmd}}, protocol(false), 2, 4, starts, set,
		func(gameResult) bool { return true }); err == nil {
		t.Fatal("a missing engine played")
	}
}
