package rules

import (
	"context"
	"sort"
)

// Perft counts the leaf nodes of the legal move tree to the given depth,
// counting the last ply without making its moves (bulk counting).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 128)
	}
	return p.perft(context.Background(), depth, bufs)
}

// perft counts below p; it gives up (returning part of the count) when ctx
// is done, checked at nodes 3 plies or more above the leaves, a
// thousandth of the nodes or fewer.
func (p *Position) perft(ctx context.Context, depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.countLegalMoves(bufs[0]))
	}
	if depth >= 3 && ctx.Err() != nil {
		return 0
	}
	moves := p.GenerateMoves(bufs[depth-1][:0], false)
	inCheck := p.attacked(p.side)
	var nodes uint64
	for _, m := range moves {
		if p.mayExposeKing(m, inCheck) && p.leavesKingAttacked(m) {
			continue
		}
		captured := p.makeMoveFast(m)
		nodes += p.perft(ctx, depth-1, bufs)
		p.unmakeMoveFast(m, captured)
	}
	return nodes
}

// PerftResult is one root move and the leaf count below it.
type PerftResult struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft below each legal root move, sorted by move text.
func (p *Position) Divide(depth int) []PerftResult {
	out, _ := p.DivideContext(context.Background(), depth)
	return out
}

// DivideContext is Divide that gives up soon after ctx is done (a deep
// perft takes hours): it then returns the root moves counted in full
// before, sorted, and ctx's error.
func (p *Position) DivideContext(ctx context.Context, depth int) ([]PerftResult, error) {
	var out []PerftResult
	var err error
	bufs := make([][]Move, max(depth-1, 1))
	for i := range bufs {
		bufs[i] = make([]Move, 0, 128)
	}
	for _, m := range p.LegalMoves() {
		p.MakeMove(m)
		nodes := uint64(1)
		if depth > 1 {
			nodes = p.perft(ctx, depth-1, bufs)
		}
		p.UnmakeMove()
		if err = ctx.Err(); err != nil {
			break
		}
		out = append(out, PerftResult{m, nodes})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
	return out, err
}

// makeMoveFast moves pieces on the board only (no keys, history or check
// flags) for perft's inner nodes and returns the captured piece;
// unmakeMoveFast restores the board.
func (p *Position) makeMoveFast(m Move) Piece {
	from, to := m.From(), m.To()
	pc, captured := p.board[from], p.board[to]
	p.board[to] = pc
	p.board[from] = NoPiece
	p.clearOccupied(from)
	p.setOccupied(to)
	if captured != NoPiece {
		p.listDel(captured.Color(), captured.Type(), to)
	}
	p.listMove(p.side, pc.Type(), from, to)
	if pc.Type() == King {
		p.kings[p.side] = to
	}
	p.side ^= 1
	return captured
}

func (p *Position) unmakeMoveFast(m Move, captured Piece) {
	p.side ^= 1
	from, to := m.From(), m.To()
	pc := p.board[to]
	p.board[to] = captured
	p.board[from] = pc
	p.setOccupied(from)
	if captured == NoPiece {
		p.clearOccupied(to)
	}
	p.listMove(p.side, pc.Type(), to, from)
	if captured != NoPiece {
		p.listAdd(captured.Color(), captured.Type(), to)
	}
	if pc.Type() == King {
		p.kings[p.side] = from
	}
}
