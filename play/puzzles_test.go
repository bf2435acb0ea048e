package play

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// testPuzzles are a mate in 2 by a line, a material win and two endgames.
func testPuzzles(t *testing.T) []puzzle.Puzzle {
	t.Helper()
	line := func(words ...string) []rules.Move {
		var ms []rules.Move
		for _, w := range words {
			ms = append(ms, mv(t, w))
		}
		return ms
	}
	return []puzzle.Puzzle{
		{ID: "mate2", FEN: "3k5/6R1C/3c5/6N2/6b2/9/9/9/2r1p1p2/5K3 w - - 0 1", Kind: puzzle.KindMate, Proof: puzzle.Proven,
			Rating: 900, Moves: line("g8g9", "d9d8", "g6f8"), Themes: []string{"mate2"}, Source: "烂柯神机 75"},
		{ID: "study", FEN: "3k5/9/7r1/9/R8/9/9/9/8R/4K4 w - - 0 1", Kind: puzzle.KindStudy, Proof: puzzle.Reference,
			Rating: 1500, Moves: line("a5a9", "d9d8", "i1i8"), Source: "适情雅趣 1"},
		{ID: "eg-win", FEN: "4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1", Kind: puzzle.KindEndgame, Proof: puzzle.Reference,
			Rating: 1200, Themes: []string{"win"}, Title: "双车对单将", Source: "puzzlegen -endgames -seed 1"},
		{ID: "eg-draw", FEN: "4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1", Kind: puzzle.KindEndgame, Proof: puzzle.Reference,
			Rating: 1200, Themes: []string{"draw"}, Source: "puzzlegen -endgames -seed 1"},
	}
}

