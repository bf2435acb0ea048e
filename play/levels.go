package play

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

// levels is the one table of difficulty names and times, easiest first.
var levels = [...]Level{
	{"level.beginner", 0.1},
	{"level.novice", 0.3},
	{"level.intermediate", 1},
	{"level.advanced", 3},
	{"level.master", 10},
	{"level.grandmaster", 30},
}

// Levels returns the difficulty levels, easiest first.
func Levels() []Level { return append([]Level(nil), levels[:]...) }

// Bounds of the exact seconds setting.
const (
	MinSeconds     = 0.05
	MaxSeconds     = 600
	DefaultSeconds = 1
)

// LevelFor returns the level whose time is seconds, if there is one.
func LevelFor(seconds float64) (Level, bool) {
	for _, l := range levels {
		if math.Abs(l.Seconds-seconds) < 1e-9 {
			return l, true
		}
	}
	return Level{}, false
}

// CheckSeconds validates a per-move time.
func CheckSeconds(s float64) error {
	if math.IsNaN(s) || s < MinSeconds || s > MaxSeconds {
		return fmt.Errorf("seconds per move must be within %v..%v, got %v", MinSeconds, MaxSeconds, s)
	}
	return nil
}

func secondsToDuration(s float64) time.Duration {
	return time.Duration(s * float64(time.Second))
}
