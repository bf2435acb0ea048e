package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// uciEngine is a running engine process.
type uciEngine struct {
	cmd   string
	proc  *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	ucci  bool
	times []time.Duration // reply time of every move
}

func startEngine(command, options string, ucci bool) (*uciEngine, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty engine command")
	}
	p := exec.Command(fields[0], fields[1:]...)
	p.Stderr = os.Stderr
	in, err := p.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.Start(); err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: command, proc: p, in: in, out: bufio.NewScanner(out), ucci: ucci}
	e.out.Buffer(make([]byte, 64*1024), 1024*1024)
	hello, ok := "uci", "uciok"
	if ucci {
		hello, ok = "ucci", "ucciok"
	}
	if err := e.send(hello); err != nil {
		return nil, err
	}
	handshake, err := e.readUntil(ok)
	if err != nil {
		return nil, err
	}
	if ucci { // the referee's clock is in milliseconds, as a UCCI referee sets it
		if err := e.send("setoption usemillisec true"); err != nil {
			return nil, err
		}
	}
	// An engine that asks for the move limit is told this referee's: a
	// nobestmove claim ends the game at claimPlies without a capture.
	if offersOption(handshake, "movelimit") {
		line := fmt.Sprintf("setoption name MoveLimit value %d", claimPlies)
		if ucci {
			line = fmt.Sprintf("setoption movelimit %d", claimPlies)
		}
		if err := e.send(line); err != nil {
			return nil, err
		}
	}
	for _, opt := range strings.Split(options, ",") {
		name, value, found := strings.Cut(strings.TrimSpace(opt), "=")
		if !found {
			continue
		}
		line := "setoption name " + name + " value " + value
		if ucci {
			line = "setoption " + name + " " + value
		}
		if err := e.send(line); err != nil {
			return nil, err
		}
	}
	if err := e.send("isready"); err != nil {
		return nil, err
	}
	if _, err := e.waitFor("readyok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *uciEngine) send(line string) error {
	_, err := io.WriteString(e.in, line+"\n")
	return err
}

// waitFor reads lines until one starts with prefix, and returns it.
func (e *uciEngine) waitFor(prefix string) (string, error) {
	lines, err := e.readUntil(prefix)
	if err != nil {
		return "", err
	}
	return lines[len(lines)-1], nil
}

// readUntil reads lines until one starts with prefix, and returns them all,
// that one last.
func (e *uciEngine) readUntil(prefix string) ([]string, error) {
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
	}
	if err := e.out.Err(); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%s: output ended while waiting for %q", e.cmd, prefix)
}

// offersOption tells whether a handshake announced the option name, in
// UCI form (`option name N type …`) or UCCI form (`option N type …`).
func offersOption(handshake []string, name string) bool {
	for _, l := range handshake {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "option" {
			n := f[1]
			if n == "name" {
				n = f[2]
			}
			if strings.EqualFold(n, name) {
				return true
			}
		}
	}
	return false
}

func (e *uciEngine) newGame() error {
	cmd := "ucinewgame"
	if e.ucci {
		cmd = "setoption newgame"
	}
	if err := e.send(cmd); err != nil {
		return err
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.waitFor("readyok")
	return err
}

// request is one move asked of an engine.
type request struct {
	fen         string
	moves       []string
	side        rules.Color  // side to move
	banned      []rules.Move // moves the rules forbid (perpetual check or chase)
	allowed     []rules.Move // the other legal moves
	lim         limit
	own, opp    time.Duration // clocks of the side to move and of the other (clock mode)
	drawOffered bool          // the opponent offered a draw with its last move
}

// reply is an engine's answer.
type reply struct {
	move   string // ICCS move, empty when none
	noMove bool   // UCCI nobestmove (a draw claim or no move to play)
	resign bool   // bestmove ... resign
	draw   bool   // bestmove ... draw: offers a draw, or accepts the one offered
	took   time.Duration
}

// goCommand builds the go command for the request in the engine's protocol.
func (e *uciEngine) goCommand(r request) string {
	lim := r.lim
	var goCmd string
	switch {
	case lim.nodes > 0:
		goCmd = fmt.Sprintf("go nodes %d", lim.nodes)
	case lim.clock > 0 && e.ucci:
		// UCCI: the side to move's clock, then the opponent's (milliseconds,
		// as usemillisec asks).
		goCmd = fmt.Sprintf("go time %d increment %d opptime %d oppincrement %d",
			r.own.Milliseconds(), lim.increment.Milliseconds(), r.opp.Milliseconds(), lim.increment.Milliseconds())
	case lim.clock > 0:
		wtime, btime := r.own, r.opp
		if r.side == rules.Black {
			wtime, btime = r.opp, r.own
		}
		goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
			wtime.Milliseconds(), btime.Milliseconds(), lim.increment.Milliseconds(), lim.increment.Milliseconds())
	case e.ucci:
		goCmd = fmt.Sprintf("go time %d movestogo 1", lim.movetime.Milliseconds())
	default:
		goCmd = fmt.Sprintf("go movetime %d", lim.movetime.Milliseconds())
	}
	if r.drawOffered && e.ucci {
		goCmd = "go draw" + strings.TrimPrefix(goCmd, "go")
	}
	return goCmd
}

// bestMove asks the engine for its move and records how long the reply took.
// Like a referee, it forbids the moves that would lose by perpetual check or
// chase: UCCI engines get them as banmoves, UCI engines (which have no such
// command) the other legal moves as searchmoves.
func (e *uciEngine) bestMove(r request) (reply, error) {
	pos := "position fen " + r.fen
	if len(r.moves) > 0 {
		pos += " moves " + strings.Join(r.moves, " ")
	}
	goCmd := e.goCommand(r)
	if err := e.send(pos); err != nil {
		return reply{}, err
	}
	if len(r.banned) > 0 {
		if e.ucci {
			if err := e.send("banmoves " + moveList(r.banned)); err != nil {
				return reply{}, err
			}
		} else {
			goCmd += " searchmoves " + moveList(r.allowed)
		}
	}
	start := time.Now()
	if err := e.send(goCmd); err != nil {
		return reply{}, err
	}
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, "nobestmove") {
			took := time.Since(start)
			e.times = append(e.times, took)
			return reply{noMove: true, took: took}, nil
		}
		if strings.HasPrefix(l, "bestmove") {
			took := time.Since(start)
			e.times = append(e.times, took)
			return parseBestMove(l, took), nil
		}
	}
	return reply{}, fmt.Errorf("%s: output ended during search", e.cmd)
}

// parseBestMove reads `bestmove <move> [ponder <move>] [draw|resign]`.
func parseBestMove(line string, took time.Duration) reply {
	f := strings.Fields(line)
	rep := reply{took: took}
	if len(f) >= 2 && f[1] != "(none)" && f[1] != "resign" && f[1] != "draw" {
		rep.move = f[1]
	}
	for _, w := range f[1:] {
		switch w {
		case "resign":
			rep.resign = true
		case "draw":
			rep.draw = true
		}
	}
	if rep.move == "" && !rep.resign {
		rep.noMove = true
	}
	return rep
}

// moveList joins moves in ICCS notation.
func moveList(ms []rules.Move) string {
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

func (e *uciEngine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.proc.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.proc.Process.Kill()
		<-done
	}
}
