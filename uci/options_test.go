package uci

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
)

// announced is what protocol p's handshake should offer: every setting
// with a name in p, in table order.
func announced(p Protocol) []Option {
	var want []Option
	for _, st := range optionTable {
		if o, ok := st.announce(p); ok {
			want = append(want, o)
		}
	}
	return want
}

// handshakeOptions runs protocol p's handshake and reads its option lines
// back with the client's reader.
func handshakeOptions(t *testing.T, p Protocol) []Option {
	t.Helper()
	var got []Option
	for _, l := range talk(t, p.String(), "quit") {
		if !strings.HasPrefix(l, "option ") {
			continue
		}
		o, err := ParseOption(l)
		if err != nil {
			t.Fatal(err)
		}
		if o.Line(p) != l {
			t.Errorf("%s handshake line %q reads back as %q", p, l, o.Line(p))
		}
		got = append(got, o)
	}
	return got
}

// Every option of the table appears in each handshake that names it, with
// its type, range, values and default; nothing else does.
func TestEveryOptionInTheHandshakes(t *testing.T) {
	for _, p := range []Protocol{UCI, UCCI} {
		got, want := handshakeOptions(t, p), announced(p)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s handshake offers\n%+v\nthe table says\n%+v", p, got, want)
		}
	}
	// Every option is offered in at least one protocol, and the names
	// setoption reads do not clash.
	owner := map[string]int{}
	for i, st := range optionTable {
		if st.uci == "" && st.ucci == "" {
			t.Errorf("an option without a name: %+v", st)
		}
		for _, n := range []string{st.uci, st.ucci, st.alias} {
			key := strings.ToLower(n)
			if j, dup := owner[key]; n != "" && dup && j != i {
				t.Errorf("name %q names both entry %d and entry %d", n, j, i)
			}
			owner[key] = i
		}
	}
}

