package present

import (
	"fmt"
	"testing"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// The bar beside the clocks names who plays each side: you and the engine at its level,
// two players, a file's players, or the engine on both sides.
func TestPlayerNames(t *testing.T) {
	file := game.Metadata{Red: "柳大华", Black: "吕  钦"}
	cases := []struct {
		human   game.HumanSide
		seconds float64
		meta    game.Metadata
		en, zh  [2]string
	}{
		{game.HumanRed, 1.5, game.Metadata{}, [2]string{"Red · You", "Black · Engine, Amateur 3"}, [2]string{"红方 · 你", "黑方 · 电脑 业余3级"}},
		{game.HumanBlack, 2.5, file, [2]string{"Red · Engine, Custom (2.5 s)", "Black · You"}, [2]string{"红方 · 电脑 自定义（2.5 秒）", "黑方 · 你"}},
		{game.HumanBoth, 1, game.Metadata{}, [2]string{"Red · Player 1", "Black · Player 2"}, [2]string{"红方 · 棋手一", "黑方 · 棋手二"}},
		{game.HumanBoth, 1, file, [2]string{"Red · 柳大华", "Black · 吕 钦"}, [2]string{"红方 · 柳大华", "黑方 · 吕 钦"}},
		{game.HumanNone, 0.1, game.Metadata{}, [2]string{"Red · Engine, Beginner", "Black · Engine, Beginner"}, [2]string{"红方 · 电脑 入门", "黑方 · 电脑 入门"}},
	}
	for _, c := range cases {
		sayBoth(t, fmt.Sprintf("%v %v %+v", c.human, c.seconds, c.meta),
			func(tr Translate) [2]string { return PlayerNames(tr, c.human, c.seconds, c.meta) }, c.en, c.zh)
	}
}

// The game's header line names its title, event, place, date and recorded result,
// leaving out what the file does not say.
func TestGameHeader(t *testing.T) {
	en, zh := languages(t)
	meta := game.Metadata{Title: "仙人指路对起马局", Event: "\"中立杯\"象棋电视快棋赛", Site: "北京", Date: "1997年11月16日", Red: "柳大华"}
	won := game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonRecorded}
	if got, want := GameHeader(en, meta, won), "仙人指路对起马局 · \"中立杯\"象棋电视快棋赛 · 北京 · 1997年11月16日 · Black won"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	if got, want := GameHeader(zh, game.Metadata{Event: "全国赛", Date: "2001.05.??"}, game.Result{}), "全国赛 · 2001.05.??"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	if got := GameHeader(en, game.Metadata{Date: "2026.11.26"}, game.Result{}); got != "" {
		t.Errorf("a game of the app's own with only its date has header %q, want none", got)
	}
}
