package play

import (
	"fmt"
	"math"
	"time"
)

// Level is a named difficulty: the engine's thinking time per move, which the player
// sees, and for the lower levels a strength limit on top of it, so that a beginner can
// win. docs/levels.md tells how the limits and ratings were measured.
type Level struct {
	Key     string  // translation key of the name
	Seconds float64 // search time per move
	// Elo is the strength limit handed to the searcher (engine.Options.Elo, the scale of
	// UCI_Elo); 0 plays at full strength.
	Elo int
	// Rating is the level's approximate rating, measured by engine matches and
	// anchored as docs/levels.md says, for the player to compare levels.
	Rating int
}

// levels is the one table of difficulty names, times, limits and ratings, easiest first.
var levels = [...]Level{
	{"level.beginner", 0.1, 600, 600},
	{"level.novice", 0.2, 750, 770},
	{"level.casual", 0.3, 900, 930},
	{"level.club", 0.5, 1050, 1350},
	{"level.intermediate", 1, 1200, 1700},
	{"level.advanced", 2, 1350, 1900},
	{"level.expert", 3, 1650, 2200},
	{"level.master", 10, 0, 2500},
	{"level.grandmaster", 30, 0, 2600},
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

// EngineElo is the strength limit of the level these settings choose: 0 (full strength)
// for a time that is no level's.
func (s Settings) EngineElo() int {
	l, _ := LevelFor(s.Seconds)
	return l.Elo
}

// searchElo is the limit of one search: the level's for the engine's moves, none for a
// hint, which is the full engine's advice.
func (s Settings) searchElo(hint bool) int {
	if hint {
		return 0
	}
	return s.EngineElo()
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
