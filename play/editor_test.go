package play

import (
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func piece(c rules.Color, t rules.PieceType) rules.Piece { return rules.MakePiece(c, t) }

func TestEditorStandardClearAndFEN(t *testing.T) {
	e := NewEditor()
	if e.FEN() != rules.StartFEN || len(e.Problems()) != 0 {
		t.Fatalf("standard: %s %v", e.FEN(), e.Problems())
	}
	e.Clear()
	if e.FEN() != "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" {
		t.Fatalf("clear: %s", e.FEN())
	}
	// A king put down moves its side's king.
	e.Put(sq(t, "d0"), piece(rules.Red, rules.King))
	e.Put(sq(t, "e5"), piece(rules.Black, rules.Rook))
	e.Put(sq(t, "a0"), rules.NoPiece)
	e.Move(sq(t, "e5"), sq(t, "e4"))
	e.SetSide(rules.Black)
	want := "4k4/9/9/9/9/4r4/9/9/9/3K5 b - - 0 1"
	if e.FEN() != want {
		t.Fatalf("edited: %s", e.FEN())
	}
	pos, err := e.Position()
	if err != nil || pos.FEN() != want {
		t.Fatalf("position: %v", err)
	}
	if EditorFrom(pos).FEN() != want {
		t.Error("EditorFrom does not give back the position")
	}
}

// Every impossible position is refused with its reason, in both languages.
func TestEditorRefusesImpossiblePositions(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(e *Editor)
		kind  ProblemKind
		en    string
		zh    string
		where string
	}{
		{"king outside the palace", func(e *Editor) { e.Put(sq(t, "e3"), piece(rules.Red, rules.King)) },
			ProblemKingOutsidePalace, "red king on e3 is outside the palace", "出了九宫", "e3"},
		{"advisor off its points", func(e *Editor) { e.Move(sq(t, "d9"), sq(t, "d8")) },
			ProblemAdvisorOffPoints, "black advisor on d8", "士在d8", "d8"},
		{"elephant off its points", func(e *Editor) { e.Move(sq(t, "c0"), sq(t, "c5")) },
			ProblemElephantOffPoints, "red elephant on c5", "相在c5", "c5"},
		{"pawn behind its start", func(e *Editor) { e.Move(sq(t, "a3"), sq(t, "a1")) },
			ProblemPawnBehindStart, "red pawn on a1 is behind its starting rank", "兵在a1", "a1"},
		{"pawn off the pawn files", func(e *Editor) { e.Move(sq(t, "c6"), sq(t, "d6")) },
			ProblemPawnOffFile, "black pawn on d6", "卒在d6", "d6"},
		{"too many pieces", func(e *Editor) { e.Put(sq(t, "e4"), piece(rules.Red, rules.Rook)) },
			ProblemTooMany, "Red has 3 rooks; a set has 2", "红方有3个车", ""},
		{"no king", func(e *Editor) { e.Put(sq(t, "e9"), rules.NoPiece) },
			ProblemNoKing, "Black has no king", "黑方没有将", ""},
		{"flying generals", func(e *Editor) {
			e.Clear()
			e.Put(sq(t, "d0"), piece(rules.Red, rules.King))
			e.Put(sq(t, "d9"), piece(rules.Black, rules.King))
		}, ProblemFlyingGenerals, "kings face each other", "将帅照面", "d9"},
		{"side not to move in check", func(e *Editor) {
			e.Clear()
			e.Put(sq(t, "d0"), piece(rules.Red, rules.King))
			e.Put(sq(t, "e5"), piece(rules.Red, rules.Rook))
			e.SetSide(rules.Red)
		}, ProblemCheck, "Black is in check but it is not black's move", "黑方正被将军", "e9"},
	}
	for _, c := range cases {
		e := NewEditor()
		c.edit(e)
		problems := e.Problems()
		if len(problems) != 1 {
			t.Errorf("%s: problems %v", c.name, problems)
			continue
		}
		p := problems[0]
		if p.Kind != c.kind || !strings.Contains(p.English(), c.en) || !strings.Contains(p.Chinese(), c.zh) {
			t.Errorf("%s: %d %q %q", c.name, p.Kind, p.English(), p.Chinese())
		}
		if c.where != "" && p.Square != sq(t, c.where) {
			t.Errorf("%s: square %v, want %s", c.name, p.Square, c.where)
		}
		if _, err := e.Position(); err == nil || err.Error() != p.English() {
			t.Errorf("%s: Position error %v", c.name, err)
		}
	}
	// The same check with Black to move is a legal position.
	e := NewEditor()
	e.Clear()
	e.Put(sq(t, "d0"), piece(rules.Red, rules.King))
	e.Put(sq(t, "e5"), piece(rules.Red, rules.Rook))
	e.SetSide(rules.Black)
	if _, err := e.Position(); err != nil {
		t.Errorf("black in check, black to move: %v", err)
	}
}
