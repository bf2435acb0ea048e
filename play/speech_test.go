package play

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// speechRecorder is a sound player that can speak and remembers what it was asked to say.
type speechRecorder struct {
	soundRecorder
	said [][]string
}

func (r *speechRecorder) Say(clips []string) { r.said = append(r.said, slices.Clone(clips)) }

// takeSaid returns what was said since the last take, one move a string.
func (r *speechRecorder) takeSaid() []string {
	var out []string
	for _, s := range r.said {
		out = append(out, strings.Join(s, " "))
	}
	r.said = nil
	return out
}

// speechSession opens a session with a recording speaker on the game of fen played with
// set ("": a new game; "saved": the game saved in fs), saved in fs.
func speechSession(t *testing.T, fs *memFS, lang Language, fen string, set Settings, search SearchFunc) (*Session, *playtest.UIQueue, *speechRecorder) {
	t.Helper()
	rec := &speechRecorder{}
	s, q := recordedSession(t, fs, rec, lang, fen, set, search)
	return s, q, rec
}

func wantSaid(t *testing.T, what string, rec *speechRecorder, want ...string) {
	t.Helper()
	if got := rec.takeSaid(); !slices.Equal(got, want) {
		t.Fatalf("%s: said %q, want %q", what, got, want)
	}
}

// With the spoken moves on, each move tapped, and the engine's reply, is said in the
// player's language: Chinese notation in Chinese, WXF read out in English; check and mate
// are said after the move. Off (the default), nothing is said; the setting is kept in
// the save.
func TestMovesAreSpoken(t *testing.T) {
	fs := newMemFS()
	set := fastSettings(game.HumanRed)
	if set.Speech || DefaultSettings(Chinese).Speech {
		t.Fatal("the spoken moves are on by default")
	}
	calls := 0
	s, q, rec := speechSession(t, fs, Chinese, "", set, answer(&calls, mv(t, "h9g7")))
	tapMove(t, s, "h2e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	wantSaid(t, "speech off", rec)
	if !slices.Equal(rec.take(), []Sound{SoundMove, SoundMove}) {
		t.Fatal("the move sounds are gone with the speech off")
	}

	set.Speech = true
	if err := s.ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	s.Close()
	q.Drain()
	// The setting is in the save: a session opened on it speaks.
	s, q, rec = speechSession(t, fs, Chinese, "saved", Settings{}, answer(&calls, mv(t, "b9c7")))
	if !s.Settings().Speech {
		t.Fatal("the spoken moves' setting was not kept")
	}
	s.Resume()
	tapMove(t, s, "b0c2") // 马八进七, and the engine's 马２进３
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 4 })
	wantSaid(t, "马八进七 马２进３", rec, "zh-ma zh-8 zh-jin zh-7", "zh-ma zh-2 zh-jin zh-3")

	// English: C2=5, then a check and a mate.
	set = fastSettings(game.HumanBoth)
	set.Speech = true
	en, _, rec := speechSession(t, newMemFS(), English, "", set, nil)
	tapMove(t, en, "h2e2")
	wantSaid(t, "C2=5", rec, "en-cannon en-2 en-across en-5")
	mate, _, rec := speechSession(t, newMemFS(), Chinese, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", set, nil)
	tapMove(t, mate, "a8e8")
	wantSaid(t, "车九平五, check", rec, "zh-che zh-9 zh-ping zh-5 zh-check")
	mateEN, _, rec := speechSession(t, newMemFS(), English, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", set, nil)
	tapMove(t, mateEN, "b0b9")
	wantSaid(t, "R8+9, mate", rec, "en-chariot en-8 en-forward en-9 en-mate")
}

// Tandem pieces are said by their place: 前车 / R+ front chariot.
func TestTandemMoveWords(t *testing.T) {
	pos, err := rules.ParseFEN("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m := mv(t, "a3a5")
	if got := strings.Join(MoveWords(pos, m, Chinese), " "); got != "zh-qian zh-che zh-jin zh-2" {
		t.Errorf("前车进二: %q", got)
	}
	if got := strings.Join(MoveWords(pos, m, English), " "); got != "en-chariot en-front en-forward en-2" {
		t.Errorf("R+.+2: %q", got)
	}
	if MoveWords(pos, mv(t, "a3b5"), English) != nil {
		t.Error("an illegal move has words")
	}
	all := SpeechClips()
	for _, l := range []Language{Chinese, English} {
		for _, w := range MoveWords(pos, m, l) {
			if !slices.Contains(all, w) {
				t.Errorf("%s is not among the clips", w)
			}
		}
	}
}
