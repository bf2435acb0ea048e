package rules

import (
	"fmt"
	"strings"
)

// Move packs a move as from + to*256, the layout of ElephantEye's book files.
type Move uint16

// NoMove is the zero move, also used for null moves in the history.
const NoMove Move = 0

// NewMove builds a move between two squares.
func NewMove(from, to Square) Move { return Move(int(from) | int(to)<<8) }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 255) }

// To returns the square the piece arrives on.
func (m Move) To() Square { return Square(m >> 8) }

// Mirror reflects the move left-right.
func (m Move) Mirror() Move { return NewMove(m.From().Mirror(), m.To().Mirror()) }

// String gives the ICCS text of the move, such as "h2e2".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// ParseMove reads an ICCS move such as "h2e2" or "H2-E2".
func ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	if len(t) != 4 {
		return NoMove, fmt.Errorf("move %s: want ICCS coordinates like h2e2", QuoteInput(text))
	}
	from, err := ParseSquare(t[:2])
	if err != nil {
		return NoMove, fmt.Errorf("move %s: %v", QuoteInput(text), err)
	}
	to, err := ParseSquare(t[2:])
	if err != nil {
		return NoMove, fmt.Errorf("move %s: %v", QuoteInput(text), err)
	}
	if from == to {
		return NoMove, fmt.Errorf("move %s: source and destination are the same", QuoteInput(text))
	}
	return NewMove(from, to), nil
}
