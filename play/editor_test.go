package play

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

func piece(c rules.Color, t rules.PieceType) rules.Piece { return rules.MakePiece(c, t) }

// loadCatalogs reads the bundled catalogs, as the app does.
func loadCatalogs(t *testing.T) *i18n.Catalogs {
	t.Helper()
	c, err := resources.Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sayProblem renders p in English and Chinese, failing the test on a missing text or
// value.
// onePiece is a board with piece alone on sq.
type onePiece struct {
	sq    rules.Square
	piece rules.Piece
}

func (b onePiece) At(sq rules.Square) rules.Piece {
	if sq == b.sq {
		return b.piece
	}
	return rules.NoPiece
}

func sayProblem(t *testing.T, c *i18n.Catalogs, p Problem) (en, zh string) {
	t.Helper()
	en, err := c.Render(i18n.English, p.Message())
	if err != nil {
		t.Error(err)
	}
	zh, err = c.Render(Chinese.Catalog(), p.Message())
	if err != nil {
		t.Error(err)
	}
	return en, zh
}

// Every problem has its text in every catalog. The texts below were those of the
// English() and Chinese() methods Problem.Message replaced (at 9b04b48), but for the
// points: since issue 35 they name a piece's file as the board and the move list do
// ("file 9", 九路), not its coordinates (a0).
func TestProblemsSayWhatTheyAlwaysSaid(t *testing.T) {
	cases := []struct {
		kind       ProblemKind
		colour     rules.Color
		pieceType  rules.PieceType
		square     string
		count, max int
		en, zh     string
	}{
		{ProblemKingOutsidePalace, rules.Red, rules.King, "a0", 0, 0, "The red king on file 9 is outside the palace", "红方九路帅出了九宫"},
		{ProblemAdvisorOffPoints, rules.Red, rules.Advisor, "e0", 0, 0, "The red advisor on file 5 is off the palace's diagonals", "红方五路仕不在九宫斜线上"},
		{ProblemElephantOffPoints, rules.Red, rules.Bishop, "b1", 0, 0, "The red elephant on file 8 is on a point elephants cannot reach", "红方八路相在相走不到的位置"},
		{ProblemPawnBehindStart, rules.Red, rules.Pawn, "a1", 0, 0, "The red pawn on file 9 is behind its starting rank", "红方九路兵退到了起始位置之后"},
		{ProblemPawnOffFile, rules.Red, rules.Pawn, "b3", 0, 0, "The red pawn on file 8 has not crossed the river but is off the pawn files", "红方八路兵未过河却不在兵线上"},
		{ProblemTooMany, rules.Red, rules.King, "", 3, 2, "Red has 3 kings; a set has 2", "红方有3个帅，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Advisor, "", 4, 2, "Red has 4 advisors; a set has 2", "红方有4个仕，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Bishop, "", 5, 2, "Red has 5 elephants; a set has 2", "红方有5个相，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Knight, "", 6, 2, "Red has 6 horses; a set has 2", "红方有6个马，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Rook, "", 7, 2, "Red has 7 rooks; a set has 2", "红方有7个车，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Cannon, "", 8, 2, "Red has 8 cannons; a set has 2", "红方有8个炮，一副棋只有2个"},
		{ProblemTooMany, rules.Red, rules.Pawn, "", 9, 2, "Red has 9 pawns; a set has 2", "红方有9个兵，一副棋只有2个"},
		{ProblemNoKing, rules.Red, rules.King, "", 0, 0, "Red has no king", "红方没有帅"},
		{ProblemFlyingGenerals, rules.Red, rules.King, "e9", 0, 0, "The kings face each other on an open file", "将帅照面（同一直线上中间无子）"},
		{ProblemCheck, rules.Red, rules.King, "e0", 0, 0, "Red is in check but it is not red's move", "红方正被将军，却不是红方走棋"},
		{0, rules.Red, rules.King, "e0", 0, 0, "impossible position", "不可能的局面"},
		{ProblemCheck + 1, rules.Red, rules.King, "e0", 0, 0, "impossible position", "不可能的局面"},
		{ProblemKingOutsidePalace, rules.Black, rules.King, "a0", 0, 0, "The black king on file 1 is outside the palace", "黑方１路将出了九宫"},
		{ProblemAdvisorOffPoints, rules.Black, rules.Advisor, "e0", 0, 0, "The black advisor on file 5 is off the palace's diagonals", "黑方５路士不在九宫斜线上"},
		{ProblemElephantOffPoints, rules.Black, rules.Bishop, "b1", 0, 0, "The black elephant on file 2 is on a point elephants cannot reach", "黑方２路象在象走不到的位置"},
		{ProblemPawnBehindStart, rules.Black, rules.Pawn, "a1", 0, 0, "The black pawn on file 1 is behind its starting rank", "黑方１路卒退到了起始位置之后"},
		{ProblemPawnOffFile, rules.Black, rules.Pawn, "b3", 0, 0, "The black pawn on file 2 has not crossed the river but is off the pawn files", "黑方２路卒未过河却不在兵线上"},
		{ProblemTooMany, rules.Black, rules.King, "", 3, 2, "Black has 3 kings; a set has 2", "黑方有3个将，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Advisor, "", 4, 2, "Black has 4 advisors; a set has 2", "黑方有4个士，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Bishop, "", 5, 2, "Black has 5 elephants; a set has 2", "黑方有5个象，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Knight, "", 6, 2, "Black has 6 horses; a set has 2", "黑方有6个马，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Rook, "", 7, 2, "Black has 7 rooks; a set has 2", "黑方有7个车，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Cannon, "", 8, 2, "Black has 8 cannons; a set has 2", "黑方有8个炮，一副棋只有2个"},
		{ProblemTooMany, rules.Black, rules.Pawn, "", 9, 2, "Black has 9 pawns; a set has 2", "黑方有9个卒，一副棋只有2个"},
		{ProblemNoKing, rules.Black, rules.King, "", 0, 0, "Black has no king", "黑方没有将"},
		{ProblemFlyingGenerals, rules.Black, rules.King, "e9", 0, 0, "The kings face each other on an open file", "将帅照面（同一直线上中间无子）"},
		{ProblemCheck, rules.Black, rules.King, "e0", 0, 0, "Black is in check but it is not black's move", "黑方正被将军，却不是黑方走棋"},
		{0, rules.Black, rules.King, "e0", 0, 0, "impossible position", "不可能的局面"},
		{ProblemCheck + 1, rules.Black, rules.King, "e0", 0, 0, "impossible position", "不可能的局面"},
	}
	texts := loadCatalogs(t)
	for _, c := range cases {
		p := Problem{Kind: c.kind, Piece: piece(c.colour, c.pieceType), Square: rules.NoSquare, Count: c.count, Max: c.max}
		if c.square != "" {
			p.Square = sq(t, c.square)
			p.Place = game.PlaceOf(onePiece{p.Square, p.Piece}, p.Square)
		}
		if en, zh := sayProblem(t, texts, p); en != c.en || zh != c.zh {
			t.Errorf("%+v says\n%q\n%q\nwant\n%q\n%q", p, en, zh, c.en, c.zh)
		}
		for _, lang := range texts.Languages() {
			if text, err := texts.Render(lang, p.Message()); err != nil || text == "" {
				t.Errorf("%s: %+v says %q: %v", lang, p, text, err)
			}
		}
	}
}

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
	texts := loadCatalogs(t)
	cases := []struct {
		name  string
		edit  func(e *Editor)
		kind  ProblemKind
		en    string
		zh    string
		where string
	}{
		{"king outside the palace", func(e *Editor) { e.Put(sq(t, "e3"), piece(rules.Red, rules.King)) },
			ProblemKingOutsidePalace, "red king on file 5 is outside the palace", "红方五路帅出了九宫", "e3"},
		{"advisor off its points", func(e *Editor) { e.Move(sq(t, "d9"), sq(t, "d8")) },
			ProblemAdvisorOffPoints, "black advisor on file 4", "黑方４路士", "d8"},
		{"elephant off its points", func(e *Editor) { e.Move(sq(t, "c0"), sq(t, "c5")) },
			ProblemElephantOffPoints, "red elephant on file 7", "红方七路相", "c5"},
		{"pawn behind its start", func(e *Editor) { e.Move(sq(t, "a3"), sq(t, "a1")) },
			ProblemPawnBehindStart, "red pawn on file 9 is behind its starting rank", "红方九路兵", "a1"},
		{"pawn off the pawn files", func(e *Editor) { e.Move(sq(t, "c6"), sq(t, "d6")) },
			ProblemPawnOffFile, "black pawn on file 4", "黑方４路卒", "d6"},
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
		if en, zh := sayProblem(t, texts, p); p.Kind != c.kind || !strings.Contains(en, c.en) || !strings.Contains(zh, c.zh) {
			t.Errorf("%s: %d %q %q", c.name, p.Kind, en, zh)
		}
		if c.where != "" && p.Square != sq(t, c.where) {
			t.Errorf("%s: square %v, want %s", c.name, p.Square, c.where)
		}
		var refused Problem
		if _, err := e.Position(); !errors.As(err, &refused) || !reflect.DeepEqual(refused, p) {
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
