package gui

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// idbLikeRepo is an in-memory repository whose readers behave like Fyne's IndexedDB
// repository in a browser (fyne v2.7.1 internal/repository/indexdb_file_wasm.go): every
// Read copies the file from its start and returns io.EOF at once.
type idbLikeRepo struct{ files map[string][]byte }

type idbLikeFile struct {
	r    *idbLikeRepo
	u    fyne.URI
	data []byte
}

func (f *idbLikeFile) Read(p []byte) (int, error) { return copy(p, f.r.files[f.u.Path()]), io.EOF }
func (f *idbLikeFile) Write(p []byte) (int, error) {
	f.data = append(f.data, p...)
	f.r.files[f.u.Path()] = append([]byte(nil), f.data...)
	return len(p), nil
}
func (f *idbLikeFile) Close() error  { return nil }
func (f *idbLikeFile) URI() fyne.URI { return f.u }

func (r *idbLikeRepo) Exists(u fyne.URI) (bool, error) { _, ok := r.files[u.Path()]; return ok, nil }
func (r *idbLikeRepo) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	if _, ok := r.files[u.Path()]; !ok {
		return nil, os.ErrNotExist
	}
	return &idbLikeFile{r: r, u: u}, nil
}
func (r *idbLikeRepo) CanRead(u fyne.URI) (bool, error) { return r.Exists(u) }
func (r *idbLikeRepo) Destroy(string)                   {}
func (r *idbLikeRepo) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	r.files[u.Path()] = nil
	return &idbLikeFile{r: r, u: u}, nil
}
func (r *idbLikeRepo) CanWrite(fyne.URI) (bool, error)     { return true, nil }
func (r *idbLikeRepo) Delete(u fyne.URI) error             { delete(r.files, u.Path()); return nil }
func (r *idbLikeRepo) Parent(u fyne.URI) (fyne.URI, error) { return repository.GenericParent(u) }
func (r *idbLikeRepo) Child(u fyne.URI, c string) (fyne.URI, error) {
	return repository.GenericChild(u, c)
}
func (r *idbLikeRepo) Move(src, dst fyne.URI) error { return repository.GenericMove(src, dst) }

// browserLikeRoot registers a fresh browser-like repository and returns its root.
func browserLikeRoot(t *testing.T) fyne.URI {
	t.Helper()
	newTestApp(t)
	repository.Register("idblike", &idbLikeRepo{files: map[string][]byte{}})
	root, err := storage.ParseURI("idblike:///fyne/")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// A save longer than 512 bytes must come back whole from browser-like storage, and the
// backup must be the whole previous save.
func TestURIStoreReadsLongSaveFromBrowserLikeStorage(t *testing.T) {
	root := browserLikeRoot(t)
	s, err := newURIStore(root)
	if err != nil {
		t.Fatal(err)
	}
	moves := []string{"c3c4", "g6g5", "c0e2", "c9e7", "b0d1", "b9d8", "h0g2", "h9g7", "i0i1", "g7f5", "g3g4", "g5g4", "e2g4", "f5d4", "i1f1", "b7b3", "f1f8", "a9a8", "e3e4", "c6c5", "a0c0", "b3b4", "g2f4", "h7h4", "c4c5", "b4e4", "d1f2", "a8b8", "b2d2", "d8c6", "f8f6", "c6e5", "f4g2", "b8b3", "e0e1", "b3e3", "e1f1", "e3i3", "g4i2", "e4e0"}
	for n := 1; n <= len(moves); n++ {
		if err := s.Save(playedGame(t, moves[:n]...), play.DefaultSettings(play.English)); err != nil {
			t.Fatal(err)
		}
	}
	restarted, err := newURIStore(root)
	if err != nil {
		t.Fatal(err)
	}
	g, err := restarted.Load()
	if err != nil {
		t.Fatalf("load after %d plies: %v", len(moves), err)
	}
	if got := len(g.Moves()); got != len(moves) {
		t.Fatalf("restored %d plies, want %d", got, len(moves))
	}
	f := &uriFS{root: root}
	bak, err := f.ReadFile("game.bak.json")
	if want, _ := f.ReadFile("game.json"); err != nil || len(bak) <= 512 || len(want) <= len(bak) {
		t.Fatalf("backup %d bytes (%v), want the whole previous save", len(bak), err)
	}
}

// Files far larger than the first read buffer survive write and rename whole, and a file
// over the save size limit is refused.
func TestURIFSKeepsLargeFilesWhole(t *testing.T) {
	f := &uriFS{root: browserLikeRoot(t)}
	data := bytes.Repeat([]byte("0123456789abcdef"), 10000) // 160 KB
	if err := f.WriteFile("a.json", data); err != nil {
		t.Fatal(err)
	}
	if err := f.Rename("a.json", "b.json"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ReadFile("a.json"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("rename left the source behind: %v", err)
	}
	got, err := f.ReadFile("b.json")
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes (%v), want %d", len(got), err, len(data))
	}
	if err := f.WriteFile("huge.json", make([]byte, play.MaxSaveBytes+1)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ReadFile("huge.json"); err == nil {
		t.Fatal("a file over the size bound was read without an error")
	}
}

func playedGame(t *testing.T, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
