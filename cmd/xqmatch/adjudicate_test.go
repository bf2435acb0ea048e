package main

import (
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

// Games end early by the engines' scores only when both engines agree, over
// UCI's "score cp" and UCCI's bare scores alike.
func TestAdjudicationByBothEnginesScores(t *testing.T) {
	win := adjudication{winMoves: 3, winScore: 1000}
	draw := adjudication{drawPly: 5, drawMoves: 2, drawMax: 15}
	// The fakes play the first legal move: from the start, 8 plies of that
	// are no mate yet (the 9th is), so a game not adjudicated ends at the
	// ply limit.
	for _, tc := range []struct {
		name        string
		red, black  string // fake modes: each score is from the mover's side
		adj         adjudication
		wantEnd     string
		wantPlies   int
		wantWinner  rules.Color
		wantDecided bool
	}{
		{"both see Red win", "score:1200", "score:-1200", win, endAdjudicatedWin, 6, rules.Red, true},
		{"both see Black win", "score:-1000", "score:1000", win, endAdjudicatedWin, 6, rules.Black, true},
		{"only Red sees a win", "score:1200", "score:1200", win, endMaxPlies, 8, 0, false},
		{"one side short of the margin", "score:1200", "score:-999", win, endMaxPlies, 8, 0, false},
		{"level, late enough", "score:5", "score:-15", draw, endAdjudicatedDraw, 5, 0, false},
		{"one side not level", "score:5", "score:16", draw, endMaxPlies, 8, 0, false},
		{"no scores", "legal", "legal", adjudication{winMoves: 1, winScore: 1, drawMoves: 1, drawMax: 1000}, endMaxPlies, 8, 0, false},
	} {
		for _, ucci := range []bool{false, true} {
			red, _ := startFake(t, tc.red, ucci)
			black, _ := startFake(t, tc.black, ucci)
			p, err := playGame(opening{fen: rules.StartFEN}, red, black,
				settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 8, adj: tc.adj})
			if err != nil {
				t.Fatal(err)
			}
			if p.end != tc.wantEnd || p.plies != tc.wantPlies {
				t.Errorf("%s (ucci=%v): ended %q after %d plies, want %q after %d", tc.name, ucci, p.end, p.plies, tc.wantEnd, tc.wantPlies)
				continue
			}
			won := p.result.Status == game.RedWins || p.result.Status == game.BlackWins
			if tc.wantDecided != won {
				t.Errorf("%s (ucci=%v): result %+v", tc.name, ucci, p.result)
			} else if won && p.result.Winner != tc.wantWinner {
				t.Errorf("%s (ucci=%v): result %+v, want a win for %v", tc.name, ucci, p.result, tc.wantWinner)
			}
		}
	}
}

// A mate score counts as beyond any margin, from the side of the mover.
func TestMateScoresCountForTheWinner(t *testing.T) {
	var l scoreLog
	l.add(rules.Red, uci.Info{Depth: 9, Mate: 3})
	l.add(rules.Black, uci.Info{Depth: 9, Mate: -2})
	if w, _, ok := (adjudication{winMoves: 1, winScore: 29999}).verdict(&l, 2); !ok || w != rules.Red {
		t.Fatalf("mate scores: verdict %v %v, want a win for Red", w, ok)
	}
	l.add(rules.Red, uci.Info{}) // a reply without a score breaks the run
	l.add(rules.Black, uci.Info{Depth: 9, Mate: -1})
	if _, _, ok := (adjudication{winMoves: 1, winScore: 1}).verdict(&l, 4); ok {
		t.Fatal("a reply without a score was counted")
	}
}

func TestAdjudicationFlags(t *testing.T) {
	var a adjudication
	if err := parseResign("4,1000", &a); err != nil || a.winMoves != 4 || a.winScore != 1000 {
		t.Fatalf("-resign 4,1000: %+v %v", a, err)
	}
	if err := parseDrawAdj("120,10,10", &a); err != nil || a.drawPly != 120 || a.drawMoves != 10 || a.drawMax != 10 {
		t.Fatalf("-drawadj 120,10,10: %+v %v", a, err)
	}
	for _, bad := range []string{"", "4", "4,", "x,1000", "0,1000", "4,0", "4,1000,3", "4,99999999999999999999"} {
		if err := parseResign(bad, &a); err == nil || !strings.Contains(err.Error(), "-resign") {
			t.Errorf("-resign %q: error %v", bad, err)
		}
	}
	for _, bad := range []string{"", "120,10", "-1,10,10", "120,0,10", "120,10,-1", "a,b,c"} {
		if err := parseDrawAdj(bad, &a); err == nil || !strings.Contains(err.Error(), "-drawadj") {
			t.Errorf("-drawadj %q: error %v", bad, err)
		}
	}
}
