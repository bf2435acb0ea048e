package game

import (
	"bytes"
	"errors"
	"unicode/utf8"

	"golang.org/x/text/encoding/traditionalchinese"
)

// The encodings the readers do not read, named so that the user knows what
// to do: text is read in UTF-8 or GBK only.
var (
	errUTF16  = errors.New("this file is UTF-16: save it as UTF-8 or GBK")
	errUTF32  = errors.New("this file is UTF-32: save it as UTF-8 or GBK")
	errBig5   = errors.New("this file is Big5 (traditional Chinese): save it as UTF-8 or GBK")
	errBinary = errors.New("this is not text but binary data, and not an XQF file: not a game file this app reads")
)

// wideTextError tells UTF-32 and UTF-16 apart from text the readers take,
// by their byte-order marks, or else by where their zero bytes fall (the
// ASCII of a PGN file's tags and move numbers has a zero byte in every
// other byte, or three in four); other data with zero bytes or many
// control bytes is binary. It returns nil for data that may be UTF-8 or
// GBK text.
func wideTextError(data []byte) error {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}), bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}):
		return errUTF32
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}), bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return errUTF16
	}
	var zeros [4]int
	controls := 0
	for i, b := range data {
		switch {
		case b == 0:
			zeros[i%4]++
		case b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\v' && b != '\f' && b != 0x1a: // 0x1a: DOS end of file
			controls++
		case b == 0x7f:
			controls++
		}
	}
	quarter := len(data) / 4
	mostly := func(n int) bool { return quarter > 0 && n*10 >= quarter*9 }
	switch {
	case mostly(zeros[2]) && mostly(zeros[3]) && zeros[0]+zeros[1] < quarter, // little-endian
		mostly(zeros[0]) && mostly(zeros[1]) && zeros[2]+zeros[3] < quarter: // big-endian
		return errUTF32
	case zeros[1]+zeros[3] >= quarter && zeros[0]+zeros[2] < quarter/5,
		zeros[0]+zeros[2] >= quarter && zeros[1]+zeros[3] < quarter/5:
		return errUTF16
	case zeros[0]+zeros[1]+zeros[2]+zeros[3] > 0 || controls*100 > len(data):
		return errBinary
	}
	return nil
}

// looksLikeBig5 tells whether data, not UTF-8, is rather Big5 than GBK:
// read as Big5 it has more of the characters of Chinese move notation
// (車馬炮進退平...) than read as GBK. (Big5 bytes are nearly always valid
// GBK, of other characters.)
func looksLikeBig5(data []byte, asGBK string) bool {
	asBig5, err := traditionalchinese.Big5.NewDecoder().Bytes(data)
	if err != nil || !utf8.Valid(asBig5) {
		return false
	}
	return notationChars(string(asBig5)) > notationChars(asGBK)
}

// notationChars counts the characters of Chinese move notation in s.
func notationChars(s string) int {
	n := 0
	for _, r := range s {
		if _, ok := chineseTokens[r]; ok {
			n++
		}
	}
	return n
}
