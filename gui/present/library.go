package present

import (
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// LibraryRow is a game's three lines in the library list: its name or players; date,
// result and length; opening, its first moves in notation. A damaged entry says so and why.
func LibraryRow(t Translate, it play.LibraryItem, notation game.Notation) [3]string {
	if it.Err != nil {
		return [3]string{t("library.damaged", map[string]any{"Name": FirstNonEmpty(it.Name, it.ID)}), it.Err.Error(), ""}
	}
	red, black := it.Red, it.Black
	you, engineName := t("library.you", nil), t("library.engine", nil)
	switch it.Human {
	case game.HumanRed:
		red, black = FirstNonEmpty(red, you), FirstNonEmpty(black, engineName)
	case game.HumanBlack:
		red, black = FirstNonEmpty(red, engineName), FirstNonEmpty(black, you)
	}
	title := FirstNonEmpty(red, t("side.red", nil)) + " – " + FirstNonEmpty(black, t("side.black", nil))
	if it.Name != "" {
		title = it.Name + " · " + title
	}
	var parts []string
	if it.Date != "" {
		parts = append(parts, it.Date)
	}
	moves := (it.Plies + 1) / 2
	key := "library.plies"
	if moves == 1 {
		key = "library.plies.one"
	}
	parts = append(parts, ResultName(t, it.Result), t(key, map[string]any{"Moves": moves}))
	return [3]string{title, strings.Join(parts, " · "), OpeningIn(it.Opening, notation)}
}

// OpeningIn is an entry's opening as the list shows it. Where the game names none, the
// index keeps its first moves from the standard start in Chinese notation; those are
// written in the notation of the move list (issue 51 item 10: an English list in WXF
// read its library in Chinese). An opening's name, or moves from another start ("… "),
// stays as it is.
func OpeningIn(opening string, notation game.Notation) string {
	if notation == game.Chinese || opening == "" {
		return opening
	}
	pos := rules.NewPosition()
	var out []string
	for _, text := range strings.Fields(opening) {
		m, err := game.ParseMoveAs(pos, text, game.Chinese)
		if err != nil {
			return opening
		}
		out = append(out, game.FormatMove(pos, m, notation))
		pos.MakeMove(m)
	}
	return strings.Join(out, " ")
}

// FirstNonEmpty is the first of s that is not "".
func FirstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
