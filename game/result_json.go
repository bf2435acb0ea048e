package game

import (
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/rules"
)

// MaxRecordBytes is the one bound on the size of a game as the app keeps it: a record
// file in SaveRecord's form (MarshalJSON's form is smaller). ReadRecord refuses a game
// that would not fit, SaveRecord and MarshalJSON refuse to write more, and LoadRecord
// reads no more, so a game that was accepted is never refused when it is read back. A
// whole game with its variations is tens of KB.
const MaxRecordBytes = 4 << 20

// ErrRecordTooLarge is the error of a game over MaxRecordBytes.
var ErrRecordTooLarge = errors.New("the game is too large to keep")

// tooLarge is ErrRecordTooLarge with the sizes.
func tooLarge(size int) error {
	return fmt.Errorf("%w: %s saved, the limit is %s", ErrRecordTooLarge, megabytes(size), megabytes(MaxRecordBytes))
}

// megabytes writes a size in MB with one decimal.
func megabytes(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

// maxLineMoves bounds the number of moves of one line in a loaded record.
const maxLineMoves = 10000

// savedResult is a recorded result (resignation, agreement, flag fall, an
// imported record's); results decided by the board are recomputed on load.
type savedResult struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

var statusNames = map[Status]string{RedWins: "red-wins", BlackWins: "black-wins", Draw: "draw"}
var declaredReasonNames = map[Reason]string{
	ReasonResignation: "resignation", ReasonAgreement: "agreement", ReasonRecorded: "recorded",
	ReasonTime: "time", ReasonTimeNoAttackers: "timeNoAttackers",
}

func (r savedResult) decode() (Result, error) {
	var out Result
	found := false
	for st, name := range statusNames {
		if name == r.Status {
			out.Status, found = st, true
		}
	}
	if !found {
		return out, fmt.Errorf("game: unknown result status %q", r.Status)
	}
	found = false
	for reason, name := range declaredReasonNames {
		if name == r.Reason {
			out.Reason, found = reason, true
		}
	}
	if !found {
		return out, fmt.Errorf("game: unknown result reason %q", r.Reason)
	}
	switch {
	case out.Reason == ReasonResignation && out.Status == Draw:
		return out, errors.New("game: a resignation cannot be a draw")
	case out.Reason == ReasonAgreement && out.Status != Draw:
		return out, errors.New("game: an agreement must be a draw")
	case out.Reason == ReasonTime && out.Status == Draw:
		return out, errors.New("game: a loss on time cannot be a draw")
	case out.Reason == ReasonTimeNoAttackers && out.Status != Draw:
		return out, errors.New("game: a flag fall against a side without attackers is a draw")
	}
	if out.Status == RedWins {
		out.Winner = rules.Red
	}
	if out.Status == BlackWins {
		out.Winner = rules.Black
	}
	return out, nil
}
