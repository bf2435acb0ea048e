package rank

import (
	"testing"

	"github.com/xqfyne/xiangqi/match"
)

func TestOfBands(t *testing.T) {
	for _, c := range []struct {
		rating float64
		key    string
	}{
		{0, "kyu10"}, {799.9, "kyu10"}, {800, "kyu9"}, {899, "kyu9"}, {1500, "kyu2"}, {1599.99, "kyu2"},
		{1600, "kyu1"}, {1700, "dan1"}, {1850, "dan2"}, {2499, "dan8"}, {2500, "dan9"}, {3900, "dan9"}, {-50, "kyu10"},
	} {
		if got := Of(c.rating, false).Key(); got != c.key {
			t.Errorf("Of(%v) = %s, want %s", c.rating, got, c.key)
		}
	}
	if !Of(1500, true).Provisional {
		t.Error("provisional lost")
	}
}

func TestBoundsCoverEveryRatingOnce(t *testing.T) {
	all := All()
	if len(all) != MaxKyu+MaxDan {
		t.Fatalf("%d bands", len(all))
	}
	prevHi := 0
	for i, r := range all {
		lo, hi := r.Bounds()
		if lo != prevHi {
			t.Errorf("%s starts at %d, the band below ends at %d", r.Key(), lo, prevHi)
		}
		if i < len(all)-1 && hi != lo+Width && i > 0 {
			t.Errorf("%s is %d..%d", r.Key(), lo, hi)
		}
		if got := Of(float64(lo), false); got.Key() != r.Key() {
			t.Errorf("the bottom of %s is ranked %s", r.Key(), got.Key())
		}
		if hi != 0 {
			if got := Of(float64(hi)-0.01, false); got.Key() != r.Key() {
				t.Errorf("the top of %s is ranked %s", r.Key(), got.Key())
			}
		}
		back, ok := ParseKey(r.Key())
		if !ok || back != r {
			t.Errorf("ParseKey(%s) = %v, %v", r.Key(), back, ok)
		}
		prevHi = hi
	}
	if prevHi != 0 {
		t.Errorf("9段 has a top, %d", prevHi)
	}
}

func TestParseKeyRefuses(t *testing.T) {
	for _, k := range []string{"", "kyu", "kyu0", "kyu11", "dan10", "dan01", "dan+1", "kyu 2", "rank3", "dan1x"} {
		if r, ok := ParseKey(k); ok {
			t.Errorf("ParseKey(%q) = %v", k, r)
		}
	}
}

func FuzzParseKey(f *testing.F) {
	f.Add("dan3")
	f.Add("kyu10")
	f.Fuzz(func(t *testing.T, s string) {
		if r, ok := ParseKey(s); ok && r.Key() != s {
			t.Errorf("ParseKey(%q) reads as %s", s, r.Key())
		}
	})
}

func TestCategoryOf(t *testing.T) {
	for _, c := range []struct {
		tc   string
		want Category
	}{
		{"5+3", Blitz}, {"10+5", Rapid}, {"15+10", Rapid}, {"30+0", Classical}, {"0+20b", Rapid}, {"10+30b", Classical},
	} {
		tc, err := match.ParseTimeControl(c.tc)
		if err != nil {
			t.Fatal(err)
		}
		if got := CategoryOf(tc); got != c.want {
			t.Errorf("CategoryOf(%s) = %s, want %s", c.tc, got, c.want)
		}
		lo, hi, _ := c.want.EstimateBounds()
		est := tc.Base + EstimateMoves*(tc.Increment+tc.Byoyomi)
		if est < lo || hi != 0 && est >= hi {
			t.Errorf("%s's estimate %v is outside %s's bounds", c.tc, est, c.want)
		}
	}
	if CategoryOf(match.TimeControl{}) != Classical {
		t.Error("untimed is not classical")
	}
	if _, _, ok := Category("bullet").EstimateBounds(); ok {
		t.Error("an unknown category has bounds")
	}
}
