package play

import (
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// Editor is the board editor's position (摆棋): pieces put on and taken off points freely,
// and the side to move. Any arrangement can be edited; Problems says why one could not
// arise in a game, and Position gives the position only when there is no such reason.
type Editor struct {
	board [90]rules.Piece // indexed by file + 9*rank
	side  rules.Color
}

// NewEditor returns an editor holding the standard start position.
func NewEditor() *Editor {
	e := &Editor{}
	e.Standard()
	return e
}

// EditorFrom returns an editor holding pos (the board shown when the editor opens).
func EditorFrom(pos *rules.Position) *Editor {
	e := &Editor{side: pos.Side()}
	for i := range e.board {
		e.board[i] = pos.At(editorSquare(i))
	}
	return e
}

func editorIndex(sq rules.Square) int { return sq.File() + 9*sq.Rank() }

func editorSquare(i int) rules.Square { return rules.Sq(i%9, i/9) }

// At returns the piece on sq.
func (e *Editor) At(sq rules.Square) rules.Piece {
	if !sq.OnBoard() {
		return rules.NoPiece
	}
	return e.board[editorIndex(sq)]
}

// Put puts p on sq (rules.NoPiece empties it). A side has one king, so a king put
// down moves that side's king there.
func (e *Editor) Put(sq rules.Square, p rules.Piece) {
	if !sq.OnBoard() {
		return
	}
	if p != rules.NoPiece && p.Type() == rules.King {
		for i, q := range e.board {
			if q == p {
				e.board[i] = rules.NoPiece
			}
		}
	}
	e.board[editorIndex(sq)] = p
}

// Move moves the piece on from to to, replacing what stood there.
func (e *Editor) Move(from, to rules.Square) {
	if p := e.At(from); p != rules.NoPiece && to.OnBoard() && from != to {
		e.board[editorIndex(to)] = p
		e.board[editorIndex(from)] = rules.NoPiece
	}
}

// Clear leaves only the two kings, on their starting points (a position needs them; any
// other piece is added from the palette).
func (e *Editor) Clear() {
	e.board = [90]rules.Piece{}
	e.board[editorIndex(rules.Sq(4, 0))] = rules.MakePiece(rules.Red, rules.King)
	e.board[editorIndex(rules.Sq(4, 9))] = rules.MakePiece(rules.Black, rules.King)
	e.side = rules.Red
}

// Standard sets up the start position, Red to move.
func (e *Editor) Standard() {
	*e = *EditorFrom(rules.NewPosition())
}

// Side is the side to move.
func (e *Editor) Side() rules.Color { return e.side }

// SetSide sets the side to move.
func (e *Editor) SetSide(c rules.Color) { e.side = c }

// FEN writes the arrangement as a FEN (move number 1), whether or not it is a position a
// game can reach.
func (e *Editor) FEN() string {
	var b strings.Builder
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			p := e.board[file+9*rank]
			if p == rules.NoPiece {
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
	if e.side == rules.Black {
		side = "b"
	}
	return b.String() + " " + side + " - - 0 1"
}

// Position returns the position when it could arise in a game, else the first problem.
func (e *Editor) Position() (*rules.Position, error) {
	if problems := e.Problems(); len(problems) > 0 {
		return nil, problems[0]
	}
	return rules.ParseFEN(e.FEN())
}

// Problems lists every reason why the arrangement could not arise in a game, in the order
// of the board from Red's side; none for a playable position.
func (e *Editor) Problems() []Problem {
	var out []Problem
	var count [2][rules.NumPieceTypes]int
	var kings [2]rules.Square
	for i, p := range e.board {
		if p == rules.NoPiece {
			continue
		}
		sq := editorSquare(i)
		c, t := p.Color(), p.Type()
		count[c][t]++
		if t == rules.King {
			kings[c] = sq
		}
		if !rules.PlacementAllowed(p, sq) {
			out = append(out, Problem{Kind: misplacedKind(p, sq), Piece: p, Square: sq, Place: game.PlaceOf(e, sq)})
		}
	}
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		for t := rules.PieceType(0); t < rules.NumPieceTypes; t++ {
			if n, most := count[c][t], rules.MaxPieces(t); n > most {
				out = append(out, Problem{Kind: ProblemTooMany, Piece: rules.MakePiece(c, t), Square: rules.NoSquare, Count: n, Max: most})
			}
		}
		if count[c][rules.King] == 0 {
			out = append(out, Problem{Kind: ProblemNoKing, Piece: rules.MakePiece(c, rules.King), Square: rules.NoSquare})
		}
	}
	if len(out) > 0 {
		return out
	}
	if e.kingsFace(kings[rules.Red], kings[rules.Black]) {
		king := kings[e.side.Opponent()]
		return []Problem{{Kind: ProblemFlyingGenerals, Piece: rules.MakePiece(e.side.Opponent(), rules.King), Square: king, Place: game.PlaceOf(e, king)}}
	}
	// With every piece where it may stand, ParseFEN's one remaining objection is that
	// the side that has just moved is in check.
	if _, err := rules.ParseFEN(e.FEN()); err != nil {
		other := e.side.Opponent()
		return []Problem{{Kind: ProblemCheck, Piece: rules.MakePiece(other, rules.King), Square: kings[other], Place: game.PlaceOf(e, kings[other])}}
	}
	return nil
}

// kingsFace reports whether the kings stand on one file with nothing between them.
func (e *Editor) kingsFace(red, black rules.Square) bool {
	if red.File() != black.File() {
		return false
	}
	for r := red.Rank() + 1; r < black.Rank(); r++ {
		if e.At(rules.Sq(red.File(), r)) != rules.NoPiece {
			return false
		}
	}
	return true
}

// misplacedKind says why p cannot stand on sq.
func misplacedKind(p rules.Piece, sq rules.Square) ProblemKind {
	switch p.Type() {
	case rules.King:
		return ProblemKingOutsidePalace
	case rules.Advisor:
		return ProblemAdvisorOffPoints
	case rules.Bishop:
		return ProblemElephantOffPoints
	}
	rank := sq.Rank()
	if p.Color() == rules.Black {
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
// about, where (rules.NoSquare for ProblemTooMany and ProblemNoKing), and for
// ProblemTooMany how many there are and how many a set has.
type Problem struct {
	Kind  ProblemKind
	Piece rules.Piece
	// Square is where the piece stands, Place that point as the board names it
	// (game.PlaceOf: "file 4"); rules.NoSquare and no place for a problem of no point.
	Square     rules.Square
	Place      i18n.Message
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

// Message says the problem, e.g. "The red king on file 6 is outside the palace".
func (p Problem) Message() i18n.Message {
	key, ok := problemKeys[p.Kind]
	if !ok {
		key = "problem.unknown"
	}
	c := p.Piece.Color()
	return i18n.Message{Key: key, Args: i18n.Args{
		"Side": game.SideName(c), "Colour": game.ColourName(c),
		"Piece": game.PieceName(p.Piece), "Pieces": game.PieceNames(p.Piece),
		"Place": p.Place, "Count": p.Count, "Max": p.Max,
	}}
}

// Error names the problem by its message, for callers with no language at hand; the
// app shows Message in the player's language.
func (p Problem) Error() string { return "impossible position: " + p.Message().String() }
