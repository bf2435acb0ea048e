package engine

import (
	"context"
	"fmt"
	"io"

	"github.com/xqfyne/xiangqi/rules"
)

// Support for fitting the piece-square tables to game results (cmd/tune):
// the evaluation written as a fixed part plus a sum of parameters times
// coefficients, the parameters' current values, and a test for quiet
// positions, whose static score is what the search would say.

// TunedTableParams is the number of fitted table parameters: for each
// phase (middlegame, endgame), piece type, rank, and file up to the middle
// (files a-d and their mirrors i-f share a value, file e has its own).
const TunedTableParams = 2 * rules.NumPieceTypes * 10 * 5

// tableParam returns the parameter index of a table entry.
func tableParam(endgame bool, t rules.PieceType, row, file int) int {
	i := int(t)*50 + row*5 + min(file, 8-file)
	if endgame {
		i += rules.NumPieceTypes * 50
	}
	return i
}

// EvalTerm is one parameter's share of an evaluation: Coef times the
// parameter's value.
type EvalTerm struct {
	Param int
	Coef  float64
}

// EvalTrace splits Evaluate from Red's point of view: it equals Fixed plus
// the sum of the terms' coefficients times the parameter values (up to the
// integer rounding of the phase blend). The terms are appended to buf.
func EvalTrace(p *rules.Position, buf []EvalTerm) (fixed float64, terms []EvalTerm) {
	ph := float64(phase(p)) / fullPhase
	for c := rules.Red; c <= rules.Black; c++ {
		sign := 1.0
		if c == rules.Black {
			sign = -1
		}
		for t := rules.PieceType(0); t < rules.NumPieceTypes; t++ {
			for _, s := range p.PieceSquares(c, t) {
				sq := rules.Square(s)
				if c == rules.Black {
					sq = sq.Flip()
				}
				row, file := 9-sq.Rank(), sq.File()
				buf = append(buf,
					EvalTerm{tableParam(false, t, row, file), sign * ph},
					EvalTerm{tableParam(true, t, row, file), sign * (1 - ph)})
			}
		}
	}
	// Everything else is held fixed: tempo, horse mobility, king safety.
	material := materialOf(p)
	v := Evaluate(p) - taper(material[p.Side()]-material[p.Side().Opponent()], phase(p))
	if p.Side() == rules.Black {
		v = -v
	}
	return float64(v), buf
}

// TunedTableValues returns the current values of the table parameters.
func TunedTableValues() []float64 {
	v := make([]float64, TunedTableParams)
	for t := rules.PieceType(0); t < rules.NumPieceTypes; t++ {
		for row := 0; row < 10; row++ {
			for file := 0; file < 9; file++ {
				v[tableParam(false, t, row, file)] = float64(pstMg[t][row][file])
				v[tableParam(true, t, row, file)] = float64(pstEg[t][row][file])
			}
		}
	}
	return v
}

// WriteTunedTables writes pst_tables.go with the given parameter values
// (rounded), for cmd/tune. header is a comment placed above the tables
// saying how they were made.
func WriteTunedTables(w io.Writer, values []float64, header string) error {
	if len(values) != TunedTableParams {
		return fmt.Errorf("want %d values, got %d", TunedTableParams, len(values))
	}
	names := [rules.NumPieceTypes]string{"King", "Advisor", "Bishop", "Knight", "Rook", "Cannon", "Pawn"}
	fmt.Fprintf(w, "package engine\n\nimport \"github.com/xqfyne/xiangqi/rules\"\n\n%s\n", header)
	for _, eg := range []bool{false, true} {
		name := "pstMg"
		if eg {
			name = "pstEg"
		}
		fmt.Fprintf(w, "\nvar %s = [rules.NumPieceTypes]boardTable{\n", name)
		for t := rules.PieceType(0); t < rules.NumPieceTypes; t++ {
			fmt.Fprintf(w, "\trules.%s: {\n", names[t])
			for row := 0; row < 10; row++ {
				fmt.Fprint(w, "\t\t{")
				for file := 0; file < 9; file++ {
					if file > 0 {
						fmt.Fprint(w, ", ")
					}
					x := values[tableParam(eg, t, row, file)]
					// Squares a piece can never stand on keep their value (0).
					if !pieceCanStand(t, row, file) {
						x = 0
					}
					fmt.Fprintf(w, "%d", int(x+0.5*sign(x)))
				}
				fmt.Fprint(w, "},\n")
			}
			fmt.Fprint(w, "\t},\n")
		}
		fmt.Fprint(w, "}\n")
	}
	return nil
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// pieceCanStand tells whether a Red piece of type t can stand on the table
// entry (row 0 is rank 9).
func pieceCanStand(t rules.PieceType, row, file int) bool {
	return rules.PlacementAllowed(rules.MakePiece(rules.Red, t), rules.Sq(file, 9-row))
}

// QuietProbe tells quiet positions (not in check, and the quiescence
// search agrees with the static score) from others. One probe serves one
// goroutine.
type QuietProbe struct{ w *worker }

// NewQuietProbe allocates a probe.
func NewQuietProbe() *QuietProbe {
	w := newWorker(0)
	w.sh = &shared{ctx: context.Background(), tt: NewTranspositionTable(1)}
	return &QuietProbe{w: w}
}

// Quiet reports whether p is quiet.
func (q *QuietProbe) Quiet(p *rules.Position) bool {
	if p.InCheck() {
		return false
	}
	q.w.setRoot(p)
	q.w.pos.ClearHistory()
	return q.w.quiesce(-MateValue, MateValue, 0, false) == Evaluate(p)
}
