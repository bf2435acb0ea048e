// Command xqload is the online server's load and fault test, on loopback only: it starts
// a PostgreSQL of its own and two xqserver instances, and has bots play -games games at
// human-like intervals, the two players of each game on different instances. It reports
// the acknowledgement latency (p50, p99, max), the CPU each instance used, and checks
// after the run that every acknowledged move is stored once, in order, with consistent
// clocks. -kill kills one instance with SIGKILL halfway (its bots reconnect to the
// other); -restart-db kills PostgreSQL halfway and starts it again.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/pglocal"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

type options struct {
	games     int
	plies     int
	think     time.Duration
	timeLimit time.Duration
	xqserver  string
	kill      bool
	restartDB bool
	fsync     bool
	poolConns int
	// ramp spreads the games' starts (sign-ups, pairings) over this long, as players arrive
	// over time rather than all in the same second.
	ramp time.Duration
	// watchers bots watch each game from its start to its end (watchers.go).
	watchers int
}

func main() {
	var o options
	flag.IntVar(&o.games, "games", 50, "games played at once (at most 2000)")
	flag.IntVar(&o.plies, "plies", 40, "moves per game, unless it ends sooner (at most 200)")
	flag.DurationVar(&o.think, "think", 2*time.Second, "mean thinking time of a bot's move (uniform from 0 to twice this)")
	flag.DurationVar(&o.timeLimit, "time", 5*time.Minute, "give up after this long")
	flag.StringVar(&o.xqserver, "xqserver", "dist/xqserver", "the xqserver binary")
	flag.BoolVar(&o.kill, "kill", false, "kill -9 the second instance halfway")
	flag.BoolVar(&o.restartDB, "restart-db", false, "kill PostgreSQL halfway and start it again")
	flag.BoolVar(&o.fsync, "fsync", true, "PostgreSQL flushes commits to disk (off: faster, as the tests run)")
	flag.IntVar(&o.poolConns, "pool", 0, "database connections per instance (0: pgx's default, the larger of 4 and the CPU count)")
	flag.DurationVar(&o.ramp, "ramp", 0, "start the games evenly over this long (0: 2 ms apart)")
	flag.IntVar(&o.watchers, "watchers", 0, "bots watching each game from its start, on alternate instances (at most 10)")
	flag.Parse()
	if o.games < 1 || o.games > 2000 || o.plies < 1 || o.plies > 200 || o.watchers < 0 || o.watchers > 10 {
		fmt.Fprintln(os.Stderr, "xqload: -games is 1..2000, -plies 1..200 and -watchers 0..10")
		os.Exit(2)
	}
	report, err := run(o)
	fmt.Print(report)
	if err != nil {
		fmt.Fprintln(os.Stderr, "xqload:", err)
		os.Exit(1)
	}
}

// instance is one xqserver process.
type instance struct {
	base string
	cmd  *exec.Cmd
	cpu  time.Duration // user+system CPU when it was last read
	dead bool
	// exited delivers the process's end (cmd.Wait runs once, here).
	exited <-chan error
}

