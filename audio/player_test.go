package audio

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// settleTimeout only stops a broken test from hanging; nothing is measured against it.
const settleTimeout = 20 * time.Second

// logLines records what a player logs, from its goroutine.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logLines) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}

// fakeOutput is a device that reports every call on a channel.
type fakeOutput struct {
	calls  chan string
	failed error
	mu     sync.Mutex
}

func (o *fakeOutput) play(clip int)  { o.calls <- fmt.Sprint("play ", play.Sound(clip)) }
func (o *fakeOutput) say(pcm []byte) { o.calls <- fmt.Sprint("say ", len(pcm)) }
func (o *fakeOutput) suspend()       { o.calls <- "suspend" }
func (o *fakeOutput) resume()        { o.calls <- "resume" }
func (o *fakeOutput) err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.failed
}

func waitSettled(t *testing.T, p *Player) {
	t.Helper()
	select {
	case <-p.settled:
	case <-time.After(settleTimeout):
		t.Fatal("the player never finished opening the device")
	}
}

func nextCall(t *testing.T, o *fakeOutput) string {
	t.Helper()
	select {
	case c := <-o.calls:
		return c
	case <-time.After(settleTimeout):
		t.Fatal("the device was not called")
	}
	return ""
}

// Without a device the player logs one line, stays silent and never blocks its caller.
func TestNoDeviceIsSilent(t *testing.T) {
	var log logLines
	p := newPlayer(func(int, int, [][]byte) (output, error) {
		return nil, errors.New("no such device")
	}, time.Hour, log.logf)
	defer p.Close()
	for range 100 {
		p.Play(play.SoundMove) // before, while and after the device fails to open
	}
	waitSettled(t, p)
	for _, k := range play.Sounds() {
		p.Play(k)
	}
	lines := log.get()
	if !p.Silent() || len(lines) != 1 || !strings.Contains(lines[0], "no such device") {
		t.Fatalf("silent %v, log %q", p.Silent(), lines)
	}
}

// With a device the player hands it the bundled clips, plays what it is asked, wakes the
// device first and suspends it again when idle.
func TestPlaysOnDevice(t *testing.T) {
	var log logLines
	out := &fakeOutput{calls: make(chan string, 16)}
	var gotRate, gotChannels int
	var gotClips [][]byte
	p := newPlayer(func(rate, channels int, clips [][]byte) (output, error) {
		gotRate, gotChannels, gotClips = rate, channels, clips
		return out, nil
	}, time.Millisecond, log.logf)
	defer p.Close()
	waitSettled(t, p)
	if gotRate != 44100 || gotChannels != 1 || len(gotClips) != len(play.Sounds()) {
		t.Fatalf("opened at %d Hz, %d channels, %d clips", gotRate, gotChannels, len(gotClips))
	}
	for _, k := range play.Sounds() {
		data, _ := resources.SoundWAV(k.String())
		if clip, _ := DecodeWAV(data); string(clip.PCM) != string(gotClips[k]) {
			t.Fatalf("clip %d is not %s.wav", k, k)
		}
	}
	if c := nextCall(t, out); c != "suspend" {
		t.Fatalf("after opening: %s", c)
	}
	p.Play(play.SoundCapture)
	for _, want := range []string{"resume", "play capture", "suspend"} {
		if c := nextCall(t, out); c != want {
			t.Fatalf("got %s, want %s", c, want)
		}
	}
	p.Play(play.Sound(200)) // not a sound: ignored
	p.Play(play.SoundCheck)
	for _, want := range []string{"resume", "play check"} {
		if c := nextCall(t, out); c != want {
			t.Fatalf("got %s, want %s", c, want)
		}
	}
	if p.Silent() || len(log.get()) != 0 {
		t.Fatalf("silent %v, log %q", p.Silent(), log.get())
	}
}

// A device that fails after opening makes the player give up with one log line.
func TestFailedDeviceFallsSilent(t *testing.T) {
	var log logLines
	out := &fakeOutput{calls: make(chan string, 16)}
	p := newPlayer(func(int, int, [][]byte) (output, error) { return out, nil }, time.Hour, log.logf)
	defer p.Close()
	waitSettled(t, p)
	nextCall(t, out) // the first suspend
	out.mu.Lock()
	out.failed = errors.New("device unplugged")
	out.mu.Unlock()
	p.Play(play.SoundMove)
	deadline := time.Now().Add(settleTimeout)
	for !p.Silent() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	p.Play(play.SoundMove)
	if lines := log.get(); !p.Silent() || len(lines) != 1 || !strings.Contains(lines[0], "device unplugged") {
		t.Fatalf("silent %v, log %q", p.Silent(), lines)
	}
	if len(out.calls) != 0 {
		t.Fatalf("the failed device was still played: %s", <-out.calls)
	}
}

// The real device: on a machine without one (CI, a server) the player says so in one
// line and is silent; where there is one, it opens (and this test plays nothing).
func TestRealDeviceOrSilence(t *testing.T) {
	var log logLines
	p := New(log.logf)
	defer p.Close()
	waitSettled(t, p)
	lines := log.get()
	if !p.Silent() {
		if len(lines) != 0 {
			t.Fatalf("the device opened, yet the player logged %q", lines)
		}
		t.Log("this machine has an audio output")
		return
	}
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "sound: ") {
		t.Fatalf("no device: log %q", lines)
	}
	t.Log(lines[0])
	p.Play(play.SoundWin)
}
