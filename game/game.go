package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// ErrGameOver is returned by Play when the game at the current ply already
// has a result (mate, a rule decision, resignation or an agreed draw).
var ErrGameOver = errors.New("game: the game is over")

// Game is a Xiangqi game record: a start position, the line of moves played
// from it, a cursor (the current ply) that Undo/Redo/GoTo move along the
// line, metadata and front-end settings.
//
// A Game is not safe for concurrent use; hand Position() copies to other
// goroutines (for example the search).
type Game struct {
	// Meta describes the players and the circumstances of the game.
	Meta Metadata
	// Settings is free-form key/value storage for the front end (window
	// layout, sound, engine options...). It is saved with the game.
	Settings map[string]string

	startFEN string
	moves    []rules.Move
	cur      int             // number of moves of the line currently made on pos
	pos      *rules.Position // start position with the first cur moves made

	// rules is the rule set repetitions are judged by (see rules.go).
	rules rules.RuleSet

	// declared is a result that is not decided by the board (resignation,
	// agreed draw, or the result tag of an imported game). It applies only
	// at the end of the line.
	declared *Result

	// version counts the changes of the line and the cursor; the cached result
	// is valid while version and declared are what they were when it was judged.
	version uint64
	cache   resultCache
}

// resultCache is the last judged result and the state it was judged in.
type resultCache struct {
	valid    bool
	version  uint64
	declared *Result
	result   Result
}

// Result judges the game at the current ply: mate, a rule decision, or a
// declared result (see judgeNow). Judging repetitions looks at the whole
// history, so the result is kept until the line, the cursor or the declared
// result changes.
func (g *Game) Result() Result {
	c := &g.cache
	if !c.valid || c.version != g.version || c.declared != g.declared {
		*c = resultCache{valid: true, version: g.version, declared: g.declared, result: g.judgeNow()}
	}
	return c.result
}

// New starts a game from startFEN; the empty string means the standard
// start position. The FEN is stored in the canonical form Position.FEN writes.
func New(startFEN string) (*Game, error) {
	if strings.TrimSpace(startFEN) == "" {
		startFEN = rules.StartFEN
	}
	pos, err := rules.ParseFEN(startFEN)
	if err != nil {
		return nil, fmt.Errorf("game: bad start position: %w", err)
	}
	return &Game{
		Settings: map[string]string{},
		startFEN: pos.FEN(),
		pos:      pos,
	}, nil
}

// StartFEN returns the FEN of the start position.
func (g *Game) StartFEN() string { return g.startFEN }

// FEN returns the FEN of the current position.
func (g *Game) FEN() string { return g.pos.FEN() }

// Position returns a copy of the current position, including its history
// (so repetition detection works in the copy).
func (g *Game) Position() *rules.Position { return g.pos.Copy() }

// Ply returns the current ply: the number of moves made from the start
// position to reach the current position.
func (g *Game) Ply() int { return g.cur }

// Len returns the length of the whole line, including moves after the
// current ply that Redo can replay.
func (g *Game) Len() int { return len(g.moves) }

// Moves returns a copy of the whole line of moves (including the redo tail;
// the first Ply() of them lead to the current position).
func (g *Game) Moves() []rules.Move {
	return append([]rules.Move(nil), g.moves...)
}

// SideToMove returns the colour to move in the current position.
func (g *Game) SideToMove() rules.Color { return g.pos.Side() }

// LastMove returns the move that led to the current position, or
// rules.NoMove at the start.
func (g *Game) LastMove() rules.Move {
	if g.cur == 0 {
		return rules.NoMove
	}
	return g.moves[g.cur-1]
}

// Play makes m in the current position. If m is the next move of the line
// the cursor just advances (keeping the redo tail); otherwise the tail is
// replaced by m. Illegal moves and moves after the end of the game are
// rejected with an error and leave the game unchanged.
func (g *Game) Play(m rules.Move) error {
	if g.Result().Decided() {
		return ErrGameOver
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("game: illegal move %s", m)
	}
	if g.cur < len(g.moves) && g.moves[g.cur] == m {
		g.Redo()
		return nil
	}
	g.moves = g.moves[:g.cur]
	g.declared = nil
	g.version++
	return g.appendMove(m)
}

