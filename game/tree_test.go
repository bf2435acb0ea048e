package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// addLine plays ICCS moves from node at, returning the last node.
func addLine(t *testing.T, r *Record, at *Node, moves ...string) *Node {
	t.Helper()
	for _, s := range moves {
		n, _, err := r.AddMove(at, mustMove(t, s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		at = n
	}
	return at
}

func moveStrings(moves []rules.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

func TestRecordAddMoveReusesAndBranches(t *testing.T) {
	r, err := NewRecord("")
	if err != nil {
		t.Fatal(err)
	}
	end := addLine(t, r, r.Root, "h2e2", "h9g7", "h0g2")
	first := r.Root.Children[0]
	again, created, err := r.AddMove(r.Root, mustMove(t, "h2e2"))
	if err != nil || created || again != first {
		t.Fatalf("existing move: %v %v %v", again, created, err)
	}
	v, created, err := r.AddMove(first, mustMove(t, "b9c7"))
	if err != nil || !created {
		t.Fatalf("variation: %v %v", created, err)
	}
	if len(first.Children) != 2 || first.Children[0].Move.String() != "h9g7" || first.Children[1] != v {
		t.Fatalf("children of the first move: %v", first.Children)
	}
	if got := moveStrings(r.MainLineMoves()); got != "h2e2 h9g7 h0g2" {
		t.Errorf("main line %s", got)
	}
	if _, _, err := r.AddMove(v, mustMove(t, "h2e2")); err == nil {
		t.Error("an illegal move was added")
	}
	if !end.IsMainLine() || v.IsMainLine() || v.Ply() != 2 || end.Ply() != 3 {
		t.Errorf("IsMainLine/Ply wrong: %v %v %d %d", end.IsMainLine(), v.IsMainLine(), v.Ply(), end.Ply())
	}
	if got := moveStrings(v.Moves()); got != "h2e2 b9c7" {
		t.Errorf("path to the variation %s", got)
	}
	if fen := r.FENAt(v); fen != "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" {
		t.Errorf("FEN at the variation %s", fen)
	}
	if r.Find(v.Moves()) != v || r.Find(nil) != r.Root || r.Find([]rules.Move{mustMove(t, "b2e2")}) != nil {
		t.Error("Find does not follow the moves")
	}
	other, _ := NewRecord("")
	if _, err := other.PositionAt(v); err == nil {
		t.Error("a node of another record was accepted")
	}
}

func TestRecordPromoteAndDelete(t *testing.T) {
	r, _ := NewRecord("")
	addLine(t, r, r.Root, "h2e2", "h9g7", "h0g2")
	first := r.Root.Children[0]
	v1 := addLine(t, r, first, "b9c7", "b0c2")
	v2 := addLine(t, r, first, "b7e7")
	if err := r.PromoteToMainLine(v1); err != nil {
		t.Fatal(err)
	}
	if got := moveStrings(r.MainLineMoves()); got != "h2e2 b9c7 b0c2" {
		t.Errorf("after promotion the main line is %s", got)
	}
	// The old main move is now the first variation, the other keeps its place.
	if got := moveStrings([]rules.Move{first.Children[1].Move, first.Children[2].Move}); got != "h9g7 b7e7" {
		t.Errorf("variations after promotion: %s", got)
	}
	if !r.PromoteVariation(v2) || first.Children[1] != v2 || r.PromoteVariation(first.Children[0]) {
		t.Error("PromoteVariation did not move the variation one place up")
	}
	parent, err := r.Delete(v1.Parent)
	if err != nil || parent != first {
		t.Fatalf("Delete: %v %v", parent, err)
	}
	if got := moveStrings(r.MainLineMoves()); got != "h2e2 b7e7" {
		t.Errorf("after deleting the main continuation: %s", got)
	}
	if _, err := r.PositionAt(v1); err == nil {
		t.Error("a deleted node still has a position")
	}
	if _, err := r.Delete(r.Root); err != nil || len(r.Root.Children) != 0 {
		t.Errorf("deleting from the root: %v, %d children", err, len(r.Root.Children))
	}
}

func TestOpenRecord(t *testing.T) {
	g := mustGame(t, "")
	g.Record().Meta.Red = "甲"
	playAll(t, g, "h2e2", "h9g7", "h0g2")
	if err := g.Resign(rules.Black); err != nil {
		t.Fatal(err)
	}
	r := g.Record().Copy()
	if r.Meta.Red != "甲" || r.Result.Status != RedWins || moveStrings(r.MainLineMoves()) != "h2e2 h9g7 h0g2" {
		t.Fatalf("record %+v %s", r.Result, moveStrings(r.MainLineMoves()))
	}
	back, err := Open(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Moves(), g.Moves()) || back.Result() != g.Result() || back.Record().Meta != g.Record().Meta || back.Ply() != 3 {
		t.Errorf("game from record differs: %v %v", back.Moves(), back.Result())
	}
	// At a variation: the line through it, cursor on it, no recorded result.
	v := addLine(t, r, r.Root.Children[0], "b9c7", "b0c2")
	vg, err := Open(r, v.Parent)
	if err != nil {
		t.Fatal(err)
	}
	if moveStrings(vg.Moves()) != "h2e2 b9c7 b0c2" || vg.Ply() != 2 || vg.Result().Decided() {
		t.Errorf("Open at a variation: %s ply %d result %v", moveStrings(vg.Moves()), vg.Ply(), vg.Result())
	}
	if vg.GoTo(3); vg.Result().Decided() {
		t.Errorf("the end of a variation has the main line's result: %v", vg.Result())
	}
	mg, err := Open(r, r.Root.Children[0])
	if err != nil || mg.Ply() != 1 || mg.Len() != 3 {
		t.Fatalf("Open on the main line: %v", err)
	}
	if mg.GoTo(3); mg.Result().Status != RedWins {
		t.Errorf("the main line lost the recorded result: %v", mg.Result())
	}
	// The copy is deep: the game's record does not change with it.
	if len(g.Record().Root.Children[0].Children) != 1 {
		t.Error("changing the copy changed the original")
	}
}

func TestRecordNodesOrder(t *testing.T) {
	r, _ := NewRecord("")
	addLine(t, r, r.Root, "h2e2", "h9g7")
	addLine(t, r, r.Root, "b2e2")
	var got []string
	for _, n := range r.Nodes()[1:] {
		got = append(got, n.Move.String())
	}
	if strings.Join(got, " ") != "h2e2 h9g7 b2e2" {
		t.Errorf("Nodes order %v", got)
	}
}

func TestRecordMoveList(t *testing.T) {
	r, err := ImportPGNRecord(strings.NewReader(canonicalVariations))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, e := range r.MoveList(Chinese) {
		mark := ""
		if e.VariationStart {
			mark = "*"
		}
		rows = append(rows, strings.Repeat(">", e.Depth)+mark+e.Number+e.Text)
	}
	want := "1.炮二平五 >*1.炮八平五 >1...马８进７ >>*1...马２进３ >>2.马八进七 >2.马二进三 >*1.兵七进一 " +
		"1...马８进７ >*1...马２进３ >2.马二进三 >2...车１平２ 2.马二进三 2...车９平８ 3.车一平二"
	if got := strings.Join(rows, " "); got != want {
		t.Errorf("move list\n%s\nwant\n%s", got, want)
	}
	n := r.MoveList(WXF)[1].Node
	if r.MoveText(n, WXF) != "C8=5" || r.MoveText(r.Root, WXF) != "" {
		t.Errorf("MoveText %q", r.MoveText(n, WXF))
	}
}
