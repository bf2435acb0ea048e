package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"github.com/xqfyne/xiangqi/play"
)

// The library works on browser-like storage, which cannot list a folder: the index lists
// the games, and a deleted game's file goes.
func TestLibraryOnBrowserLikeStorage(t *testing.T) {
	folder, err := storage.Child(browserLikeRoot(t), libraryFolder)
	if err != nil {
		t.Fatal(err)
	}
	fs := &uriFS{root: folder}
	lib, err := play.OpenLibrary(fs)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, moves := range [][]string{{"h2e2", "h9g7"}, {"c3c4"}} {
		e, err := lib.Add(playedGame(t, moves...).Record(), play.Players{})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	if err := lib.Delete(ids[0]); err != nil {
		t.Fatal(err)
	}
	reopened, err := play.OpenLibrary(&uriFS{root: folder})
	if err != nil {
		t.Fatal(err)
	}
	items := reopened.List()
	if len(items) != 1 || items[0].ID != ids[1] || items[0].Err != nil || items[0].Plies != 1 {
		t.Fatalf("after reopening: %+v", items)
	}
	if ok, _ := storage.Exists(mustChild(t, folder, "game-"+ids[0]+".json")); ok {
		t.Error("the deleted game's file is still in the browser's storage")
	}
}

func mustChild(t *testing.T, dir fyne.URI, name string) fyne.URI {
	t.Helper()
	u, err := storage.Child(dir, name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
