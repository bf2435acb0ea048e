package play

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/puzzle"
)

// The progress file carries its format marker; a file of the old shape, without one,
// still opens; a file of any other shape is refused with the reason, set aside with its
// bytes intact, and not overwritten by the next save.
func TestPuzzleProgressFormatMarker(t *testing.T) {
	dir := t.TempDir()
	store, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	pr := puzzle.NewProgress()
	pr.Streak, pr.BestStreak = 2, 3
	if err := store.Puzzles().Save(pr); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, puzzleSaveName))
	if !bytes.HasPrefix(data, []byte(`{"format":"xiangqi-puzzles","version":1,`)) {
		t.Fatalf("written as %s", data)
	}
	if back, err := store.Puzzles().Load(); err != nil || back.BestStreak != 3 {
		t.Fatalf("read back: %v %+v", err, back)
	}
	old := `{"player":{"rating":1600,"rd":90,"vol":0.06},"results":{"mate2":{"solved":true,"attempts":1}},"streak":1,"best_streak":4,"history":[1500,1600]}`
	for _, tc := range []struct{ name, data, refusal string }{
		{"old file", old, ""},
		{"empty object", `{}`, "no player rating"},
		{"array", `[]`, "not a JSON object"},
		{"null", `null`, "not a JSON object"},
		{"library index", `{"format":"xiangqi-library","version":1,"games":[]}`, `format "xiangqi-library"`},
		{"a save", `{"format":"xiangqi-save","version":1,"record":{}}`, `format "xiangqi-save"`},
		{"foreign fields", `{"player":{"rating":1500,"rd":200,"vol":0.06},"games":[]}`, `field "games"`},
		{"newer version", `{"format":"xiangqi-puzzles","version":9,"player":{"rating":1500,"rd":200,"vol":0.06}}`, "version 9"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, puzzleSaveName)
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		ps := NewPuzzleStore(DirFS(dir))
		got, err := ps.Load()
		if tc.refusal == "" {
			if err != nil || got.BestStreak != 4 || !got.Results["mate2"].Solved {
				t.Errorf("%s: %v, %+v", tc.name, err, got)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.refusal) || !strings.Contains(err.Error(), "kept as") {
			t.Errorf("%s: error %v, want it to say %q and where the file is kept", tc.name, err, tc.refusal)
			continue
		}
		if err := ps.Save(got); err != nil {
			t.Fatal(err)
		}
		asides, _ := filepath.Glob(filepath.Join(dir, "puzzles.corrupt-*.json"))
		if len(asides) != 1 {
			t.Fatalf("%s: set aside %v", tc.name, asides)
		}
		if kept, _ := os.ReadFile(asides[0]); string(kept) != tc.data {
			t.Errorf("%s: kept %q", tc.name, kept)
		}
	}
}
