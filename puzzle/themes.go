package puzzle

import (
	"fmt"
	"slices"

	"github.com/xqfyne/xiangqi/rules"
)

// Theme names, as written in the themes column.
const (
	ThemeDoubleCheck = "double-check"
	ThemeDiscovered  = "discovered-attack"
	ThemeFork        = "fork"
	ThemePin         = "pin"
	ThemeSacrifice   = "sacrifice"
	ThemeSmothered   = "smothered-mate"   // 闷宫
	ThemeIronBolt    = "iron-bolt"        // 铁门栓
	ThemeFacingKings = "facing-kings"     // 白脸将
	ThemeChecksOnly  = "continuous-check" // 连将杀
	// ThemeStalemate: the line ends with the loser to move, not in check and
	// without a legal move (困毙), a win in Xiangqi but not a mate; such a
	// line carries no mateN theme.
	ThemeStalemate = "stalemate"
)

// MateTheme is the theme of a mate in n: "mate1", "mate2", …
func MateTheme(n int) string { return fmt.Sprintf("mate%d", n) }

// valuable are the pieces whose attack makes a threat worth naming.
func valuable(t rules.PieceType) bool {
	return t == rules.King || t == rules.Rook || t == rules.Knight || t == rules.Cannon
}

// Themes tags a solution line from pos: the tactics of the solver's first
// move (double check; discovered attack, a new attack on a king, rook,
// horse or cannon by another piece than the one moved; fork, the moved
// piece attacking two of them; pin, by a rook), a sacrifice anywhere
// in the line, and for a line ending in mate its length, whether every
// solver move checks, and the named mating patterns 闷宫, 铁门栓 and 白脸将;
// a line ending in stalemate (困毙) is tagged ThemeStalemate instead of
// mateN.
func Themes(pos *rules.Position, line []rules.Move) []string {
	if len(line) == 0 {
		return nil
	}
	var out []string
	p := pos.Copy()
	solver := p.Side()
	first := line[0]
	before := attackPairs(p, solver)
	if !p.IsLegal(first) || !p.MakeMove(first) {
		return nil
	}
	after := attackPairs(p, solver)
	if len(checkers(p, solver)) >= 2 {
		out = append(out, ThemeDoubleCheck)
	}
	// A new attack by a piece other than the one moved: a line opened,
	// or a screen given to a cannon.
	for pair := range after {
		if !before[pair] && pair.from != first.To() {
			out = append(out, ThemeDiscovered)
			break
		}
	}
	if targetsFrom(after, first.To()) >= 2 {
		out = append(out, ThemeFork)
	}
	if pins(p, first.To()) {
		out = append(out, ThemePin)
	}
	p.UnmakeMove()

	allChecks := true
	for i, m := range line {
		captured := p.At(m.To())
		if !p.IsLegal(m) || !p.MakeMove(m) {
			return out
		}
		if i%2 == 1 && captured != rules.NoPiece && valuable(captured.Type()) && !slices.Contains(out, ThemeSacrifice) {
			out = append(out, ThemeSacrifice)
		}
		if i%2 == 0 && !p.InCheck() {
			allChecks = false
		}
	}
	if len(line)%2 == 1 && p.IsMate() {
		if p.InCheck() {
			out = append(out, MateTheme((len(line)+1)/2))
			if allChecks && len(line) > 1 {
				out = append(out, ThemeChecksOnly)
			}
		} else {
			out = append(out, ThemeStalemate)
		}
		// 闷宫 and 铁门栓 need a check; 白脸将 may also take a stalemated
		// king's last flight.
		out = append(out, matePatterns(p, solver)...)
	}
	return out
}

// attackPair is one attack of a valuable enemy piece.
type attackPair struct{ from, to rules.Square }

// attackPairs lists the attacks of side's pieces on the other side's
// valuable pieces (pseudo-legal captures, the king included).
func attackPairs(p *rules.Position, side rules.Color) map[attackPair]bool {
	pairs := map[attackPair]bool{}
	null := p.Side() != side
	if null {
		p.MakeNullMove()
		defer p.UnmakeNullMove()
	}
	for _, m := range p.GenerateMoves(nil, true) {
		if t := p.At(m.To()); t != rules.NoPiece && valuable(t.Type()) {
			pairs[attackPair{m.From(), m.To()}] = true
		}
	}
	return pairs
}

func targetsFrom(pairs map[attackPair]bool, from rules.Square) int {
	n := 0
	for pair := range pairs {
		if pair.from == from {
			n++
		}
	}
	return n
}

// checkers lists the squares of side's pieces that attack the enemy king.
func checkers(p *rules.Position, side rules.Color) []rules.Square {
	k := p.KingSquare(side.Opponent())
	var out []rules.Square
	for pair := range attackPairs(p, side) {
		if pair.to == k {
			out = append(out, pair.from)
		}
	}
	return out
}

