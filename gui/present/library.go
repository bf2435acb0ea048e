package present

import (
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// LibraryRow is a game's three lines in the library list: its name or players; date,
// result and length; opening. A damaged entry says so and why.
func LibraryRow(t Translate, it play.LibraryItem) [3]string {
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
	return [3]string{title, strings.Join(parts, " · "), it.Opening}
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
