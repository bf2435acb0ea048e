package audio

import (
	"encoding/binary"
	"fmt"

	"github.com/xqfyne/xiangqi/resources"
)

// maxWords bounds a spoken move: the longest, a tandem pawn's with check, has seven words.
const maxWords = 12

// wordGap is the pause between two words of a move, in seconds.
const wordGap = 0.04

// Say speaks a move, its words in order (resources' speech clips, named as
// play.MoveWords names them); it is a play.Speaker. Like Play it never blocks: a move
// said while the device is busy opening is dropped, and one said while another is being
// said replaces it.
func (p *Player) Say(words []string) {
	if p.silent.Load() || len(words) == 0 || len(words) > maxWords {
		return
	}
	select {
	case p.speech <- words:
	default:
	}
}

// speechPCM joins the words' clips into one sound at the device's rate and channels.
func speechPCM(words []string, rate, channels int) ([]byte, error) {
	var pcm []byte
	for i, w := range words {
		data, err := resources.SpeechWAV(w)
		if err != nil {
			return nil, fmt.Errorf("speech %s: %w", w, err)
		}
		clip, err := DecodeWAV(data)
		if err != nil {
			return nil, fmt.Errorf("speech %s: %w", w, err)
		}
		if i > 0 {
			pcm = append(pcm, make([]byte, 2*channels*int(wordGap*float64(rate)))...)
		}
		pcm = appendResampled(pcm, clip, rate, channels)
	}
	return pcm, nil
}

// appendResampled appends a mono clip at another rate, linearly interpolated, each sample
// on every channel.
func appendResampled(out []byte, c Clip, rate, channels int) []byte {
	n := len(c.PCM) / (2 * c.Channels)
	if n == 0 || rate <= 0 {
		return out
	}
	at := func(i int) float64 {
		i = min(i, n-1)
		return float64(int16(binary.LittleEndian.Uint16(c.PCM[2*c.Channels*i:])))
	}
	frames := n * rate / c.Rate
	for j := 0; j < frames; j++ {
		x := float64(j) * float64(c.Rate) / float64(rate)
		i := int(x)
		v := int16(at(i) + (at(i+1)-at(i))*(x-float64(i)))
		for range channels {
			out = binary.LittleEndian.AppendUint16(out, uint16(v))
		}
	}
	return out
}
