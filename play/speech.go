package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Speaker says moves aloud. A SoundPlayer that is also a Speaker is asked, when the
// player has turned the spoken moves on (Settings.Speech), to say each move played as a
// sequence of speech clips (resources/speech, named as MoveWords names them). Say is
// called on the UI goroutine and must return at once.
type Speaker interface {
	Say(clips []string)
}

// The clips of Chinese notation, by the character the move's text writes (Red's and
// Black's pieces, Chinese numerals and Black's full-width digits), and of English, by the
// WXF letter.
var (
	zhWords = map[rune]string{
		'车': "zh-che", '马': "zh-ma", '炮': "zh-pao", '相': "zh-xiang", '象': "zh-xiang", '仕': "zh-shi", '士': "zh-shi",
		'帅': "zh-shuai", '将': "zh-jiang", '兵': "zh-bing", '卒': "zh-zu",
		'进': "zh-jin", '退': "zh-tui", '平': "zh-ping", '前': "zh-qian", '中': "zh-zhong", '后': "zh-hou",
		'一': "zh-1", '二': "zh-2", '三': "zh-3", '四': "zh-4", '五': "zh-5", '六': "zh-6", '七': "zh-7", '八': "zh-8", '九': "zh-9",
		'１': "zh-1", '２': "zh-2", '３': "zh-3", '４': "zh-4", '５': "zh-5", '６': "zh-6", '７': "zh-7", '８': "zh-8", '９': "zh-9",
	}
	enPieces = map[byte]string{'K': "en-king", 'A': "en-advisor", 'E': "en-elephant", 'H': "en-horse", 'R': "en-chariot",
		'C': "en-cannon", 'P': "en-pawn"}
	enDirs = map[byte]string{'+': "en-forward", '-': "en-back", '=': "en-across"}
)

// SpeechClips lists every clip MoveWords can name, for the resources' test and the
// generator.
func SpeechClips() []string {
	seen := map[string]bool{}
	var out []string
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	for _, r := range "车马炮相仕帅将兵卒进退平前中后一二三四五六七八九" {
		add(zhWords[r])
	}
	for _, l := range "KAEHRCP" {
		add(enPieces[byte(l)])
	}
	for d := 1; d <= 9; d++ {
		add(enDigit(byte('0' + d)))
	}
	for _, d := range "+-=" {
		add(enDirs[byte(d)])
	}
	for _, w := range []string{"zh-check", "zh-mate", "en-check", "en-mate", "en-front", "en-rear"} {
		add(w)
	}
	return out
}

func enDigit(d byte) string { return "en-" + string(d) }

// MoveWords are the clips that say move m, a legal move in before, in lang: Chinese
// notation in Chinese (炮二平五: 炮, 二, 平, 五), WXF read out in English (C2=5: cannon,
// two, across, five), then check (将军) or checkmate (绝杀) when the move gives it.
func MoveWords(before *rules.Position, m rules.Move, lang Language) []string {
	if before.At(m.From()) == rules.NoPiece || !before.IsLegal(m) {
		return nil
	}
	after := before.Copy()
	after.MakeMove(m)
	check, mate := after.InCheck(), after.InCheck() && len(after.LegalMoves()) == 0
	var words []string
	if lang == Chinese {
		for _, r := range game.FormatMove(before, m, game.Chinese) {
			if w, ok := zhWords[r]; ok {
				words = append(words, w)
			}
		}
	} else {
		words = wxfWords(game.FormatMove(before, m, game.WXF))
	}
	prefix := "en-"
	if lang == Chinese {
		prefix = "zh-"
	}
	switch {
	case mate:
		words = append(words, prefix+"mate")
	case check:
		words = append(words, prefix+"check")
	}
	return words
}

// wxfWords reads a WXF move: the head (a letter and a file, or + and - for the front and
// rear of a tandem), the direction, and the file or steps.
func wxfWords(text string) []string {
	if len(text) < 3 {
		return nil
	}
	head, dir, arg := text[:len(text)-2], text[len(text)-2], text[len(text)-1]
	var words []string
	for i := 0; i < len(head); i++ {
		switch c := head[i]; {
		case enPieces[c] != "":
			words = append(words, enPieces[c])
		case c >= '1' && c <= '9':
			words = append(words, enDigit(c))
		case c == '+':
			words = append(words, "en-front")
		case c == '-':
			words = append(words, "en-rear")
		}
	}
	if enDirs[dir] != "" {
		words = append(words, enDirs[dir])
	}
	if arg >= '1' && arg <= '9' {
		words = append(words, enDigit(arg))
	}
	return words
}

// speak says the move about to be played on before, when the player wants it and the
// sound player can speak.
func (s *Session) speak(before *rules.Position, m rules.Move) {
	sp, ok := s.sounds.(Speaker)
	if !ok || !s.settings.Speech || before == nil {
		return
	}
	if words := MoveWords(before, m, s.lang); len(words) > 0 {
		sp.Say(words)
	}
}
