package uci

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// Client is the GUI's or referee's side of a session with an engine. Its
// times are milliseconds in both protocols (a UCCI engine is told
// usemillisec). A Client is used by one goroutine at a time.
type Client struct {
	name    string // the engine command, for errors
	proto   Protocol
	in      io.WriteCloser
	out     *bufio.Scanner
	proc    *exec.Cmd // nil when the engine was not started by Start
	id      string    // the name the engine gave in the handshake
	options []Option  // what the handshake offered
}

// Start runs an engine command (a program and its arguments, split at
// spaces) and shakes hands with it in protocol p. The engine's standard
// error goes to this program's.
func Start(command string, p Protocol) (*Client, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty engine command")
	}
	proc := exec.Command(fields[0], fields[1:]...)
	proc.Stderr = os.Stderr
	in, err := proc.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := proc.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := proc.Start(); err != nil {
		return nil, err
	}
	c, err := handshake(command, in, out, p)
	if err != nil {
		proc.Process.Kill()
		proc.Wait()
		return nil, err
	}
	c.proc = proc
	return c, nil
}

// Connect shakes hands in protocol p with an engine that reads in and
// writes out (one running in this process, say); name names it in errors.
func Connect(name string, in io.WriteCloser, out io.Reader, p Protocol) (*Client, error) {
	return handshake(name, in, out, p)
}

func handshake(name string, in io.WriteCloser, out io.Reader, p Protocol) (*Client, error) {
	c := &Client{name: name, proto: p, in: in, out: bufio.NewScanner(out)}
	c.out.Buffer(make([]byte, 64*1024), 1024*1024)
	if err := c.send(p.String()); err != nil {
		return nil, err
	}
	lines, err := c.readUntil(p.ok())
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, "id name "); ok {
			c.id = strings.TrimSpace(rest)
		}
		// A line this side cannot read is left out rather than failing
		// the handshake: the engine may still play.
		if o, err := ParseOption(l); err == nil {
			c.options = append(c.options, o)
		}
	}
	if p == UCCI { // this side's clock is in milliseconds, as a UCCI referee sets it
		if err := c.send("setoption usemillisec true"); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Protocol is the session's protocol.
func (c *Client) Protocol() Protocol { return c.proto }

// EngineName is the name the engine gave in the handshake (id name).
func (c *Client) EngineName() string { return c.id }

// Options are the options the engine announced.
func (c *Client) Options() []Option { return c.options }

// Offers tells whether the engine announced an option of this name (in any
// case).
func (c *Client) Offers(name string) bool {
	_, ok := c.offered(name)
	return ok
}

func (c *Client) offered(name string) (Option, bool) {
	for _, o := range c.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// SetOption sends setoption in the session's protocol, spelling the name
// as the engine announced it when it did; an empty value presses a button.
func (c *Client) SetOption(name, value string) error {
	if o, ok := c.offered(name); ok {
		name = o.Name
	}
	return c.send(setOptionLine(c.proto, name, value))
}

// IsReady waits until the engine has taken in everything sent so far.
func (c *Client) IsReady() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	_, err := c.waitFor("readyok")
	return err
}

// NewGame tells the engine a new game starts (UCI ucinewgame, UCCI's
// newgame button) and waits until it is ready.
func (c *Client) NewGame() error {
	cmd := "ucinewgame"
	if c.proto == UCCI {
		cmd = setOptionLine(UCCI, "newgame", "")
	}
	if err := c.send(cmd); err != nil {
		return err
	}
	return c.IsReady()
}

// Request is one move asked of an engine: the position, what the search
// may spend, and what the referee forbids.
type Request struct {
	FEN   string
	Moves []string    // ICCS moves played from FEN
	Side  rules.Color // side to move: whose clock is whose under UCI

	// One limit: Nodes when above 0, else the clocks when Clock is set,
	// else MoveTime.
	MoveTime  time.Duration
	Nodes     int
	Clock     bool
	Own, Opp  time.Duration // clocks of the side to move and of the other
	Increment time.Duration // per move, both sides
	// Byoyomi, with Clock, is a 读秒 control: Own and Opp are then the main
	// times left and Byoyomi the period this move has (USI's go byoyomi).
	// UCI engines get "go wtime W btime B byoyomi P"; with
	// ByoyomiAsMovesToGo, or under UCCI, which has no byoyomi, a move in
	// byo-yomi is sent as a clock of the period for one move ("movestogo 1")
	// and a move with main time left as sudden death on the main time.
	Byoyomi            time.Duration
	ByoyomiAsMovesToGo bool

	// Banned are moves the rules forbid (perpetual check or chase). UCCI
	// engines get them as banmoves; UCI engines, which have no such
	// command, get Allowed, the other legal moves, as searchmoves.
	Banned, Allowed []rules.Move
	DrawOffered     bool // the opponent offered a draw with its last move (UCCI go draw)
}

// goCommand is the go command for the request in the session's protocol.
func (c *Client) goCommand(r Request) string {
	ucci := c.proto == UCCI
	var cmd string
	switch {
	case r.Nodes > 0:
		cmd = fmt.Sprintf("go nodes %d", r.Nodes)
	case r.Clock && r.Byoyomi > 0:
		cmd = c.byoyomiCommand(r)
	case r.Clock && ucci:
		// UCCI: the side to move's clock, then the opponent's.
		cmd = fmt.Sprintf("go time %d increment %d opptime %d oppincrement %d",
			r.Own.Milliseconds(), r.Increment.Milliseconds(), r.Opp.Milliseconds(), r.Increment.Milliseconds())
	case r.Clock:
		wtime, btime := r.Own, r.Opp
		if r.Side == rules.Black {
			wtime, btime = r.Opp, r.Own
		}
		cmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
			wtime.Milliseconds(), btime.Milliseconds(), r.Increment.Milliseconds(), r.Increment.Milliseconds())
	case ucci:
		cmd = fmt.Sprintf("go time %d movestogo 1", r.MoveTime.Milliseconds())
	default:
		cmd = fmt.Sprintf("go movetime %d", r.MoveTime.Milliseconds())
	}
	if r.DrawOffered && ucci {
		cmd = "go draw" + strings.TrimPrefix(cmd, "go")
	}
	if len(r.Banned) > 0 && !ucci {
		cmd += " searchmoves " + moveList(r.Allowed)
	}
	return cmd
}