// appendMove makes a legal-checked move at the end of the line without
// judging the result (used by Play, Load and ImportPGN).
func (g *Game) appendMove(m rules.Move) error {
	if g.cur != len(g.moves) {
		return errors.New("game: internal error: appending in the middle of the line")
	}
	if !g.pos.MakeMove(m) {
		return fmt.Errorf("game: illegal move %s", m)
	}
	g.moves = append(g.moves, m)
	g.cur++
	g.version++
	return nil
}

// Undo steps back one ply, keeping the move for Redo. It reports false at
// the start of the game.
func (g *Game) Undo() bool {
	if g.cur == 0 {
		return false
	}
	g.pos.UnmakeMove()
	g.cur--
	g.version++
	return true
}

// Redo replays the next move of the line. It reports false at the end of
// the line.
func (g *Game) Redo() bool {
	if g.cur == len(g.moves) {
		return false
	}
	if !g.pos.MakeMove(g.moves[g.cur]) {
		// Every stored move was legal when it was added, so this cannot
		// happen; should the record ever be damaged, the unplayable rest of
		// the line is dropped rather than crashing the app.
		g.moves = g.moves[:g.cur]
		g.version++
		return false
	}
	g.cur++
	g.version++
	return true
}

// GoTo moves the cursor to ply (0 = start position, Len() = end of line).
func (g *Game) GoTo(ply int) error {
	if ply < 0 || ply > len(g.moves) {
		return fmt.Errorf("game: ply %d out of range 0..%d", ply, len(g.moves))
	}
	for g.cur > ply {
		g.Undo()
	}
	for g.cur < ply {
		g.Redo()
	}
	return nil
}

// Resign ends the game at the end of the line with loser resigning. The
// cursor must be at the end of the line and the game not yet decided.
func (g *Game) Resign(loser rules.Color) error {
	return g.declare(Result{Status: winStatus(loser.Opponent()), Winner: loser.Opponent(), Reason: ReasonResignation})
}

// AgreeDraw ends the game at the end of the line as a draw by agreement.
func (g *Game) AgreeDraw() error {
	return g.declare(Result{Status: Draw, Reason: ReasonAgreement})
}

// FlagFall ends the game at the end of the line because loser's clock ran
// out: loser loses, unless the other side has no piece that can attack
// (rook, horse, cannon or pawn), and so could never win; then it is a draw.
func (g *Game) FlagFall(loser rules.Color) error {
	if !g.pos.HasAttackers(loser.Opponent()) {
		return g.declare(Result{Status: Draw, Reason: ReasonTimeNoAttackers})
	}
	return g.declare(Result{Status: winStatus(loser.Opponent()), Winner: loser.Opponent(), Reason: ReasonTime})
}

func (g *Game) declare(r Result) error {
	if g.cur != len(g.moves) {
		return errors.New("game: a result can only be declared at the end of the line")
	}
	if g.Result().Decided() {
		return ErrGameOver
	}
	g.declared = &r
	return nil
}

// positionBefore returns a fresh position (with history) just before move
// i of the line, i in 0..Len().
func (g *Game) positionBefore(i int) *rules.Position {
	p := g.pos.Copy()
	for j := g.cur; j > i; j-- {
		p.UnmakeMove()
	}
	for j := g.cur; j < i; j++ {
		p.MakeMove(g.moves[j])
	}
	return p
}

// MoveText formats move i (0-based index into Moves()) in the given
// notation. It returns "" when i is out of range.
func (g *Game) MoveText(i int, style Notation) string {
	if i < 0 || i >= len(g.moves) {
		return ""
	}
	return FormatMove(g.positionBefore(i), g.moves[i], style)
}

// MoveTexts formats the whole line in the given notation.
func (g *Game) MoveTexts(style Notation) []string { return g.MoveTextsFrom(0, style) }

// MoveTextsFrom formats the line from move i (0-based) to its end in the given
// notation; nil when i is out of range.
func (g *Game) MoveTextsFrom(i int, style Notation) []string {
	if i < 0 || i > len(g.moves) {
		return nil
	}
	p := g.positionBefore(i)
	out := make([]string, 0, len(g.moves)-i)
	for _, m := range g.moves[i:] {
		out = append(out, FormatMove(p, m, style))
		p.MakeMove(m)
	}
	return out
}

// PlayText parses a move in any supported notation (Chinese, WXF or ICCS)
// in the current position and plays it.
func (g *Game) PlayText(text string) error {
	m, err := ParseMove(g.pos, text)
	if err != nil {
		return err
	}
	return g.Play(m)
}
