package engine

import (
	"reflect"
	"testing"
)

// TestEveryFeatureSwitchChangesTheSearch turns each Features switch on alone
// and checks that the bench positions then take a different number of nodes
// at depth 7: a switch that changes nothing measures nothing in a match.
func TestEveryFeatureSwitchChangesTheSearch(t *testing.T) {
	positions, err := BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	nodes := func(f Features) uint64 {
		s := NewSearcher(Options{HashMB: 4, Seed: 1, Features: f})
		var n uint64
		for _, p := range positions {
			s.Clear()
			n += s.Search(t.Context(), p, Limits{Depth: 7}, nil).Nodes
		}
		return n
	}
	all := nodes(Features{})
	ft := reflect.TypeFor[Features]()
	for i := range ft.NumField() {
		var f Features
		reflect.ValueOf(&f).Elem().Field(i).SetBool(true)
		if n := nodes(f); n == all {
			t.Errorf("%s: %d nodes, the same as with every technique on", ft.Field(i).Name, n)
		}
	}
}
