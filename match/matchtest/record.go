package matchtest

import (
	"testing"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Move reads an ICCS move ("h2e2"), failing the test on bad text.
func Move(t testing.TB, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// PlayedGame is a game from the start position with moves played, failing the test on an
// illegal one.
func PlayedGame(t testing.TB, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(Move(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
