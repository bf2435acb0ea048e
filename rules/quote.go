package rules

import (
	"strconv"
	"unicode/utf8"
)

// What a user gave (a word of a file, a command) is quoted in error messages shortened, so
// that one long word cannot make a message of megabytes that a dialog takes minutes to lay
// out or a terminal fills with, and escaped, so that no control byte reaches a terminal.
// It lives here, in the lowest package that quotes input, for game, uci and the tools too.

// QuoteMaxRunes is how many characters of the text QuoteInput keeps.
const QuoteMaxRunes = 40

// QuoteInput returns text as a Go string literal (control bytes and invalid
// UTF-8 escaped, printable characters such as Chinese kept), cut after
// QuoteMaxRunes characters with "…" after the closing quote. It reads at most
// QuoteMaxRunes characters of text, so its cost does not grow with the text.
func QuoteInput(text string) string {
	cut, runes := 0, 0
	for cut < len(text) && runes < QuoteMaxRunes {
		_, size := utf8.DecodeRuneInString(text[cut:])
		cut += size
		runes++
	}
	if cut == len(text) {
		return strconv.Quote(text)
	}
	return strconv.Quote(text[:cut]) + "…"
}
