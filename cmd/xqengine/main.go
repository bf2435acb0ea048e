// Command xqengine is the Xiangqi engine as a command-line program speaking
// UCI (as Pikafish does) and UCCI (ElephantEye's protocol), so that Xiangqi
// GUIs, referees and match tools can drive it over stdin/stdout.
//
// Beyond the protocols it understands `d` (show the board and its FEN),
// `go perft N` and `perft N` (move-path enumeration with per-move counts).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/engine"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xqengine:", err)
		os.Exit(1)
	}
}

// lineWriter serialises output lines: search progress comes from another
// goroutine while commands are still being read.
type lineWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func (lw *lineWriter) println(format string, args ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	fmt.Fprintf(lw.w, format, args...)
	lw.w.WriteByte('\n')
	lw.w.Flush()
}

// protocol is the dialect chosen by the handshake; it changes how a few
// replies are worded.
type protocol int

const (
	protoUCI protocol = iota
	protoUCCI
)

// cli is the state of one engine session.
type cli struct {
	out      *lineWriter
	proto    protocol
	pos      *engine.Position
	banned   []engine.Move
	searcher *searchSession
}

// run reads commands from in until quit or end of input.
func run(in io.Reader, out io.Writer) error {
	c := &cli{
		out: &lineWriter{w: bufio.NewWriter(out)},
		pos: engine.NewPosition(),
	}
	c.searcher = newSearchSession(c)
	defer c.searcher.close()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if !c.handle(sc.Text()) {
			return nil
		}
	}
	return sc.Err()
}

// handle runs one command line and reports whether to keep going.
func (c *cli) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	args := fields[1:]
	switch fields[0] {
	case "uci":
		c.proto = protoUCI
		c.out.println("id name xqengine")
		c.out.println("id author the xqfyne authors")
		c.searcher.printOptions()
		c.out.println("uciok")
	case "ucci":
		c.proto = protoUCCI
		c.out.println("id name xqengine")
		c.out.println("id author the xqfyne authors")
		c.out.println("option usemillisec type check default false")
		c.searcher.printOptions()
		c.out.println("ucciok")
	case "isready":
		// An infinite or ponder search keeps running and readyok comes at
		// once, as UCI requires; a bounded search is let finish first so that
		// scripts can use isready to wait for its bestmove.
		c.searcher.waitBounded()
		c.out.println("readyok")
	case "position":
		c.searcher.wait()
		if err := c.setPosition(args); err != nil {
			c.errorf("%v", err)
		}
	case "banmoves":
		c.setBanMoves(args)
	case "setoption":
		c.searcher.wait()
		c.searcher.setOption(args)
	case "go":
		if len(args) > 0 && args[0] == "perft" {
			c.searcher.wait()
			c.perft(args[1:])
			break
		}
		c.searcher.start(args)
	case "perft":
		c.searcher.wait()
		c.perft(args)
	case "stop":
		c.searcher.stop()
	case "ponderhit":
		c.searcher.ponderhit()
	case "ucinewgame", "newgame":
		c.searcher.wait()
		c.searcher.newGame()
	case "d":
		c.display()
	case "bench":
		c.searcher.wait()
		c.searcher.bench(args)
	case "probe":
		c.searcher.probe()
	case "quit":
		c.searcher.stop()
		c.searcher.wait()
		if c.proto == protoUCCI {
			c.out.println("bye")
		}
		return false
	default:
		c.errorf("unknown command %q", fields[0])
	}
	return true
}

func (c *cli) errorf(format string, args ...any) {
	c.out.println("info string error: "+format, args...)
}

// setPosition handles `position startpos|fen <FEN> [moves m1 m2 ...]`. The
// position is only replaced when everything parses and every move is legal.
func (c *cli) setPosition(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position: expected startpos or fen")
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = engine.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return fmt.Errorf("position: expected startpos or fen, got %q", args[0])
	}
	p, err := engine.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("position: %v", err)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: expected moves, got %q", rest[0])
		}
		for _, text := range rest[1:] {
			m, err := engine.ParseMove(text)
			if err != nil {
				return fmt.Errorf("position: %v", err)
			}
			if !p.IsLegal(m) {
				return fmt.Errorf("position: move %s is illegal in %s", text, p.FEN())
			}
			p.MakeMove(m)
		}
	}
	c.pos = p
	c.banned = nil
	return nil
}

// setBanMoves handles UCCI's `banmoves`: moves the engine must not choose in
// the current position (the referee forbids them, e.g. perpetual chases).
func (c *cli) setBanMoves(args []string) {
	var banned []engine.Move
	for _, text := range args {
		m, err := engine.ParseMove(text)
		if err != nil {
			c.errorf("banmoves: %v", err)
			return
		}
		banned = append(banned, m)
	}
	c.banned = banned
}

// perft prints one `move: count` line per root move and the total, the
// Stockfish/Pikafish convention, then the speed as an info string.
func (c *cli) perft(args []string) {
	depth := 0
	if len(args) != 1 {
		c.errorf("perft: expected a depth")
		return
	}
	if _, err := fmt.Sscanf(args[0], "%d", &depth); err != nil || depth < 1 || depth > 9 {
		c.errorf("perft: depth %q must be a number from 1 to 9", args[0])
		return
	}
	start := time.Now()
	var total uint64
	for _, r := range c.pos.Divide(depth) {
		c.out.println("%s: %d", r.Move, r.Nodes)
		total += r.Nodes
	}
	elapsed := time.Since(start)
	c.out.println("")
	c.out.println("Nodes searched: %d", total)
	nps := uint64(float64(total) / max(elapsed.Seconds(), 1e-9))
	c.out.println("info string perft depth %d nodes %d time %d nps %d", depth, total, elapsed.Milliseconds(), nps)
}

// display prints the board from Red's side with ranks and files, then FEN
// and keys.
func (c *cli) display() {
	var sb strings.Builder
	for rank := 9; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "%d ", rank)
		for file := 0; file < 9; file++ {
			pc := c.pos.At(engine.Sq(file, rank))
			if pc == engine.NoPiece {
				sb.WriteString(" .")
			} else {
				sb.WriteByte(' ')
				sb.WriteByte(pc.FENChar())
			}
		}
		sb.WriteByte('\n')
		if rank == 5 {
			sb.WriteString("  -------------------\n")
		}
	}
	sb.WriteString("   a b c d e f g h i\n")
	c.out.println("%s", strings.TrimRight(sb.String(), "\n"))
	c.out.println("Fen: %s", c.pos.FEN())
	c.out.println("Key: %08X %08X %08X", c.pos.Key(), c.pos.Lock0(), c.pos.Lock1())
	if c.pos.InCheck() {
		c.out.println("Checkers: side to move is in check")
	}
}
