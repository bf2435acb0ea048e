package audio

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// output is an open audio device with the clips prepared for playing. Its methods are
// called on the player's goroutine only.
type output interface {
	play(clip int)  // starts a clip from its beginning, again if it is playing
	say(pcm []byte) // starts a spoken move (16-bit PCM in the device's format), ending the one before
	suspend()       // stops the device's stream while nothing plays, to spare CPU and battery
	resume()        // starts it again
	err() error     // the error that stopped the device, if any
}

// opener opens the device for clips of one format (16-bit PCM) and prepares the clips. It
// may block until the device is ready (in a browser, until the user first touches the
// page); it is called on the player's goroutine.
type opener func(rate, channels int, clips [][]byte) (output, error)

// idleSuspend is how long after its last sound ends the device's stream is suspended.
const idleSuspend = 2 * time.Second

// Player plays the app's sound effects; it is a play.SoundPlayer. The device belongs to
// one goroutine, which Play hands sounds to without waiting.
type Player struct {
	requests chan play.Sound
	speech   chan []string // moves to say (Say)
	done     chan struct{}
	settled  chan struct{} // closed once the device is open or the player has given up
	close    sync.Once
	silent   atomic.Bool // no device: Play does nothing
}

// New starts a player on the default audio output and returns at once; the device is
// opened in the background. When there is no device, or it fails later, the player says
// why once through logf (log.Printf in the app) and stays silent.
func New(logf func(format string, args ...any)) *Player {
	return newPlayer(openDevice, idleSuspend, logf)
}

func newPlayer(open opener, idle time.Duration, logf func(string, ...any)) *Player {
	p := &Player{requests: make(chan play.Sound, 4), speech: make(chan []string, 2), done: make(chan struct{}), settled: make(chan struct{})}
	go p.run(open, idle, logf)
	return p
}

// Play starts sound k. It never blocks: a sound asked for while the device is still
// opening, or while several others wait, is dropped (a late sound is worse than none).
func (p *Player) Play(k play.Sound) {
	if p.silent.Load() {
		return
	}
	select {
	case p.requests <- k:
	default:
	}
}

// Silent reports whether the player has given up on sound (no device, or it failed).
func (p *Player) Silent() bool { return p.silent.Load() }

// Close stops the player's goroutine; it does not wait, since in a browser the device
// opens only when the user first touches the page. The device itself stays open: Oto
// allows one per process and cannot close it.
func (p *Player) Close() { p.close.Do(func() { close(p.done) }) }

func (p *Player) run(open opener, idle time.Duration, logf func(string, ...any)) {
	giveUp := func(err error) {
		p.silent.Store(true)
		logf("sound: %v; playing silently", err)
	}
	clips, err := loadClips()
	if err != nil {
		giveUp(err)
		close(p.settled)
		return
	}
	pcm := make([][]byte, len(clips))
	for i, c := range clips {
		pcm[i] = c.PCM
	}
	out, err := open(clips[0].Rate, clips[0].Channels, pcm)
	if err != nil {
		giveUp(fmt.Errorf("no audio output (%w)", err))
		close(p.settled)
		return
	}
	close(p.settled)
	p.drain() // sounds asked for while the device opened are stale now
	out.suspend()
	suspended := true
	idleTimer := time.NewTimer(idle)
	idleTimer.Stop()
	for {
		select {
		case <-p.done:
			return
		case k := <-p.requests:
			if int(k) >= len(clips) {
				continue
			}
			if err := out.err(); err != nil {
				giveUp(fmt.Errorf("the audio output failed (%w)", err))
				return
			}
			if suspended {
				out.resume()
				suspended = false
			}
			out.play(int(k))
			idleTimer.Reset(time.Duration(clips[k].Duration()*float64(time.Second)) + idle)
		case words := <-p.speech:
			pcm, err := speechPCM(words, clips[0].Rate, clips[0].Channels)
			if err != nil {
				logf("sound: %v", err)
				continue
			}
			if suspended {
				out.resume()
				suspended = false
			}
			out.say(pcm)
			seconds := float64(len(pcm)) / float64(2*clips[0].Channels*clips[0].Rate)
			idleTimer.Reset(time.Duration(seconds*float64(time.Second)) + idle)
		case <-idleTimer.C:
			out.suspend()
			suspended = true
		}
	}
}

// drain forgets the sounds and moves waiting to be played.
func (p *Player) drain() {
	for {
		select {
		case <-p.requests:
		case <-p.speech:
		default:
			return
		}
	}
}

// loadClips decodes the bundled sounds, indexed by play.Sound; they must share a format,
// since a device plays one.
func loadClips() ([]Clip, error) {
	var clips []Clip
	for _, k := range play.Sounds() {
		data, err := resources.SoundWAV(k.String())
		if err != nil {
			return nil, fmt.Errorf("sound %s: %w", k, err)
		}
		c, err := DecodeWAV(data)
		if err != nil {
			return nil, fmt.Errorf("sound %s: %w", k, err)
		}
		if len(clips) > 0 && (c.Rate != clips[0].Rate || c.Channels != clips[0].Channels) {
			return nil, fmt.Errorf("sound %s: %d Hz × %d channels, unlike the others", k, c.Rate, c.Channels)
		}
		clips = append(clips, c)
	}
	return clips, nil
}
