package audio

import (
	"fmt"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// Every word play.MoveWords can say has a clip: mono ADPCM at 11,025 Hz, a tenth of a
// second to a second and a half long.
func TestSpeechClipsDecode(t *testing.T) {
	total := 0
	for _, w := range play.SpeechClips() {
		data, err := resources.SpeechWAV(w)
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		c, err := DecodeWAV(data)
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		if c.Rate != 11025 || c.Channels != 1 || c.Duration() < 0.1 || c.Duration() > 1.5 {
			t.Fatalf("%s: %d Hz, %d channels, %.2f s", w, c.Rate, c.Channels, c.Duration())
		}
		total += len(data)
	}
	if total > 150<<10 {
		t.Fatalf("the speech clips are %d bytes, over the 150 KB the phone budget allows them", total)
	}
}

// A move said goes to the device as one sound: its words at the device's rate with a
// pause between; an unknown word is logged and skips the move, and too many words are
// refused.
func TestSaysMoves(t *testing.T) {
	var log logLines
	out := &fakeOutput{calls: make(chan string, 16)}
	p := newPlayer(func(rate, channels int, clips [][]byte) (output, error) { return out, nil }, time.Millisecond, log.logf)
	defer p.Close()
	waitSettled(t, p)
	nextCall(t, out) // the first suspend
	words := []string{"zh-pao", "zh-2", "zh-ping", "zh-5"}
	want, err := speechPCM(words, 44100, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Each word at four times its rate, and three gaps of 40 ms.
	frames := 0
	for _, w := range words {
		data, _ := resources.SpeechWAV(w)
		c, _ := DecodeWAV(data)
		frames += 4 * len(c.PCM) / 2
	}
	if frames += 3 * int(wordGap*44100); len(want) != 2*frames {
		t.Fatalf("炮二平五 is %d bytes, want %d", len(want), 2*frames)
	}
	p.Say(words)
	for _, c := range []string{"resume", fmt.Sprint("say ", len(want)), "suspend"} {
		if got := nextCall(t, out); got != c {
			t.Fatalf("got %s, want %s", got, c)
		}
	}
	p.Say([]string{"zh-nonsense"})
	p.Say(make([]string, maxWords+1))
	p.Play(play.SoundMove)
	for _, c := range []string{"resume", "play move"} {
		if got := nextCall(t, out); got != c {
			t.Fatalf("got %s, want %s", got, c)
		}
	}
	if lines := log.get(); len(lines) != 1 || p.Silent() {
		t.Fatalf("log %q, silent %v", lines, p.Silent())
	}
}
