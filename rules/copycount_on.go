//go:build copycount

package rules

import "sync/atomic"

var copies, legalChecks atomic.Int64

func countCopy() { copies.Add(1) }

func countLegalCheck() { legalChecks.Add(1) }

// Copies is how many times a Position was copied since the program started (copycount
// builds only: `go test -tags copycount`).
func Copies() int64 { return copies.Load() }

// LegalChecks is how many times Position.IsLegal judged a move since the program started
// (copycount builds only).
func LegalChecks() int64 { return legalChecks.Load() }
