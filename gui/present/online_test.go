package present

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The online status line says one of whose move it is, the end, the move on its way,
// the countdown or the position browsed, in that precedence, then the rest run on.
func TestOnlineStatusText(t *testing.T) {
	cases := []struct {
		name   string
		s      OnlineStatus
		en, zh string
	}{
		{"not started", OnlineStatus{MyTurn: true, Draw: OfferedByMe}, "Connecting… · You offered a draw", "正在连接… · 你已提和"},
		{"over", OnlineStatus{Started: true, Over: "Red wins", Sending: true, Away: "away", MyTurn: true},
			"Red wins", "Red wins"},
		{"sending", OnlineStatus{Started: true, Sending: true, Away: "away", Browsing: "shown"},
			"Sending the move…", "正在发送着法…"},
		{"away before browsing", OnlineStatus{Started: true, Away: "away", Browsing: "shown", MyTurn: true}, "away", "away"},
		{"browsing", OnlineStatus{Started: true, Browsing: "shown", MyTurn: true}, "shown", "shown"},
		{"your move", OnlineStatus{Started: true, MyTurn: true}, "Your move", "轮到你走"},
		{"their move", OnlineStatus{Started: true}, "Your opponent's move", "轮到对手走"},
		{"their offers", OnlineStatus{Started: true, Draw: OfferedByOpponent, Takeback: OfferedByOpponent},
			"Your opponent's move · Your opponent offers a draw · Your opponent asks to take a move back",
			"轮到对手走 · 对手提和 · 对手请求悔棋"},
		{"my takeback unsaid", OnlineStatus{Started: true, Takeback: OfferedByMe}, "Your opponent's move", "轮到对手走"},
		{"illegal, reconnecting, error", OnlineStatus{Started: true, MyTurn: true, Illegal: "blocked", Reconnect: 2, Err: "refused"},
			"Your move · blocked · Connection lost; reconnecting (attempt 2)… · refused",
			"轮到你走 · blocked · 连接中断，正在重新连接（第 2 次）… · refused"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return OnlineStatusText(tr, c.s) }, c.en, c.zh)
	}
}

func TestOfferOf(t *testing.T) {
	cases := []struct {
		by   rules.Color
		ok   bool
		me   rules.Color
		want Offer
	}{
		{rules.Red, false, rules.Red, NoOffer},
		{rules.Black, true, rules.Black, OfferedByMe},
		{rules.Red, true, rules.Black, OfferedByOpponent},
	}
	for _, c := range cases {
		if got := OfferOf(c.by, c.ok, c.me); got != c.want {
			t.Errorf("offer by %v (%v) seen by %v: %v, want %v", c.by, c.ok, c.me, got, c.want)
		}
	}
}

// The countdown is in whole seconds (tenths under 20 s, as a clock shows), never below
// zero for the forfeit.
func TestAwayText(t *testing.T) {
	cases := []struct {
		name   string
		a      Away
		en, zh string
	}{
		{"me", Away{Mine: true, ClaimIn: time.Second, ForfeitIn: 95*time.Second + 900*time.Millisecond},
			"You are shown away: you lose in 1:35", "你已断线， 1:35 内不回来即判负"},
		{"opponent", Away{ClaimIn: 20*time.Second + 500*time.Millisecond, ForfeitIn: 2 * time.Minute},
			"Opponent away: claim in 0:20, they lose in 2:00", "对手断线：0:20 后可判定， 2:00 后对手判负"},
		{"claim now", Away{CanClaim: true, ClaimIn: -time.Second, ForfeitIn: -time.Second},
			"Opponent away: claim now (they lose in 0:00.0)", "对手断线：现在可判胜或判和， 0:00.0 后对手判负"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return AwayText(tr, c.a) }, c.en, c.zh)
	}
}

