package game

import (
	"fmt"

	"github.com/xqfyne/xiangqi/rules"
)

// HumanSide says which side(s) a person plays; the others are played by
// the engine.
type HumanSide string

const (
	HumanRed   HumanSide = "red"
	HumanBlack HumanSide = "black"
	HumanBoth  HumanSide = "both" // two people, no engine
	HumanNone  HumanSide = "none" // engine against engine
)

// Valid reports whether h is one of the defined values.
func (h HumanSide) Valid() bool {
	switch h {
	case HumanRed, HumanBlack, HumanBoth, HumanNone:
		return true
	}
	return false
}

// Plays reports whether a person plays colour c. The empty value counts as
// HumanRed.
func (h HumanSide) Plays(c rules.Color) bool {
	if h == "" {
		h = HumanRed
	}
	return h == HumanBoth || (h == HumanRed && c == rules.Red) || (h == HumanBlack && c == rules.Black)
}

// Metadata describes a game. Empty strings mean unknown. Who played which
// side and how long the engine thought are the app's settings, kept by the
// app beside the record, not in it.
type Metadata struct {
	// Title names the record (XQF files and collections carry one).
	Title string `json:"title,omitempty"`
	Event string `json:"event,omitempty"`
	Site  string `json:"site,omitempty"`
	// Date in PGN form, YYYY.MM.DD (parts may be ??).
	Date  string `json:"date,omitempty"`
	Round string `json:"round,omitempty"`
	Red   string `json:"red,omitempty"`
	Black string `json:"black,omitempty"`
	// Opening and ECCO are informational tags kept from imported records.
	Opening string `json:"opening,omitempty"`
	ECCO    string `json:"ecco,omitempty"`
	// RedElo and BlackElo are the players' ratings when the game began, TimeControl the
	// clock in PGN form (seconds+increment, "600+5"), Termination why the game ended
	// ("resignation", "time"...): the tags an online game is filed with.
	RedElo      string `json:"red_elo,omitempty"`
	BlackElo    string `json:"black_elo,omitempty"`
	TimeControl string `json:"time_control,omitempty"`
	Termination string `json:"termination,omitempty"`
}

// maxTextField bounds metadata strings so a hostile file cannot make us
// hold huge values.
const maxTextField = 1 << 12

func (m Metadata) validate() error {
	for _, f := range []struct{ name, v string }{
		{"title", m.Title}, {"event", m.Event}, {"site", m.Site}, {"date", m.Date}, {"round", m.Round},
		{"red", m.Red}, {"black", m.Black}, {"opening", m.Opening}, {"ecco", m.ECCO},
		{"red elo", m.RedElo}, {"black elo", m.BlackElo}, {"time control", m.TimeControl}, {"termination", m.Termination},
	} {
		if len(f.v) > maxTextField {
			return fmt.Errorf("game: %s is too long", f.name)
		}
	}
	return nil
}
