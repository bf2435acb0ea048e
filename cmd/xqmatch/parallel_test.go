package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/internal/matchstat"
)

// -nodes2 gives engine 2 its own node count, whichever colour it plays; engine 1 keeps
// the match's -nodes.
func TestEngineTwoSearchesItsOwnNodes(t *testing.T) {
	t.Setenv("XQMATCH_FAKE_MODE", "legal")
	dir := t.TempDir()
	logs := [2]string{filepath.Join(dir, "e1.log"), filepath.Join(dir, "e2.log")}
	fake := func(log string) string {
		return "env XQMATCH_FAKE_ENGINE_LOG=" + log + " " + os.Args[0] + " -test.run=^$"
	}
	starts, err := openingPositions(matchstat.DefaultOpenings[:1])
	if err != nil {
		t.Fatal(err)
	}
	set := settings{lim: limit{nodes: 300}, maxPlies: 8}
	engines := [2]engineSpec{{command: fake(logs[0])}, {command: fake(logs[1]), nodes: 700}}
	games := 0
	if _, err := playGames(engines, protocol(false), 1, 2, starts, set, func(gameResult) bool {
		games++
		return true
	}); err != nil || games != 2 {
		t.Fatalf("%d games, %v", games, err)
	}
	for i, want := range []string{"go nodes 300", "go nodes 700"} {
		b, err := os.ReadFile(logs[i])
		if err != nil {
			t.Fatal(err)
		}
		gos := 0
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "go ") {
				gos++
				if line != want {
					t.Errorf("engine %d got %q, want %q", i+1, line, want)
				}
			}
		}
		if gos == 0 {
			t.Errorf("engine %d was never asked to move", i+1)
		}
	}
}
