package game

import (
	"bytes"
	"strings"
	"testing"
)

// The tags an online game is filed with (ratings, time control, termination) are written
// to PGN and to the record file, and read back from both.
func TestOnlineTagsRoundTrip(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("h2e2"); err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(g.SideToMove()); err != nil {
		t.Fatal(err)
	}
	r := g.Record()
	r.Meta.RedElo, r.Meta.BlackElo, r.Meta.TimeControl, r.Meta.Termination = "1500", "1623", "600+5", "resignation"
	var pgn bytes.Buffer
	if err := r.ExportPGN(&pgn, PGNOptions{Notation: ICCS}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[RedElo "1500"]`, `[BlackElo "1623"]`, `[TimeControl "600+5"]`, `[Termination "resignation"]`} {
		if !strings.Contains(pgn.String(), want) {
			t.Errorf("PGN lacks %s:\n%s", want, pgn.String())
		}
	}
	back, err := ImportPGNRecord(bytes.NewReader(pgn.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var saved bytes.Buffer
	if err := r.SaveRecord(&saved); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadRecord(&saved)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]Metadata{"pgn": back.Meta, "record": loaded.Meta} {
		if m.RedElo != "1500" || m.BlackElo != "1623" || m.TimeControl != "600+5" || m.Termination != "resignation" {
			t.Errorf("%s read back %+v", name, m)
		}
	}
}