func TestOnlineEndText(t *testing.T) {
	rated := &proto.EndData{Result: "0-1", Reason: "reason.checkmate",
		Red: &proto.RatingChange{Before: 1500.4, After: 1484.6}, Black: &proto.RatingChange{Before: 1490, After: 1505.5}}
	cases := []struct {
		name   string
		e      OnlineEnd
		en, zh string
	}{
		{"result", OnlineEnd{End: &proto.EndData{Result: "1-0", Reason: "reason.checkmate"}, Result: "mate", Player: true},
			"mate", "mate"},
		{"rated, red's change", OnlineEnd{End: rated, Result: "mate", Me: rules.Red, Player: true},
			"mate · Rating 1500 → 1485", "mate · 等级分 1500 → 1485"},
		{"rated, black's change, filed", OnlineEnd{End: rated, Result: "mate", Me: rules.Black, Player: true, Filed: true},
			"mate · Rating 1490 → 1506 · The game is in the library", "mate · 等级分 1490 → 1506 · 本局已存入棋库"},
		{"watched: no change", OnlineEnd{End: rated, Result: "mate", Me: rules.Black}, "mate", "mate"},
		{"abandoned by the one away", OnlineEnd{End: &proto.EndData{Result: "1-0", Reason: "reason.abandoned"},
			Result: "mate", Away: rules.Red, AwayKnown: true},
			"Red left the game and did not come back, and loses", "红方离开对局未归，判负"},
		{"abandoned, away unknown: the loser left", OnlineEnd{End: &proto.EndData{Result: "1-0", Reason: "reason.abandoned"}},
			"Black left the game and did not come back, and loses", "黑方离开对局未归，判负"},
		{"abandoned and drawn", OnlineEnd{End: &proto.EndData{Result: "1/2-1/2", Reason: "reason.abandoned"},
			Away: rules.Black, AwayKnown: true},
			"Draw: Black left the game and a draw was claimed", "和棋：黑方离开对局，对方申请判和"},
		{"drawn, away unknown", OnlineEnd{End: &proto.EndData{Result: "1/2-1/2", Reason: "reason.abandoned"}},
			"Draw: Red left the game and a draw was claimed", "和棋：红方离开对局，对方申请判和"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return OnlineEndText(tr, c.e) }, c.en, c.zh)
	}
}

func TestBrowsingText(t *testing.T) {
	moves := []game.MoveListEntry{{Number: "1.", Text: "C2=5"}, {Number: "1...", Text: "H8+7"}}
	cases := []struct {
		moves  []game.MoveListEntry
		ply    int
		en, zh string
	}{
		{moves, 0, "Shown: the start · tap the board to return", "查看开局，点棋盘回到对局"},
		{moves, 2, "Shown: after 1... H8+7 · tap the board to return", "查看 1... H8+7 之后，点棋盘回到对局"},
		{moves, 3, "Shown: the start · tap the board to return", "查看开局，点棋盘回到对局"},
		{nil, 1, "Shown: the start · tap the board to return", "查看开局，点棋盘回到对局"},
	}
	for _, c := range cases {
		sayBoth(t, fmt.Sprintf("ply %d of %d", c.ply, len(c.moves)),
			func(tr Translate) string { return BrowsingText(tr, c.moves, c.ply) }, c.en, c.zh)
	}
}

func TestOnlineErrorText(t *testing.T) {
	cases := []struct {
		err    error
		en, zh string
	}{
		{fmt.Errorf("sign in: %w", online.ErrWrongPassword), "Wrong name or password", "用户名或密码错误"},
		{online.ErrNameTaken, "The name lin is taken; choose another", "用户名 lin 已被占用，请换一个"},
		{errors.New("no route"), "Error: no route", "出错：no route"},
	}
	for _, c := range cases {
		sayBoth(t, c.err.Error(), func(tr Translate) string { return OnlineErrorText(tr, c.err, "lin") }, c.en, c.zh)
	}
}

// A guest has no name: it is called by its number in the player's language.
func TestPlayerName(t *testing.T) {
	sayBoth(t, "guest", func(tr Translate) string { return PlayerName(tr, proto.Account{ID: 7}) }, "Guest 7", "访客 7")
	sayBoth(t, "named", func(tr Translate) string { return PlayerName(tr, proto.Account{ID: 7, Name: "lin"}) }, "lin", "lin")
}

func TestPlayerLabel(t *testing.T) {
	sayBoth(t, "provisional guest", func(tr Translate) string {
		return PlayerLabel(tr, proto.Account{ID: 7, Rating: 1499.6, Provisional: true})
	}, "Guest 7 (provisional)", "访客 7 (定级中)")
	sayBoth(t, "rated", func(tr Translate) string {
		return PlayerLabel(tr, proto.Account{ID: 7, Name: "lin", Rating: 1620})
	}, "lin (1 kyu)", "lin (1级)")
}

