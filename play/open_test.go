package play

import (
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

func readRecord(t *testing.T, text string) *game.Record {
	t.Helper()
	r, _, err := game.ReadRecord([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestOpenRecordReplacesTheGameAndSavesIt(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	rec := readRecord(t, "[Red \"甲\"]\n[Black \"乙\"]\n1. 炮二平五 马８进７ (1. ... 炮８平５) 2. 马二进三 *\n")
	if err := s.OpenRecord(rec, Players{}); err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	if g.Ply() != 3 || g.Len() != 3 || g.Record().Meta.Red != "甲" {
		t.Fatalf("opened game: ply %d of %d, red %q", g.Ply(), g.Len(), g.Record().Meta.Red)
	}
	// A record that does not say who plays is opened for two people: the engine waits.
	if s.Settings().Human != game.HumanBoth || s.Engine().Thinking() {
		t.Errorf("human %q, thinking %v", s.Settings().Human, s.Engine().Thinking())
	}
	s.Flush()
	saved, err := NewStore(fs).Load()
	if err != nil || saved.Len() != 3 || saved.Record().Meta.Black != "乙" {
		t.Fatalf("not saved at once: %v", err)
	}
	// CurrentRecord gives the game back, and is a copy.
	cur := s.CurrentRecord()
	if got := cur.ICCSText(); got != rules.StartFEN+"\nh2e2 h9g7 h0g2\n" {
		t.Errorf("CurrentRecord: %q", got)
	}
	if _, err := cur.Delete(cur.Root); err != nil {
		t.Fatal(err)
	}
	if s.Game().Len() != 3 {
		t.Error("changing the returned record changed the game")
	}
}

func TestOpenRecordErrorKeepsTheGame(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	before := s.CurrentRecord().ICCSText()
	if err := s.OpenRecord(nil, Players{}); err == nil {
		t.Fatal("nil record opened")
	}
	if err := s.NewGameFrom("9/9/9/9/9/9/9/9/9/9 w", fastSettings(game.HumanBoth)); err == nil {
		t.Fatal("a board without kings started a game")
	}
	if got := s.CurrentRecord().ICCSText(); got != before || s.Game().Ply() != 1 {
		t.Errorf("the game changed: %q", got)
	}
}

// A saved game against the engine goes on against it when reopened (from the library).
func TestOpenRecordKeepsTheEngineOpponent(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, answer(&calls, mv(t, "h9g7")))
	g := playedGame(t, "h2e2")
	if err := s.OpenRecord(g.Record(), Players{Human: game.HumanRed, Seconds: MinSeconds}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 5*time.Second, "the engine's reply", func() bool { return s.Game().Len() == 2 })
	if calls != 1 || s.Settings().Human != game.HumanRed {
		t.Errorf("calls %d, human %q", calls, s.Settings().Human)
	}
}

func TestNewGameFromAPosition(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, answer(&calls, mv(t, "e4e3")))
	fen := "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1"
	if err := s.NewGameFrom(fen, fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	// Black is to move and the engine plays Black.
	q.WaitFor(t, 5*time.Second, "the engine's move", func() bool { return s.Game().Len() == 1 })
	if s.Game().StartFEN() != fen || s.Settings().Flipped {
		t.Errorf("start %q flipped %v", s.Game().StartFEN(), s.Settings().Flipped)
	}
	if err := s.NewGameFrom(fen, Settings{Seconds: 0}); err == nil || !strings.Contains(err.Error(), "second") {
		t.Errorf("bad seconds: %v", err)
	}
}
