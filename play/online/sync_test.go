package online

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// syncClock is the devices' clock of their changes (last writer wins by it).
type syncClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *syncClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *syncClock) step(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// device is one app's things on its own storage and UI goroutine: the library, the
// puzzle progress file, a session's settings, and their sync with the server.
type device struct {
	t       *testing.T
	dir     string
	ui      chan func()
	lib     *play.Library
	puzzles *play.PuzzleStore
	sess    *play.Session
	state   *play.Sync
	syncer  *Syncer
	ended   chan error
}

func newDevice(t *testing.T, dir, server, token string, clock *syncClock) *device {
	t.Helper()
	d := &device{t: t, dir: dir, ui: make(chan func(), 256), ended: make(chan error, 16)}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-d.ui:
				f()
			case <-stop:
				return
			}
		}
	}()
	t.Cleanup(func() { close(stop) })
	st, err := play.NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	d.do(func() {
		if d.lib, err = play.OpenLibrary(play.DirFS(dir)); err != nil {
			return
		}
		d.puzzles = st.Puzzles()
		d.sess, err = play.NewSession(play.Config{Store: st, Post: func(f func()) { d.ui <- f },
			Searcher: engine.NewSearcher(engine.Options{HashMB: 1, Threads: 1}), Language: play.Chinese})
		if err != nil && !errors.Is(err, play.ErrNoSave) {
			return
		}
		err = nil
		d.state, err = play.OpenSync(play.SyncConfig{FS: play.DirFS(dir), Account: "test/alice", Library: d.lib,
			Progress: play.StoredProgress(d.puzzles), Settings: d.sess, Now: clock.now})
		if err != nil {
			return
		}
		d.syncer, err = NewSyncer(SyncConfig{Sync: d.state, Server: server, Token: token, Post: func(f func()) { d.ui <- f },
			Timeout: 10 * time.Second, Changed: func() {
				if !d.syncer.Running() {
					d.ended <- d.syncer.Err()
				}
			}})
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (d *device) do(f func()) {
	done := make(chan struct{})
	d.ui <- func() { f(); close(done) }
	<-done
}

// sync runs one sync to its end and returns its error.
func (d *device) sync() error {
	d.t.Helper()
	d.do(d.syncer.Now)
	select {
	case err := <-d.ended:
		return err
	case <-time.After(30 * time.Second):
		d.t.Fatal("the sync did not end")
		return nil
	}
}

func (d *device) mustSync() {
	d.t.Helper()
	if err := d.sync(); err != nil {
		d.t.Fatal(err)
	}
}

// games lists the library's games by their file's hash, with their names.
func (d *device) games() map[string]string {
	out := map[string]string{}
	d.do(func() {
		for _, it := range d.lib.List() {
			out[it.Hash] = it.Name
		}
	})
	return out
}

func (d *device) progress() *puzzle.Progress {
	pr, err := d.puzzles.Load()
	if err != nil {
		d.t.Fatal(err)
	}
	return pr
}

func (d *device) setSettings(f func(*play.Settings)) {
	d.t.Helper()
	var err error
	d.do(func() {
		set := d.sess.Settings()
		f(&set)
		err = d.sess.ApplySettings(set)
	})
	if err != nil {
		d.t.Fatal(err)
	}
}

func (d *device) settings() (set play.Settings) {
	d.do(func() { set = d.sess.Settings() })
	return set
}

func (d *device) file(pgn string) play.LibraryEntry {
	d.t.Helper()
	r, err := game.ImportPGNRecord(strings.NewReader(pgn))
	if err != nil {
		d.t.Fatal(err)
	}
	var e play.LibraryEntry
	d.do(func() { e, err = d.lib.Add(r, play.Players{Human: game.HumanRed, Seconds: 1}) })
	if err != nil {
		d.t.Fatal(err)
	}
	return e
}

func (d *device) attempt(id string, solved bool, stars int) {
	d.t.Helper()
	pr := d.progress()
	pr.Record(&puzzle.Puzzle{ID: id, Rating: 1500}, solved)
	pr.AwardStars(id, stars)
	if err := d.puzzles.Save(pr); err != nil {
		d.t.Fatal(err)
	}
}

// registered makes a registered account and returns two sessions of it: one per device.
func registered(t *testing.T, server, name string) (tokenA, tokenB string) {
	t.Helper()
	ctx := context.Background()
	s, err := client.Guest(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Register(ctx, server, s.Token, name, "a long password"); err != nil {
		t.Fatal(err)
	}
	b, err := client.Login(ctx, server, name, "a long password")
	if err != nil {
		t.Fatal(err)
	}
	return s.Token, b.Token
}

const (
	syncPGN1 = "[Red \"甲\"]\n[Black \"乙\"]\n[Date \"2026.11.20\"]\n1. 炮二平五 马８进７ 2. 马二进三 1-0\n"
	syncPGN2 = "[Red \"丙\"]\n[Black \"丁\"]\n[Date \"2026.11.21\"]\n1. 相三进五 卒７进１ 0-1\n"
	syncPGN3 = "[Red \"戊\"]\n[Black \"己\"]\n[Date \"2026.11.22\"]\n1. 兵七进一 1/2-1/2\n"
)

// copyDir copies the files of a folder (an old library from testdata) into dir.
func copyDir(t *testing.T, from, dir string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSyncAcrossTwoDevices: a game filed on A shows on B, puzzle progress made on B
// shows on A, a setting changed on A shows on B; then B, offline, changes things A
// changes too, and once B is back both hold the same: the later change of a setting or
// a game's name, the merge of a puzzle's results, a game deleted on A gone from B.
func TestSyncAcrossTwoDevices(t *testing.T) {
	srv := startServerWith(t, hub.Config{Grace: time.Hour, Sync: hub.SyncLimits{Push: store.Limit{Rate: 100, Burst: 100}}})
	tokenA, tokenB := registered(t, srv.url, "alice")
	clock := &syncClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	dirA := t.TempDir()
	copyDir(t, "../testdata/saves-9fe8ef3/library", dirA) // a library of an older version
	a := newDevice(t, dirA, srv.url, tokenA, clock)
	b := newDevice(t, t.TempDir(), srv.url, tokenB, clock)
	old := a.games()
	if len(old) != 1 {
		t.Fatalf("the old library lists %v", old)
	}

	g1 := a.file(syncPGN1)
	a.mustSync()
	b.mustSync()
	if got := b.games(); got[g1.Hash] != g1.Name || len(got) != 2 {
		t.Fatalf("B's library after the sync: %v, want A's %v", got, a.games())
	}

	b.attempt("gp01-021", true, 3)
	b.mustSync()
	a.mustSync()
	if r := a.progress().Results["gp01-021"]; !r.Solved || a.progress().Stars["gp01-021"] != 3 {
		t.Fatalf("A's progress of the puzzle solved on B: %+v, %d stars", r, a.progress().Stars["gp01-021"])
	}
	if a.progress().Player != b.progress().Player {
		t.Fatalf("the puzzle rating: A %+v, B %+v", a.progress().Player, b.progress().Player)
	}

	a.setSettings(func(s *play.Settings) { s.Notation = game.ICCS })
	a.mustSync()
	b.mustSync()
	if got := b.settings().Notation; got != game.ICCS {
		t.Fatalf("B's notation %v, want A's ICCS", got)
	}

	// B goes offline: its sync fails and its changes wait.
	g2 := a.file(syncPGN2)
	a.mustSync()
	b.mustSync() // B holds g2 too
	b.do(func() { b.syncer.cfg.Server = "http://127.0.0.1:1" })
	clock.step(time.Minute)
	b.setSettings(func(s *play.Settings) { s.Notation = game.WXF; s.Sound = false })
	b.attempt("gp01-022", true, 2)
	g3 := b.file(syncPGN3)
	b.do(func() { b.lib.Rename(findID(b, g1.Hash), "B's name") })
	if err := b.sync(); err == nil {
		t.Fatal("a sync with the server away succeeded")
	}
	if n := b.state.Waiting(); n == 0 {
		t.Fatal("no changes wait on B")
	}
	// Meanwhile A, later: the same setting, puzzle and game's name (A's are the later
	// changes); and A deletes g2.
	clock.step(time.Minute)
	a.setSettings(func(s *play.Settings) { s.Notation = game.Chinese })
	a.attempt("gp01-022", false, 0)
	a.attempt("gp01-022", false, 0)
	a.attempt("gp01-022", false, 0)
	a.do(func() { a.lib.Rename(findID(a, g1.Hash), "A's name") })
	a.do(func() { a.lib.Delete(findID(a, g2.Hash)) })
	a.mustSync()

	b.do(func() { b.syncer.cfg.Server = srv.url })
	b.mustSync()
	a.mustSync()
	for _, d := range []*device{a, b} {
		set := d.settings()
		if set.Notation != game.Chinese || set.Sound {
			t.Errorf("settings: notation %v (A's later Chinese), sound %v (B's false)", set.Notation, set.Sound)
		}
		r, stars := d.progress().Results["gp01-022"], d.progress().Stars["gp01-022"]
		if !r.Solved || r.Attempts != 3 || stars != 2 {
			t.Errorf("the puzzle tried on both: %+v with %d stars, want solved (B), 3 attempts (A), 2 stars (B)", r, stars)
		}
		games := d.games()
		if games[g1.Hash] != "A's name" || games[g3.Hash] != g3.Name {
			t.Errorf("games %v: g1 named by A (the later), g3 filed by B", games)
		}
		if _, ok := games[g2.Hash]; ok {
			t.Errorf("g2, deleted on A, is still listed: %v", games)
		}
	}
	if ga, gb := a.games(), b.games(); len(ga) != len(gb) || len(ga) != 3 {
		t.Fatalf("the libraries differ: A %v, B %v", ga, gb)
	}
	if a.state.Waiting() != 0 || b.state.Waiting() != 0 {
		t.Fatalf("changes still wait: A %d, B %d", a.state.Waiting(), b.state.Waiting())
	}

	// The files are as the app wrote them before sync: the same format markers.
	for name, marker := range map[string]string{"library.json": `"xiangqi-library"`, "puzzles.json": `"xiangqi-puzzles"`} {
		data, err := os.ReadFile(filepath.Join(b.dir, name))
		if err != nil || !strings.Contains(string(data), marker) {
			t.Fatalf("%s: %v, marker %s missing", name, err, marker)
		}
	}

	// Signing out keeps the local copy: the token is retired, the sync refused, and the
	// library, progress and settings stay; signing in again syncs on, with no game twice.
	if err := client.Logout(context.Background(), srv.url, tokenB); err != nil {
		t.Fatal(err)
	}
	if err := b.sync(); err == nil {
		t.Fatal("a sync with a retired token succeeded")
	}
	again := newDevice(t, b.dir, srv.url, tokenA, clock)
	if got := again.games(); len(got) != 3 || got[g1.Hash] != "A's name" {
		t.Fatalf("after signing out B's library holds %v", got)
	}
	if again.settings().Notation != game.Chinese || !again.progress().Results["gp01-022"].Solved {
		t.Fatal("after signing out B's settings or progress are gone")
	}
	again.mustSync()
	if got := again.games(); len(got) != 3 {
		t.Fatalf("after signing in again B's library holds %v", got)
	}

	// A new device, with its default settings and a new player's rating, takes the
	// account's rather than pushing its own over them.
	clock.step(time.Minute)
	player := a.progress().Player
	c := newDevice(t, t.TempDir(), srv.url, tokenA, clock)
	c.mustSync()
	a.mustSync()
	for name, d := range map[string]*device{"A": a, "C": c} {
		if d.settings().Notation != game.Chinese || d.settings().Sound || d.progress().Player != player || len(d.games()) != 3 {
			t.Errorf("%s after a new device's first sync: notation %v, sound %v, player %+v (want %+v), %d games",
				name, d.settings().Notation, d.settings().Sound, d.progress().Player, player, len(d.games()))
		}
	}
}

func findID(d *device, hash string) string {
	for _, it := range d.lib.List() {
		if it.Hash == hash {
			return it.ID
		}
	}
	d.t.Fatalf("no game %s", hash)
	return ""
}

// TestSyncLimits: an item over its size, more items than an account keeps, a flood of
// pushes and a guest are each refused with a clear error.
func TestSyncLimits(t *testing.T) {
	srv := startServerWith(t, hub.Config{Grace: time.Hour, Sync: hub.SyncLimits{
		Caps: store.SyncCaps{Items: 5, Bytes: 1 << 20}, Push: store.Limit{Rate: 0.001, Burst: 4}}})
	tokenA, _ := registered(t, srv.url, "bob")
	ctx := context.Background()
	push := func(token string, items ...proto.SyncItem) error {
		_, err := client.Sync(ctx, srv.url, token, proto.SyncRequest{Push: items})
		return err
	}
	item := func(key, data string) proto.SyncItem { return proto.SyncItem{Kind: "setting", Key: key, Data: data} }
	code := func(err error) string {
		var e *proto.Error
		if errors.As(err, &e) {
			return e.Code
		}
		return ""
	}
	if err := push(tokenA, item("big", strings.Repeat("x", proto.MaxSyncData+1))); code(err) != proto.CodeTooLarge {
		t.Fatalf("an oversized item: %v", err)
	}
	if err := push(tokenA, item("a", "1"), item("b", "1"), item("c", "1")); err != nil {
		t.Fatal(err)
	}
	err := push(tokenA, item("d", "1"), item("e", "1"), item("f", "1"))
	if code(err) != proto.CodeQuota || !strings.Contains(err.Error(), "at most 5") {
		t.Fatalf("past the items cap: %v", err)
	}
	a, err := client.Sync(ctx, srv.url, tokenA, proto.SyncRequest{})
	if err != nil || len(a.Items) != 3 {
		t.Fatalf("the refused push wrote something: %+v %v", a, err)
	}
	// A stale base is a conflict, not a write.
	a, err = client.Sync(ctx, srv.url, tokenA, proto.SyncRequest{Push: []proto.SyncItem{item("a", "2")}})
	if err != nil || len(a.Conflicts) != 1 || len(a.Accepted) != 0 {
		t.Fatalf("a push over a newer item: %+v %v", a, err)
	}
	flooded := false
	for range 3 {
		if err := push(tokenA, item("a", "3")); code(err) == proto.CodeRateLimited {
			flooded = true
			break
		}
	}
	if !flooded {
		t.Fatal("a flood of pushes was never refused")
	}
	guest, err := client.Guest(ctx, srv.url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Sync(ctx, srv.url, guest.Token, proto.SyncRequest{}); code(err) != proto.CodeAccountsOnly {
		t.Fatalf("a guest's sync: %v", err)
	}
	// And through the app: a guest's sync says so, and its things stay.
	d := newDevice(t, t.TempDir(), srv.url, guest.Token, &syncClock{t: time.Now()})
	d.file(syncPGN1)
	if err := d.sync(); !errors.Is(err, ErrGuestSync) {
		t.Fatalf("the app's sync of a guest: %v", err)
	}
	if len(d.games()) != 1 {
		t.Fatal("a guest's refused sync lost its game")
	}
	if _, err := client.Sync(ctx, srv.url, "no such token", proto.SyncRequest{}); code(err) != proto.CodeUnauthenticated {
		t.Fatalf("an unknown token: %v", err)
	}
}