func TestLobbyStatusText(t *testing.T) {
	cases := []struct {
		name   string
		s      LobbyStatus
		en, zh string
	}{
		{"signed out", LobbyStatus{State: online.SignedOut, Reconnect: 1}, "Not signed in", "未登录"},
		{"connecting", LobbyStatus{State: online.Connecting}, "Connecting…", "正在连接…"},
		{"signed in, seeking", LobbyStatus{State: online.Connected, Account: proto.Account{ID: 3, Name: "lin", Rating: 1500},
			Seeking: "10+5", Waited: 65*time.Second + 700*time.Millisecond},
			"Signed in as lin, rating 1500\nWaiting for an opponent (10+5): 1:05",
			"已登录：lin，等级分 1500\n正在等待对手（10+5）：1:05"},
		{"guest", LobbyStatus{State: online.Connected, Account: proto.Account{ID: 3, Rating: 1500, Provisional: true}},
			"Signed in as Guest 3, rating 1500, provisional", "已登录：访客 3，等级分 1500，定级中"},
		{"reconnecting with an error", LobbyStatus{State: online.Reconnecting, Reconnect: 3, Err: "refused"},
			"Connection lost; reconnecting (attempt 3)…\nrefused", "连接中断，正在重新连接（第 3 次）…\nrefused"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return LobbyStatusText(tr, c.s) }, c.en, c.zh)
	}
}

// A watched game's line says so and whose move it is; the watchers are counted for the
// players and the watchers alike.
func TestOnlineStatusTextWatched(t *testing.T) {
	sayBoth(t, "watched", func(tr Translate) string {
		return OnlineStatusText(tr, OnlineStatus{Started: true, Watching: true, ToMove: tr("side.black", nil), Watchers: 3})
	}, "Watching · Black to move · 3 watching", "观战中 · 轮到黑方走 · 3 人观战")
	sayBoth(t, "played, watched", func(tr Translate) string {
		return OnlineStatusText(tr, OnlineStatus{Started: true, MyTurn: true, Watchers: 1})
	}, "Your move · 1 watching", "轮到你走 · 1 人观战")
}

// The lobby's lists, names with their ranks (the number is on a tap elsewhere): who is
// online with the count past the page, a seek (one's own
// marked), a game in play, and the page line only where there is more than one page.
func TestLobbyTexts(t *testing.T) {
	lin := proto.Account{ID: 3, Name: "lin", Rating: 1712, Deviation: 60}
	guest := proto.Account{ID: 9, Rating: 1500, Deviation: 350, Provisional: true}
	sayBoth(t, "people", func(tr Translate) [2]string {
		count, names := PeopleText(tr, proto.LobbyPage{Total: 5, Players: []proto.Account{lin, guest}})
		return [2]string{count, names}
	}, [2]string{"Online now: 5", "lin (1 dan), Guest 9 (provisional) and 3 more"},
		[2]string{"在线 5 人", "lin (1段)、访客 9 (定级中) 等 3 人"})
	sayBoth(t, "seek", func(tr Translate) string {
		return SeekEntryText(tr, proto.SeekEntry{Player: lin, TimeControl: "10+5", Rated: true}, false)
	}, "lin (1 dan) · 10 min + 5 s · rated", "lin (1段) · 10分钟 + 5秒 · 计分")
	sayBoth(t, "my seek", func(tr Translate) string {
		return SeekEntryText(tr, proto.SeekEntry{Player: guest, TimeControl: "5+3"}, true)
	}, "Guest 9 (provisional) · 5 min + 3 s · casual (yours)", "访客 9 (定级中) · 5分钟 + 3秒 · 娱乐（你的）")
	sayBoth(t, "game", func(tr Translate) string {
		return GameEntryText(tr, proto.GameEntry{ID: 4, Red: lin, Black: guest, TimeControl: "10+5", Ply: 12, Watchers: 2})
	}, "lin (1 dan) vs Guest 9 (provisional) · 10 min + 5 s · moves: 12 · 2 watching",
		"lin (1段) 对 访客 9 (定级中) · 10分钟 + 5秒 · 12 步 · 2 人观战")
	sayBoth(t, "pages", func(tr Translate) [2]string {
		return [2]string{PageText(tr, 1, 41, 20), PageText(tr, 0, 20, 20)}
	}, [2]string{"Page 2 of 3", ""}, [2]string{"第 2/3 页", ""})
}
