package audio

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// wavFile builds a WAV file from chunks (id, body); a body of odd length is padded.
func wavFile(chunks ...[2]string) []byte {
	var b bytes.Buffer
	for _, c := range chunks {
		b.WriteString(c[0])
		binary.Write(&b, binary.LittleEndian, uint32(len(c[1])))
		b.WriteString(c[1])
		if len(c[1])%2 == 1 {
			b.WriteByte(0)
		}
	}
	return append([]byte("RIFF\x00\x00\x00\x00WAVE"), b.Bytes()...)
}

// fmtChunk is a "fmt " chunk body.
func fmtChunk(tag, channels uint16, rate uint32, bits uint16) string {
	var b bytes.Buffer
	align := channels * bits / 8
	for _, field := range []any{tag, channels, rate, rate * uint32(align), align, bits} {
		binary.Write(&b, binary.LittleEndian, field)
	}
	return b.String()
}

// extensibleChunk is a WAVE_FORMAT_EXTENSIBLE "fmt " chunk body whose sub-format GUID
// starts with subTag (1: PCM, 3: float).
func extensibleChunk(subTag byte) string {
	// cbSize 22, 16 valid bits, channel mask 3, then the GUID.
	return fmtChunk(0xFFFE, 2, 48000, 16) + "\x16\x00\x10\x00\x03\x00\x00\x00" + string([]byte{subTag, 0}) + strings.Repeat("\x00", 14)
}

func TestDecodeBundledSounds(t *testing.T) {
	for _, k := range play.Sounds() {
		data, err := resources.SoundWAV(k.String())
		if err != nil {
			t.Fatal(err)
		}
		c, err := DecodeWAV(data)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if c.Rate != 44100 || c.Channels != 1 || len(c.PCM) != len(data)-44 || c.Duration() <= 0 || c.Duration() > 1 {
			t.Fatalf("%s: %d Hz, %d channels, %d bytes, %v s", k, c.Rate, c.Channels, len(c.PCM), c.Duration())
		}
	}
}

func TestDecodeWAV(t *testing.T) {
	mono := fmtChunk(1, 1, 22050, 16)
	stereo := fmtChunk(1, 2, 48000, 16)
	good := []struct {
		name     string
		file     []byte
		rate     int
		channels int
		pcm      string
	}{
		{"mono", wavFile([2]string{"fmt ", mono}, [2]string{"data", "\x01\x02\x03\x04"}), 22050, 1, "\x01\x02\x03\x04"},
		{"stereo after an odd-sized chunk", wavFile([2]string{"LIST", "abc"}, [2]string{"fmt ", stereo}, [2]string{"data", "\x01\x02\x03\x04"}), 48000, 2, "\x01\x02\x03\x04"},
		{"extensible PCM", wavFile([2]string{"fmt ", extensibleChunk(1)}, [2]string{"data", ""}), 48000, 2, ""},
	}
	for _, c := range good {
		got, err := DecodeWAV(c.file)
		if err != nil || got.Rate != c.rate || got.Channels != c.channels || string(got.PCM) != c.pcm {
			t.Errorf("%s: %+v, %v", c.name, got, err)
		}
	}
	bad := map[string][]byte{
		"empty":               nil,
		"not RIFF":            []byte("RIFX\x00\x00\x00\x00WAVE"),
		"no data":             wavFile([2]string{"fmt ", mono}),
		"data before format":  wavFile([2]string{"data", "\x00\x00"}, [2]string{"fmt ", mono}),
		"8-bit":               wavFile([2]string{"fmt ", fmtChunk(1, 1, 22050, 8)}, [2]string{"data", "\x00\x00"}),
		"float":               wavFile([2]string{"fmt ", fmtChunk(3, 1, 22050, 16)}, [2]string{"data", "\x00\x00"}),
		"three channels":      wavFile([2]string{"fmt ", fmtChunk(1, 3, 22050, 16)}, [2]string{"data", "\x00\x00"}),
		"zero rate":           wavFile([2]string{"fmt ", fmtChunk(1, 1, 0, 16)}, [2]string{"data", "\x00\x00"}),
		"short format":        wavFile([2]string{"fmt ", mono[:10]}, [2]string{"data", "\x00\x00"}),
		"half a frame":        wavFile([2]string{"fmt ", stereo}, [2]string{"data", "\x00\x00"}),
		"extensible float":    wavFile([2]string{"fmt ", extensibleChunk(3)}, [2]string{"data", ""}),
		"truncated chunk":     wavFile([2]string{"fmt ", mono})[:20],
		"chunk past the end":  append(wavFile([2]string{"fmt ", mono}), "data\xff\xff\x00\x00\x00\x00"...),
		"truncated chunk hdr": append(wavFile([2]string{"fmt ", mono}), "dat"...),
	}
	for name, file := range bad {
		if c, err := DecodeWAV(file); err == nil || !strings.HasPrefix(err.Error(), "wav: ") {
			t.Errorf("%s: decoded %+v, error %v", name, c, err)
		}
	}
}

// DecodeWAV never panics, and what it accepts is whole frames of a playable format.
func FuzzDecodeWAV(f *testing.F) {
	data, err := resources.SoundWAV("move")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data[:200])
	speech, err := resources.SpeechWAV("zh-pao") // IMA ADPCM
	if err != nil {
		f.Fatal(err)
	}
	f.Add(speech)
	f.Add(wavFile([2]string{"LIST", "abc"}, [2]string{"fmt ", fmtChunk(1, 2, 48000, 16)}, [2]string{"data", "\x01\x02\x03\x04"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeWAV(data)
		if err != nil {
			return
		}
		if (c.Channels != 1 && c.Channels != 2) || c.Rate < minRate || c.Rate > maxRate || len(c.PCM)%(2*c.Channels) != 0 {
			t.Fatalf("accepted %d Hz, %d channels, %d bytes", c.Rate, c.Channels, len(c.PCM))
		}
	})
}
