package present

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The engine's score is said as the side it favours, whichever side is searching.
func TestScoreTextNamesTheSideAhead(t *testing.T) {
	cases := []struct {
		score, mate int
		mover       rules.Color
		en, zh      string
	}{
		{68, 0, rules.Red, "Red +68", "红方优 68"},
		{68, 0, rules.Black, "Black +68", "黑方优 68"},
		{-68, 0, rules.Black, "Red +68", "红方优 68"},
		{4, 0, rules.Black, "level game", "均势"},
		{-9, 0, rules.Red, "level game", "均势"},
		{9990, 3, rules.Black, "Black mates in 3", "黑方3步杀"},
		{-9990, -2, rules.Black, "Red mates in 2", "红方2步杀"},
	}
	for _, c := range cases {
		sayBoth(t, fmt.Sprintf("score %d mate %d for %v", c.score, c.mate, c.mover),
			func(tr Translate) string { return ScoreText(tr, c.score, c.mate, c.mover) }, c.en, c.zh)
	}
}

func TestStatusText(t *testing.T) {
	cases := []struct {
		name   string
		s      Status
		en, zh string
	}{
		{"to move", Status{ToMove: rules.Red}, "Red to move", "红方走棋"},
		{"your move", Status{ToMove: rules.Black, YourMove: true}, "Your move (Black)", "轮到你走（黑方）"},
		{"thinking", Status{Thinking: true, ToMove: rules.Black}, "Thinking…", "思考中…"},
		{"progress", Status{Thinking: true, Depth: 7, Score: -68, ToMove: rules.Black},
			"Thinking… depth 7, Red +68", "思考中… 深度 7，红方优 68"},
		{"over", Status{Over: "Red wins", ToMove: rules.Black, Thinking: true}, "Game over: Red wins", "对局结束：Red wins"},
		{"engine failed", Status{EngineErr: errors.New("no move"), ToMove: rules.Black},
			"The engine could not move: no move. Let it try again, take back a move, or start a new game.",
			"引擎无法走棋：no move。可以让它重试、悔棋或开始新的一局。"},
		{"check, hint and illegal", Status{ToMove: rules.Red, YourMove: true, Check: true, Hint: "h2e2", Illegal: "blocked"},
			"Check! blocked · Hint: h2e2 · Your move (Red)", "将军！ blocked · 提示：h2e2 · 轮到你走（红方）"},
		{"no hint", Status{ToMove: rules.Red, HintErr: errors.New("busy")},
			"No hint: busy · Red to move", "无法提示：busy · 红方走棋"},
		{"confirming", Status{ToMove: rules.Red, Confirming: "Copied"}, "Copied · Red to move", "Copied · 红方走棋"},
		{"engine waits", Status{ToMove: rules.Red, EngineWaits: true},
			"Red to move · The engine waits: tap Undo to play on", "红方走棋 · 电脑暂停：点悔棋继续"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return StatusText(tr, c.s) }, c.en, c.zh)
	}
}

