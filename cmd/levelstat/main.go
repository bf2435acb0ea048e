// Command levelstat measures how the app's levels play: per level, how often
// it shuffles (returns a piece to the square it just left, neither move
// capturing or checking), takes a rook, horse or cannon left for nothing,
// takes a mate in one, and lets an avoidable mate in one through; and its
// score against the next level up and against the full engine. Games are
// played in-process by the engine package, several at once (-workers), each
// single-threaded and reproducible from -seed (the full engine is
// reproducible only with -fullnodes). Openings are the match openings of
// package matchstat, each with both colours. Levels search under their own
// limits only (node budgets, depths), as xqmatch -nodes 1000000000 plays them.
//
//	levelstat -games 40 -levels 1-6
//	levelstat -games 200 -workers 16        # the full table
//	levelstat -levels 1-2 -fullgames 0 -phases   # shuffles by game phase
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/internal/matchstat"
	"github.com/xqfyne/xiangqi/play"
)

func main() {
	var (
		games     = flag.Int("games", 40, "games of each level against the next level up (rounded up to an even number)")
		fullGames = flag.Int("fullgames", -1, "games of each level against the full engine (default: -games; 0: none)")
		selfGames = flag.Int("selfgames", 0, "games of the full engine against itself, for its figures in even games")
		levelList = flag.String("levels", "all", "levels to measure, by number from 1 (Beginner): e.g. 1-6 or 1,3,5")
		workers   = flag.Int("workers", runtime.NumCPU(), "games played at once")
		fullMS    = flag.Int("fullms", 100, "the full engine's milliseconds per move")
		fullNodes = flag.Uint64("fullnodes", 0, "the full engine's nodes per move instead of -fullms (reproducible)")
		seed      = flag.Uint64("seed", 1, "seed of the games")
		maxPlies  = flag.Int("maxplies", 300, "adjudicate a draw after this many plies")
		hashMB    = flag.Int("hash", 16, "hash table of each searcher in MB")
		byPhase   = flag.Bool("phases", false, "also print each level's shuffles by game phase (opening, middlegame, endgame)")
	)
	flag.Parse()
	if *fullGames < 0 {
		*fullGames = *games
	}
	levels := play.Levels()
	chosen, err := parseLevels(*levelList, len(levels))
	if err != nil {
		fail(err)
	}
	if *games < 0 || *workers < 1 || *fullMS < 1 || *maxPlies < 1 || *hashMB < 1 {
		fail(fmt.Errorf("-games, -workers, -fullms, -maxplies and -hash must be positive"))
	}
	bud := budget{fullTime: time.Duration(*fullMS) * time.Millisecond, fullNodes: *fullNodes, hashMB: *hashMB, maxPlies: *maxPlies}
	pairs := plan(levels, chosen, (*games+1)/2*2, (*fullGames+1)/2*2)
	if *selfGames > 0 {
		pairs = append(pairs, &pairing{a: player{name: "full"}, b: player{name: "full"}, level: -1, self: true, games: (*selfGames + 1) / 2 * 2})
	}
	if len(pairs) == 0 {
		fail(fmt.Errorf("nothing to play: the chosen levels have no level above them, and -fullgames and -selfgames are 0"))
	}
	start := time.Now()
	run(pairs, bud, *workers, *seed, os.Stderr)
	fullName := fmt.Sprintf("full engine at %d ms", *fullMS)
	if *fullNodes > 0 {
		fullName = fmt.Sprintf("full engine at %d nodes", *fullNodes)
	}
	fmt.Printf("levelstat: %d workers, seed %d, %s a move for the full engine, %.0f s\n\n",
		*workers, *seed, strings.TrimPrefix(fullName, "full engine at "), time.Since(start).Seconds())
	printTable(os.Stdout, levels, chosen, pairs, fullName)
	if *byPhase {
		printPhases(os.Stdout, levels, chosen, pairs)
	}
}

