package game

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// repetitionCase is one entry of testdata/repetition_cases.txt: a position,
// a move cycle played until the start position occurs for the third time,
// the rule set, and the verdict the rule book gives.
type repetitionCase struct {
	name, source, note string
	line               int
	rules              RuleSet
	fen                string
	setup, cycle       []string
	status             Status
	reason             Reason
	target             string // square of the chased piece in the final position, "" when not checked
}

// readRepetitionCases parses the case file: blocks of "key value" lines
// separated by blank lines, "#" starting a comment line.
func readRepetitionCases(t *testing.T) []repetitionCase {
	t.Helper()
	f, err := os.Open("testdata/repetition_cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []repetitionCase
	var c *repetitionCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, _ := strings.Cut(line, " ")
		value = strings.TrimSpace(value)
		if key == "case" {
			cases = append(cases, repetitionCase{name: value, line: n})
			c = &cases[len(cases)-1]
			continue
		}
		if c == nil {
			t.Fatalf("line %d: %q before the first case", n, line)
		}
		switch key {
		case "rules":
			r, err := rules.ParseRuleSet(value)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			c.rules = r
		case "fen":
			c.fen = value
		case "setup":
			c.setup = strings.Fields(value)
		case "cycle":
			c.cycle = strings.Fields(value)
		case "want":
			if err := c.parseWant(value); err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
		case "target":
			c.target = value
		case "source":
			c.source = value
		case "note":
			c.note = value
		default:
			t.Fatalf("line %d: unknown key %q", n, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

var wantWords = map[string]Reason{
	"perpetual-check": ReasonPerpetualCheck, "perpetual-chase": ReasonPerpetualChase,
	"perpetual-attack": ReasonPerpetualAttack, "perpetual-mate-threat": ReasonPerpetualMateThreat,
}

func (c *repetitionCase) parseWant(v string) error {
	f := strings.Fields(v)
	switch {
	case len(f) == 1 && f[0] == "draw":
		c.status, c.reason = Draw, ReasonRepetition
		return nil
	case len(f) == 2 && (f[0] == "red-loses" || f[0] == "black-loses"):
		r, ok := wantWords[f[1]]
		if !ok {
			return fmt.Errorf("want %q: unknown reason", v)
		}
		c.status, c.reason = BlackWins, r
		if f[0] == "black-loses" {
			c.status = RedWins
		}
		return nil
	}
	return fmt.Errorf("want %q: expected draw or red-loses/black-loses REASON", v)
}

// TestRepetitionCases plays every case of the public suite under its rule
// set: the result must stay open until the cycle completes the third
// occurrence, and then be the rule book's verdict.
func TestRepetitionCases(t *testing.T) {
	cases := readRepetitionCases(t)
	if len(cases) < 60 {
		t.Errorf("%d cases, the suite promises at least 60", len(cases))
	}
	if n := countRuleBookCases(cases); n < 103 {
		t.Errorf("%d cases from the rule book's diagrams, the suite promises at least 103", n)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.source == "" {
				t.Errorf("line %d: no source", c.line)
			}
			g := mustGame(t, c.fen)
			g.SetRules(c.rules)
			playAll(t, g, c.setup...)
			playAll(t, g, c.cycle...)
			playAll(t, g, c.cycle[:len(c.cycle)-1]...)
			wantResult(t, g, Ongoing, ReasonNone)
			playAll(t, g, c.cycle[len(c.cycle)-1])
			wantResult(t, g, c.status, c.reason)
			if c.target != "" {
				v, ok := g.RepetitionVerdict()
				if !ok || v.Target.String() != c.target {
					t.Errorf("verdict %+v (%s), want target %s", v, enText(t, v.Message()), c.target)
				}
			}
		})
	}
}

// ruleBookSource matches the source of a case taken from a rule book's own
// illustrated example: the book and the diagram number (or its appendix).
var ruleBookSource = regexp.MustCompile(`^AXF rules(?: diagram [0-9]+|, appendix)`)

// countRuleBookCases counts the cases that cite a rule book's diagram.
func countRuleBookCases(cases []repetitionCase) int {
	n := 0
	for _, c := range cases {
		if ruleBookSource.MatchString(c.source) {
			n++
		}
	}
	return n
}
