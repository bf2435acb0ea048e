package rules

import (
	"strings"
	"testing"
)

func TestQuoteInput(t *testing.T) {
	cases := map[string]string{
		"hello":                      `"hello"`,
		"炮二平五":                       `"炮二平五"`,
		"a\x1b[2Jb\x00":              `"a\x1b[2Jb\x00"`,
		"\xff\xfe":                   `"\xff\xfe"`,
		strings.Repeat("x", 40):      `"` + strings.Repeat("x", 40) + `"`,
		strings.Repeat("x", 41):      `"` + strings.Repeat("x", 40) + `"…`,
		strings.Repeat("车", 1<<20):   `"` + strings.Repeat("车", 40) + `"…`,
		strings.Repeat("\x07", 1000): `"` + strings.Repeat(`\a`, 40) + `"…`,
	}
	for in, want := range cases {
		if got := QuoteInput(in); got != want {
			t.Errorf("QuoteInput(%.50q) = %s, want %s", in, got, want)
		}
	}
}
