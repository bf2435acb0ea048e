package rules

import "testing"

// TestOccupancyMasksFollowBoard checks the rank and file masks against the
// board after moves, take-backs, perft's fast moves and legality probes.
func TestOccupancyMasksFollowBoard(t *testing.T) {
	agree := func(p *Position, when string) {
		t.Helper()
		for sq := Square(0); sq < 256; sq++ {
			occupied := p.board[sq] != NoPiece
			inRank := p.rankBits[sq>>4]&(1<<(sq&15)) != 0
			inFile := p.fileBits[sq&15]&(1<<(sq>>4)) != 0
			if occupied != inRank || occupied != inFile {
				t.Fatalf("%s: %s square %d: board %v, rank mask %v, file mask %v", p.FEN(), when, sq, occupied, inRank, inFile)
			}
		}
	}
	for _, p := range aggressivePositions(5, 10, 100) {
		agree(p, "after the game")
		for _, m := range p.GenerateMoves(nil, false) {
			p.leavesKingAttacked(m)
			agree(p, "after a legality probe of "+m.String())
			captured := p.makeMoveFast(m)
			p.unmakeMoveFast(m, captured)
			agree(p, "after a fast move and back "+m.String())
			if p.MakeMove(m) {
				agree(p, "after "+m.String())
				p.UnmakeMove()
			}
		}
		agree(p, "after all moves")
	}
}

// TestLineHitsTable checks a few table entries by hand: a rook on file a
// of the start position's bottom rank meets the horse beside it.
func TestLineHitsTable(t *testing.T) {
	p := NewPosition()
	rank, file := p.hitsOf(Sq(0, 0))
	if rank.first[0] != -1 || rankSquare(Sq(0, 0), rank.first[1]) != Sq(1, 0) || rankSquare(Sq(0, 0), rank.second[1]) != Sq(2, 0) {
		t.Fatalf("rank hits from a0: %+v", *rank)
	}
	if file.first[1] != -1 || fileSquare(Sq(0, 0), file.first[0]) != Sq(0, 3) || fileSquare(Sq(0, 0), file.second[0]) != Sq(0, 6) {
		t.Fatalf("file hits from a0: %+v", *file)
	}
}
