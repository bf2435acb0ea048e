package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// A UCCI nobestmove claims a draw: granted after 100 plies without a
// capture, a loss anywhere else; both are reported as such.
func TestNoBestMoveIsADrawClaim(t *testing.T) {
	claimer, _ := startFake(t, "nobestmove", true)
	other, _ := startFake(t, "legal", true)
	set := settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 300}
	const board = "4k4/9/9/9/9/9/9/9/4A4/R2K5 w"
	p, err := playGame(opening{fen: board + " - - 100 70"}, claimer, other, set)
	if err != nil {
		t.Fatal(err)
	}
	if p.result.Status != game.Draw || p.end != endClaimDraw {
		t.Fatalf("claim after 100 quiet plies: %v (%s)", p.result, p.end)
	}
	p, err = playGame(opening{fen: board + " - - 20 70"}, claimer, other, set)
	if err != nil {
		t.Fatal(err)
	}
	if p.result.Status != game.BlackWins || p.end != endClaimRefused {
		t.Fatalf("claim after 20 quiet plies: %v (%s)", p.result, p.end)
	}
	m := newMatchResults()
	m.record(p, true)
	if r := m.report(false); !strings.Contains(r, endClaimRefused+": 1 games (engine1 W/D/L 0/0/1)") {
		t.Fatalf("refused claim not reported: %q", r)
	}
}

// bestmove ... resign ends the game; a draw offer answered by a draw is a
// draw by agreement.
func TestResignAndDrawOffers(t *testing.T) {
	resigner, _ := startFake(t, "resign", false)
	mover, _ := startFake(t, "legal", false)
	set := settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 300}
	p, err := playGame(opening{fen: rules.StartFEN}, mover, resigner, set)
	if err != nil {
		t.Fatal(err)
	}
	if p.result.Status != game.RedWins || p.end != endResign || p.plies != 1 {
		t.Fatalf("black resigned after one move: %v (%s) after %d plies", p.result, p.end, p.plies)
	}
	drawer, _ := startFake(t, "draw", false)
	p, err = playGame(opening{fen: rules.StartFEN}, drawer, drawer, set)
	if err != nil {
		t.Fatal(err)
	}
	if p.result.Status != game.Draw || p.end != endDrawAgreed || p.plies != 1 {
		t.Fatalf("offer then accept: %v (%s) after %d plies", p.result, p.end, p.plies)
	}
	// An offer nobody accepts changes nothing.
	p, err = playGame(opening{fen: rules.StartFEN}, drawer, mover, settings{lim: set.lim, maxPlies: 6})
	if err != nil {
		t.Fatal(err)
	}
	if p.end != endMaxPlies || p.plies != 6 {
		t.Fatalf("offers declined: %v (%s) after %d plies", p.result, p.end, p.plies)
	}
}

// Every game written with -pgn reads back with the game package's PGN
// reader: same moves, same result, and the way it ended.
func TestPGNReadsBack(t *testing.T) {
	mover, _ := startFake(t, "legal", true)
	resigner, _ := startFake(t, "resign", true)
	set := settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 9}
	catalogs, err := resources.Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	var games []played
	for i, pair := range [][2]*player{{mover, mover}, {mover, resigner}} {
		p, err := playGame(opening{fen: rules.StartFEN, moves: []string{"h2e2"}}, pair[0], pair[1], set)
		if err != nil {
			t.Fatal(err)
		}
		if err := writePGN(&buf, p, i+1, "red engine", "black engine", false, catalogs); err != nil {
			t.Fatal(err)
		}
		games = append(games, p)
	}
	texts := strings.SplitAfter(buf.String(), "\n\n")
	var records []string
	for _, s := range texts {
		if strings.TrimSpace(s) != "" {
			records = append(records, s)
		}
	}
	if len(records) != 2 {
		t.Fatalf("%d games in the PGN, want 2:\n%s", len(records), buf.String())
	}
	for i, rec := range records {
		back, err := game.ImportPGNRecord(strings.NewReader(rec))
		if err != nil {
			t.Fatalf("game %d does not read back: %v\n%s", i+1, err, rec)
		}
		g, err := game.Open(back, nil)
		if err != nil {
			t.Fatalf("game %d does not read back: %v\n%s", i+1, err, rec)
		}
		want := games[i]
		if r := g.Result(); g.Len() != want.g.Len() || r.Status != want.result.Status || r.Winner != want.result.Winner || g.Record().Meta.Red != "red engine" {
			t.Fatalf("game %d read back as %d moves, %v, red %q; played %d moves, %v",
				i+1, g.Len(), g.Result(), g.Record().Meta.Red, want.g.Len(), want.result)
		}
		if !strings.Contains(rec, `[Termination "`+want.termination(catalogs)+`"]`) {
			t.Fatalf("game %d has no Termination tag: %s", i+1, rec)
		}
	}
}