func startInstance(ctx context.Context, binary, dbURL, dir string, n int) (*instance, error) {
	port, err := pglocal.FreePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(binary, "-addr", addr, "-sockets-per-address", "10000", "-accounts-per-second", "10000", "-accounts-burst", "10000",
		"-requests-per-address", "100000", "-requests-per-address-burst", "100000") // every bot is on 127.0.0.1
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL)
	logFile, err := os.Create(filepath.Join(dir, fmt.Sprintf("xqserver%d.log", n)))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	in := &instance{base: "http://" + addr, cmd: cmd}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	in.exited = exited
	deadline := time.After(30 * time.Second)
	for {
		resp, err := http.Get(in.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return in, nil
			}
		}
		select {
		case err := <-exited:
			log, _ := os.ReadFile(logFile.Name())
			return nil, fmt.Errorf("xqserver %d exited (%v): %s", n, err, log)
		case <-deadline:
			cmd.Process.Kill()
			return nil, fmt.Errorf("xqserver %d did not answer /healthz", n)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// cpuTime reads the process's user and system time from /proc (Linux).
func (in *instance) cpuTime() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", in.cmd.Process.Pid))
	if err != nil {
		return in.cpu
	}
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(fields) < 13 {
		return in.cpu
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	in.cpu = time.Duration(utime+stime) * 10 * time.Millisecond // USER_HZ is 100 on Linux
	return in.cpu
}

// tally collects what the bots saw.
type tally struct {
	mu        sync.Mutex
	latencies []time.Duration
	// steady are the latencies of the moves sent outside the faults: before the first
	// and from faultSettle after the last (set once the faults are over).
	steady []time.Duration
	sentAt []time.Time // per latency, when its move was sent
	// rawLatencies are the latencies in the order of sentAt (latencies gets sorted).
	rawLatencies []time.Duration
	faultFrom    time.Time
	faultTo      time.Time
	refusals     map[string]int
	acked        map[int64][]string // per game, the moves acknowledged (or found applied), by ply
	reconnect    int
	eventGaps    int // an event number skipped or repeated on one socket
	failures     []string
	watch        watchStats
}

func (t *tally) fail(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.failures) < 20 {
		t.failures = append(t.failures, fmt.Sprintf(format, args...))
	}
}

