package gui

import (
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// The engine's score is said as the side it favours, whichever side is searching.
func TestScoreTextNamesTheSideAhead(t *testing.T) {
	newTestApp(t)
	cases := []struct {
		info  engine.Info
		mover rules.Color
		want  string
	}{
		{engine.Info{Score: 68}, rules.Red, "Red +68"},
		{engine.Info{Score: 68}, rules.Black, "Black +68"},
		{engine.Info{Score: -68}, rules.Black, "Red +68"},
		{engine.Info{Score: 4}, rules.Black, "level game"},
		{engine.Info{Score: 9990, Mate: 3}, rules.Black, "Black mates in 3"},
		{engine.Info{Score: -9990, Mate: -2}, rules.Black, "Red mates in 2"},
	}
	for _, c := range cases {
		if got := scoreText(c.info, c.mover); got != c.want {
			t.Errorf("score %d mate %d for %v: %q, want %q", c.info.Score, c.info.Mate, c.mover, got, c.want)
		}
	}
}
