package gui

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
)

// The level choice names each level with its time and approximate rating (秒 in
// Chinese), and the Select is wide enough for the longest label. English goes last, so
// later tests see the English texts.
func TestLevelChoiceShowsTimeAndRatingUncut(t *testing.T) {
	for _, tc := range []struct{ locale, unit string }{{"zh_CN.UTF-8", " 秒 "}, {"en_GB.UTF-8", " s "}} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, tc.locale)
		}
		w, _ := openWindow(t, t.TempDir())
		reloadTranslations(t)
		test.Tap(w.game.settBtn)
		level := find(t, w, func(s *widget.Select) bool { return len(s.Options) == len(play.Levels())+1 })
		for i, l := range play.Levels() {
			label := level.Options[i]
			if !strings.Contains(label, tr(l.Key, map[string]any{"Grade": l.Grade})) || !strings.Contains(label, formatSeconds(l.Seconds)+tc.unit) ||
				!strings.Contains(label, strconv.Itoa(l.Rating)) {
				t.Errorf("%s: level label %q lacks its name, time or rating", tc.locale, label)
			}
			need := fyne.MeasureText(label, theme.TextSize(), fyne.TextStyle{}).Width
			if level.MinSize().Width < need+theme.IconInlineSize() {
				t.Errorf("%s: the level choice is %v wide, %q needs %v and the arrow", tc.locale, level.MinSize().Width, label, need)
			}
		}
		w.Fyne().Canvas().Overlays().Top().Hide()
	}
}
