package play

import (
	"fmt"
	"math"
	"time"
)

// Level is a named difficulty: the engine's thinking time per move, which the player
// sees, and below the top a strength limit on top of it, so that a beginner can win.
// docs/levels.md tells how the limits and ratings were measured.
type Level struct {
	Key string // translation key of the name
	// Grade is the amateur grade in the name (业余9级 the weakest to 业余1级), 0 for
	// names without one.
	Grade   int
	Seconds float64 // search time per move
	// Elo is the strength limit handed to the searcher (engine.Options.Elo, the scale of
	// UCI_Elo); 0 plays at full strength.
	Elo int
	// Rating is the level's approximate rating, from engine matches and anchored as
	// docs/levels.md says, for the player to compare levels.
	Rating int
}

// levels is the one table of difficulty names, times, limits and ratings, easiest
// first. The names follow the Chinese amateur grades, then the master titles. The
// limits are on the rating scale of the engine's strength table, so that a level's
// rating is its limit; the full-strength top has an estimated rating (docs/levels.md).
var levels = [...]Level{
	{"level.beginner", 0, 0.1, 600, 600},
	{"level.amateur", 9, 0.2, 800, 800},
	{"level.amateur", 8, 0.3, 1000, 1000},
	{"level.amateur", 7, 0.4, 1200, 1200},
	{"level.amateur", 6, 0.5, 1400, 1400},
	{"level.amateur", 5, 0.7, 1600, 1600},
	{"level.amateur", 4, 1, 1800, 1800},
	{"level.amateur", 3, 1.5, 2000, 2000},
	{"level.amateur", 2, 2, 2250, 2250},
	{"level.amateur", 1, 3, 2500, 2500},
	{"level.amateurMaster", 0, 4, 2750, 2750},
	{"level.candidateMaster", 0, 5, 3000, 3000},
	{"level.associationMaster", 0, 6, 3100, 3100},
	{"level.master", 0, 8, 3200, 3200},
	{"level.internationalMaster", 0, 10, 3300, 3300},
	{"level.grandmaster", 0, 15, 3400, 3400},
	{"level.internationalGrandmaster", 0, 30, 0, 3800},
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
