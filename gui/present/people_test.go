package present

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rank"
	"github.com/xqfyne/xiangqi/server/proto"
)

func TestRankTexts(t *testing.T) {
	sayBoth(t, "kyu", func(tr Translate) string { return RankText(tr, proto.Account{Rating: 1500}) }, "2 kyu", "2级")
	sayBoth(t, "dan", func(tr Translate) string { return RankText(tr, proto.Account{Rating: 2230}) }, "6 dan", "6段")
	sayBoth(t, "provisional", func(tr Translate) string { return RankText(tr, proto.Account{Rating: 2230, Provisional: true}) },
		"provisional", "定级中")
	sayBoth(t, "number", func(tr Translate) string { return RankNumber(tr, proto.Account{Rating: 1723.4}) }, "rating 1723", "等级分 1723")
	// Every band has its name in both languages.
	for _, r := range rank.All() {
		en, zh := languages(t)
		if RankName(en, r) == "" || RankName(zh, r) == "" {
			t.Errorf("%s has no name", r.Key())
		}
	}
}

func TestFriendAndChallengeTexts(t *testing.T) {
	lin := proto.Account{ID: 3, Name: "lin", Rating: 1750}
	sayBoth(t, "online", func(tr Translate) string { return FriendText(tr, proto.Friend{Account: lin, Online: true}) },
		"lin · 1 dan · online", "lin · 1段 · 在线")
	sayBoth(t, "playing", func(tr Translate) string { return FriendText(tr, proto.Friend{Account: lin, Online: true, Playing: 9}) },
		"lin · 1 dan · playing", "lin · 1段 · 对局中")
	sayBoth(t, "offline", func(tr Translate) string { return FriendText(tr, proto.Friend{Account: lin}) },
		"lin · 1 dan · offline", "lin · 1段 · 离线")
	ch := proto.Challenge{Game: 4, From: lin, To: proto.Account{ID: 5, Name: "wu"}, TimeControl: "5+3", Expires: time.Now()}
	sayBoth(t, "challenge", func(tr Translate) string { return ChallengeText(tr, ch) }, "lin challenges you (5+3)", "lin 向你挑战（5+3）")
	sayBoth(t, "waiting", func(tr Translate) string { return WaitingText(tr, ch) }, "Waiting for wu to answer (5+3)", "等待 wu 应战（5+3）")
}

func TestChatTexts(t *testing.T) {
	want := map[string][2]string{"hurry": {"Hurry, please", "请快点"}, "good_move": {"Good move", "好棋"},
		"thanks": {"Thanks", "谢谢"}, "rematch": {"Rematch?", "再来一局"}}
	for _, id := range proto.Phrases {
		sayBoth(t, id, func(tr Translate) string { return PhraseText(tr, id) }, want[id][0], want[id][1])
	}
	opp := proto.Account{ID: 2, Name: "wu"}
	sayBoth(t, "mine", func(tr Translate) string {
		return ChatLineText(tr, proto.ChatLine{From: 1, Phrase: "thanks"}, 1, opp)
	}, "Me: Thanks", "我：谢谢")
	sayBoth(t, "theirs", func(tr Translate) string {
		return ChatLineText(tr, proto.ChatLine{From: 2, Text: "gg"}, 1, opp)
	}, "wu: gg", "wu：gg")
	sayBoth(t, "unknown phrase", func(tr Translate) string { return PhraseText(tr, "later") }, "later", "later")
}

func TestLeaderTexts(t *testing.T) {
	l := proto.Leader{Place: 2, Account: proto.Account{ID: 8, Name: "mei", Rating: 2101.6}, Rank: "dan5"}
	sayBoth(t, "leader", func(tr Translate) string { return LeaderText(tr, l) }, "2. mei · 5 dan · 2102", "2. mei · 5段 · 2102")
	sayBoth(t, "blitz", func(tr Translate) string { return CategoryText(tr, rank.Blitz) }, "Blitz", "快棋")
}
