package match

import (
	"slices"
	"testing"
	"time"
)

// The 读秒 presets of New game: 快棋 (every move within 20 s), 10 min + 30 s, 20 min + 60 s,
// and 10 min + 3 × 30 s periods.
var (
	kuaiqi     = TimeControl{Byoyomi: 20 * time.Second, Periods: 1}
	byo10x30   = TimeControl{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 1}
	byo20x60   = TimeControl{Base: 20 * time.Minute, Byoyomi: 60 * time.Second, Periods: 1}
	byo10x3x30 = TimeControl{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 3}
)

func TestByoyomiPresetsAreOffered(t *testing.T) {
	for _, want := range []TimeControl{kuaiqi, byo10x30, byo20x60, byo10x3x30} {
		if !slices.Contains(TimeControls(), want) {
			t.Errorf("New game does not offer %v", want)
		}
	}
}

func TestByoyomiControlText(t *testing.T) {
	for text, want := range map[string]TimeControl{
		"0+20b": kuaiqi, "10+30b": byo10x30, "20+60b": byo20x60, "10+30bx3": byo10x3x30,
		"5+3": {Base: 5 * time.Minute, Increment: 3 * time.Second},
	} {
		got, err := ParseTimeControl(text)
		if err != nil || got != want || got.String() != text {
			t.Errorf("%q: read %+v (%v), written back %q", text, got, err, got.String())
		}
	}
	for _, bad := range []string{"0+0b", "0+301b", "10+30bx1", "10+30bx11", "10+30bbx3", "10+30b3", "10+30x3",
		"0+5", "181+30b", "-1+30b", "10+b", "10+30bx", "10+30bx-2", "1e3+30b", "+30b", "10++30b"} {
		if tc, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q accepted as %+v", bad, tc)
		}
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, seed := range []string{"", "5+3", "0+20b", "10+30bx3", "10+30bbx3", "0+0b", "99999+1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			return
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q read as %+v, written %q, read back %+v (%v)", text, tc, tc.String(), back, err)
		}
		if tc.Increment > 0 && tc.Byoyomi > 0 {
			t.Fatalf("%q: both an increment and byo-yomi", text)
		}
	})
}

func TestTimeControlText(t *testing.T) {
	for _, tc := range TimeControls() {
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Errorf("%v: read back %v, %v", tc, back, err)
		}
	}
	for _, bad := range []string{"5", "+3", "0+3", "5+-1", "181+0", "5+61", "x+y", "5+3+1"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
