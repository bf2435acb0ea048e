package present

import (
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/proto"
)

// PeopleText is the lobby's lines of who is online: the count, and the names of the page
// shown, best rated first, with how many more there are ("" when nobody is listed).
func PeopleText(t Translate, page proto.LobbyPage) (count, names string) {
	count = t("online.people", map[string]any{"N": page.Total})
	for i, p := range page.Players {
		if i > 0 {
			names += t("online.peopleSep", nil)
		}
		names += PlayerLabel(t, p)
	}
	if more := page.Total - len(page.Players); more > 0 && len(page.Players) > 0 {
		names += " " + t("online.morePeople", map[string]any{"N": more})
	}
	return count, names
}

// controlText is a time control as the lobby's entries name it ("10+5" as "10 min + 5 s").
func controlText(t Translate, tc string) string {
	c, err := match.ParseTimeControl(tc)
	if err != nil {
		return tc
	}
	return TimeControlText(t, c)
}

// SeekEntryText is one open seek: its player with the rating, the control and whether
// it is rated; mine marks the player's own (which it cannot accept).
func SeekEntryText(t Translate, s proto.SeekEntry, mine bool) string {
	kind := t("online.casual", nil)
	if s.Rated {
		kind = t("online.ratedGame", nil)
	}
	text := t("online.seekEntry", map[string]any{"Player": PlayerLabel(t, s.Player), "TC": controlText(t, s.TimeControl), "Kind": kind})
	if mine {
		text = t("online.yourSeek", map[string]any{"Entry": text})
	}
	return text
}

// GameEntryText is one game in play: the players with their ratings, the control, the
// moves made and its watchers.
func GameEntryText(t Translate, g proto.GameEntry) string {
	return t("online.gameEntry", map[string]any{"Red": PlayerLabel(t, g.Red), "Black": PlayerLabel(t, g.Black),
		"TC": controlText(t, g.TimeControl), "Moves": g.Ply, "Watchers": g.Watchers})
}

// PageText is "page p of n" for the games list, p from 0; "" when all fit on one.
func PageText(t Translate, page, total, size int) string {
	pages := (total + size - 1) / size
	if pages <= 1 {
		return ""
	}
	return t("online.pageOf", map[string]any{"Page": page + 1, "Pages": pages})
}
