// Command datagen plays the engine against itself and writes the positions
// of those games, each scored by a fixed-node search, as training data for
// the neural evaluation (package nnue documents the record format).
//
// Every game starts from the start position (or a line from an opening
// book, -book) followed by a few random legal plies; game i is a function
// of -seed and i alone (its own random generator, a cleared hash table), so
// a run with -games N makes the same games with any number of workers. A
// position is kept when the side to move is not in check, the search's best
// move is not a capture (a quiet position, whose static score the search
// confirms), its score is within -maxscore, and its Zobrist key was not
// kept before in this run. One writer takes the games' positions in the
// games' order and writes them into -out, a new shard every -shard positions,
// so that a run with -games N writes the same files whatever the number of
// workers (the trainer holds out the end of each shard: the split depends on
// the files). A game still running when -duration ends is dropped (its result
// is unknown).
//
//	datagen -out data -workers 16 -duration 4m30s -nodes 2048 -seed 1
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/nnue/train"
	"github.com/xqfyne/xiangqi/rules"
)

// config is what the flags set.
type config struct {
	out          string
	workers      int
	games        int
	duration     time.Duration
	nodes        int
	hashMB       int
	seed         uint64
	minRandom    int
	maxRandom    int
	maxScore     int
	maxPlies     int
	shard        int
	book         *book.Book
	evalFile     string
	net          *nnue.Net
	progressEach time.Duration
}

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "datagen:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string, logw io.Writer) (config, error) {
	var c config
	var bookPath string
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(logw)
	fs.StringVar(&c.out, "out", "", "directory for the shards (created when missing)")
	fs.IntVar(&c.workers, "workers", runtime.NumCPU(), "games played at once")
	fs.IntVar(&c.games, "games", 0, "games to play (0: until -duration)")
	fs.DurationVar(&c.duration, "duration", 0, "stop after this long (0: until -games)")
	fs.IntVar(&c.nodes, "nodes", 4096, "nodes searched per position")
	fs.IntVar(&c.hashMB, "hash", 8, "hash table per worker, megabytes")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	fs.IntVar(&c.minRandom, "random-min", 4, "fewest random plies after the opening")
	fs.IntVar(&c.maxRandom, "random-max", 10, "most random plies after the opening")
	fs.IntVar(&c.maxScore, "maxscore", 2000, "keep positions whose score is within ± this")
	fs.IntVar(&c.maxPlies, "maxplies", 400, "adjudicate a draw after this many plies")
	fs.IntVar(&c.shard, "shard", 1<<20, "positions per shard")
	fs.StringVar(&bookPath, "book", "", "opening book (ElephantEye .dat) to start games from")
	fs.StringVar(&c.evalFile, "evalfile", "", "score with this net instead of the classical evaluation")
	fs.DurationVar(&c.progressEach, "progress", 10*time.Second, "how often to print progress")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case c.out == "":
		return c, errors.New("-out is required")
	case c.games <= 0 && c.duration <= 0:
		return c, errors.New("give -games or -duration (or both)")
	case c.workers < 1 || c.nodes < 1 || c.hashMB < 1 || c.shard < 1:
		return c, errors.New("-workers, -nodes, -hash and -shard must be positive")
	case c.minRandom < 0 || c.maxRandom < c.minRandom:
		return c, errors.New("want 0 <= -random-min <= -random-max")
	}
	if bookPath != "" {
		b, err := book.LoadBookFile(bookPath)
		if err != nil {
			return c, err
		}
		c.book = b
	}
	if c.evalFile != "" {
		n, err := nnue.LoadFile(c.evalFile)
		if err != nil {
			return c, err
		}
		c.net = n
	}
	return c, nil
}

func run(args []string, logw io.Writer) error {
	c, err := parseFlags(args, logw)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	ctx := context.Background()
	if c.duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.duration)
		defer cancel()
	}
	g := &generator{cfg: c, seen: newKeySet()}
	start := time.Now()
	done, reported := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(reported)
		g.report(logw, start, done)
	}()
	played := make(chan playedGame, c.workers)
	written := make(chan error, 1)
	go func() { written <- g.write(played) }()
	var wg sync.WaitGroup
	for w := 0; w < c.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.work(ctx, played)
		}()
	}
	wg.Wait()
	close(played)
	err = <-written
	close(done)
	<-reported // the progress line is not written while the summary is
	if err != nil {
		return err
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(logw, "done: %d games, %d positions kept of %d searched in %.1f s: %.0f positions/s, %.0f searches/s\n",
		g.games.Load(), g.kept.Load(), g.searched.Load(), el, float64(g.kept.Load())/el, float64(g.searched.Load())/el)
	return nil
}

