package game

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
)

// maxMoveText bounds the length of a move text worth parsing; longer input
// is rejected early.
const maxMoveText = 32

// ParseMove reads a move written in any supported notation and returns the
// legal move of pos it names. Text with Chinese characters is read as
// Chinese notation, four-character coordinates (h2e2, H2-E2) as ICCS and
// anything else as WXF.
func ParseMove(pos *rules.Position, text string) (rules.Move, error) {
	return ParseMoveAs(pos, text, DetectNotation(text))
}

// DetectNotation guesses the notation a move text is written in.
func DetectNotation(text string) Notation {
	text = strings.TrimSpace(text)
	for _, r := range text {
		if r >= utf8.RuneSelf {
			return Chinese
		}
	}
	if looksLikeICCS(text) {
		return ICCS
	}
	return WXF
}

func looksLikeICCS(s string) bool {
	s = strings.ToLower(s)
	if len(s) == 5 && s[2] == '-' {
		s = s[:2] + s[3:]
	}
	return len(s) == 4 && isFileLetter(s[0]) && isDigit(s[1]) && isFileLetter(s[2]) && isDigit(s[3])
}

func isFileLetter(b byte) bool { return b >= 'a' && b <= 'i' }
func isDigit(b byte) bool      { return b >= '0' && b <= '9' }

// ParseMoveAs reads a move written in the given notation.
func ParseMoveAs(pos *rules.Position, text string, style Notation) (rules.Move, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return rules.NoMove, fmt.Errorf("game: empty move text")
	}
	if len(text) > maxMoveText*utf8.UTFMax {
		return rules.NoMove, fmt.Errorf("game: move text %s is too long", rules.QuoteInput(text))
	}
	if style == ICCS {
		m, err := rules.ParseMove(text)
		if err != nil {
			return rules.NoMove, fmt.Errorf("game: bad ICCS move %s: %w", rules.QuoteInput(text), err)
		}
		if !pos.IsLegal(m) {
			return rules.NoMove, fmt.Errorf("game: illegal move %s", rules.QuoteInput(text))
		}
		return m, nil
	}

	normalize := normalizeWXF
	render := moveDesc.wxf
	if style == Chinese {
		normalize = normalizeChinese
		render = moveDesc.chinese
	}
	want := normalize(text)
	found := rules.NoMove
	for _, m := range pos.LegalMoves() {
		d := describe(pos, m)
		if normalize(render(d, false)) != want && !(d.diagonalTandem && normalize(render(d, true)) == want) {
			continue
		}
		if found != rules.NoMove && found != m {
			return rules.NoMove, fmt.Errorf("game: ambiguous move %s", rules.QuoteInput(text))
		}
		found = m
	}
	if found == rules.NoMove {
		return rules.NoMove, fmt.Errorf("game: no legal move matches %s (%s notation)", rules.QuoteInput(text), style)
	}
	return found, nil
}

// chineseTokens maps the characters of Chinese notation, including
// traditional and alternative forms and both sides' piece names, to one
// token each, so that equivalent spellings normalize to the same string.
var chineseTokens = map[rune]byte{
	'帅': 'K', '帥': 'K', '将': 'K', '將': 'K',
	'仕': 'A', '士': 'A',
	'相': 'B', '象': 'B',
	'马': 'N', '馬': 'N', '傌': 'N', '碼': 'N',
	'车': 'R', '車': 'R', '俥': 'R',
	'炮': 'C', '砲': 'C', '包': 'C',
	'兵': 'P', '卒': 'P',
	'一': '1', '二': '2', '三': '3', '四': '4', '五': '5', '六': '6', '七': '7', '八': '8', '九': '9',
	'进': '+', '進': '+', '退': '-', '平': '=',
	'前': 'f', '中': 'm', '后': 'b', '後': 'b',
}

// normalizeChinese turns Chinese notation into tokens; digits (ASCII or
// full-width) become ASCII, spaces vanish, unknown characters stay so they
// cannot match.
func normalizeChinese(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
		case r >= '1' && r <= '9':
			b.WriteRune(r)
		case r >= '１' && r <= '９':
			b.WriteRune('1' + (r - '１'))
		default:
			if t, ok := chineseTokens[r]; ok {
				b.WriteByte(t)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// normalizeWXF upper-cases WXF text, maps the alternative piece letters
// (B for elephant, N for horse) and '.' for sideways, and accepts the
// prefix form +C=5 for C+=5.
func normalizeWXF(s string) string {
	var b []byte
	for _, r := range strings.ToUpper(s) {
		switch {
		case unicode.IsSpace(r):
		case r == '.':
			b = append(b, '=')
		case r == 'B':
			b = append(b, 'E')
		case r == 'N':
			b = append(b, 'H')
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	if len(b) == 4 && (b[0] == '+' || b[0] == '-') && b[1] >= 'A' && b[1] <= 'Z' {
		b[0], b[1] = b[1], b[0]
	}
	return string(b)
}
