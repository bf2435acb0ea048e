package uci

import (
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// connect runs the engine of this package in the test and connects a
// client to it in protocol p; the session ends with the test.
func connect(t *testing.T, p Protocol) *Client {
	t.Helper()
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := serveWithHash(toEngine, fromEngine, 1)
		fromEngine.Close()
		done <- err
	}()
	c, err := Connect("xqengine", engineIn, engineOut, p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		go io.Copy(io.Discard, engineOut) // the engine's last words (bye)
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return c
}

// The client reads the engine's handshake into the options of the table,
// sets them by name in any case, and plays legal moves under each limit.
func TestClientAgainstTheEngine(t *testing.T) {
	for _, p := range []Protocol{UCI, UCCI} {
		c := connect(t, p)
		if !reflect.DeepEqual(c.Options(), announced(p)) {
			t.Fatalf("%s: client read %+v", p, c.Options())
		}
		if c.EngineName() != "xqengine" || !c.Offers("MOVELIMIT") || c.Offers("nonesuch") {
			t.Fatalf("%s: Offers", p)
		}
		for _, opt := range [][2]string{{"ownbook", "false"}, {"multipv", "2"}, {"rules", "chinese"}} {
			if err := c.SetOption(opt[0], opt[1]); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.NewGame(); err != nil {
			t.Fatal(err)
		}
		moves := []string{"h2e2"}
		for _, req := range []Request{
			{MoveTime: 30 * time.Millisecond},
			{Nodes: 2000},
			{Clock: true, Own: 300 * time.Millisecond, Opp: 5 * time.Second, Increment: 10 * time.Millisecond},
		} {
			req.FEN, req.Moves, req.Side = rules.StartFEN, moves, rules.Black
			b, err := c.Go(req)
			if err != nil {
				t.Fatal(err)
			}
			p := rules.NewPosition()
			p.MakeMove(mustMove(t, "h2e2"))
			m, err := rules.ParseMove(b.Move)
			if err != nil || !p.IsLegal(m) || b.NoMove || b.Took <= 0 {
				t.Fatalf("%+v: answer %+v", req, b)
			}
			if b.Info.Depth < 1 || len(b.Info.PV) == 0 || b.Info.Nodes == 0 {
				t.Fatalf("%+v: last info %+v", req, b.Info)
			}
		}
	}
}

func mustMove(t *testing.T, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Banned moves reach the engine in each protocol's form (banmoves, or
// searchmoves of the others): with all moves but one banned, that one is
// played; with all banned, there is no move.
func TestClientBansMoves(t *testing.T) {
	p := rules.NewPosition()
	legal := p.LegalMoves()
	keep := mustMove(t, "b0c2")
	var others []rules.Move
	for _, m := range legal {
		if m != keep {
			others = append(others, m)
		}
	}
	for _, proto := range []Protocol{UCI, UCCI} {
		c := connect(t, proto)
		if err := c.SetOption("OwnBook", "false"); err != nil {
			t.Fatal(err)
		}
		b, err := c.Go(Request{FEN: rules.StartFEN, Nodes: 3000, Banned: others, Allowed: []rules.Move{keep}})
		if err != nil || b.Move != "b0c2" {
			t.Fatalf("%s: all but b0c2 banned: %+v %v", proto, b, err)
		}
		if proto == UCCI {
			b, err = c.Go(Request{FEN: rules.StartFEN, Nodes: 3000, Banned: legal})
			if err != nil || !b.NoMove || b.Move != "" {
				t.Fatalf("all banned: %+v %v", b, err)
			}
		}
	}
}

// Each request becomes its protocol's go command.
func TestGoCommands(t *testing.T) {
	ban := []rules.Move{mustMove(t, "h2e2")}
	allow := []rules.Move{mustMove(t, "b2e2"), mustMove(t, "h0g2")}
	clock := Request{Clock: true, Own: 5 * time.Second, Opp: 4 * time.Second, Increment: 100 * time.Millisecond}
	black := clock
	black.Side = rules.Black
	byo := Request{Clock: true, Own: 0, Opp: 60 * time.Second, Byoyomi: 5 * time.Second}
	byoBlack := byo
	byoBlack.Side = rules.Black
	byoMain := byo
	byoMain.Own = 30 * time.Second
	byoForm := byo
	byoForm.ByoyomiAsMovesToGo = true
	byoFormBlack := byoBlack
	byoFormBlack.ByoyomiAsMovesToGo = true
	byoFormMain := byoMain
	byoFormMain.ByoyomiAsMovesToGo = true
	for _, tc := range []struct {
		req       Request
		uci, ucci string
	}{
		{Request{MoveTime: 250 * time.Millisecond}, "go movetime 250", "go time 250 movestogo 1"},
		{Request{Nodes: 5000, MoveTime: time.Second}, "go nodes 5000", "go nodes 5000"},
		{clock, "go wtime 5000 btime 4000 winc 100 binc 100", "go time 5000 increment 100 opptime 4000 oppincrement 100"},
		{black, "go wtime 4000 btime 5000 winc 100 binc 100", "go time 5000 increment 100 opptime 4000 oppincrement 100"},
		{Request{MoveTime: 50 * time.Millisecond, DrawOffered: true}, "go movetime 50", "go draw time 50 movestogo 1"},
		{byo, "go wtime 0 btime 60000 byoyomi 5000", "go time 5000 movestogo 1"},
		{byoBlack, "go wtime 60000 btime 0 byoyomi 5000", "go time 5000 movestogo 1"},
		{byoMain, "go wtime 30000 btime 60000 byoyomi 5000", "go time 30000 increment 0 opptime 60000 oppincrement 0"},
		{byoForm, "go wtime 5000 btime 60000 movestogo 1", "go time 5000 movestogo 1"},
		{byoFormBlack, "go wtime 60000 btime 5000 movestogo 1", "go time 5000 movestogo 1"},
		{byoFormMain, "go wtime 30000 btime 60000 winc 0 binc 0", "go time 30000 increment 0 opptime 60000 oppincrement 0"},
		{Request{MoveTime: 50 * time.Millisecond, Banned: ban, Allowed: allow}, "go movetime 50 searchmoves b2e2 h0g2", "go time 50 movestogo 1"},
	} {
		if got := (&Client{proto: UCI}).goCommand(tc.req); got != tc.uci {
			t.Errorf("UCI %+v: %q, want %q", tc.req, got, tc.uci)
		}
		if got := (&Client{proto: UCCI}).goCommand(tc.req); got != tc.ucci {
			t.Errorf("UCCI %+v: %q, want %q", tc.req, got, tc.ucci)
		}
	}
}

func TestParseBestMove(t *testing.T) {
	for line, want := range map[string]BestMove{
		"bestmove h2e2":               {Move: "h2e2"},
		"bestmove h2e2 ponder h9g7":   {Move: "h2e2", Ponder: "h9g7"},
		"bestmove (none)":             {NoMove: true},
		"nobestmove":                  {NoMove: true},
		"bestmove resign":             {Resign: true},
		"bestmove h2e2 resign":        {Move: "h2e2", Resign: true},
		"bestmove h2e2 draw":          {Move: "h2e2", Draw: true},
		"bestmove h2e2 ponder":        {Move: "h2e2"},
		"bestmove":                    {NoMove: true},
		"bestmove h2e2 ponder h9g7 x": {Move: "h2e2", Ponder: "h9g7"},
	} {
		if got := ParseBestMove(line); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, want %+v", line, got, want)
		}
	}
}

func TestParseInfo(t *testing.T) {
	for line, want := range map[string]Info{
		"info depth 5 seldepth 9 multipv 2 score cp -31 time 12 nodes 4000 nps 9 hashfull 3 pv h2e2 h9g7": {Depth: 5, MultiPV: 2, Score: -31, Nodes: 4000, PV: []string{"h2e2", "h9g7"}},
		"info depth 3 seldepth 4 score 18 time 1 nodes 99 nps 1 hashfull 0 pv b0c2":                       {Depth: 3, Score: 18, Nodes: 99, PV: []string{"b0c2"}},
		"info depth 1 score mate -2 pv a0a1":                                                              {Depth: 1, Mate: -2, PV: []string{"a0a1"}},
		"info string book move":                                                                           {},
	} {
		got, ok := ParseInfo(line)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, want %+v", line, got, want)
		}
	}
	if _, ok := ParseInfo("bestmove h2e2"); ok {
		t.Error("bestmove read as info")
	}
}

// A handshake that ends before its ok word is an error naming the engine.
func TestHandshakeEndsEarly(t *testing.T) {
	r, w := io.Pipe()
	go func() { io.Copy(io.Discard, r) }()
	_, err := Connect("mute", w, strings.NewReader("id name mute\n"), UCCI)
	if err == nil || !strings.Contains(err.Error(), `mute: output ended while waiting for "ucciok"`) {
		t.Fatalf("got %v", err)
	}
}

// FuzzEngineOutput: whatever an engine prints, the client's readers do not
// panic, and an option line it reads is one it writes back the same way.
func FuzzEngineOutput(f *testing.F) {
	for _, s := range []string{"option name Hash type spin default 16 min 1 max 4096", "option rules type combo var asian var chinese default asian",
		"option name Clear Hash type button", "option name BookFile type string default <empty>", "bestmove h2e2 ponder h9g7 draw",
		"info depth 3 score mate -2 pv a0a1", "nobestmove", "option name x type spin min 99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		ParseBestMove(line)
		ParseInfo(line)
		o, err := ParseOption(line)
		if err != nil {
			return
		}
		for _, p := range []Protocol{UCI, UCCI} {
			if p == UCCI && (len(strings.Fields(o.Name)) != 1 || o.Name == "name") || p == UCI && contains(strings.Fields(o.Name), "type") {
				continue // a name this protocol cannot carry
			}
			again, err := ParseOption(o.Line(p))
			if err != nil || again.Line(p) != o.Line(p) {
				t.Fatalf("%q read as %+v; written %q in %s, read back as %+v (%v)", line, o, o.Line(p), p, again, err)
			}
		}
	})
}
