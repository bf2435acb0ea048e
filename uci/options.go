package uci

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// setting is one entry of the option table: the option's names, its type,
// range and default (from which both handshakes announce it and setoption
// reads its value), and what a value does.
type setting struct {
	// uci and ucci are its names in each protocol's handshake; "" leaves
	// it out of that handshake. setoption takes either name (and alias)
	// in either protocol, in any case.
	uci, ucci string
	alias     string
	kind      Kind
	min, max  int      // a spin's range
	def       string   // the default, as the handshakes show it
	vars      []string // a combo's values
	// levels are words a spin also takes; UCCI announces them as a combo,
	// as its specification defines randomness.
	levels []level
	// unit names what a spin counts, for the error text ("want megabytes
	// from 1 to 4096").
	unit  string
	apply func(s *searchSession, v value) error
}

// level is a word standing for a spin's value.
type level struct {
	word string
	n    int
}

// value is a setoption value read by the option's kind: on for a check, n
// for a spin, text for a combo or string (their apply reads it).
type value struct {
	text string
	on   bool
	n    int
}

// The MoveLimit option: plies without a capture after which the referee
// draws the game, not counting checks and the replies to them, as
// ElephantEye's UCCILEAG counts (and draws at 100). The default, 120, is
// the game's own limit, which counts every ply.
const minMoveLimit, maxMoveLimit = 20, 1000

// maxMultiPV bounds the lines an analysis reports (a position rarely has
// more moves worth comparing).
const maxMultiPV = 128

// defaultElo is UCI_Elo before a GUI sets it: the middle of the scale.
const defaultElo = 1600

// optionTable lists every option the engine offers, in handshake order.
var optionTable = buildOptionTable()

