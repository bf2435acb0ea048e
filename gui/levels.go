package gui

import (
	"fmt"
	"math"
	"time"
)

// Level is a named difficulty: the engine's thinking time per move.
type Level struct {
	Key     string  // translation key of the name
	Seconds float64 // search time per move
}

// Levels is the one table of difficulty names and times, easiest first.
var Levels = []Level{
	{"level.beginner", 0.1},
	{"level.novice", 0.3},
	{"level.intermediate", 1},
	{"level.advanced", 3},
	{"level.master", 10},
	{"level.grandmaster", 30},
}

// Bounds of the exact seconds setting.
const (
	MinSeconds     = 0.05
	MaxSeconds     = 600
	DefaultSeconds = 1
)

// levelFor returns the level whose time is seconds, if there is one.
func levelFor(seconds float64) (Level, bool) {
	for _, l := range Levels {
		if math.Abs(l.Seconds-seconds) < 1e-9 {
			return l, true
		}
	}
	return Level{}, false
}

// checkSeconds validates a per-move time.
func checkSeconds(s float64) error {
	if math.IsNaN(s) || s < MinSeconds || s > MaxSeconds {
		return fmt.Errorf("seconds per move must be within %v..%v, got %v", MinSeconds, MaxSeconds, s)
	}
	return nil
}

func secondsToDuration(s float64) time.Duration {
	return time.Duration(s * float64(time.Second))
}
