package play

import (
	"strings"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
)

// Editor is the board editor's position (摆棋): pieces put on and taken off points freely,
// and the side to move. Any arrangement can be edited; Problems says why one could not
// arise in a game, and Position gives the position only when there is no such reason.
type Editor struct {
	board [90]engine.Piece // indexed by file + 9*rank
	side  engine.Color
}

// NewEditor returns an editor holding the standard start position.
func NewEditor() *Editor {
	e := &Editor{}
	e.Standard()
	return e
}

// EditorFrom returns an editor holding pos (the board shown when the editor opens).
func EditorFrom(pos *engine.Position) *Editor {
	e := &Editor{side: pos.Side()}
	for i := range e.board {
		e.board[i] = pos.At(editorSquare(i))
	}
	return e
}

func editorIndex(sq engine.Square) int { return sq.File() + 9*sq.Rank() }

func editorSquare(i int) engine.Square { return engine.Sq(i%9, i/9) }

// At returns the piece on sq.
func (e *Editor) At(sq engine.Square) engine.Piece {
	if !sq.OnBoard() {
		return engine.NoPiece
	}
	return e.board[editorIndex(sq)]
}

// Put puts p on sq (engine.NoPiece empties it). A side has one king, so a king put
// down moves that side's king there.
func (e *Editor) Put(sq engine.Square, p engine.Piece) {
	if !sq.OnBoard() {
		return
	}
	if p != engine.NoPiece && p.Type() == engine.King {
		for i, q := range e.board {
			if q == p {
				e.board[i] = engine.NoPiece
			}
		}
	}
	e.board[editorIndex(sq)] = p
}

// Move moves the piece on from to to, replacing what stood there.
func (e *Editor) Move(from, to engine.Square) {
	if p := e.At(from); p != engine.NoPiece && to.OnBoard() && from != to {
		e.board[editorIndex(to)] = p
		e.board[editorIndex(from)] = engine.NoPiece
	}
}

// Clear leaves only the two kings, on their starting points (a position needs them; any
// other piece is added from the palette).
func (e *Editor) Clear() {
	e.board = [90]engine.Piece{}
	e.board[editorIndex(engine.Sq(4, 0))] = engine.MakePiece(engine.Red, engine.King)
	e.board[editorIndex(engine.Sq(4, 9))] = engine.MakePiece(engine.Black, engine.King)
	e.side = engine.Red
}

// Standard sets up the start position, Red to move.
func (e *Editor) Standard() {
	*e = *EditorFrom(engine.NewPosition())
}

// Side is the side to move.
func (e *Editor) Side() engine.Color { return e.side }

// SetSide sets the side to move.
func (e *Editor) SetSide(c engine.Color) { e.side = c }

// FEN writes the arrangement as a FEN (move number 1), whether or not it is a position a
// game can reach.
func (e *Editor) FEN() string {
	var b strings.Builder
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			p := e.board[file+9*rank]
			if p == engine.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(p.FENChar())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if e.side == engine.Black {
		side = "b"
	}
	return b.String() + " " + side + " - - 0 1"
}

// Position returns the position when it could arise in a game, else the first problem.
func (e *Editor) Position() (*engine.Position, error) {
	if problems := e.Problems(); len(problems) > 0 {
		return nil, problems[0]
	}
	return engine.ParseFEN(e.FEN())
}

// Problems lists every reason why the arrangement could not arise in a game, in the order
// of the board from Red's side; none for a playable position.
func (e *Editor) Problems() []Problem {
	var out []Problem
	var count [2][engine.NumPieceTypes]int
	var kings [2]engine.Square
	for i, p := range e.board {
		if p == engine.NoPiece {
			continue
		}
		sq := editorSquare(i)
		c, t := p.Color(), p.Type()
		count[c][t]++
		if t == engine.King {
			kings[c] = sq
		}
		if !engine.PlacementAllowed(p, sq) {
			out = append(out, Problem{Kind: misplacedKind(p, sq), Piece: p, Square: sq})
		}
	}
	for _, c := range []engine.Color{engine.Red, engine.Black} {
		for t := engine.PieceType(0); t < engine.NumPieceTypes; t++ {
			if n, most := count[c][t], engine.MaxPieces(t); n > most {
				out = append(out, Problem{Kind: ProblemTooMany, Piece: engine.MakePiece(c, t), Square: engine.NoSquare, Count: n, Max: most})
			}
		}
		if count[c][engine.King] == 0 {
			out = append(out, Problem{Kind: ProblemNoKing, Piece: engine.MakePiece(c, engine.King), Square: engine.NoSquare})
		}
	}
	if len(out) > 0 {
		return out
	}
	if e.kingsFace(kings[engine.Red], kings[engine.Black]) {
		return []Problem{{Kind: ProblemFlyingGenerals, Piece: engine.MakePiece(e.side.Opponent(), engine.King), Square: kings[e.side.Opponent()]}}
	}
	// With every piece where it may stand, ParseFEN's one remaining objection is that
	// the side that has just moved is in check.
	if _, err := engine.ParseFEN(e.FEN()); err != nil {
		other := e.side.Opponent()
		return []Problem{{Kind: ProblemCheck, Piece: engine.MakePiece(other, engine.King), Square: kings[other]}}
	}
	return nil
}

