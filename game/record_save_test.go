package game

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRecordSaveLoadRoundTrip(t *testing.T) {
	r := variationRecord(t)
	var first, second bytes.Buffer
	if err := r.SaveRecord(&first); err != nil {
		t.Fatal(err)
	}
	back, err := LoadRecord(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, first.String())
	}
	if exportString(t, back, PGNOptions{}) != exportString(t, r, PGNOptions{}) {
		t.Error("the loaded record differs")
	}
	if err := back.SaveRecord(&second); err != nil || !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("save → load → save differs: %v", err)
	}
	for _, want := range []string{`"format": "xiangqi-record"`, `"parent": 0`, `"comment": "开局评注"`, `"status": "black-wins"`} {
		if !strings.Contains(first.String(), want) {
			t.Errorf("saved record lacks %s:\n%s", want, first.String())
		}
	}
}

func TestLoadRecordRejectsBadInput(t *testing.T) {
	head := `{"format":"xiangqi-record","version":1,"startFen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","metadata":{},"nodes":`
	cases := map[string]struct{ text, want string }{
		"not json":      {"xyz", "not a saved record"},
		"other format":  {`{"format":"xiangqi-game","version":1}`, "not a saved record"},
		"newer":         {`{"format":"xiangqi-record","version":2}`, "version 2"},
		"unknown field": {head + `[],"extra":1}`, "unknown field"},
		"no nodes":      {head + `null}`, "nodes are required"},
		"illegal":       {head + `[{"parent":0,"move":"h2h9x"}]}`, "node 1: bad move"},
		"illegal move":  {head + `[{"parent":0,"move":"a0a5"}]}`, "node 1: illegal move a0a5"},
		"order":         {head + `[{"parent":0,"move":"h2e2"},{"parent":0,"move":"b2e2"},{"parent":1,"move":"h9g7"}]}`, "node 3: parent 1 is not on the line"},
		"twice":         {head + `[{"parent":0,"move":"h2e2"},{"parent":0,"move":"h2e2"}]}`, "node 2: move h2e2 appears twice"},
		"parent ahead":  {head + `[{"parent":5,"move":"h2e2"}]}`, "node 1: parent 5"},
		"bad result":    {head + `[],"result":{"status":"draw","reason":"resignation"}}`, "resignation cannot be a draw"},
	}
	for name, c := range cases {
		r, err := LoadRecord(strings.NewReader(c.text))
		if err == nil || r != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", name, err, c.want)
		}
	}
}

func FuzzLoadRecord(f *testing.F) {
	r, err := ImportPGNRecord(strings.NewReader("{s} 1. h2e2 {c} (1. b2e2 h9g7 (1... b9c7)) h9g7 2. h0g2 1-0"))
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	r.SaveRecord(&buf)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := LoadRecord(bytes.NewReader(data))
		if err != nil {
			if r != nil {
				t.Fatal("error with a record")
			}
			return
		}
		var first, second bytes.Buffer
		if err := r.SaveRecord(&first); err != nil {
			t.Fatal(err)
		}
		back, err := LoadRecord(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("reload: %v\n%s", err, first.String())
		}
		back.SaveRecord(&second)
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatal("save → load → save differs")
		}
	})
}

// MarshalJSON, which writes the nodes by hand, is SaveRecord without indentation, with
// comments of every kind.
func TestRecordCompactEncoding(t *testing.T) {
	r := variationRecord(t)
	comments := []string{`好棋 "quoted" \ back <b>&</b>`, "line\nbreak\ttab\x01\u2028", "plain"}
	for i, n := range r.Nodes()[1:] {
		n.Comment = comments[i%len(comments)]
	}
	compact, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var indented, fromCompact bytes.Buffer
	if err := r.SaveRecord(&indented); err != nil {
		t.Fatal(err)
	}
	if err := json.Indent(&fromCompact, compact, "", "  "); err != nil {
		t.Fatal(err)
	}
	if fromCompact.String()+"\n" != indented.String() {
		t.Errorf("MarshalJSON\n%s\nSaveRecord\n%s", fromCompact.String(), indented.String())
	}
}
