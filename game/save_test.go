package game

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func saveString(t *testing.T, g *Game) string {
	t.Helper()
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// roundTrip checks save → load → save is byte-identical and the loaded game
// matches the original.
func roundTrip(t *testing.T, g *Game) *Game {
	t.Helper()
	first := saveString(t, g)
	loaded, err := Load(strings.NewReader(first))
	if err != nil {
		t.Fatalf("Load: %v\n%s", err, first)
	}
	if second := saveString(t, loaded); second != first {
		t.Fatalf("save → load → save differs:\n%s\n---\n%s", first, second)
	}
	if loaded.Ply() != g.Ply() || loaded.FEN() != g.FEN() || !slices.Equal(loaded.Moves(), g.Moves()) ||
		loaded.Meta != g.Meta || loaded.Result() != g.Result() {
		t.Fatalf("loaded game differs")
	}
	return loaded
}

func TestSaveFormat(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2", "h9g7")
	g.Undo()
	g.Meta = Metadata{Red: "人类", Black: "Engine <3>", Human: HumanRed, DifficultySeconds: 2.5, Date: "2026.11.21"}
	g.Settings["sound"] = "on"
	g.Settings["board"] = "wood"
	want := `{
  "format": "xiangqi-game",
  "version": 1,
  "startFen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  "moves": [
    "h2e2",
    "h9g7"
  ],
  "ply": 1,
  "metadata": {
    "date": "2026.11.21",
    "red": "人类",
    "black": "Engine <3>",
    "human": "red",
    "difficultySeconds": 2.5
  },
  "settings": {
    "board": "wood",
    "sound": "on"
  }
}
`
	if got := saveString(t, g); got != want {
		t.Errorf("save:\n%s\nwant:\n%s", got, want)
	}
	loaded := roundTrip(t, g)
	if loaded.Settings["sound"] != "on" || loaded.Meta.Human != HumanRed || !loaded.Meta.Human.Plays(rules.Red) {
		t.Errorf("loaded %+v %v", loaded.Meta, loaded.Settings)
	}
	// The redo tail survives.
	if !loaded.Redo() || loaded.LastMove().String() != "h9g7" {
		t.Error("redo tail lost")
	}
}

func TestSaveRoundTrips(t *testing.T) {
	fresh := mustGame(t, "")
	t.Run("fresh", func(t *testing.T) { roundTrip(t, fresh) })

	endgame := mustGame(t, "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1")
	playAll(t, endgame, "b1b9")
	t.Run("checkmate from FEN", func(t *testing.T) { roundTrip(t, endgame) })

	resigned := mustGame(t, "")
	playAll(t, resigned, "h2e2", "h9g7", "h0g2")
	resigned.Resign(rules.Black)
	resigned.Meta.Human = HumanBoth
	t.Run("resigned", func(t *testing.T) {
		loaded := roundTrip(t, resigned)
		if r := loaded.Result(); r.Reason != ReasonResignation || r.Winner != rules.Red {
			t.Errorf("result %v", r)
		}
	})

	drawn := mustGame(t, "")
	playAll(t, drawn, "h2e2")
	drawn.AgreeDraw()
	drawn.GoTo(0)
	t.Run("agreed draw, cursor at start", func(t *testing.T) { roundTrip(t, drawn) })

	t.Run("real games", func(t *testing.T) {
		for _, name := range sharedPGNFiles(t) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			g, err := ImportPGN(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, g)
		}
	})
}