func buildOptionTable() []setting {
	table := []setting{
		{ucci: "usemillisec", kind: Check, def: "false",
			apply: func(s *searchSession, v value) error { s.millisec = v.on; return nil }},
		{uci: "Hash", ucci: "hashsize", kind: Spin, min: 1, max: 4096, def: strconv.Itoa(engine.DefaultHashMB), unit: "megabytes",
			apply: func(s *searchSession, v value) error {
				// The table is made now, not in the next search's time: a
				// GUI sets Hash to use it.
				s.hashMB = v.n
				if s.searcher == nil {
					s.engine()
				} else {
					s.searcher.SetHashMB(v.n)
				}
				return nil
			}},
		{uci: "Threads", ucci: "threads", kind: Spin, min: 1, max: 256, def: "1",
			apply: func(s *searchSession, v value) error { s.engine().SetThreads(v.n); return nil }},
		{uci: "MultiPV", ucci: "multipv", kind: Spin, min: 1, max: maxMultiPV, def: "1",
			apply: func(s *searchSession, v value) error { s.multiPV = v.n; return nil }},
		{uci: "Clear Hash", ucci: "newgame", kind: Button,
			apply: func(s *searchSession, v value) error { s.engine().Clear(); return nil }},
		{uci: "Randomness", ucci: "randomness", kind: Spin, min: 0, max: 64, def: "0",
			levels: []level{{"none", 0}, {"tiny", 2}, {"small", 4}, {"medium", 8}, {"large", 16}, {"huge", 32}},
			apply:  func(s *searchSession, v value) error { s.engine().SetRandomness(v.n); return nil }},
		{uci: "OwnBook", ucci: "usebook", kind: Check, def: "true",
			apply: func(s *searchSession, v value) error { s.useBook = v.on; s.applyBook(); return nil }},
		{uci: "BookFile", ucci: "bookfiles", alias: "book file", kind: String, def: "<empty>",
			apply: func(s *searchSession, v value) error {
				if err := s.loadBook(strings.TrimSpace(v.text)); err != nil {
					return fmt.Errorf("%v (continuing without a book)", err)
				}
				return nil
			}},
	}
	table = append(table,
		// The neural evaluation (package nnue): UseNNUE, on by default, makes
		// the search use the built-in net (nnue/nets), or the one EvalFile
		// loads; off, the classical evaluation. Under UCI_LimitStrength the
		// evaluation is classical either way.
		setting{uci: "EvalFile", ucci: "evalfile", kind: String, def: "<empty>",
			apply: func(s *searchSession, v value) error { return s.loadNet(strings.TrimSpace(v.text)) }},
		setting{uci: "UseNNUE", ucci: "usennue", kind: Check, def: "true",
			apply: func(s *searchSession, v value) error { return s.setNNUE(v.on) }},
	)
	table = append(table, featureSettings()...)
	return append(table,
		// The baseline of strength matches: only XQWLight 0.6's techniques.
		setting{uci: "XQWLightOnly", kind: Check, def: "false",
			apply: func(s *searchSession, v value) error {
				s.features = engine.Features{}
				if v.on {
					s.features = engine.XQWLightFeatureSet()
				}
				s.engine().SetFeatures(s.features)
				return nil
			}},
		setting{uci: "Rules", ucci: "rules", kind: Combo, def: "asian", vars: []string{"asian", "chinese"},
			apply: func(s *searchSession, v value) error {
				r, err := rules.ParseRuleSet(v.text)
				if err != nil {
					return err
				}
				s.engine().SetRules(r)
				return nil
			}},
		setting{uci: "MoveLimit", ucci: "movelimit", kind: Spin, min: minMoveLimit, max: maxMoveLimit,
			def: strconv.Itoa(rules.MoveLimitPlies), unit: "plies",
			apply: func(s *searchSession, v value) error { s.engine().SetMoveLimit(v.n); return nil }},
		// A referee that judges only some chases (UCCILEAG) sets it, as it
		// sets movelimit: see engine.Options.OpponentMayChase.
		setting{uci: "OpponentMayChase", ucci: "opponentmaychase", kind: Check, def: "false",
			apply: func(s *searchSession, v value) error { s.engine().SetOpponentMayChase(v.on); return nil }},
		// The strength limit, the Stockfish and Pikafish convention: the
		// rating counts only while the limit is on.
		setting{uci: "UCI_LimitStrength", ucci: "uci_limitstrength", kind: Check, def: "false",
			apply: func(s *searchSession, v value) error {
				s.strength.limit = v.on
				s.engine().SetElo(s.strength.elo())
				s.applyNet() // a limited strength searches classically
				return nil
			}},
		setting{uci: "UCI_Elo", ucci: "uci_elo", kind: Spin, min: engine.MinElo, max: engine.MaxElo,
			def: strconv.Itoa(defaultElo), unit: "a rating",
			apply: func(s *searchSession, v value) error {
				s.strength.rating = v.n
				s.engine().SetElo(s.strength.elo())
				return nil
			}},
	)
}

// featureSettings are UCI check options that switch search techniques off,
// so that match tools can measure each one.
func featureSettings() []setting {
	features := []struct {
		name string
		flag func(*engine.Features) *bool
	}{
		{"LMR", func(f *engine.Features) *bool { return &f.NoLMR }},
		{"Futility", func(f *engine.Features) *bool { return &f.NoFutility }},
		{"IIR", func(f *engine.Features) *bool { return &f.NoIIR }},
		{"NullVerify", func(f *engine.Features) *bool { return &f.NoNullVerify }},
		{"AdaptiveNull", func(f *engine.Features) *bool { return &f.NoAdaptiveNull }},
		{"Aspiration", func(f *engine.Features) *bool { return &f.NoAspiration }},
		{"QSEE", func(f *engine.Features) *bool { return &f.NoQSEE }},
		{"Delta", func(f *engine.Features) *bool { return &f.NoDelta }},
		{"LateMovePruning", func(f *engine.Features) *bool { return &f.NoLateMovePruning }},
		{"BadCaptureOrder", func(f *engine.Features) *bool { return &f.NoBadCaptureOrder }},
		{"NullMove", func(f *engine.Features) *bool { return &f.NoNullMove }},
		{"QuiesceTT", func(f *engine.Features) *bool { return &f.NoQuiesceTT }},
		{"ReverseFutility", func(f *engine.Features) *bool { return &f.NoReverseFutility }},
	}
	out := make([]setting, len(features))
	for i, f := range features {
		out[i] = setting{uci: f.name, kind: Check, def: "true",
			apply: func(s *searchSession, v value) error {
				*f.flag(&s.features) = !v.on
				s.engine().SetFeatures(s.features)
				return nil
			}}
	}
	return out
}

