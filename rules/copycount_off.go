//go:build !copycount

package rules

// countCopy counts Position copies in builds with the copycount tag (copycount_on.go),
// where a benchmark reports how many a move costs; elsewhere it compiles to nothing.
func countCopy() {}

// countLegalCheck counts IsLegal's judgements in copycount builds, where a test reports
// how many a move costs; elsewhere it compiles to nothing.
func countLegalCheck() {}
