package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Clip is decoded 16-bit PCM sound: little-endian samples, channels interleaved.
type Clip struct {
	Rate     int    // samples per second per channel
	Channels int    // 1 (mono) or 2 (stereo)
	PCM      []byte // 16-bit little-endian samples
}

// Duration is how long the clip plays, in seconds.
func (c Clip) Duration() float64 {
	if c.Rate <= 0 || c.Channels <= 0 {
		return 0
	}
	return float64(len(c.PCM)) / float64(2*c.Channels*c.Rate)
}

// Limits on what DecodeWAV accepts: rates a device can play, and at most a minute of
// sound (the effects are a fraction of a second).
const (
	minRate    = 8000
	maxRate    = 192000
	maxSeconds = 60
)

// DecodeWAV reads a RIFF WAVE file of uncompressed 16-bit PCM, mono or stereo, or of mono
// IMA ADPCM (the spoken moves), skipping chunks other than "fmt ", "fact" and "data".
// Anything else is an error that says what is wrong.
func DecodeWAV(data []byte) (Clip, error) {
	if len(data) < 12 || string(data[0:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
		return Clip{}, errors.New("wav: not a RIFF WAVE file")
	}
	var clip Clip
	var format wavFormat
	haveFormat := false
	samples := -1 // the fact chunk's count of an ADPCM file's samples
	rest := data[12:]
	for len(rest) > 0 {
		if len(rest) < 8 {
			return Clip{}, errors.New("wav: truncated chunk header")
		}
		id, size := string(rest[0:4]), binary.LittleEndian.Uint32(rest[4:8])
		rest = rest[8:]
		if uint64(size) > uint64(len(rest)) {
			return Clip{}, fmt.Errorf("wav: chunk %q of %d bytes runs past the end of the file", id, size)
		}
		body := rest[:size]
		rest = rest[size:]
		if size%2 == 1 && len(rest) > 0 { // chunks are padded to an even length
			rest = rest[1:]
		}
		switch id {
		case "fmt ":
			f, err := decodeFormat(body)
			if err != nil {
				return Clip{}, err
			}
			clip.Rate, clip.Channels, format, haveFormat = f.rate, f.channels, f, true
		case "fact":
			if len(body) >= 4 {
				samples = int(min(binary.LittleEndian.Uint32(body), maxSeconds*maxRate))
			}
		case "data":
			if !haveFormat {
				return Clip{}, errors.New("wav: data before the format chunk")
			}
			if format.adpcm {
				if len(body) > maxSeconds*clip.Rate { // four bits a sample
					return Clip{}, fmt.Errorf("wav: longer than %d s", maxSeconds)
				}
				pcm, err := decodeIMA(body, format.align, samples)
				if err != nil {
					return Clip{}, err
				}
				clip.PCM = pcm
				return clip, nil
			}
			if len(body)%(2*clip.Channels) != 0 {
				return Clip{}, fmt.Errorf("wav: %d data bytes are not whole %d-channel frames", len(body), clip.Channels)
			}
			if len(body) > maxSeconds*2*clip.Channels*clip.Rate {
				return Clip{}, fmt.Errorf("wav: longer than %d s", maxSeconds)
			}
			clip.PCM = body
			return clip, nil
		}
	}
	return Clip{}, errors.New("wav: no data chunk")
}

type wavFormat struct {
	rate, channels int
	adpcm          bool // mono IMA ADPCM in blocks of align bytes
	align          int
}

// decodeFormat reads a "fmt " chunk, accepting 16-bit PCM with one or two channels and
// mono 4-bit IMA ADPCM.
func decodeFormat(b []byte) (wavFormat, error) {
	if len(b) < 16 {
		return wavFormat{}, errors.New("wav: format chunk too short")
	}
	const pcm, ima, extensible = 1, 0x11, 0xFFFE // WAVE_FORMAT_PCM, WAVE_FORMAT_IMA_ADPCM, WAVE_FORMAT_EXTENSIBLE
	tag := binary.LittleEndian.Uint16(b[0:])
	channels := int(binary.LittleEndian.Uint16(b[2:]))
	rate := int(binary.LittleEndian.Uint32(b[4:]))
	align := int(binary.LittleEndian.Uint16(b[12:]))
	bits := int(binary.LittleEndian.Uint16(b[14:]))
	if tag == extensible { // the real format is the first two bytes of the sub-format GUID
		if len(b) < 26 {
			return wavFormat{}, errors.New("wav: extensible format chunk too short")
		}
		tag = binary.LittleEndian.Uint16(b[24:])
	}
	if tag == ima {
		switch {
		case channels != 1:
			return wavFormat{}, fmt.Errorf("wav: ADPCM with %d channels, want 1", channels)
		case bits != 4:
			return wavFormat{}, fmt.Errorf("wav: %d-bit ADPCM, want 4", bits)
		case rate < minRate || rate > maxRate:
			return wavFormat{}, fmt.Errorf("wav: sample rate %d Hz outside %d-%d", rate, minRate, maxRate)
		case align < 5 || align > 1<<14:
			return wavFormat{}, fmt.Errorf("wav: ADPCM block align %d", align)
		}
		return wavFormat{rate: rate, channels: 1, adpcm: true, align: align}, nil
	}
	switch {
	case tag != pcm:
		return wavFormat{}, fmt.Errorf("wav: format %#x is not uncompressed PCM", tag)
	case bits != 16:
		return wavFormat{}, fmt.Errorf("wav: %d-bit samples, want 16", bits)
	case channels != 1 && channels != 2:
		return wavFormat{}, fmt.Errorf("wav: %d channels, want 1 or 2", channels)
	case rate < minRate || rate > maxRate:
		return wavFormat{}, fmt.Errorf("wav: sample rate %d Hz outside %d-%d", rate, minRate, maxRate)
	case align != 2*channels:
		return wavFormat{}, fmt.Errorf("wav: block align %d, want %d", align, 2*channels)
	}
	return wavFormat{rate: rate, channels: channels}, nil
}