func TestMoveRowText(t *testing.T) {
	cases := []struct {
		e        game.MoveListEntry
		class    play.MoveClass
		reviewed bool
		want     string
	}{
		{game.MoveListEntry{Number: "1.", Text: "炮二平五"}, play.Best, false, "1. 炮二平五"},
		{game.MoveListEntry{Number: "1...", Text: "h9g7"}, play.Blunder, true, "1... h9g7 ??"},
		{game.MoveListEntry{Number: "2.", Text: "C2=5", Depth: 1, VariationStart: true}, play.Mistake, true, "(2. C2=5 ?"},
		{game.MoveListEntry{Number: "2...", Text: "C8=5", Depth: 1}, play.Inaccuracy, true, "    2... C8=5 ?!"},
		{game.MoveListEntry{Number: "3.", Text: "a0a1", Depth: 2, VariationStart: true}, play.Good, true, "    (3. a0a1"},
	}
	for _, c := range cases {
		if got := MoveRowText(c.e, c.class, c.reviewed); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

func TestClassText(t *testing.T) {
	en, zh := languages(t)
	for c, want := range map[play.MoveClass][2]string{
		play.Best: {"Best move", "最佳着法"}, play.Blunder: {"Blunder", "败着"}, play.Inaccuracy: {"Inaccuracy", "缓着"},
	} {
		if got := [2]string{ClassText(en, c), ClassText(zh, c)}; got != want {
			t.Errorf("class %v: %q, want %q", c, got, want)
		}
	}
}

func TestLibraryRow(t *testing.T) {
	entry := func(e play.LibraryEntry) play.LibraryItem { return play.LibraryItem{LibraryEntry: e} }
	cases := []struct {
		it     play.LibraryItem
		en, zh [3]string
	}{
		{entry(play.LibraryEntry{Human: game.HumanRed, Date: "2026.11.26", Result: "1-0", Plies: 3, Opening: "Central cannon"}),
			[3]string{"You – Engine", "2026.11.26 · Red won · 2 moves", "Central cannon"},
			[3]string{"我 – 电脑", "2026.11.26 · 红胜 · 2回合", "Central cannon"}},
		{entry(play.LibraryEntry{Name: "Final", Human: game.HumanBlack, Black: "Li", Result: "1/2-1/2", Plies: 4}),
			[3]string{"Final · Engine – Li", "Draw · 2 moves", ""},
			[3]string{"Final · 电脑 – Li", "和棋 · 2回合", ""}},
		{entry(play.LibraryEntry{Human: game.HumanBoth, Result: "*", Plies: 1}), // issue 35 item 14: "1 moves"
			[3]string{"Red – Black", "Unfinished · 1 move", ""},
			[3]string{"红方 – 黑方", "未完 · 1回合", ""}},
		{entry(play.LibraryEntry{Human: game.HumanBoth, Result: "*"}),
			[3]string{"Red – Black", "Unfinished · 0 moves", ""},
			[3]string{"红方 – 黑方", "未完 · 0回合", ""}},
		{play.LibraryItem{LibraryEntry: play.LibraryEntry{ID: "g7"}, Err: errors.New("bad file")},
			[3]string{"Damaged: g7", "bad file", ""},
			[3]string{"已损坏：g7", "bad file", ""}},
	}
	for _, c := range cases {
		sayBoth(t, fmt.Sprintf("%+v", c.it), func(tr Translate) [3]string { return LibraryRow(tr, c.it) }, c.en, c.zh)
	}
}

func TestClockText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		90 * time.Minute:                         "1:30:00",
		5 * time.Minute:                          "5:00",
		20 * time.Second:                         "0:20",
		19*time.Second + 950*time.Millisecond:    "0:19.9",
		-time.Second:                             "0:00.0",
		59*time.Minute + 59*time.Second + 999999: "59:59",
	} {
		if got := ClockText(d); got != want {
			t.Errorf("ClockText(%v) = %q, want %q", d, got, want)
		}
	}
	if got := SideClockText("黑方", ClockText(5*time.Minute)); got != "黑方  5:00" {
		t.Errorf("SideClockText: %q", got)
	}
}

func TestTimeControlText(t *testing.T) {
	en, zh := languages(t)
	untimed := match.TimeControl{}
	if got := TimeControlText(en, untimed); got != "No clock" {
		t.Errorf("untimed: %q", got)
	}
	if got := TimeControlText(zh, untimed); got != "不计时" {
		t.Errorf("untimed in Chinese: %q", got)
	}
	for _, tc := range match.TimeControls() {
		if !tc.Timed() || tc.IsByoyomi() {
			continue
		}
		want := [2]string{
			fmt.Sprintf("%v min + %v s", tc.Minutes(), tc.IncrementSeconds()),
			fmt.Sprintf("%v分钟 + %v秒", tc.Minutes(), tc.IncrementSeconds()),
		}
		if got := [2]string{TimeControlText(en, tc), TimeControlText(zh, tc)}; got != want {
			t.Errorf("%+v: %q, want %q", tc, got, want)
		}
	}
}

func TestByoyomiTexts(t *testing.T) {
	for _, c := range []struct {
		text    string
		en, zh  string
		shown   time.Duration
		periods int
		clockEN string
		clockZH string
	}{
		{"0+20b", "Rapid: every move within 20 s", "快棋：每步20秒", 19*time.Second + time.Millisecond, 1, "Byo 20", "读秒 20"},
		{"10+30b", "10 min, then 30 s a move (byo-yomi)", "10分钟 + 30秒读秒", 25 * time.Second, 1, "Byo 25", "读秒 25"},
		{"20+60b", "20 min, then 60 s a move (byo-yomi)", "20分钟 + 60秒读秒", 500 * time.Millisecond, 1, "Byo 1", "读秒 1"},
		{"10+30bx3", "10 min, then 3 × 30 s periods (byo-yomi)", "10分钟 + 3次30秒读秒", 9 * time.Second, 2, "Byo 9 ×2", "读秒 9 ×2"},
	} {
		tc, err := match.ParseTimeControl(c.text)
		if err != nil {
			t.Fatal(err)
		}
		sayBoth(t, c.text, func(tr Translate) string { return TimeControlText(tr, tc) }, c.en, c.zh)
		sayBoth(t, c.text+" clock", func(tr Translate) string { return ByoyomiText(tr, c.shown, c.periods) }, c.clockEN, c.clockZH)
	}
}