func run(o options) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeLimit)
	defer cancel()
	dir, err := os.MkdirTemp("", "xqload")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	cluster, err := pglocal.Start(ctx, pglocal.Options{Dir: filepath.Join(dir, "pg"), Throwaway: !o.fsync, Install: true})
	if err != nil {
		return "", err
	}
	defer cluster.Stop()
	var instances []*instance
	for n := range 2 {
		url := cluster.URL
		if o.poolConns > 0 {
			url += fmt.Sprintf("&pool_max_conns=%d", o.poolConns)
		}
		in, err := startInstance(ctx, o.xqserver, url, dir, n)
		if err != nil {
			return "", err
		}
		defer func() {
			if !in.dead {
				in.cmd.Process.Signal(syscall.SIGTERM)
				<-in.exited
			}
		}()
		instances = append(instances, in)
	}
	t := &tally{refusals: map[string]int{}, acked: map[int64][]string{}}
	start := time.Now()
	cpuBefore := []time.Duration{instances[0].cpuTime(), instances[1].cpuTime()}

	var wg sync.WaitGroup
	gap := 2 * time.Millisecond // spread the pairings a little
	if o.ramp > 0 {
		gap = o.ramp / time.Duration(o.games)
	}
	// The faults come between the last game's start and the first game's expected end, when
	// every game is in play (given a ramp shorter than a game).
	half := (time.Duration(o.games)*gap + time.Duration(o.plies)*o.think) / 2
	if o.kill || o.restartDB {
		go func() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(half):
			}
			t.mu.Lock()
			t.faultFrom = time.Now()
			t.mu.Unlock()
			defer func() {
				t.mu.Lock()
				t.faultTo = time.Now()
				t.mu.Unlock()
			}()
			if o.kill {
				instances[1].cpuTime()
				instances[1].cmd.Process.Kill()
				<-instances[1].exited
				instances[1].dead = true
				fmt.Printf("killed instance 2 (SIGKILL) at %v\n", time.Since(start).Round(time.Millisecond))
			}
			if o.restartDB {
				if err := cluster.Kill(); err != nil {
					t.fail("killing PostgreSQL: %v", err)
					return
				}
				if err := cluster.Restart(ctx); err != nil {
					t.fail("restarting PostgreSQL: %v", err)
					return
				}
				fmt.Printf("restarted PostgreSQL at %v\n", time.Since(start).Round(time.Millisecond))
			}
		}()
	}
	bases := []string{instances[0].base, instances[1].base}
	for range o.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playGame(ctx, o, bases, t); err != nil {
				t.fail("%v", err)
			}
		}()
		time.Sleep(gap)
	}
	wg.Wait()
	elapsed := time.Since(start)
	for i, in := range instances {
		if !in.dead {
			in.cpuTime()
		}
		cpuBefore[i] = in.cpu - cpuBefore[i]
	}
	lost, dups, clockErrs, err := verify(ctx, cluster.URL, t, o)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	t.rawLatencies = slices.Clone(t.latencies) // in the order of sentAt
	for i, d := range t.latencies {
		if t.faultFrom.IsZero() || t.sentAt[i].Before(t.faultFrom) || !t.faultTo.IsZero() && t.sentAt[i].After(t.faultTo.Add(faultSettle)) {
			t.steady = append(t.steady, d)
		}
	}
	slices.Sort(t.latencies)
	slices.Sort(t.steady)
	pctOf := func(l []time.Duration, p float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		return l[min(len(l)-1, int(p*float64(len(l))))]
	}
	pct := func(p float64) time.Duration { return pctOf(t.latencies, p) }
	moves := 0
	for _, m := range t.acked {
		moves += len(m)
	}
	fmt.Fprintf(&b, "games %d, moves acknowledged %d in %v (%.1f moves/s), 2 instances, think %v\n",
		len(t.acked), moves, elapsed.Round(time.Millisecond), float64(moves)/elapsed.Seconds(), o.think)
	fmt.Fprintf(&b, "ack latency p50 %v p99 %v max %v\n", pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	if !t.faultFrom.IsZero() {
		fmt.Fprintf(&b, "outside the faults (%d moves sent before them or %v after): p50 %v p99 %v max %v\n", len(t.steady), faultSettle,
			pctOf(t.steady, 0.5).Round(10*time.Microsecond), pctOf(t.steady, 0.99).Round(10*time.Microsecond), pctOf(t.steady, 1).Round(10*time.Microsecond))
	}
	fmt.Fprintf(&b, "p99 by the %v in which the move was sent:", reportWindow)
	for _, w := range windows(t, start) {
		fmt.Fprintf(&b, " %v", w.Round(100*time.Microsecond))
	}
	fmt.Fprintln(&b)
	for i, c := range cpuBefore {
		fmt.Fprintf(&b, "instance %d CPU %v (%.0f%% of one core)\n", i+1, c, 100*c.Seconds()/elapsed.Seconds())
	}
	codes := make([]string, 0, len(t.refusals))
	for c, n := range t.refusals {
		codes = append(codes, fmt.Sprintf("%s %d", c, n))
	}
	slices.Sort(codes)
	fmt.Fprintf(&b, "refusals: %s; reconnects %d\n", strings.Join(codes, ", "), t.reconnect)
	fmt.Fprintf(&b, "losses %d, duplicates %d, clock errors %d, event gaps %d\n", lost, dups, clockErrs, t.eventGaps)
	b.WriteString(watchReport(t, o.watchers))
	for _, f := range t.failures {
		fmt.Fprintln(&b, "failure:", f)
	}
	if lost+dups+clockErrs+t.eventGaps+t.watch.gaps+t.watch.unended > 0 || len(t.failures) > 0 {
		return b.String(), errors.New("the run lost, repeated or misordered something")
	}
	return b.String(), nil
}

// reportWindow is the span of the run whose moves' p99 the report gives one by one.
const reportWindow = 10 * time.Second

// windows returns the p99 of the acknowledgement latency of the moves sent in each
// reportWindow of the run from start (0 for a window without moves).
func windows(t *tally, start time.Time) []time.Duration {
	var byWindow [][]time.Duration
	for i, d := range t.rawLatencies {
		w := int(t.sentAt[i].Sub(start) / reportWindow)
		for len(byWindow) <= w {
			byWindow = append(byWindow, nil)
		}
		byWindow[w] = append(byWindow[w], d)
	}
	p99 := make([]time.Duration, len(byWindow))
	for i, l := range byWindow {
		if len(l) > 0 {
			slices.Sort(l)
			p99[i] = l[min(len(l)-1, int(0.99*float64(len(l))))]
		}
	}
	return p99
}

// faultSettle is how long after the faults the moves still count as theirs in the
// latency report: the bots reconnect and the instances fill their pools again.
const faultSettle = 5 * time.Second

