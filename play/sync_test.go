package play

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/puzzle"
)

// memProgress is a ProgressKeeper in memory.
type memProgress struct{ pr *puzzle.Progress }

func (m *memProgress) Progress() *puzzle.Progress           { return m.pr }
func (m *memProgress) SetProgress(p *puzzle.Progress) error { m.pr = p; return nil }

func openTestSync(t testing.TB, fs FS) (*Sync, *Library, *memProgress) {
	l, err := OpenLibrary(fs)
	if err != nil {
		t.Fatal(err)
	}
	pr := &memProgress{puzzle.NewProgress()}
	s, err := OpenSync(SyncConfig{FS: fs, Account: "test/1", Library: l, Progress: pr,
		Now: func() time.Time { return time.Unix(1000, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, l, pr
}

// TestSyncPassesOverWhatItCannotRead: a pulled item that is not this app's (bad JSON, a
// record whose hash is not its key, an unknown kind) changes nothing here and sends no
// deletion of it; a value here under such a key goes over it.
func TestSyncPassesOverWhatItCannotRead(t *testing.T) {
	fs := newMemFS()
	s, l, _ := openTestSync(t, fs)
	items := []SyncItem{
		{Kind: syncKindGame, Key: "00", Version: 1, Data: "not json"},
		{Kind: syncKindGame, Key: "0000000000000000000000000000000000000000000000000000000000000000", Version: 2,
			Data: `{"at":1,"v":{"record":"{}"}}`},
		{Kind: "future-kind", Key: "x", Version: 3, Data: "{}"},
		{Kind: syncKindPuzzle, Key: "p1", Version: 4, Data: `{"at":1,"v":{"result":{"solved":true,"attempts":-4}}}`},
	}
	if err := s.Pulled(items, 4); err == nil {
		t.Fatal("no error for the unreadable items")
	}
	if len(l.List()) != 0 || s.Cursor() != 4 {
		t.Fatalf("library %v, cursor %d", l.List(), s.Cursor())
	}
	if err := s.Note(); err != nil {
		t.Fatal(err)
	}
	// Only the new player's numbers wait, as of time 0 (never synced: the account's win).
	if p, ok := s.state.Outbox[syncID(syncKindPlayer, playerKey)]; s.Waiting() != 1 || !ok || p.At != 0 {
		t.Fatalf("%d changes to push after unreadable items: %v", s.Waiting(), s.state.Outbox)
	}
	// The state survives the app.
	again, _, _ := openTestSync(t, fs)
	if again.Cursor() != 4 {
		t.Fatalf("cursor %d after reopening", again.Cursor())
	}
}

// TestSyncChangeDuringPush: a change made while its earlier value is being pushed is
// pushed again after the answer.
func TestSyncChangeDuringPush(t *testing.T) {
	s, _, pr := openTestSync(t, newMemFS())
	pr.pr.AwardStars("p1", 1)
	if err := s.Note(); err != nil {
		t.Fatal(err)
	}
	sent, err := s.Pending(100, 1<<20, 1<<20)
	if err != nil || len(sent) != 2 { // the puzzle and the player
		t.Fatalf("%v %v", sent, err)
	}
	pr.pr.AwardStars("p1", 3)
	if err := s.Note(); err != nil {
		t.Fatal(err)
	}
	var accepted []SyncItem
	for i, it := range sent {
		accepted = append(accepted, SyncItem{Kind: it.Kind, Key: it.Key, Version: int64(i + 1)})
	}
	if err := s.Pushed(accepted, nil); err != nil {
		t.Fatal(err)
	}
	next, err := s.Pending(100, 1<<20, 1<<20)
	if err != nil || len(next) != 1 || next[0].Key != "p1" || next[0].Version == 0 {
		t.Fatalf("after the answer: %+v %v", next, err)
	}
	var env syncEnvelope
	var v puzzleValue
	if json.Unmarshal([]byte(next[0].Data), &env) != nil || json.Unmarshal(env.V, &v) != nil || v.Stars != 3 {
		t.Fatalf("pushed %s", next[0].Data)
	}
}

func TestSyncFileMarker(t *testing.T) {
	for _, data := range []string{`{}`, `{"format":"xiangqi-library","version":1}`, `{"format":"xiangqi-sync","version":9}`,
		`{"format":"xiangqi-sync","version":1,"cursor":-1}`, `[]`} {
		if _, err := decodeSyncFile([]byte(data)); err == nil {
			t.Errorf("%s read as a sync state", data)
		}
	}
}

// FuzzSyncPulled: whatever a page holds, applying it neither panics nor leaves the state
// unreadable.
func FuzzSyncPulled(f *testing.F) {
	f.Add("puzzle", "p1", int64(3), false, `{"at":5,"v":{"result":{"solved":true,"attempts":1},"stars":2}}`)
	f.Add("puzzle-player", "player", int64(4), false, `{"at":5,"v":{"player":{"rating":1300,"rd":80,"vol":0.06},"days":["2026-01-01"]}}`)
	f.Add("setting", "notation", int64(5), false, `{"at":5,"v":"wxf"}`)
	f.Add("game", "ab", int64(6), true, `{"at":5}`)
	f.Fuzz(func(t *testing.T, kind, key string, version int64, deleted bool, data string) {
		fs := newMemFS()
		s, _, _ := openTestSync(t, fs)
		s.Pulled([]SyncItem{{Kind: kind, Key: key, Version: version, Deleted: deleted, Data: data}}, max(version, 0))
		if err := s.Note(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Pending(100, 1<<20, 1<<20); err != nil {
			t.Fatal(err)
		}
		if _, err := OpenSync(SyncConfig{FS: fs, Account: "test/1"}); err != nil {
			t.Fatalf("the state after a page: %v", err)
		}
	})
}

func FuzzDecodeSyncFile(f *testing.F) {
	f.Add([]byte(`{"format":"xiangqi-sync","version":1,"account":"a","cursor":3,"seen":{"game/x":{"v":2,"d":"ab"}},"outbox":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := decodeSyncFile(data)
		if err == nil && (st.Seen == nil || st.Outbox == nil || st.Cursor < 0) {
			t.Fatalf("%+v", st)
		}
	})
}

// TestSyncOldFiles: a save written at 9fe8ef3 and a puzzle progress of the format without
// a marker sync as they are: their settings and results are items to push, and noting
// and reading them rewrites neither file.
func TestSyncOldFiles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(oldSaves, "line-engine.json"))
	if err != nil {
		t.Fatal(err)
	}
	fs := newMemFS()
	fs.files[saveName] = data
	legacy := []byte(`{"player":{"rating":1432,"rd":120,"vol":0.06},"results":{"gp01-021":{"solved":true,"attempts":2}},"streak":1,"best_streak":3}`)
	fs.files[puzzleSaveName] = legacy
	sess, _ := clockSession(t, fs, matchtest.NewFakeTime(), nil)
	defer sess.Close()
	sy, err := OpenSync(SyncConfig{FS: fs, Account: "test/old", Progress: StoredProgress(NewPuzzleStore(fs)), Settings: sess})
	if err != nil {
		t.Fatal(err)
	}
	if err := sy.Note(); err != nil {
		t.Fatal(err)
	}
	items, err := sy.Pending(100, 1<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, it := range items {
		var env syncEnvelope
		if err := json.Unmarshal([]byte(it.Data), &env); err != nil {
			t.Fatal(err)
		}
		got[it.Kind+"/"+it.Key] = string(env.V)
	}
	if got["setting/notation"] != `"wxf"` || got["setting/seconds"] != `"0.05"` ||
		got["puzzle/gp01-021"] != `{"result":{"solved":true,"attempts":2}}` || !strings.Contains(got["puzzle-player/player"], `"rating":1432`) {
		t.Fatalf("items of the old files: %v", got)
	}
	if !bytes.Equal(fs.files[puzzleSaveName], legacy) || !bytes.Equal(fs.files[saveName], data) {
		t.Fatal("noting the changes rewrote an old file")
	}
}