func TestAnalysisTexts(t *testing.T) {
	for _, c := range []struct {
		score, mate int
		want        string
	}{{68, 0, "+68"}, {-12, 0, "-12"}, {0, 0, "+0"}, {9990, 3, "M3"}, {-9990, -3, "-M3"}} {
		if got := RedScoreText(c.score, c.mate); got != c.want {
			t.Errorf("RedScoreText(%d, %d) = %q, want %q", c.score, c.mate, got, c.want)
		}
	}
	if s, m := RedView(50, 2, rules.Black); s != -50 || m != -2 {
		t.Errorf("RedView for Black: %d %d", s, m)
	}
	if s, m := RedView(50, 2, rules.Red); s != 50 || m != 2 {
		t.Errorf("RedView for Red: %d %d", s, m)
	}
	for nps, want := range map[uint64]string{850_000: "850 k", 1_230_000: "1.2 M", 999: "0 k"} {
		if got := SpeedText(nps); got != want {
			t.Errorf("SpeedText(%d) = %q, want %q", nps, got, want)
		}
	}
	if RedShare(0, 0) != 0.5 || RedShare(0, 1) != 1 || RedShare(0, -1) != 0 || RedShare(300, 0) <= 0.75 {
		t.Errorf("RedShare: %v %v %v %v", RedShare(0, 0), RedShare(0, 1), RedShare(0, -1), RedShare(300, 0))
	}
}

func TestLineText(t *testing.T) {
	pos := rules.NewPosition()
	h2e2, _ := rules.ParseMove("h2e2")
	h9g7, _ := rules.ParseMove("h9g7")
	bad, _ := rules.ParseMove("a0a5")
	line := []rules.Move{h2e2, h9g7, bad, h2e2}
	if got := LineText(pos, line, game.ICCS, 10); got != "h2e2 h9g7" {
		t.Errorf("stops at the illegal move: %q", got)
	}
	if got := LineText(pos, line, game.Chinese, 1); got != "炮二平五" {
		t.Errorf("limit 1: %q", got)
	}
	if pos.FEN() != rules.NewPosition().FEN() {
		t.Error("LineText moved the position it was given")
	}
}

func TestResultTexts(t *testing.T) {
	en, zh := languages(t)
	for pgn, want := range map[string][2]string{
		"1-0": {"Red won", "红胜"}, "0-1": {"Black won", "黑胜"}, "1/2-1/2": {"Draw", "和棋"}, "": {"Unfinished", "未完"},
	} {
		if got := [2]string{ResultName(en, pgn), ResultName(zh, pgn)}; got != want {
			t.Errorf("%q: %q, want %q", pgn, got, want)
		}
	}
	r := game.Result{Status: game.RedWins, Winner: rules.Red, Reason: game.ReasonCheckmate}
	sayEN, sayZH := newSpeaker(t, play.English).say, newSpeaker(t, play.Chinese).say
	if got := GameOverText(sayEN, r, game.Verdict{}, false); got != sayEN(r.Message()) || got == "" {
		t.Errorf("English result: %q", got)
	}
	if got := GameOverText(sayZH, r, game.Verdict{}, false); got != sayZH(r.Message()) || got == sayEN(r.Message()) {
		t.Errorf("Chinese result: %q", got)
	}
	why := game.Verdict{Loser: rules.Red, Violation: rules.PerpetualCheck, TargetPiece: rules.NoPiece}
	if got := GameOverText(sayZH, r, why, true); got != sayZH(why.Message()) || got == sayZH(r.Message()) {
		t.Errorf("a loss by repetition says the verdict, not the result: %q", got)
	}
}