// player is one bot's connection, which it remakes on a live instance when it breaks.
type player struct {
	token string
	bases []string
	base  int
	conn  *client.Conn
	game  int64
	t     *tally
	drain sync.WaitGroup
	last  int64 // the last event number this player's sockets delivered
	red   int64 // the red player's account, from the start event
	mu    sync.Mutex
}

func newPlayer(ctx context.Context, bases []string, base int, t *tally) (*player, error) {
	s, err := client.Guest(ctx, bases[base])
	if err != nil {
		return nil, err
	}
	p := &player{token: s.Token, bases: bases, base: base, t: t}
	c, err := client.Dial(ctx, bases[base], s.Token, nil)
	if err != nil {
		return nil, err
	}
	p.attach(c)
	return p, nil
}

// attach reads the socket's frames, checking that each game event follows the last.
func (p *player) attach(c *client.Conn) {
	p.conn = c
	p.drain.Add(1)
	go func() {
		defer p.drain.Done()
		for f := range c.Frames() {
			if f.Type != proto.TypeEvent {
				continue
			}
			p.mu.Lock()
			if p.game == 0 || f.Event.Game == p.game {
				if f.Event.Seq != p.last+1 {
					p.t.mu.Lock()
					p.t.eventGaps++
					p.t.mu.Unlock()
				}
				p.last = f.Event.Seq
				var start proto.StartData
				if f.Event.Kind == proto.KindStart && f.Event.Decode(&start) == nil {
					p.red = start.Red.ID
				}
			}
			p.mu.Unlock()
		}
	}()
}

// reconnect dials a live instance again, resuming the game from the last event seen.
func (p *player) reconnect(ctx context.Context) error {
	p.conn.Close()
	p.drain.Wait()
	p.mu.Lock()
	resume := map[int64]int64{p.game: p.last}
	p.mu.Unlock()
	// Try each instance in turn until one takes the socket (a dead instance refuses it, one
	// whose database is restarting answers unavailable) or the run's time is up.
	for i := 0; ; i++ {
		base := (p.base + i) % len(p.bases)
		c, err := client.Dial(ctx, p.bases[base], p.token, resume)
		if err == nil {
			p.base = base
			p.attach(c)
			p.t.mu.Lock()
			p.t.reconnect++
			p.t.mu.Unlock()
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// move plays mv at ply until the server has it: through a new socket when this one
// broke, again when the database was unavailable. A retry refused as stale means an
// earlier attempt was applied and only its answer lost.
func (p *player) move(ctx context.Context, g int64, ply int, mv string) error {
	unsure := false
	for {
		sent := time.Now()
		seq, err := p.conn.Move(ctx, g, ply, mv)
		if err == nil {
			p.t.noteSent(g, seq, sent)
			p.t.mu.Lock()
			p.t.latencies = append(p.t.latencies, time.Since(sent))
			p.t.sentAt = append(p.t.sentAt, sent)
			p.t.mu.Unlock()
			return nil
		}
		var refusal *proto.Error
		if errors.As(err, &refusal) {
			p.t.mu.Lock()
			p.t.refusals[refusal.Code]++
			p.t.mu.Unlock()
		}
		switch {
		case refusal != nil && refusal.Code == proto.CodeStale && unsure:
			return nil
		case refusal != nil && refusal.Code == proto.CodeUnavailable:
			unsure = true // the commit may have happened before the database went away
			time.Sleep(100 * time.Millisecond)
		case refusal != nil:
			return fmt.Errorf("game %d ply %d %s: %v", g, ply, mv, err)
		case ctx.Err() != nil:
			return ctx.Err()
		default:
			unsure = true
			if err := p.reconnect(ctx); err != nil {
				return fmt.Errorf("game %d: reconnecting: %v", g, err)
			}
		}
	}
}

// playGame has two bots play one game by invite, on different instances.
func playGame(ctx context.Context, o options, bases []string, t *tally) error {
	a, err := newPlayer(ctx, bases, 0, t)
	if err != nil {
		return err
	}
	b, err := newPlayer(ctx, bases, 1, t)
	if err != nil {
		return err
	}
	defer func() { a.conn.Close(); b.conn.Close() }()
	g, code, err := a.conn.Invite(ctx, "30+0", "", false)
	if err != nil {
		return err
	}
	for _, p := range []*player{a, b} {
		p.mu.Lock()
		p.game = g
		p.mu.Unlock()
	}
	if _, err := b.conn.Join(ctx, code); err != nil {
		return err
	}
	var red int64
	for red == 0 {
		a.mu.Lock()
		red = a.red
		a.mu.Unlock()
		select {
		case <-ctx.Done():
			return fmt.Errorf("game %d: no start event", g)
		case <-time.After(10 * time.Millisecond):
		}
	}
	var watching sync.WaitGroup
	defer watching.Wait() // each watcher ends with the game's end event
	for i := range o.watchers {
		watching.Add(1)
		go func() {
			defer watching.Done()
			if err := watchGame(ctx, bases, i%2, g, t); err != nil {
				t.fail("%v", err)
			}
		}()
	}
	sides := [2]*player{a, b}
	if a.conn.Account().ID != red {
		sides = [2]*player{b, a}
	}
	gm, err := game.New("")
	if err != nil {
		return err
	}
	for ply := 0; ply < o.plies && !gm.Result().Decided(); ply++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(2*o.think) + 1))):
		}
		legal := gm.Position().LegalMoves()
		mv := legal[rand.IntN(len(legal))]
		if err := sides[ply%2].move(ctx, g, ply, mv.String()); err != nil {
			return err
		}
		t.mu.Lock()
		t.acked[g] = append(t.acked[g], mv.String())
		t.mu.Unlock()
		if err := gm.Play(mv); err != nil {
			return fmt.Errorf("game %d: %v", g, err)
		}
	}
	if gm.Result().Decided() {
		return nil
	}
	for {
		err := sides[0].conn.Resign(ctx, g)
		var refusal *proto.Error
		switch {
		case err == nil || errors.As(err, &refusal) && refusal.Code == proto.CodeGameOver:
			return nil
		case errors.As(err, &refusal) && refusal.Code == proto.CodeUnavailable:
			time.Sleep(100 * time.Millisecond)
		case refusal != nil || ctx.Err() != nil:
			return fmt.Errorf("game %d: resigning: %v", g, err)
		default:
			if err := sides[0].reconnect(ctx); err != nil {
				return err
			}
		}
	}
}

