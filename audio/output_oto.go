//go:build cgo || darwin || windows || js

package audio

import (
	"bytes"
	"io"

	"github.com/ebitengine/oto/v3"
)

// otoOutput plays the clips through an Oto context, one Oto player per clip.
type otoOutput struct {
	ctx     *oto.Context
	players []*oto.Player
	speech  *oto.Player // the move being said, if any
}

// openDevice opens the default output through Oto and waits until it is ready; in a
// browser it first waits for the player's first touch (beforeOpen).
func openDevice(rate, channels int, clips [][]byte) (output, error) {
	beforeOpen()
	quietALSA()
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: rate, ChannelCount: channels,
		Format: oto.FormatSignedInt16LE})
	if err != nil {
		return nil, err
	}
	<-ready
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	o := &otoOutput{ctx: ctx}
	for _, pcm := range clips {
		o.players = append(o.players, ctx.NewPlayer(bytes.NewReader(pcm)))
	}
	return o, nil
}

func (o *otoOutput) play(clip int) {
	p := o.players[clip]
	if _, err := p.Seek(0, io.SeekStart); err != nil {
		return
	}
	p.Play()
}

func (o *otoOutput) say(pcm []byte) {
	if o.speech != nil {
		o.speech.Pause()
		_ = o.speech.Close()
	}
	o.speech = o.ctx.NewPlayer(bytes.NewReader(pcm))
	o.speech.Play()
}

// suspend and resume report errors through err (Oto keeps the device's first error).
func (o *otoOutput) suspend() { _ = o.ctx.Suspend() }
func (o *otoOutput) resume()  { _ = o.ctx.Resume() }
func (o *otoOutput) err() error {
	return o.ctx.Err()
}