// parseLevels reads "all", "3", "1-6" or "1,3,5-7" into level indexes (from 0).
func parseLevels(text string, n int) ([]int, error) {
	if text == "all" {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	var out []int
	for _, part := range strings.Split(text, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 1 || b > n || a > b {
			return nil, fmt.Errorf("-levels %q: want numbers 1..%d, ranges like 1-6, separated by commas", text, n)
		}
		for i := a; i <= b; i++ {
			if !slices.Contains(out, i-1) {
				out = append(out, i-1)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// levelName is a level's short English name.
func levelName(l play.Level) string {
	name := strings.TrimPrefix(l.Key, "level.")
	if l.Grade > 0 {
		name += " " + strconv.Itoa(l.Grade)
	}
	return name
}

// pairing is a match of a level against the next one up or the full engine.
type pairing struct {
	a, b   player
	level  int // the level a is (index)
	toFull bool
	self   bool // the full engine against itself (level -1)
	games  int

	mu     sync.Mutex
	score  matchstat.Score
	stats  [2]moveStats // a's and b's
	phases [2]shuffleTracker
	done   int
	cpu    time.Duration // summed thinking time of both sides
}

// plan lists the pairings: each chosen limited level against the next level
// when that one is limited too (the top level plays 30 s at full strength,
// which its score against the full engine stands for), and against the full
// engine.
func plan(levels []play.Level, chosen []int, games, fullGames int) []*pairing {
	var out []*pairing
	for _, i := range chosen {
		l := levels[i]
		if l.Elo == 0 {
			continue // the full engine is the reference, not a level measured here
		}
		a := player{name: levelName(l), elo: l.Elo}
		if i+1 < len(levels) && levels[i+1].Elo > 0 && games > 0 {
			out = append(out, &pairing{a: a, b: player{name: levelName(levels[i+1]), elo: levels[i+1].Elo}, level: i, games: games})
		}
		if fullGames > 0 {
			out = append(out, &pairing{a: a, b: player{name: "full"}, level: i, toFull: true, games: fullGames})
		}
	}
	return out
}

// job is one game of a pairing.
type job struct {
	p *pairing
	n int // game number within the pairing
}

// cost orders the jobs, dearest first, so that the long games do not all
// come at the end: the full engine's games, then by the stronger side's limit.
func (p *pairing) cost() int {
	if p.toFull || p.self {
		return 1 << 20
	}
	return max(p.a.elo, p.b.elo)
}

// run plays every game of the pairings on workers goroutines, printing
// progress to log.
func run(pairs []*pairing, bud budget, workers int, seed uint64, log io.Writer) {
	var jobs []job
	order := slices.Clone(pairs)
	slices.SortStableFunc(order, func(x, y *pairing) int { return y.cost() - x.cost() })
	for _, p := range order {
		for n := range p.games {
			jobs = append(jobs, job{p, n})
		}
	}
	idx := map[*pairing]uint64{}
	for i, p := range pairs {
		idx[p] = uint64(i)
	}
	queue := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, start, lastLog := 0, time.Now(), time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				opening := strings.Fields(matchstat.DefaultOpenings[j.n/2%len(matchstat.DefaultOpenings)])
				r, err := playGame(j.p.a, j.p.b, j.n%2 == 0, opening, gameSeed(seed, idx[j.p], uint64(j.n)), bud)
				if err != nil {
					fail(err)
				}
				j.p.mu.Lock()
				switch r.score {
				case 1:
					j.p.score.Wins++
				case 0:
					j.p.score.Losses++
				default:
					j.p.score.Draws++
				}
				j.p.stats[0].add(r.stats[0])
				j.p.stats[1].add(r.stats[1])
				j.p.phases[0].add(r.phases[0])
				j.p.phases[1].add(r.phases[1])
				j.p.done++
				j.p.cpu += r.stats[0].thinking + r.stats[1].thinking
				j.p.mu.Unlock()
				mu.Lock()
				done++
				if time.Since(lastLog) >= 10*time.Second || done == len(jobs) {
					lastLog = time.Now()
					el := time.Since(start)
					eta := time.Duration(float64(el) / float64(done) * float64(len(jobs)-done))
					fmt.Fprintf(log, "levelstat: %d/%d games, %.0f s, about %.0f s left\n", done, len(jobs), el.Seconds(), eta.Seconds())
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()
}

// gameSeed mixes the run's seed, the pairing and the game number (SplitMix64).
func gameSeed(seed, pair, n uint64) uint64 {
	z := seed*0x9e3779b97f4a7c15 + pair<<32 + n
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func pct(k, n int) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %% (%d/%d)", 100*float64(k)/float64(n), k, n)
}

func perMille(k, n int) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f ‰ (%d)", 1000*float64(k)/float64(n), k)
}

func scoreText(s matchstat.Score) string {
	if s.Games() == 0 {
		return "—"
	}
	score, elo, lo, hi := s.Elo()
	return fmt.Sprintf("%d/%d/%d %.1f %% %+.0f (%+.0f .. %+.0f)", s.Wins, s.Draws, s.Losses, 100*score, elo, lo, hi)
}

// printTable prints a Markdown table: per chosen level its figures over all
// its games here, its score against the next level and against the full
// engine; then the full engine's figures from its games against the levels.
func printTable(w io.Writer, levels []play.Level, chosen []int, pairs []*pairing, fullName string) {
	fmt.Fprintln(w, "| Level | Elo | moves | shuffles | free captures taken | … where right | mate in 1 taken | mate in 1 allowed | mates opened | vs next: W/D/L score Elo (95 %) | vs "+fullName+" | CPU s |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	var full moveStats
	row := func(name, elo string, s moveStats, next, vsFull string, cpu time.Duration) {
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %.0f |\n", name, elo, s.moves, pct(s.shuffles, s.moves),
			pct(s.freeTaken, s.freeChances), pct(s.rightTaken, s.rightChances), pct(s.mateTaken, s.mateChances), pct(s.allowed, s.dangerChances), perMille(s.opened, s.moves), next, vsFull, cpu.Seconds())
	}
	for _, i := range chosen {
		l := levels[i]
		if l.Elo == 0 {
			continue
		}
		var s moveStats
		next, vsFull := "—", "—"
		var cpu time.Duration
		for _, p := range pairs {
			switch {
			case p.level == i:
				s.add(p.stats[0])
				cpu += p.cpu
				if p.toFull {
					vsFull = scoreText(p.score)
					full.add(p.stats[1])
				} else {
					next = scoreText(p.score)
				}
			case !p.toFull && p.b.elo == l.Elo:
				s.add(p.stats[1]) // its games as the stronger side of the rung below
			}
		}
		row(levelName(l), strconv.Itoa(l.Elo), s, next, vsFull, cpu)
	}
	if full.moves > 0 {
		row(fullName+" against the levels", "—", full, "—", "—", 0)
	}
	for _, p := range pairs {
		if p.self {
			var s moveStats
			s.add(p.stats[0])
			s.add(p.stats[1])
			row(fullName+" against itself", "—", s, "—", "—", p.cpu)
		}
	}
	fmt.Fprintln(w, "\nshuffles: share of the level's moves; free captures: share of the positions with a rook, horse or")
	fmt.Fprintln(w, "cannon to take with no recapture where it took one; … where right: of those, the positions where a")
	fmt.Fprintf(w, "depth-%d full-strength search takes one too; mate in 1 allowed: share of the positions with an\n", refDepth)
	fmt.Fprintln(w, "avoidable mate in one threatened where it let it through; mates opened: moves per thousand that")
	fmt.Fprintln(w, "allowed an avoidable mate in one where none was threatened. CPU s: both sides' thinking")
	fmt.Fprintln(w, "time in the level's own pairings (its rung and its games against the full engine).")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "levelstat:", err)
	os.Exit(1)
}
