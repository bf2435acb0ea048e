package match

import (
	"testing"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

func mv(t testing.TB, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func playedGame(t testing.TB, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