func newTrainer(t *testing.T, dir string) (*Puzzles, *playtest.UIQueue) {
	t.Helper()
	q := &playtest.UIQueue{}
	store, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewPuzzles(PuzzleConfig{Puzzles: testPuzzles(t), Store: store.Puzzles(), Post: q.Post,
		EngineLimits: engine.Limits{Depth: 4}, RefuteLimits: engine.Limits{Depth: 4},
		SaveError: func(err error) { t.Error(err) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.Close)
	return tr, q
}

func tapRun(t *testing.T, r *PuzzleRun, m string) {
	t.Helper()
	move := mv(t, m)
	r.Tap(move.From())
	r.Tap(move.To())
}

// A puzzle solved by taps, another failed with the engine's refutation on the board,
// hints counted as a failure; the progress is on disk after each result, and a trainer
// that was never closed (a kill) comes back with it.
func TestPuzzleRunSolveFailHintAndReload(t *testing.T) {
	dir := t.TempDir()
	tr, q := newTrainer(t, dir)
	ps := tr.All()
	r, err := tr.Start(&ps[0])
	if err != nil {
		t.Fatal(err)
	}
	if r.Status().Key != "puzzle.goal.mate" || r.Solver() != rules.Red {
		t.Fatalf("goal %v", r.Status())
	}
	r.Tap(sq(t, "g8"))
	if r.Selected() != sq(t, "g8") || len(r.Targets()) == 0 {
		t.Fatal("tapping the rook did not select it")
	}
	r.Tap(sq(t, "a1")) // not a rook move
	if r.Rejected() != sq(t, "a1") || r.State() != RunSolving {
		t.Fatal("an illegal target was not refused")
	}
	tapRun(t, r, "g8g9")
	if r.LastMove() != mv(t, "d9d8") || r.Status().Key != "puzzle.correct" {
		t.Fatalf("after the first move: last %v, %v", r.LastMove(), r.Status())
	}
	tapRun(t, r, "g6f8")
	if r.State() != RunSolved || !r.Position().IsMate() {
		t.Fatalf("state %v", r.State())
	}
	before := 1200.0
	if got := tr.Progress().Player.Rating; got <= before || !tr.Progress().Results["mate2"].Solved {
		t.Fatalf("rating %v after a solve", got)
	}
	// "Solved! (+N)": the change the history shows.
	gain := int(tr.Progress().History[0] - before)
	if key, change := resultOf(r.Status()); key != "puzzle.solved" || change != SignedChange(gain) || gain <= 0 || gain > 100 {
		t.Fatalf("after the solve: %v, a gain of %d", r.Status(), gain)
	}
	if points, rated := r.RatingChange(); !rated || points != gain {
		t.Fatalf("rating change %d (rated %v), want %d", points, rated, gain)
	}
	// A first try without a hint: three stars, kept in the progress.
	if r.Stars() != puzzle.MaxStars || tr.Progress().Stars["mate2"] != puzzle.MaxStars {
		t.Fatalf("stars %d, kept %d", r.Stars(), tr.Progress().Stars["mate2"])
	}
	solvedRating := tr.Progress().Player.Rating

	// A wrong move: failed, and the engine's answer is played.
	r, _ = tr.Start(&ps[1])
	tapRun(t, r, "a5a6")
	if r.State() != RunFailed || !r.Thinking() {
		t.Fatalf("a wrong move: %v", r.State())
	}
	q.WaitFor(t, time.Minute, "the refutation", func() bool { return !r.Thinking() })
	from, line := r.Refutation()
	if from == nil || len(line) == 0 || r.LastMove() != line[0] || mustKey(resultOf(r.Status())) != "puzzle.refuted" {
		t.Fatalf("refutation %v, last %v, %v", line, r.LastMove(), r.Status())
	}
	if tr.Progress().Player.Rating >= solvedRating || tr.Progress().Streak != 0 {
		t.Fatal("a failure did not lower the rating")
	}
	r.Tap(sq(t, "i1")) // the run is over
	if r.Selected() != rules.NoSquare {
		t.Fatal("a failed run took a tap")
	}

	// Retry and take both hints: the piece, then the move; the try counts as failed.
	r.Retry()
	r.Hint()
	if r.HintPiece() != sq(t, "a5") || r.HintMove() != rules.NoMove {
		t.Fatalf("first hint %v %v", r.HintPiece(), r.HintMove())
	}
	r.Hint()
	if r.HintMove() != mv(t, "a5a9") || r.CanHint() {
		t.Fatalf("second hint %v", r.HintMove())
	}
	tapRun(t, r, "a5a9")
	tapRun(t, r, "i1i8")
	// The retry is not rated: the status says only the result.
	if _, rated := r.RatingChange(); r.State() != RunSolved || r.Status().Key != "puzzle.solvedWithHints" || rated {
		t.Fatalf("after the hints: %v %v", r.State(), r.Status())
	}
	// A retry with hints: one star (solved, but neither first nor unaided).
	if r.Stars() != 1 || tr.Progress().Stars["study"] != 1 {
		t.Fatalf("stars after the hinted retry: %d, kept %d", r.Stars(), tr.Progress().Stars["study"])
	}
	res := tr.Progress().Results["study"]
	if res.Solved || res.Attempts != 2 {
		t.Fatalf("study result %+v: a hinted solve is not a solve", res)
	}

	// "kill -9": the trainer is dropped without closing; a new one reads the same.
	again, _ := newTrainer(t, dir)
	if got := again.Progress(); got.Player != tr.Progress().Player || len(got.History) != 2 || !got.Results["mate2"].Solved {
		t.Fatalf("reloaded %+v, want %+v", got, tr.Progress())
	}
}

// In a proven mate another move that still mates in time is answered, after the prover
// has judged it off the UI goroutine, and the try goes on to the mate.
func TestPuzzleRunTakesAnotherProvenMate(t *testing.T) {
	tr, q := newTrainer(t, t.TempDir())
	r, _ := tr.Start(&tr.All()[0])
	tapRun(t, r, "g6f8") // the line opens g8g9
	if !r.Thinking() || r.Status().Key != "puzzle.checking" || r.LastMove() != mv(t, "g6f8") || r.CanHint() {
		t.Fatalf("while the prover judges: thinking %v, %v", r.Thinking(), r.Status())
	}
	r.Tap(sq(t, "g8")) // no taps meanwhile
	if r.Selected() != rules.NoSquare {
		t.Fatal("a tap was taken while the prover judged")
	}
	q.WaitFor(t, time.Minute, "the prover", func() bool { return !r.Thinking() })
	if r.State() != RunSolving || r.Status().Key != "puzzle.correct" || r.Position().Side() != rules.Red {
		t.Fatalf("after another mating move: %v %v", r.State(), r.Status())
	}
	r.Hint()
	r.Hint()
	m := r.HintMove()
	tapRun(t, r, m.String())
	if r.State() != RunSolved || !r.Position().IsMate() {
		t.Fatalf("the hinted mate %v: %v", m, r.State())
	}
}

// Endgame training: played out against the engine until the goal; the player's moves
// here are the engine's own choice at a greater depth.
func TestEndgameTrainingReachesTheGoal(t *testing.T) {
	tr, q := newTrainer(t, t.TempDir())
	r, err := tr.Start(&tr.All()[2])
	if err != nil {
		t.Fatal(err)
	}
	if r.Status().Key != "puzzle.goal.win" {
		t.Fatalf("goal %v", r.Status())
	}
	player := engine.NewSearcher(engine.Options{Threads: 1, HashMB: 4, Seed: 1})
	for i := 0; i < 20 && r.State() == RunSolving; i++ {
		res := player.Search(context.Background(), r.Position(), engine.Limits{Depth: 5}, nil)
		tapRun(t, r, res.Move.String())
		q.WaitFor(t, time.Minute, "the engine's reply", func() bool { return !r.Thinking() })
	}
	if r.State() != RunSolved || mustKey(resultOf(r.Status())) != "puzzle.endgame.reached" || !tr.Progress().Results["eg-win"].Solved {
		t.Fatalf("after the training: %v %v", r.State(), r.Status())
	}
	if r.CanHint() || r.Stars() != puzzle.MaxStars {
		t.Errorf("endgame training offers hints (%v) or earned %d stars", r.CanHint(), r.Stars())
	}
	if held, _ := tr.Start(&tr.All()[3]); held.Status().Key != "puzzle.goal.hold" {
		t.Errorf("a drawn ending's goal: %v", held.Status())
	}
}

// A damaged progress file is set aside and the backup restored.
func TestPuzzleProgressRecoversFromBackup(t *testing.T) {
	dir := t.TempDir()
	tr, q := newTrainer(t, dir)
	r, _ := tr.Start(&tr.All()[0])
	tapRun(t, r, "i8i7") // wrong, as the prover finds off the UI goroutine: a result saved
	q.WaitFor(t, time.Minute, "the prover", func() bool { return r.State() == RunFailed })
	r.Stop()
	r, _ = tr.Start(&tr.All()[0])
	tapRun(t, r, "g8g9")
	tapRun(t, r, "g6f8") // solved: the second save; the first is the backup
	if err := os.WriteFile(filepath.Join(dir, "puzzles.json"), []byte("{\"player\":{\"rating\":-5"), 0o644); err != nil {
		t.Fatal(err)
	}
	store, _ := NewDirStore(dir)
	pr, err := store.Puzzles().Load()
	if err == nil || pr.Results["mate2"].Attempts != 1 {
		t.Fatalf("load after damage: %v, %+v", err, pr.Results)
	}
	asides, _ := filepath.Glob(filepath.Join(dir, "puzzles.corrupt-*.json"))
	if len(asides) != 1 {
		t.Fatalf("set aside: %v", asides)
	}
}

// Every message a puzzle run says has its text in every catalog.
func TestPuzzleMessagesHaveTexts(t *testing.T) {
	files, err := filepath.Glob("puzzle*.go")
	if err != nil {
		t.Fatal(err)
	}
	var keys [][]string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, regexp.MustCompile(`Key: "([a-zA-Z.]+)"`).FindAllStringSubmatch(string(src), -1)...)
	}
	if len(keys) < 15 {
		t.Fatalf("found %d message keys in %v", len(keys), files)
	}
	c := loadCatalogs(t)
	for _, k := range keys {
		for _, lang := range []Language{English, Chinese} {
			if _, ok := c.Source(lang.Catalog(), k[1]); !ok {
				t.Errorf("%s has no text for %s", lang.Catalog(), k[1])
			}
		}
	}
}

