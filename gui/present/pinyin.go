package present

import (
	"bufio"
	"bytes"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/resources"
)

// readings is the bundled table of pinyin by character, read once.
var readings = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	in := bufio.NewScanner(bytes.NewReader(resources.Pinyin()))
	for in.Scan() {
		char, read, ok := strings.Cut(in.Text(), "\t")
		if !ok || strings.HasPrefix(char, "#") {
			continue
		}
		if r, size := utf8.DecodeRuneInString(char); size == len(char) && r != utf8.RuneError {
			m[r] = read
		}
	}
	return m
})

// fullWidth are the full-width marks of the books' titles and their ASCII forms.
var fullWidth = strings.NewReplacer("（", " (", "）", ") ", "，", ", ", "、", ", ", "：", ": ", "·", " · ", "　", " ")

// Romanized writes text's Chinese characters in pinyin, a capitalised syllable each
// ("借炮使马（1）" → "Jie Pao Shi Ma (1)"), for a reader of the English UI; other
// characters stay, and a character the table lacks stays as it is.
func Romanized(text string) string {
	table := readings()
	var b strings.Builder
	han := false // the last thing written was a syllable
	for _, r := range text {
		read, ok := table[r]
		if !ok || !unicode.Is(unicode.Han, r) {
			if han && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			han = false
			continue
		}
		if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") && !strings.HasSuffix(b.String(), "(") {
			b.WriteByte(' ')
		}
		b.WriteString(strings.ToUpper(read[:1]) + read[1:])
		han = true
	}
	return strings.Join(strings.Fields(fullWidth.Replace(b.String())), " ")
}

// BookName is a puzzle book's or title's name as the UI language shows it: as written in
// Chinese, in pinyin in English (issue 51 item 10: the English lists were in characters).
func BookName(t Translate, name string) string {
	if name == "" {
		return ""
	}
	return t("puzzle.name", map[string]any{"Chinese": name, "Pinyin": Romanized(name)})
}
