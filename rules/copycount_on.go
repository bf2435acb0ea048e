//go:build copycount

package rules

import "sync/atomic"

var copies atomic.Int64

func countCopy() { copies.Add(1) }

// Copies is how many times a Position was copied since the program started (copycount
// builds only: `go test -tags copycount`).
func Copies() int64 { return copies.Load() }