// byoyomiCommand is the go command of a move under a 读秒 control (see
// Request.Byoyomi).
func (c *Client) byoyomiCommand(r Request) string {
	wtime, btime := r.Own, r.Opp
	if r.Side == rules.Black {
		wtime, btime = r.Opp, r.Own
	}
	switch {
	case c.proto == UCI && !r.ByoyomiAsMovesToGo:
		return fmt.Sprintf("go wtime %d btime %d byoyomi %d", wtime.Milliseconds(), btime.Milliseconds(), r.Byoyomi.Milliseconds())
	case r.Own > 0 && c.proto == UCCI:
		return fmt.Sprintf("go time %d increment 0 opptime %d oppincrement 0", r.Own.Milliseconds(), r.Opp.Milliseconds())
	case r.Own > 0:
		return fmt.Sprintf("go wtime %d btime %d winc 0 binc 0", wtime.Milliseconds(), btime.Milliseconds())
	case c.proto == UCCI:
		return fmt.Sprintf("go time %d movestogo 1", r.Byoyomi.Milliseconds())
	}
	if r.Side == rules.Black {
		return fmt.Sprintf("go wtime %d btime %d movestogo 1", wtime.Milliseconds(), r.Byoyomi.Milliseconds())
	}
	return fmt.Sprintf("go wtime %d btime %d movestogo 1", r.Byoyomi.Milliseconds(), btime.Milliseconds())
}

// BestMove is an engine's answer to a go.
type BestMove struct {
	Move   string // ICCS; empty when none
	Ponder string // the reply the engine expects, when it says
	NoMove bool   // UCCI nobestmove or UCI bestmove (none): a draw claim or no move to play
	Resign bool   // bestmove ... resign
	Draw   bool   // bestmove ... draw: offers a draw, or accepts the one offered
	Took   time.Duration
	Info   Info // the last info line with a depth
}

// Info is what an info line of a search reports; fields it lacks are zero.
type Info struct {
	Depth   int
	Score   int // centipawns from the side to move's view
	Mate    int // moves to mate (UCI score mate N), negative when mated
	Nodes   uint64
	MultiPV int
	PV      []string
}

