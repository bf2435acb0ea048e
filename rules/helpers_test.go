package rules

import (
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func play(t testing.TB, p *Position, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := ParseMove(text)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("move %s is illegal in %s", text, p.FEN())
		}
		p.MakeMove(m)
	}
}

func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
