package play

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/rules"
)

// oldSaves holds saves and a library written by the app at 9fe8ef3 (see its README).
var oldSaves = filepath.Join("testdata", "saves-9fe8ef3")

// oldSave is what one of those saves held when the app wrote it.
type oldSave struct {
	line       string // the line shown
	ply        int
	main       string // the record's main line
	variations int    // nodes with more than one move after them
	result     game.Result
	human      game.HumanSide
	flipped    bool
	tc         match.TimeControl
	left       [2]time.Duration // the clocks, when timed
}

var oldSaveFiles = map[string]oldSave{
	"line-black-resigned.json": {line: "b0c2 h9g7 g3g4", ply: 3, main: "b0c2 h9g7 g3g4", human: game.HumanBlack, flipped: true,
		result: game.Result{Status: game.RedWins, Winner: rules.Red, Reason: game.ReasonResignation}},
	"line-clock.json": {line: "h2e2 h9g7 b0c2 b9c7", ply: 4, main: "h2e2 h9g7 b0c2 b9c7", human: game.HumanBoth,
		tc: match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}, left: [2]time.Duration{290 * time.Second, 288 * time.Second}},
	"line-engine.json":               {line: "h2e2 b9c7 h0g2 c6c5", ply: 4, main: "h2e2 b9c7 h0g2 c6c5", human: game.HumanRed},
	"line-two-players-browsing.json": {line: "h2e2 h9g7 h0g2 i9h9", ply: 3, main: "h2e2 h9g7 h0g2 i9h9", human: game.HumanBoth},
	"tree-clock.json": {line: "h2e2 h9g7 b0c2", ply: 3, main: "h2e2 h9g7 h0g2 i9h9", variations: 1, human: game.HumanBoth,
		tc: match.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}, left: [2]time.Duration{609 * time.Second, 604 * time.Second}},
	"tree-engine.json": {line: "h0g2", ply: 1, main: "h2e2 b9c7", variations: 1, human: game.HumanRed},
	// The game played was h0g2 and a resignation; the app at 9fe8ef3 kept the moves taken
	// back as the main line. The game as played is the main line now.
	"tree-engine-resigned.json": {line: "h0g2", ply: 1, main: "h0g2", variations: 1, human: game.HumanRed,
		result: game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonResignation}},
}

func moveText(moves []rules.Move) string {
	var out []string
	for _, m := range moves {
		out = append(out, m.String())
	}
	return strings.Join(out, " ")
}

// checkOldSave compares a session opened on an old save with what the save held.
func checkOldSave(t *testing.T, s *Session, want oldSave) {
	t.Helper()
	g := s.Game()
	if got := moveText(g.Moves()); got != want.line || g.Ply() != want.ply {
		t.Errorf("line %q at ply %d, want %q at ply %d", got, g.Ply(), want.line, want.ply)
	}
	if got := moveText(s.Record().MainLineMoves()); got != want.main {
		t.Errorf("main line %q, want %q", got, want.main)
	}
	branches := 0
	for _, n := range s.Record().Nodes() {
		if len(n.Children) > 1 {
			branches++
		}
	}
	if branches != want.variations {
		t.Errorf("%d branching positions, want %d", branches, want.variations)
	}
	if s.Record().Result != want.result {
		t.Errorf("recorded result %+v, want %+v", s.Record().Result, want.result)
	}
	if want.result.Decided() {
		// The result shows at the end of the main line.
		main := s.Record().MainLine()
		at := g.Node()
		if err := s.Browser().GoToNode(main[len(main)-1]); err != nil {
			t.Fatal(err)
		}
		if g.Result() != want.result {
			t.Errorf("result at the end of the main line %+v, want %+v", g.Result(), want.result)
		}
		if err := s.Browser().GoToNode(at); err != nil {
			t.Fatal(err)
		}
	}
	set := s.Settings()
	if set.Human != want.human || set.Seconds != 0.05 || set.Book || set.Random || set.Notation != game.WXF ||
		set.Flipped != want.flipped || set.TimeControl != want.tc || set.Rules != game.AsianRules || !set.Sound ||
		set.Evaluation != NeuralEval { // older than the setting: the default, the net
		t.Errorf("settings %+v", set)
	}
	if want.tc.Timed() {
		for _, side := range []rules.Color{rules.Red, rules.Black} {
			if got := s.Clocks().Left(side); got != want.left[side] {
				t.Errorf("%v's clock %v, want %v", side, got, want.left[side])
			}
		}
	}
}

