package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/uci"
)

// player is one engine of the match: its session and how long each reply
// took.
type player struct {
	*uci.Client
	cmd   string
	nodes int             // its node count per move when above 0 (engineSpec)
	times []time.Duration // reply time of every move
}

// startPlayer starts an engine, tells it this referee's move limit when it
// offers one, and sets options ("Hash=16,LMR=false").
func startPlayer(command, options string, p uci.Protocol) (*player, error) {
	c, err := uci.Start(command, p)
	if err != nil {
		return nil, err
	}
	pl := &player{Client: c, cmd: command}
	// An engine that asks for the move limit is told this referee's: a
	// nobestmove claim ends the game at claimPlies without a capture.
	if c.Offers("movelimit") {
		if err := c.SetOption("movelimit", strconv.Itoa(claimPlies)); err != nil {
			c.Close()
			return nil, err
		}
	}
	for _, opt := range strings.Split(options, ",") {
		name, value, found := strings.Cut(strings.TrimSpace(opt), "=")
		if !found {
			continue
		}
		if err := c.SetOption(name, value); err != nil {
			c.Close()
			return nil, err
		}
	}
	if err := c.IsReady(); err != nil {
		c.Close()
		return nil, err
	}
	return pl, nil
}

// bestMove asks for a move and records how long the reply took.
func (pl *player) bestMove(r uci.Request) (uci.BestMove, error) {
	if pl.nodes > 0 && r.Nodes > 0 {
		r.Nodes = pl.nodes
	}
	b, err := pl.Go(r)
	if err == nil {
		pl.times = append(pl.times, b.Took)
	}
	return b, err
}
