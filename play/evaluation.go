package play

import (
	"fmt"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/nnue/nets"
)

// Evaluation is how the engine judges a position: the neural net built into the app
// (the default: at equal time it beats the classical evaluation at the speed of amd64,
// arm64 and wasm, docs/engine-log.md "The third net at each platform's speed") or the
// classical evaluation.
type Evaluation uint8

const (
	ClassicalEval Evaluation = iota // material, piece squares, mobility, king safety
	NeuralEval                      // the built-in net (package nnue/nets)
)

// evaluationNames are the evaluations as the save file writes them; a save without the
// key (older than the setting) or with an unknown name loads as def, the default.
var evaluationNames = map[Evaluation]string{ClassicalEval: "classical", NeuralEval: "neural"}

func evaluationFrom(name string, def Evaluation) Evaluation {
	for e, n := range evaluationNames {
		if n == name {
			return e
		}
	}
	return def
}

// prepareNet decodes the built-in net when set turns the neural evaluation on, so that a
// choice the session cannot honour is refused as it is made. Settings that keep the
// evaluation as it was (a new game with the same settings) leave the decoding to the first
// search that uses the net (netFor).
func (s *Session) prepareNet(set Settings) error {
	if set.Evaluation != NeuralEval || s.settings.Evaluation == NeuralEval {
		return nil
	}
	n, err := builtinNet(s.net)
	if err != nil {
		return err
	}
	s.net = n
	return nil
}

// builtinNet is net, or the built-in net decoded when net is nil.
func builtinNet(net *nnue.Net) (*nnue.Net, error) {
	if net != nil {
		return net, nil
	}
	n, err := nets.Default()
	if err != nil {
		return nil, fmt.Errorf("the neural evaluation cannot be used: %w", err)
	}
	return n, nil
}

// adoptSettings makes set the session's settings at launch. The net is not decoded here
// but at its first use (netFor): a game at a level never evaluates with it, and decoded
// it holds 1.9 MB of the heap and brings as much of the binary into memory, a phone's
// budget at start (docs/budget.md).
func (s *Session) adoptSettings(set Settings) { s.settings = set }

// netFor is the net a search under strength limit elo evaluates with (nil: classical).
// The limited levels keep the classical evaluation whatever the setting: their node
// budgets, noise and ratings were measured with it (engine/strength.go, docs/levels.md),
// and the net, with its own speed and tree sizes, would make those ratings wrong. The
// full-strength level, a time that is no level's, hints and analysis (elo 0) use the
// net when the player chose it, decoded at the first of them; should it not decode, the
// evaluation turns classical and the engine error says why. The review stays classical
// too: its marks are score losses with thresholds set on the classical scale (review.go).
func (s *Session) netFor(elo int) *nnue.Net {
	if s.settings.Evaluation != NeuralEval || elo != 0 {
		return nil
	}
	n, err := builtinNet(s.net)
	if err != nil {
		s.settings.Evaluation = ClassicalEval
		s.listeners.engineError(err)
		return nil
	}
	s.net = n
	return n
}