// generator is the state the workers share.
type generator struct {
	cfg                   config
	next                  atomic.Int64 // index of the next game to play
	games, kept, searched atomic.Int64
	seen                  *keySet
	failed                atomic.Bool // the writer failed: no more games
}

func (g *generator) report(logw io.Writer, start time.Time, done chan struct{}) {
	t := time.NewTicker(g.cfg.progressEach)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			el := time.Since(start).Seconds()
			fmt.Fprintf(logw, "%.0f s: %d games, %d positions, %.0f positions/s\n",
				el, g.games.Load(), g.kept.Load(), float64(g.kept.Load())/el)
		}
	}
}

// playedGame is game i's positions, ready to be written.
type playedGame struct {
	i    int64
	recs []pending
}

// work plays games until there are no more to play (or the writer failed),
// handing each finished game to the writer.
func (g *generator) work(ctx context.Context, played chan<- playedGame) {
	c := g.cfg
	s := engine.NewSearcher(engine.Options{HashMB: c.hashMB, Threads: 1, Seed: 1})
	if c.net != nil {
		s.SetNet(c.net)
	}
	for ctx.Err() == nil && !g.failed.Load() {
		i := g.next.Add(1) - 1
		if c.games > 0 && i >= int64(c.games) {
			return
		}
		recs, ok := g.play(ctx, s, uint64(i))
		if !ok {
			return
		}
		g.games.Add(1)
		played <- playedGame{i, recs}
	}
}

// write keeps and writes the games' positions in the order of the games: a
// game that finishes before an earlier one waits for it. Games missing at the
// end (dropped when -duration ran out) are skipped.
func (g *generator) write(played <-chan playedGame) error {
	sw := &shardWriter{dir: g.cfg.out, per: g.cfg.shard}
	waiting := map[int64][]pending{}
	var err error
	keep := func(recs []pending) {
		for _, r := range recs {
			if err != nil || !g.seen.add(r.key) {
				continue
			}
			if err = sw.write(r.data[:]); err != nil {
				g.failed.Store(true)
				return
			}
			g.kept.Add(1)
		}
	}
	next := int64(0)
	for p := range played {
		waiting[p.i] = p.recs
		for recs, ok := waiting[next]; ok; recs, ok = waiting[next] {
			keep(recs)
			delete(waiting, next)
			next++
		}
	}
	rest := slices.Sorted(maps.Keys(waiting))
	for _, i := range rest {
		keep(waiting[i])
	}
	if cerr := sw.close(); err == nil {
		err = cerr
	}
	return err
}

// pending is a kept position waiting for its game's result.
type pending struct {
	key  uint64
	side rules.Color
	data [train.RecordSize]byte
}

// play plays game i and returns its kept positions with the result filled
// in; ok is false when ctx ended first.
func (g *generator) play(ctx context.Context, s *engine.Searcher, i uint64) (recs []pending, ok bool) {
	c := g.cfg
	rng := rand.New(rand.NewPCG(c.seed, i))
	s.Clear()
	p := g.opening(rng)
	if p == nil {
		return nil, true
	}
	winner := -1 // the colour that won, -1 for a draw
	var redScore []int
	for ply := 0; ; ply++ {
		if ctx.Err() != nil {
			return nil, false
		}
		if over, w := gameOver(p, ply, c.maxPlies); over {
			winner = w
			break
		}
		res := s.Search(ctx, p, engine.Limits{Nodes: uint64(c.nodes)}, nil)
		if ctx.Err() != nil {
			return nil, false
		}
		g.searched.Add(1)
		if res.Move == rules.NoMove {
			winner = int(p.Side().Opponent())
			break
		}
		if engine.IsDecisive(res.Score) {
			// A mate the search sees: score the game for the mating side.
			winner = int(p.Side())
			if res.Score < 0 {
				winner = int(p.Side().Opponent())
			}
			break
		}
		score := res.Score
		if p.Side() == rules.Black {
			score = -score
		}
		redScore = append(redScore, score)
		if adjudicated(redScore) != -1 {
			winner = adjudicated(redScore)
			break
		}
		if !p.InCheck() && p.At(res.Move.To()) == rules.NoPiece && abs(res.Score) <= c.maxScore {
			r := pending{key: p.Hash64(), side: p.Side()}
			train.EncodeRecord(r.data[:], p, res.Score, 0, p.Ply())
			recs = append(recs, r)
		}
		if !p.MakeMove(res.Move) {
			return nil, true // cannot happen: the search returns legal moves
		}
	}
	for k := range recs {
		result := train.Draw
		switch {
		case winner == int(recs[k].side):
			result = train.Win
		case winner >= 0:
			result = train.Loss
		}
		recs[k].data[45] |= byte(result) << 1
	}
	return recs, true
}

