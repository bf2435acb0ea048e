package game

import (
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func TestNewRejectsBadFEN(t *testing.T) {
	for _, fen := range []string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", // no red king
		"not a fen",
		"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", // kings facing
	} {
		if g, err := New(fen); err == nil || g != nil {
			t.Errorf("New(%q) = %v, %v; want an error", fen, g, err)
		}
	}
}

func TestPlayUndoRedoGoTo(t *testing.T) {
	g := mustGame(t, "")
	if g.StartFEN() != rules.StartFEN || g.Ply() != 0 || g.Len() != 0 || g.LastMove() != rules.NoMove {
		t.Fatalf("fresh game: %s ply %d len %d", g.StartFEN(), g.Ply(), g.Len())
	}
	if g.Undo() || g.Redo() {
		t.Error("undo/redo on an empty game")
	}
	if err := g.Play(mustMove(t, "h2h8")); err == nil {
		t.Error("illegal move accepted")
	}
	if err := g.Play(mustMove(t, "h9g7")); err == nil {
		t.Error("Black's move accepted on Red's turn")
	}
	if g.Len() != 0 || g.FEN() != rules.StartFEN {
		t.Fatal("rejected move changed the game")
	}
	line := []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}
	playAll(t, g, line...)
	fenAtEnd := g.FEN()
	if g.Ply() != 5 || g.Len() != 5 || g.SideToMove() != rules.Black || g.LastMove().String() != "i0h0" {
		t.Fatalf("after line: ply %d len %d side %v last %s", g.Ply(), g.Len(), g.SideToMove(), g.LastMove())
	}
	if !g.Undo() || !g.Undo() || g.Ply() != 3 || g.Len() != 5 {
		t.Fatalf("undo: ply %d len %d", g.Ply(), g.Len())
	}
	if !g.Redo() || g.Ply() != 4 {
		t.Fatal("redo")
	}
	if err := g.GoTo(0); err != nil || g.FEN() != rules.StartFEN {
		t.Fatalf("GoTo(0): %v %s", err, g.FEN())
	}
	if err := g.GoTo(5); err != nil || g.FEN() != fenAtEnd {
		t.Fatalf("GoTo(5): %v %s", err, g.FEN())
	}
	if g.GoTo(6) == nil || g.GoTo(-1) == nil {
		t.Error("GoTo out of range accepted")
	}
	// Playing the next move of the line keeps the tail.
	g.GoTo(2)
	playAll(t, g, "h0g2")
	if g.Len() != 5 || g.Ply() != 3 {
		t.Errorf("replaying the line: ply %d len %d", g.Ply(), g.Len())
	}
	// A different move replaces the tail.
	playAll(t, g, "b9c7")
	if g.Len() != 4 || g.Ply() != 4 || g.Moves()[3].String() != "b9c7" {
		t.Errorf("new branch: ply %d len %d moves %v", g.Ply(), g.Len(), g.Moves())
	}
	// Position() is a copy: changing it leaves the game alone.
	p := g.Position()
	p.MakeMove(p.LegalMoves()[0])
	if g.Ply() != 4 || g.FEN() == p.FEN() {
		t.Error("Position() is not a copy")
	}
	// Moves() is a copy too.
	g.Moves()[0] = rules.NoMove
	if g.Moves()[0].String() != "h2e2" {
		t.Error("Moves() is not a copy")
	}
}

func TestMoveTextsFrom(t *testing.T) {
	g := mustGame(t, "")
	for _, text := range []string{"炮二平五", "马８进７", "H2+3", "i9h9", "车一平二"} {
		if err := g.PlayText(text); err != nil {
			t.Fatalf("PlayText(%q): %v", text, err)
		}
	}
	want := map[Notation]string{
		Chinese: "炮二平五 马８进７ 马二进三 车９平８ 车一平二",
		WXF:     "C2=5 H8+7 H2+3 R9=8 R1=2",
		ICCS:    "h2e2 h9g7 h0g2 i9h9 i0h0",
	}
	g.GoTo(2) // texts do not depend on the cursor
	for style, w := range want {
		if got := strings.Join(g.MoveTextsFrom(0, style), " "); got != w {
			t.Errorf("%s: %s, want %s", style, got, w)
		}
		for i, part := range strings.Fields(w) {
			if got := g.MoveText(i, style); got != part {
				t.Errorf("%s MoveText(%d) = %s, want %s", style, i, got, part)
			}
		}
	}
	if g.MoveText(5, Chinese) != "" || g.MoveText(-1, WXF) != "" {
		t.Error("MoveText out of range")
	}
	if g.Ply() != 2 {
		t.Error("MoveText moved the cursor")
	}
	if err := g.PlayText("炮二平五"); err == nil {
		t.Error("PlayText accepted a move that is not legal here")
	}
}

// TestRandomGamesThroughGame plays random legal moves through Play until
// the game ends, checking that every verdict agrees with the position and
// that navigating back and forth restores the same positions.
func TestRandomGamesThroughGame(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	rng := rand.New(rand.NewSource(7))
	decided := map[Reason]int{}
	for i := 0; i < games; i++ {
		g := mustGame(t, "")
		fens := []string{g.FEN()}
		for g.Len() < 400 && !g.Result().Decided() {
			moves := g.Position().LegalMoves()
			if err := g.Play(moves[rng.Intn(len(moves))]); err != nil {
				t.Fatal(err)
			}
			fens = append(fens, g.FEN())
		}
		r := g.Result()
		decided[r.Reason]++
		p := g.Position()
		switch r.Reason {
		case ReasonCheckmate, ReasonStalemate:
			if len(p.LegalMoves()) != 0 || p.InCheck() != (r.Reason == ReasonCheckmate) || r.Winner == p.Side() {
				t.Fatalf("%v in %s", r, p.FEN())
			}
		case ReasonPerpetualCheck, ReasonPerpetualChase, ReasonRepetition:
			if p.RepStatus(2) == rules.RepNone {
				t.Fatalf("%v without repetition in %s", r, p.FEN())
			}
		}
		for ply := len(fens) - 1; ply >= 0; ply -= 7 {
			if err := g.GoTo(ply); err != nil || g.FEN() != fens[ply] {
				t.Fatalf("GoTo(%d): %v %s, want %s", ply, err, g.FEN(), fens[ply])
			}
		}
	}
	t.Logf("verdicts: %v", decided)
}

// importPGN reads a PGN file as a game at the end of its main line.
func importPGN(r io.Reader) (*Game, error) {
	rec, err := ImportPGNRecord(r)
	if err != nil {
		return nil, err
	}
	return Open(rec, nil)
}

func TestHumanSide(t *testing.T) {
	cases := []struct {
		h          HumanSide
		red, black bool
	}{{"", true, false}, {HumanRed, true, false}, {HumanBlack, false, true}, {HumanBoth, true, true}, {HumanNone, false, false}}
	for _, c := range cases {
		if c.h.Plays(rules.Red) != c.red || c.h.Plays(rules.Black) != c.black {
			t.Errorf("%q plays red %v black %v", c.h, c.h.Plays(rules.Red), c.h.Plays(rules.Black))
		}
	}
}
