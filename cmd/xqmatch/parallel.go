package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/uci"
)

// engineSpec is how to start one of the match's engines; nodes, when above 0, is its own
// node count per move in place of the match's (-nodes2: one engine slowed to another's speed).
type engineSpec struct {
	command, options string
	nodes            int
}

// gameResult is a finished game: its number (0-based, the order openings are dealt in),
// its opening, whether engine 1 had Red, and the game.
type gameResult struct {
	n     int
	start opening
	e1Red bool
	p     played
}

// playGames plays games 0..n-1 on concurrency workers, each with its own pair of engine
// processes; game g plays opening g/2 with engine 1 Red when g is even. Each result goes
// to done on the calling goroutine, in the order the games end; once done returns false
// no new game starts, and the games being played are finished and reported too. A game
// that fails (an engine that died) stops the dealing the same way and its error is
// returned. It returns every reply time of engine 1 and of engine 2.
func playGames(engines [2]engineSpec, proto uci.Protocol, concurrency, n int, starts []opening, set settings,
	done func(gameResult) bool) ([2][]time.Duration, error) {
	jobs := make(chan int)
	results := make(chan gameResult)
	stopDealing := make(chan struct{})
	var stopOnce sync.Once
	stop := func() { stopOnce.Do(func() { close(stopDealing) }) }
	go func() {
		defer close(jobs)
		for g := 0; g < n; g++ {
			select {
			case jobs <- g:
			case <-stopDealing:
				return
			}
		}
	}()
	var (
		mu       sync.Mutex // guards replies and firstErr
		replies  [2][]time.Duration
		firstErr error
		wg       sync.WaitGroup
	)
	for w := 0; w < min(concurrency, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			times, err := work(engines, proto, starts, set, jobs, results)
			mu.Lock()
			defer mu.Unlock()
			for i := range replies {
				replies[i] = append(replies[i], times[i]...)
			}
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				stop()
				for range jobs { // deal out the rest unplayed, so that the dealer ends
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	for r := range results {
		if !done(r) {
			stop()
		}
	}
	return replies, firstErr
}

// work is one worker: it starts its pair of engines and plays the games it is dealt. It
// returns the reply times of engine 1 and engine 2 in its games.
func work(engines [2]engineSpec, proto uci.Protocol, starts []opening, set settings, jobs <-chan int,
	results chan<- gameResult) (replies [2][]time.Duration, err error) {
	var pair [2]*player
	for i, e := range engines {
		p, err := startPlayer(e.command, e.options, proto)
		if err != nil {
			return replies, err
		}
		p.nodes = e.nodes
		defer p.Close()
		pair[i] = p
	}
	defer func() {
		for i, p := range pair {
			if p != nil {
				replies[i] = p.times
			}
		}
	}()
	for g := range jobs {
		start := starts[(g/2)%len(starts)]
		red, black := pair[0], pair[1]
		if g%2 == 1 {
			red, black = black, red
		}
		p, err := playGame(start, red, black, set)
		if err != nil {
			return replies, fmt.Errorf("game %d: %v", g+1, err)
		}
		results <- gameResult{n: g, start: start, e1Red: g%2 == 0, p: p}
	}
	return replies, nil
}
