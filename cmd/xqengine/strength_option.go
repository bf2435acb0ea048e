package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
)

// defaultElo is UCI_Elo before a GUI sets it: the middle of the scale.
const defaultElo = 1600

// strengthOption holds UCI_LimitStrength and UCI_Elo (the Stockfish and
// Pikafish convention): the rating counts only while the limit is on.
type strengthOption struct {
	limit  bool
	rating int // 0 until set: defaultElo
}

func (o *strengthOption) printUCI(out *lineWriter) {
	out.println("option name UCI_LimitStrength type check default false")
	out.println("option name UCI_Elo type spin default %d min %d max %d", defaultElo, engine.MinElo, engine.MaxElo)
}

// printUCCI lists the same options in UCCI's syntax (lower-case names, no
// "name" word, min and max before the default).
func (o *strengthOption) printUCCI(out *lineWriter) {
	out.println("option uci_limitstrength type check default false")
	out.println("option uci_elo type spin min %d max %d default %d", engine.MinElo, engine.MaxElo, defaultElo)
}

// set takes a value of uci_limitstrength or uci_elo (key in lower case).
func (o *strengthOption) set(key, value string) error {
	if key == "uci_limitstrength" {
		b, ok := parseBool(value)
		if !ok {
			return fmt.Errorf("want true or false, got %q", value)
		}
		o.limit = b
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n < engine.MinElo || n > engine.MaxElo {
		return fmt.Errorf("want a rating from %d to %d, got %q", engine.MinElo, engine.MaxElo, value)
	}
	o.rating = n
	return nil
}

// elo is the searcher's setting: 0 (full strength) unless the limit is on.
func (o *strengthOption) elo() int {
	if !o.limit {
		return 0
	}
	if o.rating == 0 {
		return defaultElo
	}
	return o.rating
}