// pins tells whether the rook on sq pins an enemy piece to its king or
// rook: along one of its lines the first piece is an enemy's (not the
// king) and the next one the enemy king or rook.
func pins(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	if pc == rules.NoPiece || pc.Type() != rules.Rook {
		return false
	}
	enemy := pc.Color().Opponent()
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		var seen []rules.Piece
		for f, r := sq.File()+d[0], sq.Rank()+d[1]; f >= 0 && f < 9 && r >= 0 && r < 10 && len(seen) < 2; f, r = f+d[0], r+d[1] {
			if x := p.At(rules.Sq(f, r)); x != rules.NoPiece {
				seen = append(seen, x)
			}
		}
		if len(seen) == 2 && seen[0].Color() == enemy && seen[0].Type() != rules.King &&
			seen[1].Color() == enemy && (seen[1].Type() == rules.King || seen[1].Type() == rules.Rook) {
			return true
		}
	}
	return false
}

// matePatterns names the patterns of a mate position (the loser to move):
// 闷宫, the king in check by a cannon and hemmed in by its own pieces on
// at least two palace points next to it; 铁门栓, a rook's check on the king on its
// central file while a cannon of the winner holds that file; 白脸将, a
// flight square the king may not take only because it would face the
// winner's king.
func matePatterns(p *rules.Position, winner rules.Color) []string {
	var out []string
	loser := winner.Opponent()
	k := p.KingSquare(loser)
	checks := checkers(p, winner)
	var byCannon, byRook bool
	for _, sq := range checks {
		switch p.At(sq).Type() {
		case rules.Cannon:
			byCannon = true
		case rules.Rook:
			byRook = true
		}
	}
	walled := 0
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		f, r := k.File()+d[0], k.Rank()+d[1]
		if !inPalace(f, r, loser) {
			continue
		}
		x := p.At(rules.Sq(f, r))
		if x != rules.NoPiece && x.Color() == loser {
			walled++
		}
	}
	if byCannon && walled >= 2 {
		out = append(out, ThemeSmothered)
	}
	if byRook && k.File() == 4 && cannonOnFile(p, winner, 4) {
		out = append(out, ThemeIronBolt)
	}
	if facingKingsGuard(p, loser) {
		out = append(out, ThemeFacingKings)
	}
	return out
}

func inPalace(f, r int, c rules.Color) bool {
	if f < 3 || f > 5 {
		return false
	}
	if c == rules.Red {
		return r >= 0 && r <= 2
	}
	return r >= 7 && r <= 9
}

func cannonOnFile(p *rules.Position, c rules.Color, file int) bool {
	for _, sq := range p.PieceSquares(c, rules.Cannon) {
		if rules.Square(sq).File() == file {
			return true
		}
	}
	return false
}

// facingKingsGuard tells whether the winner's king alone keeps the loser's
// king off a palace point beside it: the point shares an open file with
// the winner's king, and the step would be legal with that king aside.
func facingKingsGuard(p *rules.Position, loser rules.Color) bool {
	k := p.KingSquare(loser)
	wk := p.KingSquare(loser.Opponent())
	for _, d := range [][2]int{{1, 0}, {-1, 0}} {
		f, r := k.File()+d[0], k.Rank()+d[1]
		if !inPalace(f, r, loser) || f != wk.File() {
			continue
		}
		to := rules.Sq(f, r)
		if x := p.At(to); x != rules.NoPiece && x.Color() == loser {
			continue
		}
		if openBetween(p, to, wk) && onlyFacingForbids(p, to, loser) {
			return true
		}
	}
	return false
}

// openBetween tells whether no piece stands between a and b on one file.
func openBetween(p *rules.Position, a, b rules.Square) bool {
	lo, hi := min(a.Rank(), b.Rank()), max(a.Rank(), b.Rank())
	for r := lo + 1; r < hi; r++ {
		if p.At(rules.Sq(a.File(), r)) != rules.NoPiece {
			return false
		}
	}
	return true
}

// onlyFacingForbids tells whether the loser's king could step to sq if
// the winner's king stood one file aside on its rank (an empty palace
// point, so that the kings no longer face each other): then the facing
// kings alone forbid the step.
func onlyFacingForbids(p *rules.Position, sq rules.Square, loser rules.Color) bool {
	k, wk := p.KingSquare(loser), p.KingSquare(loser.Opponent())
	side := " w"
	if loser == rules.Black {
		side = " b"
	}
	for _, f := range []int{wk.File() - 1, wk.File() + 1} {
		if f < 3 || f > 5 || f == sq.File() || p.At(rules.Sq(f, wk.Rank())) != rules.NoPiece {
			continue
		}
		grid := boardGrid(p)
		grid[wk.Rank()][f] = grid[wk.Rank()][wk.File()]
		grid[wk.Rank()][wk.File()] = 0
		q, err := rules.ParseFEN(BoardFEN(grid) + side + " - - 0 1")
		if err == nil && q.IsLegal(rules.NewMove(k, sq)) {
			return true
		}
	}
	return false
}

// boardGrid returns the board's FEN letters by rank and file (0: empty).
func boardGrid(p *rules.Position) [10][9]byte {
	var g [10][9]byte
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			if x := p.At(rules.Sq(f, r)); x != rules.NoPiece {
				g[r][f] = x.FENChar()
			}
		}
	}
	return g
}

// BoardFEN writes a board given by rank and file (FEN letters, 0 for an
// empty point) as a FEN board field, Black's back rank (rank 9) first.
func BoardFEN(g [10][9]byte) string {
	var b []byte
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			if g[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, g[r][f])
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return string(b)
}
