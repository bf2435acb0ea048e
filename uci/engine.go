package uci

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// Engine is the engine side of the protocols: what it calls itself in the
// handshake, and its hash size.
type Engine struct {
	Name, Author string
	// HashMB is the hash table's size until a GUI sets Hash; 0 means
	// engine.DefaultHashMB.
	HashMB int
	// After runs f once d has passed and returns what cancels it; nil means
	// time.AfterFunc. Tests inject a clock here to end an orphaned search
	// (OrphanGrace) without waiting.
	After func(d time.Duration, f func()) (stop func() bool)
}

// Serve reads commands from in until quit or end of input and writes the
// answers to out. The loop never waits for a search or a perft: while one
// runs it answers isready, stop, ponderhit, quit, d and probe at once and
// defers the other commands. At the end of input it lets a bounded search
// or a perft finish, stops a search that has no bound it would reach (go
// infinite, a bare go, go depth 1000), and runs what was deferred, so that
// a piped script gets every answer; but no search or perft runs longer than
// OrphanGrace after the input ended (or after it started, if later), so an
// engine whose GUI died stops. A line over maxLineBytes is refused with an
// info string. The error is the input's.
func (e Engine) Serve(in io.Reader, out io.Writer) error {
	c := newSession(e, out)
	lines := make(chan inputLine)
	readErr := make(chan error, 1)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, readErr, quit)
	for {
		if c.eof && !c.searcher.running() && len(c.deferred) == 0 {
			return <-readErr
		}
		input := lines
		if c.eof {
			input = nil
		}
		select {
		case line, ok := <-input:
			if !ok {
				c.eof = true
				c.searcher.stopOpen()
				c.searcher.limitOrphan()
				continue
			}
			if line.overlong > 0 {
				c.errorf("a command line of %d bytes refused: longer than the limit of %d", line.overlong, maxLineBytes)
				continue
			}
			if !c.handle(line.text) {
				return nil
			}
		case res := <-c.searcher.results:
			c.searcher.finish(res)
			c.runDeferred()
		}
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

// session is the state of one engine session. Every field is owned by the
// command loop (Serve); a search runs on its own goroutine with copies of
// what it needs and hands its result back to the loop.
type session struct {
	id    Engine
	out   *lineWriter
	proto Protocol
	// pos is nil after a refused position command (posErr says why): the
	// engine then plays from nowhere rather than from the position before.
	pos      *rules.Position
	posErr   error
	banned   []rules.Move
	searcher *searchSession

	// deferred holds the commands that arrived while a search was running
	// and must wait for it to end (they would change what it searches, or
	// are searches themselves); they run in order when it has ended.
	deferred []string
	// eof: the input has ended. Searches still to come are stopped at once
	// if they would never end on their own (infinite, ponder).
	eof bool
}

func newSession(e Engine, out io.Writer) *session {
	hashMB := e.HashMB
	if hashMB <= 0 {
		hashMB = engine.DefaultHashMB
	}
	c := &session{
		id:  e,
		out: &lineWriter{w: bufio.NewWriter(out)},
		pos: rules.NewPosition(),
	}
	c.searcher = newSearchSession(c, hashMB)
	return c
}

// maxLineBytes bounds a command line; the longest real one, a position
// with a game's moves, is some kilobytes.
const maxLineBytes = 1 << 20

// inputLine is a command line, or the length of one too long to keep.
type inputLine struct {
	text     string
	overlong int
}

// readLines sends the input's lines to the command loop until the input
// ends (then it closes lines) or the loop has quit. A line longer than
// maxLineBytes is read past, not kept, and reported by its length.
func readLines(in io.Reader, lines chan<- inputLine, readErr chan<- error, quit <-chan struct{}) {
	r := bufio.NewReaderSize(in, maxLineBytes)
	for {
		chunk, err := r.ReadSlice('\n')
		line := inputLine{text: strings.TrimSuffix(strings.TrimSuffix(string(chunk), "\n"), "\r")}
		if err == bufio.ErrBufferFull {
			line = inputLine{overlong: len(chunk)}
			for err == bufio.ErrBufferFull {
				chunk, err = r.ReadSlice('\n')
				line.overlong += len(chunk)
			}
		}
		if len(chunk) > 0 || line.overlong > 0 {
			select {
			case lines <- line:
			case <-quit:
				return
			}
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			readErr <- err
			close(lines)
			return
		}
	}
}

// runDeferred runs the commands that waited for a search, until one of them
// starts a new search.
func (c *session) runDeferred() {
	for len(c.deferred) > 0 && !c.searcher.running() {
		line := c.deferred[0]
		c.deferred = c.deferred[1:]
		c.dispatch(line)
	}
}

// waitsForSearch tells whether a command must wait while a search runs: it
// would change what the search uses, or is a search itself. The others
// (isready, stop, ponderhit, quit, d, probe, unknown words) run at once.
func waitsForSearch(name string) bool {
	switch name {
	case "uci", "ucci", "position", "banmoves", "setoption", "go", "perft", "ucinewgame", "newgame", "bench":
		return true
	}
	return false
}

// handle takes one input line and reports whether to keep going.
func (c *session) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	name := fields[0]
	if !waitsForSearch(name) {
		return c.dispatch(line)
	}
	if c.searcher.running() || len(c.deferred) > 0 {
		if len(c.deferred) >= maxDeferred {
			c.errorf("%s: refused, %d commands already wait for the search to end", name, maxDeferred)
			return true
		}
		c.deferred = append(c.deferred, line)
		c.out.println("info string %s deferred until the search ends", name)
		return true
	}
	return c.dispatch(line)
}

