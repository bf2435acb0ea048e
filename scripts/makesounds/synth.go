package main

import "math"

// partial is one sine tone: it starts at `at` seconds, rises linearly over attack, then
// dies away exponentially with time constant decay, and is released over releaseTime at
// at+dur.
type partial struct {
	at, dur, freq, amp, attack, decay float64
}

// click is a burst of low-passed noise, the contact of wood on wood.
type click struct {
	at, amp, decay, cutoff float64
}

// sound is one effect: the partials and clicks summed, scaled so that its loudest sample
// is peak, and faded out at the end so that it stops without a click.
type sound struct {
	name     string
	length   float64 // seconds
	peak     float64 // loudest sample, of full scale
	fade     float64 // seconds of fade-out at the end; 0: fadeOutTime
	partials []partial
	clicks   []click
}

const (
	releaseTime = 0.010 // a partial's fade at the end of its duration
	fadeOutTime = 0.004 // the whole sound's fade at its end, unless it says otherwise
)

func (p partial) value(t float64) float64 {
	t -= p.at
	if t < 0 || t > p.dur {
		return 0
	}
	env := 1.0
	if t < p.attack {
		env = t / p.attack
	} else {
		env = math.Exp(-(t - p.attack) / p.decay)
	}
	if left := p.dur - t; left < releaseTime {
		env *= left / releaseTime
	}
	return p.amp * env * math.Sin(2*math.Pi*p.freq*t)
}

// render computes the sound's samples in [-peak, peak].
func (s sound) render() []float64 {
	n := int(s.length * sampleRate)
	out := make([]float64, n)
	for _, p := range s.partials {
		for i := range out {
			out[i] += p.value(float64(i) / sampleRate)
		}
	}
	for k, c := range s.clicks {
		noise := uint32(2463534242 + 7919*k) // xorshift state: the same noise on every run
		// A one-pole low-pass filter softens white noise into a knock.
		alpha := 1 - math.Exp(-2*math.Pi*c.cutoff/sampleRate)
		lp := 0.0
		for i := int(c.at * sampleRate); i < n; i++ {
			noise ^= noise << 13
			noise ^= noise >> 17
			noise ^= noise << 5
			white := float64(noise)/math.MaxUint32*2 - 1
			lp += alpha * (white - lp)
			t := float64(i)/sampleRate - c.at
			out[i] += c.amp * lp * math.Exp(-t/c.decay)
		}
	}
	loudest := 0.0
	for _, v := range out {
		loudest = math.Max(loudest, math.Abs(v))
	}
	fadeTime := s.fade
	if fadeTime == 0 {
		fadeTime = fadeOutTime
	}
	fade := int(math.Round(fadeTime * sampleRate))
	for i := range out {
		if loudest > 0 {
			out[i] *= s.peak / loudest
		}
		if left := n - 1 - i; left < fade {
			out[i] *= float64(left) / float64(fade)
		}
	}
	return out
}

// woodHit is a piece set down on a wooden board: a low body, a bright mode that dies
// fast, and the knock of contact. pitch scales every frequency.
func woodHit(at, pitch, amp float64) ([]partial, []click) {
	return []partial{
			{at: at, dur: 0.2, freq: 420 * pitch, amp: 0.4 * amp, attack: 0.002, decay: 0.030},
			{at: at, dur: 0.2, freq: 700 * pitch, amp: 1.0 * amp, attack: 0.001, decay: 0.018},
			{at: at, dur: 0.2, freq: 1850 * pitch, amp: 0.5 * amp, attack: 0.0005, decay: 0.008},
		}, []click{
			{at: at, amp: 0.5 * amp, decay: 0.004, cutoff: 3000 * pitch},
		}
}

// tone is a soft bell-like note with its octave, for the signals.
func tone(at, dur, freq, amp, decay float64) []partial {
	return []partial{
		{at: at, dur: dur, freq: freq, amp: amp, attack: 0.005, decay: decay},
		{at: at, dur: dur, freq: 2 * freq, amp: 0.25 * amp, attack: 0.003, decay: decay / 2},
	}
}

// buzz is a low tone rich in odd harmonics, detuned against itself so that it rasps.
func buzz(at, dur, freq, amp float64) []partial {
	var ps []partial
	for _, f := range []float64{freq, freq * 1.045} {
		for h := 1; h <= 7; h += 2 {
			ps = append(ps, partial{at: at, dur: dur, freq: f * float64(h), amp: amp / float64(h),
				attack: 0.012, decay: 0.15})
		}
	}
	return ps
}

// Note frequencies (Hz, equal temperament, A4 = 440).
const (
	noteD4 = 293.66
	noteF4 = 349.23
	noteG4 = 392.00
	noteA4 = 440.00
	noteC5 = 523.25
	noteD5 = 587.33
	noteE5 = 659.25
	noteG5 = 783.99
	noteA5 = 880.00
	noteC6 = 1046.50
	noteD6 = 1174.66
)

// sounds are the app's effects, named as play.Sound names them.
func sounds() []sound {
	move := sound{name: "move", length: 0.12, peak: 0.7}
	move.partials, move.clicks = woodHit(0, 1, 1)

	capture := sound{name: "capture", length: 0.2, peak: 0.85}
	hitP, hitC := woodHit(0, 1.5, 1)
	hitC[0].amp, hitC[0].decay = 0.9, 0.003
	landP, landC := woodHit(0.045, 1, 0.7)
	capture.partials = append(hitP, landP...)
	capture.clicks = append(hitC, landC...)

	check := sound{name: "check", length: 0.32, peak: 0.4}
	check.partials = append(tone(0, 0.13, noteA5, 1, 0.2), tone(0.14, 0.18, noteD6, 1, 0.2)...)

	illegal := sound{name: "illegal", length: 0.2, peak: 0.35, partials: buzz(0, 0.19, 130, 1)}

	// The chords still ring at their end: they fade out over their last 0.2 s.
	win := sound{name: "win", length: 0.75, peak: 0.5, fade: 0.2}
	for i, f := range []float64{noteC5, noteE5, noteG5, noteC6} {
		at := 0.07 * float64(i)
		win.partials = append(win.partials, tone(at, 0.75-at, f, 1, 0.35)...)
	}

	loss := sound{name: "loss", length: 0.75, peak: 0.5, fade: 0.2}
	for i, f := range []float64{noteA4, noteF4, noteD4} {
		at := 0.12 * float64(i)
		loss.partials = append(loss.partials, tone(at, 0.75-at, f, 1, 0.4)...)
	}

	draw := sound{name: "draw", length: 0.6, peak: 0.45, fade: 0.2}
	draw.partials = append(tone(0, 0.6, noteG4, 1, 0.3), tone(0, 0.6, noteD5, 0.8, 0.3)...)

	// 读秒: one short, clear beep a second in the last 10 s of a byo-yomi period, the pip
	// of a tournament clock; short enough that ten of them never run into each other.
	countdown := sound{name: "countdown", length: 0.1, peak: 0.4, partials: tone(0, 0.09, 1000, 1, 0.06)}

	return []sound{move, capture, check, illegal, win, loss, draw, countdown}
}
