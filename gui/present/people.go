package present

import (
	"math"

	"github.com/xqfyne/xiangqi/rank"
	"github.com/xqfyne/xiangqi/server/proto"
)

// RankText is an account's rating as a rank players recognise ("2级", "1 dan"), or the
// word for a rating still provisional.
func RankText(t Translate, a proto.Account) string {
	if a.Provisional {
		return t("rank.provisional", nil)
	}
	return RankName(t, rank.Of(a.Rating, false))
}

// RankName is a band's name.
func RankName(t Translate, r rank.Rank) string {
	if r.Kind == rank.Dan {
		return t("rank.dan", map[string]any{"N": r.N})
	}
	return t("rank.kyu", map[string]any{"N": r.N})
}

// RankNumber is the rating behind a rank, shown when the rank is tapped.
func RankNumber(t Translate, a proto.Account) string {
	return t("rank.number", map[string]any{"Rating": RatingText(t, a)})
}

// FriendText is one line of the friends list: the name, the rank and whether the friend
// is online, playing or away.
func FriendText(t Translate, f proto.Friend) string {
	state := t("people.offline", nil)
	switch {
	case f.Playing != 0:
		state = t("people.playing", nil)
	case f.Online:
		state = t("people.online", nil)
	}
	return t("people.friend", map[string]any{"Name": PlayerName(t, f.Account), "Rank": RankText(t, f.Account), "State": state})
}

// ChallengeText says a challenge to the player: who, and on what time control.
func ChallengeText(t Translate, c proto.Challenge) string {
	key := "people.challenged"
	if c.Rated {
		key = "people.challengedRated"
	}
	return t(key, map[string]any{"Name": PlayerName(t, c.From), "TC": c.TimeControl})
}

// WaitingText says the challenge the player made, waiting for its answer.
func WaitingText(t Translate, c proto.Challenge) string {
	return t("people.waiting", map[string]any{"Name": PlayerName(t, c.To), "TC": c.TimeControl})
}

// PhraseText is a quick phrase in the player's language; an id this app does not know
// (a later protocol's) is shown as it came.
func PhraseText(t Translate, id string) string {
	switch id {
	case "hurry":
		return t("chat.hurry", nil)
	case "good_move":
		return t("chat.good_move", nil)
	case "thanks":
		return t("chat.thanks", nil)
	case "rematch":
		return t("chat.rematch", nil)
	}
	return id
}

// ChatLineText is a chat line: the player's own, or the opponent's with its name.
func ChatLineText(t Translate, l proto.ChatLine, me int64, opponent proto.Account) string {
	text := l.Text
	if l.Phrase != "" {
		text = PhraseText(t, l.Phrase)
	}
	if l.From == me {
		return t("chat.me", map[string]any{"Text": text})
	}
	return t("chat.them", map[string]any{"Name": PlayerName(t, opponent), "Text": text})
}

// LeaderText is one place of a leaderboard: the place, the name, the rank and the rating.
func LeaderText(t Translate, l proto.Leader) string {
	name := RankText(t, l.Account)
	if r, ok := rank.ParseKey(l.Rank); ok {
		name = RankName(t, r)
	}
	return t("leaders.entry", map[string]any{"Place": l.Place, "Name": PlayerName(t, l.Account), "Rank": name,
		"Rating": int(math.Round(l.Account.Rating))})
}

// CategoryText names a leaderboard.
func CategoryText(t Translate, c rank.Category) string {
	switch c {
	case rank.Blitz:
		return t("leaders.blitz", nil)
	case rank.Rapid:
		return t("leaders.rapid", nil)
	case rank.Classical:
		return t("leaders.classical", nil)
	}
	return string(c)
}