// Clock mode sends each protocol its clock form, keeps both clocks (minus
// the time used, plus the increment) and judges a flag fall.
func TestClockMode(t *testing.T) {
	for _, ucci := range []bool{false, true} {
		e, logPath := startFake(t, "legal", ucci)
		set := settings{lim: limit{clock: 5 * time.Second, increment: 100 * time.Millisecond}, maxPlies: 4}
		p, err := playGame(opening{fen: rules.StartFEN}, e, e, set)
		if err != nil {
			t.Fatal(err)
		}
		for side, c := range p.clocks {
			// Two moves each: 5 s - used + 2 x 0.1 s, and the fake answers at once.
			if c <= 4*time.Second || c > 5200*time.Millisecond {
				t.Fatalf("ucci=%v: clock of side %d is %v", ucci, side, c)
			}
		}
		log := readLog(t, logPath)
		var goLines []string
		for _, l := range strings.Split(log, "\n") {
			if strings.HasPrefix(l, "go ") {
				goLines = append(goLines, l)
			}
		}
		if len(goLines) != 4 {
			t.Fatalf("ucci=%v: %d go commands, want 4: %q", ucci, len(goLines), goLines)
		}
		first, third := strings.Fields(goLines[0]), strings.Fields(goLines[2])
		if ucci {
			if goLines[0] != "go time 5000 increment 100 opptime 5000 oppincrement 100" ||
				third[0] != "go" || third[1] != "time" || third[3] != "increment" || third[5] != "opptime" {
				t.Fatalf("UCCI clock commands: %q", goLines)
			}
		} else {
			if goLines[0] != "go wtime 5000 btime 5000 winc 100 binc 100" || third[1] != "wtime" || third[3] != "btime" {
				t.Fatalf("UCI clock commands: %q", goLines)
			}
		}
		// Red's third request shows its clock after one move: used some, got 0.1 s.
		if third[2] == first[2] {
			t.Fatalf("ucci=%v: red's clock did not change: %q", ucci, goLines)
		}
	}
	// A reply slower than the whole clock loses on time.
	slow, _ := startFake(t, "sleep", false)
	fast, _ := startFake(t, "legal", false)
	p, err := playGame(opening{fen: rules.StartFEN}, slow, fast,
		settings{lim: limit{clock: 50 * time.Millisecond}, maxPlies: 10})
	if err != nil {
		t.Fatal(err)
	}
	if p.result.Status != game.BlackWins || p.end != endTime || p.clocks[0] != 0 {
		t.Fatalf("flag fall: %v (%s), clocks %v", p.result, p.end, p.clocks)
	}
	m := newMatchResults()
	m.record(p, true)
	if r := m.report(true); !strings.Contains(r, "engine1 clock left at game end: mean 0.00 s, min 0.00 s; 1 losses on time") {
		t.Fatalf("clock report: %q", r)
	}
}

func TestParseTCAndSPRT(t *testing.T) {
	c, i, err := parseTC("12+0.2")
	if err != nil || c != 12*time.Second || i != 200*time.Millisecond {
		t.Fatalf("12+0.2: %v %v %v", c, i, err)
	}
	for _, bad := range []string{"", "x", "-1+0", "10+y", "0+1"} {
		if _, _, err := parseTC(bad); err == nil {
			t.Errorf("-tc %q accepted", bad)
		}
	}
	p, err := parseSPRT("0,10")
	if err != nil || p.elo0 != 0 || p.elo1 != 10 {
		t.Fatalf("0,10: %+v %v", p, err)
	}
	if _, err := parseSPRT("10,0"); err == nil {
		t.Error("elo0 >= elo1 accepted")
	}
	// 70% over 200 games clears H1 of +10; 30% clears H0.
	if v := p.verdict(tally{wins: 120, draws: 40, losses: 40}); !strings.HasPrefix(v, "SPRT: H1") {
		t.Fatalf("strong result: %q", v)
	}
	if v := p.verdict(tally{wins: 40, draws: 40, losses: 120}); !strings.HasPrefix(v, "SPRT: H0") {
		t.Fatalf("weak result: %q", v)
	}
	// A few games that all went one way decide nothing (their variance is near zero);
	// thirty straight wins do.
	if v := p.verdict(tally{wins: 2}); v != "" {
		t.Fatalf("2 games won 2-0: %q", v)
	}
	if v := p.verdict(tally{wins: sprtMinGames}); !strings.HasPrefix(v, "SPRT: H1") {
		t.Fatalf("%d straight wins: %q", sprtMinGames, v)
	}
	if v := p.verdict(tally{wins: 3, draws: 2, losses: 3}); v != "" {
		t.Fatalf("8 even games decided: %q", v)
	}
}

func TestTimingLine(t *testing.T) {
	ms := time.Millisecond
	got := timing([]time.Duration{90 * ms, 100 * ms, 95 * ms, 130 * ms, 99 * ms}, 100*ms)
	if got != "5 replies, median 99.0 ms, max 130.0 ms (limit 100.0 ms: median 99% of it; 1 past limit + 5% + 20 ms)" {
		t.Fatalf("timing: %q", got)
	}
}

// A game the board decided says why in English; one the referee ended says how.
func TestTermination(t *testing.T) {
	catalogs, err := resources.Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	mate := played{result: game.Result{Status: game.RedWins, Winner: rules.Red, Reason: game.ReasonCheckmate}}
	if got := mate.termination(catalogs); got != "checkmate" {
		t.Errorf("checkmate ends as %q", got)
	}
	chase := played{result: game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonPerpetualChase}}
	if got := chase.termination(catalogs); got != "perpetual chase" {
		t.Errorf("perpetual chase ends as %q", got)
	}
	resigned := played{result: game.Result{Status: game.BlackWins, Reason: game.ReasonResignation}, end: endResign}
	if got := resigned.termination(catalogs); got != endResign {
		t.Errorf("resignation ends as %q", got)
	}
}