// Go sends the position and a go for the request and waits for the answer.
func (c *Client) Go(r Request) (BestMove, error) {
	pos := "position fen " + r.FEN
	if len(r.Moves) > 0 {
		pos += " moves " + strings.Join(r.Moves, " ")
	}
	if err := c.send(pos); err != nil {
		return BestMove{}, err
	}
	if len(r.Banned) > 0 && c.proto == UCCI {
		if err := c.send("banmoves " + moveList(r.Banned)); err != nil {
			return BestMove{}, err
		}
	}
	start := time.Now()
	if err := c.send(c.goCommand(r)); err != nil {
		return BestMove{}, err
	}
	var last Info
	for c.out.Scan() {
		l := c.out.Text()
		if info, ok := ParseInfo(l); ok && info.Depth > 0 {
			last = info
			continue
		}
		if strings.HasPrefix(l, "nobestmove") || strings.HasPrefix(l, "bestmove") {
			b := ParseBestMove(l)
			b.Took, b.Info = time.Since(start), last
			return b, nil
		}
	}
	if err := c.out.Err(); err != nil {
		return BestMove{}, err
	}
	return BestMove{}, fmt.Errorf("%s: output ended during search", c.name)
}

// ParseBestMove reads `bestmove <move> [ponder <move>] [draw|resign]` and
// UCCI's `nobestmove`; `bestmove (none)` and UCI's null move `bestmove 0000`
// are no move.
func ParseBestMove(line string) BestMove {
	f := strings.Fields(line)
	var b BestMove
	if len(f) == 0 || f[0] != "bestmove" {
		b.NoMove = true
		return b
	}
	if len(f) >= 2 && f[1] != "(none)" && f[1] != "0000" && f[1] != "resign" && f[1] != "draw" {
		b.Move = f[1]
	}
	for i, w := range f[1:] {
		switch w {
		case "resign":
			b.Resign = true
		case "draw":
			b.Draw = true
		case "ponder":
			if i+2 < len(f) {
				b.Ponder = f[i+2]
			}
		}
	}
	if b.Move == "" && !b.Resign {
		b.NoMove = true
	}
	return b
}

// ParseInfo reads an info line: `info depth D [seldepth S] [multipv K]
// score cp N|mate N|N time T nodes N ... pv m...` (UCCI's score is a bare
// number). ok is false for a line that is not info.
func ParseInfo(line string) (info Info, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return Info{}, false
	}
	num := func(i int) int64 {
		if i < len(f) {
			n, _ := strconv.ParseInt(f[i], 10, 64)
			return n
		}
		return 0
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			return info, true // free text to the end of the line
		case "depth":
			info.Depth = int(num(i + 1))
			i++
		case "multipv":
			info.MultiPV = int(num(i + 1))
			i++
		case "nodes":
			info.Nodes = uint64(max(num(i+1), 0))
			i++
		case "score":
			switch {
			case i+2 < len(f) && f[i+1] == "cp":
				info.Score = int(num(i + 2))
				i += 2
			case i+2 < len(f) && f[i+1] == "mate":
				info.Mate = int(num(i + 2))
				i += 2
			default:
				info.Score = int(num(i + 1))
				i++
			}
		case "pv":
			info.PV = append([]string(nil), f[i+1:]...)
			return info, true
		}
	}
	return info, true
}

// moveList joins moves in ICCS notation.
func moveList(ms []rules.Move) string {
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

// Close sends quit and ends the session; an engine process that has not
// exited two seconds later is killed.
func (c *Client) Close() {
	c.send("quit")
	c.in.Close()
	if c.proc == nil {
		return
	}
	done := make(chan struct{})
	go func() { c.proc.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		c.proc.Process.Kill()
		<-done
	}
}

func (c *Client) send(line string) error {
	_, err := io.WriteString(c.in, line+"\n")
	return err
}

// waitFor reads lines until one starts with prefix, and returns it.
func (c *Client) waitFor(prefix string) (string, error) {
	lines, err := c.readUntil(prefix)
	if err != nil {
		return "", err
	}
	return lines[len(lines)-1], nil
}

// readUntil reads lines until one starts with prefix, and returns them all,
// that one last.
func (c *Client) readUntil(prefix string) ([]string, error) {
	var lines []string
	for c.out.Scan() {
		l := c.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
	}
	if err := c.out.Err(); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%s: output ended while waiting for %q", c.name, prefix)
}