// maxDeferred bounds the commands kept while a search runs.
const maxDeferred = 1000

// dispatch runs one command line and reports whether to keep going.
func (c *session) dispatch(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	args := fields[1:]
	switch fields[0] {
	case "uci", "ucci":
		c.proto = UCI
		if fields[0] == "ucci" {
			c.proto = UCCI
		}
		c.out.println("id name %s", c.id.Name)
		c.out.println("id author %s", c.id.Author)
		c.searcher.printOptions(c.proto)
		c.out.println("%s", c.proto.ok())
	case "isready":
		// At once, also during a search, as UCI requires.
		c.out.println("readyok")
	case "position":
		if err := c.setPosition(args); err != nil {
			c.pos, c.posErr = nil, err
			c.errorf("%v; no position is set: go answers no move until a position command is accepted", err)
		}
	case "banmoves":
		c.setBanMoves(args)
	case "setoption":
		c.searcher.setOption(args)
	case "go":
		if len(args) > 0 && args[0] == "perft" {
			c.perft(args[1:])
			break
		}
		c.searcher.start(args)
	case "perft":
		c.perft(args)
	case "stop":
		c.searcher.stop()
	case "ponderhit":
		c.searcher.ponderhit()
	case "ucinewgame", "newgame":
		c.searcher.newGame()
	case "d":
		c.display()
	case "bench":
		c.searcher.bench(args)
	case "probe":
		c.searcher.probe()
	case "quit":
		c.searcher.stop()
		c.searcher.awaitEnd()
		if n := len(c.deferred); n > 0 {
			c.out.println("info string quit: %d deferred commands dropped", n)
		}
		if c.proto == UCCI {
			c.out.println("bye")
		}
		return false
	default:
		c.errorf("unknown command %s", rules.QuoteInput(fields[0]))
	}
	return true
}

// noPosition is the error of a command that needs a position after a
// position command was refused.
func (c *session) noPosition() error {
	return fmt.Errorf("no position: the last position command was refused (%v)", c.posErr)
}

func (c *session) errorf(format string, args ...any) {
	c.out.println("info string error: "+format, args...)
}

// setPosition handles `position startpos|fen <FEN> [moves m1 m2 ...]`. The
// position is only replaced when everything parses and every move is legal.
func (c *session) setPosition(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position: expected startpos or fen")
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = rules.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return fmt.Errorf("position: expected startpos or fen, got %s", rules.QuoteInput(args[0]))
	}
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("position: %v", err)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: expected moves, got %s", rules.QuoteInput(rest[0]))
		}
		for _, text := range rest[1:] {
			m, err := rules.ParseMove(text)
			if err != nil {
				return fmt.Errorf("position: %v", err)
			}
			if !p.IsLegal(m) {
				return fmt.Errorf("position: move %s is illegal in %s", rules.QuoteInput(text), p.FEN())
			}
			p.MakeMove(m)
		}
	}
	c.pos, c.posErr = p, nil
	c.banned = nil
	return nil
}

// setBanMoves handles UCCI's `banmoves`: moves the engine must not choose in
// the current position (the referee forbids them, e.g. perpetual chases).
func (c *session) setBanMoves(args []string) {
	var banned []rules.Move
	for _, text := range args {
		m, err := rules.ParseMove(text)
		if err != nil {
			c.errorf("banmoves: %v", err)
			return
		}
		banned = append(banned, m)
	}
	c.banned = banned
}

// perft starts `perft N` (`go perft N`): it runs as a search does, on its
// own goroutine, so that isready, stop and quit are answered meanwhile.
func (c *session) perft(args []string) {
	if len(args) != 1 {
		c.errorf("perft: expected a depth")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > 9 {
		c.errorf("perft: depth %s must be a number from 1 to 9", rules.QuoteInput(args[0]))
		return
	}
	if c.pos == nil {
		c.errorf("perft: %v", c.noPosition())
		return
	}
	c.searcher.startPerft(c.pos.Copy(), depth)
}

// display prints the board from Red's side with ranks and files, then FEN
// and keys.
func (c *session) display() {
	if c.pos == nil {
		c.out.println("info string %v", c.noPosition())
		return
	}
	var sb strings.Builder
	for rank := 9; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "%d ", rank)
		for file := 0; file < 9; file++ {
			pc := c.pos.At(rules.Sq(file, rank))
			if pc == rules.NoPiece {
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
