package rules

// The tests the Chinese rules (中国象棋竞赛规则, chapter 6 棋例, article 24)
// add to the judge of a repetition. game/RULES.md names the article behind
// each.
//
//   - 杀 (article 24.2): a move that threatens to mate with a check or a
//     series of checks on the mover's next turn.
//   - 捉 (article 24.3): a capture counts when it wins material after the
//     whole exchange on the square (so two pieces attacking a piece that has
//     one protector chase it: 联合捉子), and not when the capturer would be
//     mated at once.

// chineseValue is the material value the Chinese rules weigh exchanges by:
// a rook is worth two horses or cannons, a crossed pawn as much as an
// advisor or elephant, a pawn at home half that. The king is 0 because it
// can only capture onto a square the other side does not defend.
func chineseValue(pc Piece, sq Square) int {
	switch pc.Type() {
	case Rook:
		return 10
	case Knight, Cannon:
		return 5
	case Advisor, Bishop:
		return 2
	case Pawn:
		if homeHalf[pc.Color()][sq] {
			return 1
		}
		return 2
	}
	return 0
}

// mateThreatChecks and mateThreatNodes bound the search for a threatened
// mate: at most two checking moves, and a fixed number of positions
// visited, so that a ruling always costs the same for the same position.
const (
	mateThreatChecks = 2
	mateThreatNodes  = 2000
)

// threatensMate reports whether the side to move could mate by a check or a
// series of checks (at most mateThreatChecks of them) if it were its turn:
// the test of 杀 on the position after a move, with the opponent passing.
func (p *Position) threatensMate() bool {
	budget := mateThreatNodes
	return p.mateByChecks(mateThreatChecks, &budget)
}

// mateByChecks reports whether the side to move mates with at most checks
// checking moves, every defence considered.
func (p *Position) mateByChecks(checks int, budget *int) bool {
	var buf [128]Move
	for _, m := range p.GenerateMoves(buf[:0], false) {
		if *budget <= 0 {
			return false
		}
		*budget--
		if !p.givesCheck(m) {
			continue
		}
		p.MakeMove(m)
		mated := p.defenceFails(checks-1, budget)
		p.UnmakeMove()
		if mated {
			return true
		}
	}
	return false
}

// defenceFails reports whether the side to move, in check, is mated: it has
// no legal move, or every reply leaves a mate by at most checks more checks.
func (p *Position) defenceFails(checks int, budget *int) bool {
	if p.IsMate() {
		return true
	}
	if checks <= 0 {
		return false
	}
	var buf [128]Move
	for _, m := range p.GenerateMoves(buf[:0], false) {
		if !p.MakeMove(m) {
			continue
		}
		mated := p.mateByChecks(checks, budget)
		p.UnmakeMove()
		if !mated {
			return false
		}
	}
	return true
}

// matesInOne reports whether the side to move has a move that mates.
func (p *Position) matesInOne() bool {
	var buf [128]Move
	for _, m := range p.GenerateMoves(buf[:0], false) {
		if !p.givesCheck(m) {
			continue
		}
		p.MakeMove(m)
		mate := p.IsMate()
		p.UnmakeMove()
		if mate {
			return true
		}
	}
	return false
}

// givesCheck reports whether pseudo-legal move m is legal and checks. It goes
// through MakeMove, which keeps the board's occupancy masks and piece lists.
func (p *Position) givesCheck(m Move) bool {
	if !p.MakeMove(m) {
		return false
	}
	check := p.InCheck()
	p.UnmakeMove()
	return check
}

// winsMaterial reports whether the side to move, which can now capture on
// c.target (capture c being new), wins material there by the Chinese rules'
// measure: its best first capture, by any of its pieces but the king and
// the pawns, the others joining in the exchange (联合吃子), then
// each side recapturing with its least valuable piece while that pays,
// leaves it ahead, and the first capture does not let the opponent mate at
// once.
func (p *Position) winsMaterial(c capturePair) bool {
	var buf [128]Move
	sq := c.target
	gain := chineseValue(p.board[sq], sq)
	for _, m := range p.GenerateMoves(buf[:0], true) {
		// A king or pawn may take part in the exchange, but a gain that
		// starts with its own capture is its own threat, which is allowed
		// (兵卒、将帅本身允许长捉: 图14, 参考图5, 参考图11).
		if t := p.board[m.From()].Type(); m.To() != sq || t == King || t == Pawn || !p.MakeMove(m) {
			continue
		}
		wins := !p.matesInOne() && gain-p.exchangeOn(sq) > 0
		p.UnmakeMove()
		if wins {
			return true
		}
	}
	return false
}

// exchangeOn returns what the side to move gains at best by capturing on sq
// with its least valuable legal capturer, then the opponent, and so on; 0
// when it does better not to capture.
func (p *Position) exchangeOn(sq Square) int {
	var buf [128]Move
	best, bestValue := NoMove, 1<<30
	for _, m := range p.GenerateMoves(buf[:0], true) {
		if m.To() != sq || p.leavesKingAttacked(m) {
			continue
		}
		if v := chineseValue(p.board[m.From()], m.From()); v < bestValue {
			best, bestValue = m, v
		}
	}
	if best == NoMove {
		return 0
	}
	gain := chineseValue(p.board[sq], sq)
	p.MakeMove(best)
	gain -= p.exchangeOn(sq)
	p.UnmakeMove()
	return max(gain, 0)
}