// verify reads every game back: the stored moves are exactly the acknowledged ones, in
// order, each once, with events numbered without gaps and clocks that only run down.
func verify(ctx context.Context, url string, t *tally, o options) (lost, dups, clockErrs int, err error) {
	st, err := store.Open(ctx, url)
	if err != nil {
		return 0, 0, 0, err
	}
	defer st.Close()
	for g, acked := range t.acked {
		events, err := st.Events(ctx, g, 0)
		if err != nil {
			return 0, 0, 0, err
		}
		var stored []string
		var clock proto.Clock
		for i, e := range events {
			if e.Seq != int64(i+1) {
				dups++
			}
			switch e.Kind {
			case proto.KindStart:
				var s proto.StartData
				e.Decode(&s)
				clock = s.Clock
			case proto.KindMove:
				var m proto.MoveData
				e.Decode(&m)
				if m.Ply != len(stored)+1 {
					dups++
				}
				stored = append(stored, m.Move)
				// 30+0: the mover's clock only runs down, the other's stands still.
				mover, other := m.Clock.Red, m.Clock.Black
				moverBefore, otherBefore := clock.Red, clock.Black
				if m.Side == "black" {
					mover, other, moverBefore, otherBefore = m.Clock.Black, m.Clock.Red, clock.Black, clock.Red
				}
				if mover < 0 || mover > moverBefore || other != otherBefore {
					clockErrs++
				}
				clock = m.Clock
			}
		}
		for i, mv := range acked {
			if i >= len(stored) || stored[i] != mv {
				lost++
			}
		}
		if len(stored) > len(acked) {
			dups += len(stored) - len(acked)
		}
	}
	return lost, dups, clockErrs, nil
}
