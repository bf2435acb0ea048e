// Package nets holds the net the engine ships with, embedded in every binary
// that imports it (xqengine, the app, the browser build), so that the neural
// evaluation needs no file beside the program. The README in this folder
// tells how the net was made and what it is worth.
package nets

import (
	_ "embed" // for the net's bytes below

	"github.com/xqfyne/xiangqi/nnue"
)

// DefaultName is the file name of the default net in this folder.
const DefaultName = "xq-2026-11-27b.nnue"

// defaultNet is the file DefaultName. A string, so that no caller can change
// the bytes every later Default reads.
//
//go:embed xq-2026-11-27b.nnue
var defaultNet string

// Default decodes the default net. Each call decodes it anew (a few
// milliseconds, about 2 MB); a caller keeps the result and shares it between
// its searchers, as a Net is read-only.
func Default() (*nnue.Net, error) { return nnue.Load([]byte(defaultNet)) }