// A progress file of any bytes loads without a panic: either it is refused (a new
// player's progress and an error) or it is read, and then what is read saves and reads
// back the same.
func FuzzPuzzleProgress(f *testing.F) {
	f.Add([]byte(`{"player":{"rating":1500,"rd":200,"vol":0.06},"results":{"a":{"solved":true,"attempts":1}},"streak":1,"best_streak":1,"history":[1500]}`))
	f.Add([]byte(`{"player":{"rating":-5`))
	f.Add([]byte(`{"player":{"rating":1e309,"rd":1,"vol":0.5}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fs := newMemFS()
		fs.files[puzzleSaveName] = data
		pr, err := NewPuzzleStore(fs).Load()
		if pr == nil {
			t.Fatal("no progress")
		}
		if err != nil {
			return
		}
		again := newMemFS()
		if err := NewPuzzleStore(again).Save(pr); err != nil {
			t.Fatal(err)
		}
		back, err := NewPuzzleStore(again).Load()
		if err != nil || back.Player != pr.Player || back.Streak != pr.Streak || len(back.Results) != len(pr.Results) {
			t.Fatalf("read back %+v, %v; saved %+v", back, err, pr)
		}
	})
}

// resultOf reads a rated try's status, "puzzle.rated" around the result: the result's
// key and the change; an unrated status is its own key with no change.
func resultOf(m i18n.Message) (key, change string) {
	if m.Key != "puzzle.rated" {
		return m.Key, ""
	}
	res, _ := m.Args["Result"].(i18n.Message)
	ch, _ := m.Args["Change"].(string)
	return res.Key, ch
}

func mustKey(key, change string) string {
	if change == "" {
		return "unrated " + key
	}
	return key
}

func TestSignedChange(t *testing.T) {
	for points, want := range map[int]string{12: "+12", -7: "-7", 0: "\u00b10"} {
		if got := SignedChange(points); got != want {
			t.Errorf("SignedChange(%d) = %q, want %q", points, got, want)
		}
	}
}

// A stalemate win (困毙, m72-132) says so as its goal, and the stalemating move solves it.
func TestPuzzleStalemateGoal(t *testing.T) {
	q := &playtest.UIQueue{}
	p := puzzle.Puzzle{ID: "m72-132", FEN: "4k4/C8/9/9/9/2B2R3/P7P/4B4/4A4/3K5 w - - 4 67", Kind: puzzle.KindMate,
		Proof: puzzle.Proven, Rating: 900, Moves: []rules.Move{mv(t, "f4f8")}, Themes: []string{puzzle.ThemeStalemate, puzzle.ThemeFacingKings}}
	tr, err := NewPuzzles(PuzzleConfig{Puzzles: []puzzle.Puzzle{p}, Post: q.Post})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.Close)
	r, err := tr.Start(&tr.All()[0])
	if err != nil || r.Status().Key != "puzzle.goal.stalemate" {
		t.Fatalf("goal %v, %v", r.Status(), err)
	}
	tapRun(t, r, "f4f8")
	if key, change := resultOf(r.Status()); r.State() != RunSolved || key != "puzzle.solved" || change == "" || r.Position().InCheck() {
		t.Fatalf("after the stalemating move: %v %v", r.State(), r.Status())
	}
}