func TestLoadRejectsBadInput(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "h2e2", "h9g7")
	good := saveString(t, g)
	edit := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("%q not in save", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	cases := map[string]string{
		"empty":              "",
		"not json":           "hello",
		"array":              "[1,2]",
		"future version":     edit(`"version": 1`, `"version": 2`),
		"version zero":       edit(`"version": 1`, `"version": 0`),
		"other format":       edit(`"xiangqi-game"`, `"chess-game"`),
		"unknown field":      edit(`"ply": 2,`, `"ply": 2, "clock": 5,`),
		"trailing data":      good + "{}",
		"illegal move":       edit(`"h9g7"`, `"h9h5"`),
		"bad move text":      edit(`"h9g7"`, `"zz"`),
		"non-canonical move": edit(`"h9g7"`, `"H9G7"`),
		"null move":          edit(`"h9g7"`, `"0000"`),
		"ply too big":        edit(`"ply": 2`, `"ply": 3`),
		"negative ply":       edit(`"ply": 2`, `"ply": -1`),
		"bad fen":            edit(`"startFen": "rnbakabnr`, `"startFen": "xnbakabnr`),
		"non-canonical fen":  edit(`w - - 0 1"`, `w"`),
		"missing moves":      edit(`"moves": [`+"\n"+`    "h2e2",`+"\n"+`    "h9g7"`+"\n"+`  ],`, ``),
		"bad human":          edit(`"metadata": {}`, `"metadata": {"human": "cat"}`),
		"negative time":      edit(`"metadata": {}`, `"metadata": {"difficultySeconds": -1}`),
		"bad result":         edit(`"ply": 2,`, `"ply": 2, "result": {"status": "red-wins", "reason": "checkmate"},`),
		"draw resignation":   edit(`"ply": 2,`, `"ply": 2, "result": {"status": "draw", "reason": "resignation"},`),
		"wrong type":         edit(`"ply": 2`, `"ply": "two"`),
		"invalid utf-8":      edit(`"metadata": {}`, "\"metadata\": {\"red\": \"\xff\"}"),
	}
	for name, text := range cases {
		g, err := Load(strings.NewReader(text))
		if err == nil || g != nil {
			t.Errorf("%s: Load = %v, %v; want an error", name, g, err)
		}
	}
	if _, err := Load(strings.NewReader(edit(`"version": 1`, `"version": 7`))); err == nil || !strings.Contains(err.Error(), "newer version") {
		t.Errorf("future version error: %v", err)
	}
}

func TestSaveRejectsInvalidMetadata(t *testing.T) {
	g := mustGame(t, "")
	g.Meta.Human = "cat"
	if err := g.Save(&bytes.Buffer{}); err == nil {
		t.Error("saved a game Load would reject")
	}
}

func TestHumanSide(t *testing.T) {
	cases := []struct {
		h          HumanSide
		red, black bool
	}{{"", true, false}, {HumanRed, true, false}, {HumanBlack, false, true}, {HumanBoth, true, true}, {HumanNone, false, false}}
	for _, c := range cases {
		if c.h.Plays(rules.Red) != c.red || c.h.Plays(rules.Black) != c.black {
			t.Errorf("%q plays red %v black %v", c.h, c.h.Plays(rules.Red), c.h.Plays(rules.Black))
		}
	}
}

func TestSaveIsJSON(t *testing.T) {
	g := mustGame(t, "")
	var v map[string]any
	if err := json.Unmarshal([]byte(saveString(t, g)), &v); err != nil {
		t.Fatal(err)
	}
	if v["version"].(float64) != FormatVersion {
		t.Errorf("version %v", v["version"])
	}
}

// The rule set is saved when it is not the default, and files without it
// (all files written before it existed) load under the Asian rules.
func TestSaveKeepsRuleSet(t *testing.T) {
	g := mustGame(t, "5k3/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"a5f5", "e8f7", "f5a5", "f7e8"}
	playAll(t, g, cycle...)
	playAll(t, g, cycle...)
	wantResult(t, g, Draw, ReasonRepetition)
	if strings.Contains(saveString(t, g), `"rules"`) {
		t.Error("the default rule set was written")
	}
	if loaded := roundTrip(t, g); loaded.Rules() != AsianRules {
		t.Errorf("loaded rules %v", loaded.Rules())
	}
	g.SetRules(ChineseRules)
	wantResult(t, g, BlackWins, ReasonPerpetualAttack)
	text := saveString(t, g)
	if !strings.Contains(text, `"rules": "chinese"`) {
		t.Fatalf("rule set not saved:\n%s", text)
	}
	loaded := roundTrip(t, g)
	if loaded.Rules() != ChineseRules || loaded.Result() != g.Result() {
		t.Errorf("loaded rules %v result %v", loaded.Rules(), loaded.Result())
	}
	bad := strings.Replace(text, `"rules": "chinese"`, `"rules": "fide"`, 1)
	if _, err := Unmarshal([]byte(bad)); err == nil || !strings.Contains(err.Error(), "unknown rules") {
		t.Errorf("unknown rule set: %v", err)
	}
}