// quietOptions are other engines' options that setoption accepts without a
// word, so that GUIs and referees do not complain; they change nothing here
// (pondering needs no preparation).
var quietOptions = []string{"ponder", "promotion", "idle", "style"}

// announce is the setting as protocol p's handshake shows it; ok is false
// when p does not offer it.
func (st setting) announce(p Protocol) (o Option, ok bool) {
	o = Option{Name: st.uci, Kind: st.kind, Default: st.def, Min: st.min, Max: st.max, Vars: st.vars}
	if p == UCCI {
		o.Name = st.ucci
		if len(st.levels) > 0 {
			o.Kind, o.Min, o.Max = Combo, 0, 0
			for _, l := range st.levels {
				o.Vars = append(o.Vars, l.word)
				if strconv.Itoa(l.n) == st.def {
					o.Default = l.word
				}
			}
		}
	}
	return o, o.Name != ""
}

// named tells whether name (as setoption gave it) names this setting.
func (st setting) named(name string) bool {
	for _, n := range []string{st.uci, st.ucci, st.alias} {
		if n != "" && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// parse reads a setoption value by the setting's kind.
func (st setting) parse(text string) (value, error) {
	switch st.kind {
	case Check:
		on, ok := parseBool(text)
		if !ok {
			return value{}, fmt.Errorf("want true or false, got %s", rules.QuoteInput(text))
		}
		return value{text: text, on: on}, nil
	case Spin:
		for _, l := range st.levels {
			if strings.EqualFold(l.word, text) {
				return value{text: text, n: l.n}, nil
			}
		}
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err == nil && n >= st.min && n <= st.max {
			return value{text: text, n: n}, nil
		}
		switch {
		case len(st.levels) > 0:
			words := make([]string, len(st.levels))
			for i, l := range st.levels {
				words[i] = l.word
			}
			return value{}, fmt.Errorf("want %s or %d to %d, got %s", strings.Join(words, "/"), st.min, st.max, rules.QuoteInput(text))
		case st.unit != "":
			return value{}, fmt.Errorf("want %s from %d to %d, got %s", st.unit, st.min, st.max, rules.QuoteInput(text))
		}
		return value{}, fmt.Errorf("want %d to %d, got %s", st.min, st.max, rules.QuoteInput(text))
	}
	return value{text: text}, nil
}

func parseBool(v string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "on", "1", "yes":
		return true, true
	case "false", "off", "0", "no":
		return false, true
	}
	return false, false
}

// lookupOption finds the setting a setoption name means.
func lookupOption(name string) (setting, bool) {
	for _, st := range optionTable {
		if st.named(name) {
			return st, true
		}
	}
	return setting{}, false
}

// printOptions prints the handshake's option lines in protocol p.
func (s *searchSession) printOptions(p Protocol) {
	for _, st := range optionTable {
		if o, ok := st.announce(p); ok {
			s.c.out.println("%s", o.Line(p))
		}
	}
}

// setOption handles UCI `setoption name N value V` and UCCI `setoption N V`.
func (s *searchSession) setOption(args []string) {
	name, text := splitSetOption(args)
	st, ok := lookupOption(name)
	if !ok {
		for _, q := range quietOptions {
			if strings.EqualFold(q, name) {
				return
			}
		}
		// Unknown options are ignored, as the protocols ask; the note helps
		// someone who mistyped a name.
		s.c.out.println("info string setoption: unknown option %s ignored", rules.QuoteInput(name))
		return
	}
	v, err := st.parse(text)
	if err == nil {
		err = st.apply(s, v)
	}
	if err != nil {
		s.c.errorf("setoption %s: %v", name, err)
	}
}