// kingsFace reports whether the kings stand on one file with nothing between them.
func (e *Editor) kingsFace(red, black engine.Square) bool {
	if red.File() != black.File() {
		return false
	}
	for r := red.Rank() + 1; r < black.Rank(); r++ {
		if e.At(engine.Sq(red.File(), r)) != engine.NoPiece {
			return false
		}
	}
	return true
}

// misplacedKind says why p cannot stand on sq.
func misplacedKind(p engine.Piece, sq engine.Square) ProblemKind {
	switch p.Type() {
	case engine.King:
		return ProblemKingOutsidePalace
	case engine.Advisor:
		return ProblemAdvisorOffPoints
	case engine.Bishop:
		return ProblemElephantOffPoints
	}
	rank := sq.Rank()
	if p.Color() == engine.Black {
		rank = 9 - rank
	}
	if rank < 3 {
		return ProblemPawnBehindStart
	}
	return ProblemPawnOffFile
}

// ProblemKind is a reason why an arrangement of pieces could not arise in a game.
type ProblemKind uint8

const (
	ProblemKingOutsidePalace ProblemKind = iota + 1
	ProblemAdvisorOffPoints              // an advisor off the five points it can reach
	ProblemElephantOffPoints             // an elephant off its seven points (or across the river)
	ProblemPawnBehindStart               // a pawn behind its starting rank
	ProblemPawnOffFile                   // a pawn on its own half off the five pawn files
	ProblemTooMany                       // more pieces of a kind than a set has
	ProblemNoKing                        // a side without a king
	ProblemFlyingGenerals                // the kings face each other on an open file
	ProblemCheck                         // the side not to move is in check
)

// Problem is one reason why an arrangement could not arise in a game: the piece it is
// about, where (engine.NoSquare for ProblemTooMany and ProblemNoKing), and for
// ProblemTooMany how many there are and how many a set has.
type Problem struct {
	Kind       ProblemKind
	Piece      engine.Piece
	Square     engine.Square
	Count, Max int
}

var problemKeys = map[ProblemKind]string{
	ProblemKingOutsidePalace: "problem.kingOutsidePalace",
	ProblemAdvisorOffPoints:  "problem.advisorOffPoints",
	ProblemElephantOffPoints: "problem.elephantOffPoints",
	ProblemPawnBehindStart:   "problem.pawnBehindStart",
	ProblemPawnOffFile:       "problem.pawnOffFile",
	ProblemTooMany:           "problem.tooMany",
	ProblemNoKing:            "problem.noKing",
	ProblemFlyingGenerals:    "problem.flyingGenerals",
	ProblemCheck:             "problem.check",
}

// Message says the problem, e.g. "The red king on d0 is outside the palace".
func (p Problem) Message() i18n.Message {
	key, ok := problemKeys[p.Kind]
	if !ok {
		key = "problem.unknown"
	}
	c := p.Piece.Color()
	return i18n.Message{Key: key, Args: i18n.Args{
		"Side": game.SideName(c), "Colour": game.ColourName(c),
		"Piece": game.PieceName(p.Piece), "Pieces": game.PieceNames(p.Piece),
		"Square": p.Square.String(), "Count": p.Count, "Max": p.Max,
	}}
}

// Error names the problem by its message, for callers with no language at hand; the
// app shows Message in the player's language.
func (p Problem) Error() string { return "impossible position: " + p.Message().String() }