// adjudicate: a side whose score has been above resignScore for both sides'
// last resignPlies searches has won.
const (
	resignScore = 1000
	resignPlies = 8
)

// adjudicated returns the colour that has won by the scores so far (Red's
// view, one per ply), or -1.
func adjudicated(redScore []int) int {
	if len(redScore) < resignPlies {
		return -1
	}
	last := redScore[len(redScore)-resignPlies:]
	red, black := true, true
	for _, v := range last {
		red = red && v > resignScore
		black = black && v < -resignScore
	}
	switch {
	case red:
		return int(rules.Red)
	case black:
		return int(rules.Black)
	}
	return -1
}

// opening returns the position game play starts from: a book line while
// the book has moves (when there is a book), then random legal plies; nil
// when the random plies ran into a position without moves.
func (g *generator) opening(rng *rand.Rand) *rules.Position {
	c := g.cfg
	p := rules.NewPosition()
	if c.book != nil {
		for range 40 {
			m, ok := c.book.Probe(p, rng)
			if !ok || !p.IsLegal(m) {
				break
			}
			p.MakeMove(m)
		}
	}
	for n := c.minRandom + rng.IntN(c.maxRandom-c.minRandom+1); n > 0; n-- {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			return nil
		}
		p.MakeMove(ms[rng.IntN(len(ms))])
	}
	if len(p.LegalMoves()) == 0 {
		return nil
	}
	return p
}

// gameOver tells whether the game has ended before the side to move
// plays, and who won (-1 for a draw): no legal move loses, a third
// occurrence is judged by the Asian rules, and the natural move limit,
// bare armies and -maxplies draw.
func gameOver(p *rules.Position, ply, maxPlies int) (bool, int) {
	if len(p.LegalMoves()) == 0 {
		return true, int(p.Side().Opponent())
	}
	if v, ok := p.JudgeRepetition(2, rules.RulesAsian); ok {
		if v.Decided {
			return true, int(v.Loser.Opponent())
		}
		return true, -1
	}
	if p.HalfmoveClock() >= rules.MoveLimitPlies || ply >= maxPlies ||
		!p.HasAttackers(rules.Red) && !p.HasAttackers(rules.Black) {
		return true, -1
	}
	return false, -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keySet is the set of position keys kept so far, split into locked parts
// so that the workers rarely wait for each other.
type keySet struct {
	parts [64]struct {
		sync.Mutex
		m map[uint64]struct{}
	}
}

func newKeySet() *keySet {
	k := &keySet{}
	for i := range k.parts {
		k.parts[i].m = make(map[uint64]struct{})
	}
	return k
}

// add adds key and tells whether it was new.
func (k *keySet) add(key uint64) bool {
	part := &k.parts[key>>58]
	part.Lock()
	defer part.Unlock()
	if _, ok := part.m[key]; ok {
		return false
	}
	part.m[key] = struct{}{}
	return true
}

// shardWriter writes the records, a new shard every per records.
type shardWriter struct {
	dir      string
	per      int
	shard, n int
	f        *os.File
	w        *bufio.Writer
}

func (s *shardWriter) write(rec []byte) error {
	if s.f == nil || s.n == s.per {
		if err := s.close(); err != nil {
			return err
		}
		name := filepath.Join(s.dir, fmt.Sprintf("%04d.xqpos", s.shard))
		f, err := os.Create(name)
		if err != nil {
			return err
		}
		s.f, s.w, s.n = f, bufio.NewWriterSize(f, 1<<20), 0
		s.shard++
		if _, err := s.w.Write(train.ShardHeader()); err != nil {
			return err
		}
	}
	s.n++
	_, err := s.w.Write(rec)
	return err
}

func (s *shardWriter) close() error {
	if s.f == nil {
		return nil
	}
	err := s.w.Flush()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	s.f, s.w = nil, nil
	return err
}