// The main line is shown in numbered pairs, Red's move and Black's reply on one line; a
// variation goes on its own indented lines, and the main line resumes with "N..." when it
// broke between a pair.
func TestMoveLinesPairTheMainLine(t *testing.T) {
	e := func(num, text string, depth int, start bool) game.MoveListEntry {
		return game.MoveListEntry{Number: num, Text: text, Depth: depth, VariationStart: start}
	}
	entries := []game.MoveListEntry{
		e("1.", "炮二平五", 0, false), e("1...", "马８进７", 0, false),
		e("2.", "马二进三", 0, false),
		e("2.", "兵七进一", 1, true), e("2...", "卒７进１", 1, false), e("3.", "马八进七", 1, false),
		e("2...", "车９平８", 0, false),
		e("3.", "车一平二", 0, false), e("3...", "马２进３", 0, false),
	}
	texts := make([]string, len(entries))
	for i, x := range entries {
		texts[i] = x.Text
	}
	var got []string
	for _, l := range MoveLines(entries) {
		got = append(got, l.Text(texts))
	}
	want := []string{
		"1. 炮二平五 马８进７",
		"2. 马二进三",
		"    (2. 兵七进一 卒７进１",
		"    3. 马八进七)",
		"2... 车９平８",
		"3. 车一平二 马２进３",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Every variation is closed at its last move, nested ones and siblings too, in WXF as
	// in Chinese notation (issue 35 item 6: "(6. 车二进三 马７退８" was never closed).
	entries = []game.MoveListEntry{
		e("1.", "C2=5", 0, false),
		e("1.", "H2+3", 1, true), e("1...", "H8+7", 1, false),
		e("1...", "C8=5", 2, true),
		e("1.", "P7+1", 1, true),
		e("1...", "H8+7", 0, false),
		e("2.", "H2+3", 0, false), e("2...", "R9=8", 0, false),
		e("2...", "P7+1", 1, true), e("3.", "R1=2", 1, false),
		e("3.", "R9=8", 2, true), e("3...", "C2=1", 2, false),
	}
	texts = make([]string, len(entries))
	for i, x := range entries {
		texts[i] = x.Text
	}
	got = nil
	for _, l := range MoveLines(entries) {
		got = append(got, l.Text(texts))
	}
	want = []string{
		"1. C2=5",
		"    (1. H2+3 H8+7",
		"        (1... C8=5))",
		"    (1. P7+1)",
		"1... H8+7",
		"2. H2+3 R9=8",
		"    (2... P7+1",
		"    3. R1=2",
		"        (3. R9=8 C2=1))",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A game from a position with Black to move starts "1... ".
	if l := MoveLines([]game.MoveListEntry{e("1...", "h9g7", 0, false), e("2.", "h2e2", 0, false)}); len(l) != 2 || l[0].Text([]string{"h9g7", "x"}) != "1... h9g7" {
		t.Fatalf("Black first: %+v", l)
	}
}

// The chart is to scale up to 20 pawns either way, clamps larger scores at the scale's
// edge, and puts mates, and a mated side, on the mate rows above and below, labelled.
func TestCurveLevels(t *testing.T) {
	for _, c := range []struct {
		p    play.CurvePoint
		want float32
	}{
		{play.CurvePoint{Score: 0}, 0},
		{play.CurvePoint{Score: 100}, 0.35},  // ten pawns
		{play.CurvePoint{Score: -200}, -0.7}, // twenty pawns: the scale's edge
		{play.CurvePoint{Score: 3000}, 0.7},  // beyond the scale
		{play.CurvePoint{Score: -9000}, -0.7},
		{play.CurvePoint{Score: 9999, Mate: 1}, 1},
		{play.CurvePoint{Score: -9997, Mate: -2}, -1},
		{play.CurvePoint{Score: 10000, Over: true}, 1}, // Black is mated
		{play.CurvePoint{Score: -10000, Over: true}, -1},
	} {
		if got := CurveLevel(c.p); got < c.want-1e-6 || got > c.want+1e-6 {
			t.Errorf("CurveLevel(%+v) = %v, want %v", c.p, got, c.want)
		}
	}
	var labels []string
	for _, tick := range CurveTicks() {
		labels = append(labels, fmt.Sprintf("%s@%.2f", tick.Label, tick.Level))
	}
	if got := fmt.Sprint(labels); got != "[M@1.00 +20@0.70 +10@0.35 0@0.00 -10@-0.35 -20@-0.70 M@-1.00]" {
		t.Errorf("ticks %s", got)
	}
}