// The table's defaults are values its own options accept, and each
// handshake's default is one of a combo's values or inside a spin's range.
func TestOptionDefaultsAreValid(t *testing.T) {
	for _, st := range optionTable {
		if st.kind == Button {
			continue
		}
		if _, err := st.parse(st.def); err != nil {
			t.Errorf("%s/%s: default %q refused: %v", st.uci, st.ucci, st.def, err)
		}
		for _, p := range []Protocol{UCI, UCCI} {
			o, ok := st.announce(p)
			if !ok {
				continue
			}
			n, err := strconv.Atoi(o.Default)
			switch o.Kind {
			case Spin:
				if err != nil || n < o.Min || n > o.Max {
					t.Errorf("%s %s: default %q outside %d..%d", p, o.Name, o.Default, o.Min, o.Max)
				}
			case Combo:
				if !contains(o.Vars, o.Default) {
					t.Errorf("%s %s: default %q not among %q", p, o.Name, o.Default, o.Vars)
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// goodValues are values an announced option must accept: its default, a
// spin's ends, a combo's values, both checks.
func goodValues(o Option) []string {
	switch o.Kind {
	case Button:
		return []string{""}
	case Check:
		return []string{"true", "false"}
	case Spin:
		return []string{o.Default, strconv.Itoa(o.Min), strconv.Itoa(o.Max)}
	case Combo:
		return append([]string{o.Default}, o.Vars...)
	}
	return []string{o.Default}
}

// Every option set by its announced name, in its protocol's setoption
// form, with every value the handshake allows, reaches that table entry
// with that value, and the engine takes it without a word.
func TestSetOptionRoundTrips(t *testing.T) {
	for _, p := range []Protocol{UCI, UCCI} {
		cmds := []string{p.String()}
		for _, st := range optionTable {
			o, ok := st.announce(p)
			if !ok {
				continue
			}
			for _, v := range goodValues(o) {
				line := setOptionLine(p, o.Name, v)
				cmds = append(cmds, line)
				name, text := splitSetOption(strings.Fields(line)[1:])
				got, ok := lookupOption(name)
				if !ok || got.uci != st.uci || got.ucci != st.ucci {
					t.Errorf("%q reaches %s/%s, want %s/%s", line, got.uci, got.ucci, st.uci, st.ucci)
					continue
				}
				val, err := got.parse(text)
				if err != nil {
					t.Errorf("%q: %v", line, err)
					continue
				}
				switch st.kind {
				case Spin:
					want, err := strconv.Atoi(v)
					for _, l := range st.levels {
						if l.word == v {
							want, err = l.n, nil
						}
					}
					if err != nil || val.n != want {
						t.Errorf("%q read as %d", line, val.n)
					}
				case Check:
					if val.on != (v == "true") {
						t.Errorf("%q read as %v", line, val.on)
					}
				case Combo, String:
					if val.text != v {
						t.Errorf("%q read as %q", line, val.text)
					}
				}
			}
		}
		for _, l := range talk(t, append(cmds, "quit")...) {
			if strings.HasPrefix(l, "info string error") || strings.HasPrefix(l, "info string setoption") {
				t.Errorf("%s: %s", p, l)
			}
		}
	}
}

// A bad value brings its option's error, worded as it always was, in
// either protocol's form.
func TestSetOptionErrorTexts(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"setoption name Hash value lots", `setoption Hash: want megabytes from 1 to 4096, got "lots"`},
		{"setoption hashsize 0", `setoption hashsize: want megabytes from 1 to 4096, got "0"`},
		{"setoption name Threads value 257", `setoption Threads: want 1 to 256, got "257"`},
		{"setoption multipv 129", `setoption multipv: want 1 to 128, got "129"`},
		{"setoption randomness 65", `setoption randomness: want none/tiny/small/medium/large/huge or 0 to 64, got "65"`},
		{"setoption name OwnBook value maybe", `setoption OwnBook: want true or false, got "maybe"`},
		{"setoption usemillisec", `setoption usemillisec: want true or false, got ""`},
		{"setoption name LMR value 2", `setoption LMR: want true or false, got "2"`},
		{"setoption rules fide", `setoption rules: rules "fide": want asian or chinese`},
		{"setoption name MoveLimit value 19", `setoption MoveLimit: want plies from 20 to 1000, got "19"`},
		{"setoption name UCI_Elo value 10", fmt.Sprintf(`setoption UCI_Elo: want a rating from %d to %d, got "10"`, engine.MinElo, engine.MaxElo)},
		{"setoption name uci_limitstrength value x", `setoption uci_limitstrength: want true or false, got "x"`},
		{"setoption name Book File value /no/such/book.dat", "setoption Book File: opening book: "},
	} {
		lines := talk(t, "uci", tc.line, "quit")
		if got := lineWith(lines, "info string error: "); !strings.HasPrefix(got, "info string error: "+tc.want) {
			t.Errorf("%q: got %q, want %q", tc.line, got, tc.want)
		}
	}
	// Other engines' options are taken quietly; unknown ones are noted.
	lines := talk(t, "ucci", "setoption ponder true", "setoption name Style value solid", "setoption frobnicate 3", "quit")
	if l := lineWith(lines, "info string"); l != `info string setoption: unknown option "frobnicate" ignored` {
		t.Errorf("quiet and unknown options: %q", lines)
	}
}

// Spins set through setoption reach the searcher's options.
func TestSpinOptionsReachTheSearcher(t *testing.T) {
	s := newSession(Engine{HashMB: 1}, io.Discard).searcher
	for _, line := range []string{"name Hash value 2", "threads 3", "randomness medium", "name MoveLimit value 100", "uci_elo 900", "uci_limitstrength on"} {
		s.setOption(strings.Fields(line))
	}
	got := s.engine().Options()
	if got.HashMB != 2 || got.Threads != 3 || got.Randomness != 8 || got.MoveLimit != 100 || got.Elo != 900 {
		t.Fatalf("searcher options %+v", got)
	}
}

// FuzzSetOption: any setoption arguments reach at most one option, and a
// value that option accepts lies inside what its handshake announces.
func FuzzSetOption(f *testing.F) {
	for _, s := range []string{"name Hash value 16", "hashsize 4096", "name Clear Hash", "randomness huge",
		"name UCI_Elo value 1600", "name Book File value x y", "rules chinese", "name LMR value off", "name", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, args string) {
		name, text := splitSetOption(strings.Fields(args))
		st, ok := lookupOption(name)
		if !ok {
			return
		}
		v, err := st.parse(text)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "want ") {
				t.Fatalf("%q: error %q", args, err)
			}
			return
		}
		if st.kind == Spin && (v.n < st.min || v.n > st.max) {
			t.Fatalf("%q: %d outside %d..%d", args, v.n, st.min, st.max)
		}
		if st.kind == Check {
			if on, ok := parseBool(text); !ok || on != v.on {
				t.Fatalf("%q: check read as %v", args, v.on)
			}
		}
	})
}
