// Package excerpt quotes what a user gave (a word of a file, a command) in
// error messages: shortened, so that one long word cannot make a message
// of megabytes that a dialog takes minutes to lay out or a terminal fills
// with, and escaped, so that no control byte reaches a terminal.
package excerpt

import (
	"strconv"
	"unicode/utf8"
)

// MaxRunes is how many characters of the text a quote keeps.
const MaxRunes = 40

// Quote returns text as a Go string literal (control bytes and invalid
// UTF-8 escaped, printable characters such as Chinese kept), cut after
// MaxRunes characters with "…" after the closing quote. It reads at most
// MaxRunes characters of text, so its cost does not grow with the text.
func Quote(text string) string {
	cut, runes := 0, 0
	for cut < len(text) && runes < MaxRunes {
		_, size := utf8.DecodeRuneInString(text[cut:])
		cut += size
		runes++
	}
	if cut == len(text) {
		return strconv.Quote(text)
	}
	return strconv.Quote(text[:cut]) + "…"
}
