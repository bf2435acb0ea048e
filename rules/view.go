package rules

// PositionView is a position for a caller that only looks at it: its pieces, whose turn it
// is, check and mate, and which moves are legal. The record hands one out (game.Game.View)
// instead of a copy with the whole history, for the board, the status line and the checks
// of a tapped move; a caller that must keep a position, change it or hand it to another
// goroutine (a search) takes Copy. A view is read on the goroutine that owns the position
// and is not kept past the position's next move.
type PositionView interface {
	At(sq Square) Piece
	Side() Color
	InCheck() bool
	IsMate() bool
	KingSquare(c Color) Square
	IsLegal(m Move) bool
	IsPseudoLegal(m Move) bool
	LegalTargets(from Square) []Square
	LegalMoves() []Move
	LastMove() Move
	Ply() int
	FEN() string
	Copy() *Position
}

var _ PositionView = (*Position)(nil)