// Every save the app wrote at 9fe8ef3 opens through the real store and session as it was
// (the resigned game as it was played), and is saved again in today's envelope, which
// opens to the same game.
func TestOldSavesOpen(t *testing.T) {
	for name, want := range oldSaveFiles {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(oldSaves, name))
			if err != nil {
				t.Fatal(err)
			}
			fs := newMemFS()
			fs.files[saveName] = data
			ft := matchtest.NewFakeTime()
			s, _ := clockSession(t, fs, ft, nil)
			checkOldSave(t, s, want)
			s.Flip()
			s.Flip()
			s.Close()
			if !bytes.Contains(fs.files[saveName], []byte(`{"format":"xiangqi-save",`)) {
				t.Fatalf("saved again as\n%s", fs.files[saveName])
			}
			again, _ := clockSession(t, fs, ft, nil)
			checkOldSave(t, again, want)
		})
	}
	if len(oldSaveFiles) != 7 {
		t.Fatal("a save of the test data is not checked")
	}
}

// The library written at 9fe8ef3 lists and opens: the entry as it was listed, the game
// with its tree, and who played it.
func TestOldLibraryOpens(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{libraryIndexName, "game-20261126-151701-744146.json"} {
		data, err := os.ReadFile(filepath.Join(oldSaves, "library", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l := openLibrary(t, DirFS(dir))
	items := l.List()
	if len(items) != 1 || items[0].Err != nil || items[0].Plies != 2 || items[0].Result != "*" ||
		items[0].Human != game.HumanRed || items[0].Opening != "炮二平五 马２进３" {
		t.Fatalf("listed %+v", items)
	}
	rec, who, err := l.Open(items[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := moveText(rec.MainLineMoves()); got != "h2e2 b9c7" || len(rec.Root.Children) != 2 || rec.Meta.Date != "2026.11.26" {
		t.Fatalf("opened main line %q, %d first moves, %+v", got, len(rec.Root.Children), rec.Meta)
	}
	if who != (Players{Human: game.HumanRed, Seconds: 0.05}) {
		t.Fatalf("players %+v", who)
	}
}

// A move taken back and replaced is not the game: the game as played is the main line of
// the save, the exported PGN and the library, with its true length and result. (At
// 9fe8ef3 the moves taken back stayed the main line and the library listed 2 plies.)
func TestTakenBackMovesAreNotTheGame(t *testing.T) {
	fs := newMemFS()
	calls := 0
	s, q, _ := openSession(t, fs, firstLegal(&calls))
	l := openLibrary(t, newMemFS())
	l.FileGames(s, nil, func(err error) { t.Error(err) })
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	s.Takeback().Undo()
	if s.Game().Ply() != 0 {
		t.Fatalf("undo: ply %d", s.Game().Ply())
	}
	tapMove(t, s, "h0g2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	tapMove(t, s, "b0c2")
	s.Endings().Resign() // while the engine thinks
	q.Drain()
	played := s.Game().Moves()
	if moveText(played[:1]) != "h0g2" || moveText(played[2:]) != "b0c2" || len(played) != 3 {
		t.Fatalf("played %s", moveText(played))
	}
	want := game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonResignation}
	if s.Game().Result() != want {
		t.Fatalf("result %+v", s.Game().Result())
	}

	var pgn bytes.Buffer
	if err := s.CurrentRecord().ExportPGN(&pgn, game.PGNOptions{Notation: game.ICCS}); err != nil {
		t.Fatal(err)
	}
	back, err := game.ImportPGNRecord(&pgn)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.MainLineMoves(), played) || back.Result.PGN() != "0-1" {
		t.Errorf("exported main line %s, result %s; played %s", moveText(back.MainLineMoves()), back.Result.PGN(), moveText(played))
	}
	if len(back.Root.Children) != 2 || back.Root.Children[1].Move != mv(t, "h2e2") {
		t.Error("the moves taken back are not kept as a variation")
	}

	s.Flush()
	reopened, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	if !slices.Equal(reopened.Record().MainLineMoves(), played) || !slices.Equal(reopened.Game().Moves(), played) ||
		reopened.Game().Result() != want {
		t.Errorf("reopened main line %s, line %s, result %+v", moveText(reopened.Record().MainLineMoves()),
			moveText(reopened.Game().Moves()), reopened.Game().Result())
	}

	items := l.List()
	if len(items) != 1 || items[0].Plies != 3 || items[0].Result != "0-1" {
		t.Fatalf("library lists %+v", items)
	}
	rec, _, err := l.Open(items[0].ID)
	if err != nil || !slices.Equal(rec.MainLineMoves(), played) {
		t.Fatalf("library game %v, %v", rec, err)
	}
}

// The old linear saves kept the rule set in a field of their own; it opens as the setting.
func TestOldSaveRules(t *testing.T) {
	old := `{"format":"xiangqi-game","version":1,"startFen":"` + rules.StartFEN + `","moves":["h2e2"],"ply":1,` +
		`"rules":"chinese","metadata":{},"settings":{}}`
	saved, err := decodeSave([]byte(old))
	if err != nil || settingsFrom(saved.settings, English).Rules != game.ChineseRules {
		t.Fatalf("old save with Chinese rules: %v", err)
	}
	if _, err := decodeSave([]byte(strings.Replace(old, "chinese", "fide", 1))); err == nil {
		t.Error("an unknown rule set was read")
	}
}
