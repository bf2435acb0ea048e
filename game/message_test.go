package game

import (
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// loadCatalogs reads the bundled catalogs, as the app and the tools do.
func loadCatalogs(t testing.TB) *i18n.Catalogs {
	t.Helper()
	c, err := resources.Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// say renders m in English and Chinese, failing the test on a missing text or value.
func say(t testing.TB, c *i18n.Catalogs, m i18n.Message) (en, zh string) {
	t.Helper()
	en, err := c.Render(i18n.English, m)
	if err != nil {
		t.Errorf("%v: %v", m, err)
	}
	zh, err = c.Render("zh_Hans", m)
	if err != nil {
		t.Errorf("%v: %v", m, err)
	}
	return en, zh
}

// enText and zhText render m in English and in Chinese.
func enText(t testing.TB, m i18n.Message) string {
	t.Helper()
	en, _ := say(t, loadCatalogs(t), m)
	return en
}

func zhText(t testing.TB, m i18n.Message) string {
	t.Helper()
	_, zh := say(t, loadCatalogs(t), m)
	return zh
}

// sayable tells whether m has a text, with every value it needs, in every language of c.
func sayable(c *i18n.Catalogs, m i18n.Message) bool {
	for _, lang := range c.Languages() {
		if text, err := c.Render(lang, m); err != nil || text == "" {
			return false
		}
	}
	return true
}

// testVerdict builds a verdict: loser "r" or "b"; the target as a piece letter (upper
// case red, lower case black) and a square, e.g. "c b7", or "" for none; the offenders
// as piece letters (of the loser's colour) and squares, e.g. "r a5 n c4"; the kinds a
// perpetual attack mixed as k (checks), m (mate threats) and c (chases). The letters
// are kabnrcp, in the order of engine's piece types.
func testVerdict(t *testing.T, loser string, vio rules.Violation, target, offenders, kinds string) Verdict {
	const letters = "kabnrcp"
	v := Verdict{Loser: rules.Red, Violation: vio}
	if loser == "b" {
		v.Loser = rules.Black
	}
	square := func(s string) rules.Square {
		sq, err := rules.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return sq
	}
	if f := strings.Fields(target); len(f) == 2 {
		c := rules.Black
		if strings.ToUpper(f[0]) == f[0] {
			c = rules.Red
		}
		v.Target = square(f[1])
		v.TargetPiece = rules.MakePiece(c, rules.PieceType(strings.Index(letters, strings.ToLower(f[0]))))
	}
	f := strings.Fields(offenders)
	for i := 0; i+1 < len(f); i += 2 {
		v.Offenders = append(v.Offenders, square(f[i+1]))
		v.OffenderPieces = append(v.OffenderPieces, rules.MakePiece(v.Loser, rules.PieceType(strings.Index(letters, f[i]))))
	}
	v.Checks, v.MateThreats, v.Chases = strings.Contains(kinds, "k"), strings.Contains(kinds, "m"), strings.Contains(kinds, "c")
	// The places are named on a board with these pieces, as verdictOf names them.
	board := pieceMap{}
	if v.TargetPiece != rules.NoPiece {
		board[v.Target] = v.TargetPiece
	}
	for i, sq := range v.Offenders {
		board[sq] = v.OffenderPieces[i]
	}
	if v.TargetPiece != rules.NoPiece {
		v.TargetPlace = PlaceOf(board, v.Target)
	}
	for _, sq := range v.Offenders {
		v.OffenderPlaces = append(v.OffenderPlaces, PlaceOf(board, sq))
	}
	return v
}

// pieceMap is a board with the pieces it holds.
type pieceMap map[rules.Square]rules.Piece

func (b pieceMap) At(sq rules.Square) rules.Piece { return b[sq] }

// The texts below were written by the English() and Chinese() methods these messages
// replaced (at 9b04b48); the catalogs must say exactly the same, but for the verdicts'
// points, named since issue 35 by their file as the board and the move list name them
// ("file 7", 七路), not by their coordinates (c2), and for a result the game file
// records ("Black won, as the game file records", not "Black wins by result recorded in
// the game file").

var illegalityTexts = []struct {
	why    Illegality
	en, zh string
}{
	{NotIllegal, "legal move", "着法合法"},
	{NoOwnPiece, "pick one of your own pieces first", "请先选择己方棋子"},
	{OwnPieceThere, "your own piece stands there", "不能吃自己的棋子"},
	{NotThatWay, "that piece does not move that way", "该棋子不能这样走"},
	{HorseLegBlocked, "the horse's leg is blocked", "蹩马腿"},
	{ElephantEyeBlocked, "the elephant's eye is blocked", "塞象眼"},
	{ElephantRiver, "elephants cannot cross the river", "相（象）不能过河"},
	{LeavesPalace, "the king and advisors stay in the palace", "帅（将）和仕（士）不能出九宫"},
	{PathBlocked, "a piece is in the way", "中间有子阻挡"},
	{CannonScreen, "a cannon captures by jumping over exactly one piece", "炮吃子必须隔一个子"},
	{PawnBackward, "pawns never move backward", "兵（卒）不能后退"},
	{PawnSideways, "pawns move sideways only after crossing the river", "兵（卒）过河后才能横走"},
	{KingInCheck, "your king would be in check", "走后己方被将军"},
	{GeneralsFace, "the two kings would face each other", "走后将帅照面"},
}

var reasonTexts = []struct {
	reason Reason
	en, zh string
}{
	{ReasonNone, "game in progress", "对局进行中"},
	{ReasonCheckmate, "checkmate", "将死"},
	{ReasonStalemate, "stalemate (no legal move)", "困毙"},
	{ReasonPerpetualCheck, "perpetual check", "长将"},
	{ReasonPerpetualChase, "perpetual chase", "长捉"},
	{ReasonRepetition, "threefold repetition", "重复局面"},
	{ReasonNoAttackers, "neither side can attack", "双方无进攻子力"},
	{ReasonMoveLimit, "60 moves without a capture", "六十回合未吃子"},
	{ReasonResignation, "resignation", "认输"},
	{ReasonAgreement, "draw agreed", "议和"},
	{ReasonRecorded, "result recorded in the game file", "棋谱记录的结果"},
	{ReasonPerpetualAttack, "perpetual attack (checks, mate threats and chases mixed)", "长打"},
	{ReasonPerpetualMateThreat, "perpetual mate threats", "长杀"},
	{ReasonTime, "time", "超时"},
	{ReasonTimeNoAttackers, "time ran out, but the other side has no attacking piece", "超时，但对方无进攻子力"},
	{ReasonTimeNoAttackers + 1, "reason 15", "原因15"},
}

var resultTexts = []struct {
	status Status
	reason Reason
	en, zh string
}{
	{Ongoing, ReasonNone, "Game in progress", "对局进行中"},
	{Ongoing, ReasonCheckmate, "Game in progress", "对局进行中"},
	{Ongoing, ReasonStalemate, "Game in progress", "对局进行中"},
	{Ongoing, ReasonPerpetualCheck, "Game in progress", "对局进行中"},
	{Ongoing, ReasonPerpetualChase, "Game in progress", "对局进行中"},
	{Ongoing, ReasonRepetition, "Game in progress", "对局进行中"},
	{Ongoing, ReasonNoAttackers, "Game in progress", "对局进行中"},
	{Ongoing, ReasonMoveLimit, "Game in progress", "对局进行中"},
	{Ongoing, ReasonResignation, "Game in progress", "对局进行中"},
	{Ongoing, ReasonAgreement, "Game in progress", "对局进行中"},
	{Ongoing, ReasonRecorded, "Game in progress", "对局进行中"},
	{Ongoing, ReasonPerpetualAttack, "Game in progress", "对局进行中"},
	{Ongoing, ReasonPerpetualMateThreat, "Game in progress", "对局进行中"},
	{Ongoing, ReasonTime, "Game in progress", "对局进行中"},
	{Ongoing, ReasonTimeNoAttackers, "Game in progress", "对局进行中"},
	{Ongoing, ReasonTimeNoAttackers + 1, "Game in progress", "对局进行中"},
	{RedWins, ReasonNone, "Red wins by game in progress", "红胜（对局进行中）"},
	{RedWins, ReasonCheckmate, "Red wins by checkmate", "红胜（将死）"},
	{RedWins, ReasonStalemate, "Red wins by stalemate (no legal move)", "红胜（困毙）"},
	{RedWins, ReasonPerpetualCheck, "Red wins by perpetual check", "红胜（长将）"},
	{RedWins, ReasonPerpetualChase, "Red wins by perpetual chase", "红胜（长捉）"},
	{RedWins, ReasonRepetition, "Red wins by threefold repetition", "红胜（重复局面）"},
	{RedWins, ReasonNoAttackers, "Red wins by neither side can attack", "红胜（双方无进攻子力）"},
	{RedWins, ReasonMoveLimit, "Red wins by 60 moves without a capture", "红胜（六十回合未吃子）"},
	{RedWins, ReasonResignation, "Red wins by resignation", "红胜（认输）"},
	{RedWins, ReasonAgreement, "Red wins by draw agreed", "红胜（议和）"},
	{RedWins, ReasonRecorded, "Red won, as the game file records", "红胜（棋谱记录的结果）"},
	{RedWins, ReasonPerpetualAttack, "Red wins by perpetual attack (checks, mate threats and chases mixed)", "红胜（长打）"},
	{RedWins, ReasonPerpetualMateThreat, "Red wins by perpetual mate threats", "红胜（长杀）"},
	{RedWins, ReasonTime, "Red wins by time", "红胜（超时）"},
	{RedWins, ReasonTimeNoAttackers, "Red wins by time ran out, but the other side has no attacking piece", "红胜（超时，但对方无进攻子力）"},
	{RedWins, ReasonTimeNoAttackers + 1, "Red wins by reason 15", "红胜（原因15）"},
	{BlackWins, ReasonNone, "Black wins by game in progress", "黑胜（对局进行中）"},
	{BlackWins, ReasonCheckmate, "Black wins by checkmate", "黑胜（将死）"},
	{BlackWins, ReasonStalemate, "Black wins by stalemate (no legal move)", "黑胜（困毙）"},
	{BlackWins, ReasonPerpetualCheck, "Black wins by perpetual check", "黑胜（长将）"},
	{BlackWins, ReasonPerpetualChase, "Black wins by perpetual chase", "黑胜（长捉）"},
	{BlackWins, ReasonRepetition, "Black wins by threefold repetition", "黑胜（重复局面）"},
	{BlackWins, ReasonNoAttackers, "Black wins by neither side can attack", "黑胜（双方无进攻子力）"},
	{BlackWins, ReasonMoveLimit, "Black wins by 60 moves without a capture", "黑胜（六十回合未吃子）"},
	{BlackWins, ReasonResignation, "Black wins by resignation", "黑胜（认输）"},
	{BlackWins, ReasonAgreement, "Black wins by draw agreed", "黑胜（议和）"},
	{BlackWins, ReasonRecorded, "Black won, as the game file records", "黑胜（棋谱记录的结果）"},
	{BlackWins, ReasonPerpetualAttack, "Black wins by perpetual attack (checks, mate threats and chases mixed)", "黑胜（长打）"},
	{BlackWins, ReasonPerpetualMateThreat, "Black wins by perpetual mate threats", "黑胜（长杀）"},
	{BlackWins, ReasonTime, "Black wins by time", "黑胜（超时）"},
	{BlackWins, ReasonTimeNoAttackers, "Black wins by time ran out, but the other side has no attacking piece", "黑胜（超时，但对方无进攻子力）"},
	{BlackWins, ReasonTimeNoAttackers + 1, "Black wins by reason 15", "黑胜（原因15）"},
	{Draw, ReasonNone, "Draw: game in progress", "和棋（对局进行中）"},
	{Draw, ReasonCheckmate, "Draw: checkmate", "和棋（将死）"},
	{Draw, ReasonStalemate, "Draw: stalemate (no legal move)", "和棋（困毙）"},
	{Draw, ReasonPerpetualCheck, "Draw: perpetual check", "和棋（长将）"},
	{Draw, ReasonPerpetualChase, "Draw: perpetual chase", "和棋（长捉）"},
	{Draw, ReasonRepetition, "Draw: threefold repetition", "和棋（重复局面）"},
	{Draw, ReasonNoAttackers, "Draw: neither side can attack", "和棋（双方无进攻子力）"},
	{Draw, ReasonMoveLimit, "Draw: 60 moves without a capture", "和棋（六十回合未吃子）"},
	{Draw, ReasonResignation, "Draw: resignation", "和棋（认输）"},
	{Draw, ReasonAgreement, "Draw: draw agreed", "和棋（议和）"},
	{Draw, ReasonRecorded, "Drawn, as the game file records", "和棋（棋谱记录的结果）"},
	{Draw, ReasonPerpetualAttack, "Draw: perpetual attack (checks, mate threats and chases mixed)", "和棋（长打）"},
	{Draw, ReasonPerpetualMateThreat, "Draw: perpetual mate threats", "和棋（长杀）"},
	{Draw, ReasonTime, "Draw: time", "和棋（超时）"},
	{Draw, ReasonTimeNoAttackers, "Draw: time ran out, but the other side has no attacking piece", "和棋（超时，但对方无进攻子力）"},
	{Draw, ReasonTimeNoAttackers + 1, "Draw: reason 15", "和棋（原因15）"},
	{Draw + 1, ReasonNone, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonCheckmate, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonStalemate, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonPerpetualCheck, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonPerpetualChase, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonRepetition, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonNoAttackers, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonMoveLimit, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonResignation, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonAgreement, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonRecorded, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonPerpetualAttack, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonPerpetualMateThreat, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonTime, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonTimeNoAttackers, "Game in progress", "对局进行中"},
	{Draw + 1, ReasonTimeNoAttackers + 1, "Game in progress", "对局进行中"},
}

var verdictTexts = []struct {
	loser                    string
	violation                rules.Violation
	target, offenders, kinds string
	en, zh                   string
}{
	{"r", rules.PerpetualCheck, "", "", "", "Red loses: perpetual check", "红方长将，判负"},
	{"r", rules.PerpetualCheck, "", "r a5", "", "Red loses: perpetual check by the rook on file 9", "红方以九路车长将，判负"},
	{"r", rules.PerpetualCheck, "", "c c4 n d7", "", "Red loses: perpetual check by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长将，判负"},
	{"r", rules.PerpetualCheck, "", "r a5 c b5 p e6", "", "Red loses: perpetual check by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长将，判负"},
	{"r", rules.PerpetualCheck, "c b7", "", "", "Red loses: perpetual check", "红方长将，判负"},
	{"r", rules.PerpetualCheck, "c b7", "r a5", "", "Red loses: perpetual check by the rook on file 9", "红方以九路车长将，判负"},
	{"r", rules.PerpetualCheck, "c b7", "c c4 n d7", "", "Red loses: perpetual check by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长将，判负"},
	{"r", rules.PerpetualCheck, "c b7", "r a5 c b5 p e6", "", "Red loses: perpetual check by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长将，判负"},
	{"r", rules.PerpetualMateThreat, "", "", "", "Red loses: perpetual mate threats", "红方长杀，判负"},
	{"r", rules.PerpetualMateThreat, "", "r a5", "", "Red loses: perpetual mate threats by the rook on file 9", "红方以九路车长杀，判负"},
	{"r", rules.PerpetualMateThreat, "", "c c4 n d7", "", "Red loses: perpetual mate threats by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长杀，判负"},
	{"r", rules.PerpetualMateThreat, "", "r a5 c b5 p e6", "", "Red loses: perpetual mate threats by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长杀，判负"},
	{"r", rules.PerpetualMateThreat, "c b7", "", "", "Red loses: perpetual mate threats", "红方长杀，判负"},
	{"r", rules.PerpetualMateThreat, "c b7", "r a5", "", "Red loses: perpetual mate threats by the rook on file 9", "红方以九路车长杀，判负"},
	{"r", rules.PerpetualMateThreat, "c b7", "c c4 n d7", "", "Red loses: perpetual mate threats by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长杀，判负"},
	{"r", rules.PerpetualMateThreat, "c b7", "r a5 c b5 p e6", "", "Red loses: perpetual mate threats by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长杀，判负"},
	{"r", rules.PerpetualAttack, "", "", "", "Red loses: perpetual attacks", "红方长打（交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "k", "Red loses: perpetual checks", "红方长打（将交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "m", "Red loses: perpetual mate threats", "红方长打（杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "c", "Red loses: perpetual chases", "红方长打（捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "km", "Red loses: perpetual checks and mate threats", "红方长打（将杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "kc", "Red loses: perpetual checks and chases", "红方长打（将捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "mc", "Red loses: perpetual mate threats and chases", "红方长打（杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "", "kmc", "Red loses: perpetual checks, mate threats and chases", "红方长打（将杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "", "Red loses: perpetual attacks by the rook on file 9", "红方以九路车长打（交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "k", "Red loses: perpetual checks by the rook on file 9", "红方以九路车长打（将交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "m", "Red loses: perpetual mate threats by the rook on file 9", "红方以九路车长打（杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "c", "Red loses: perpetual chases by the rook on file 9", "红方以九路车长打（捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "km", "Red loses: perpetual checks and mate threats by the rook on file 9", "红方以九路车长打（将杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "kc", "Red loses: perpetual checks and chases by the rook on file 9", "红方以九路车长打（将捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "mc", "Red loses: perpetual mate threats and chases by the rook on file 9", "红方以九路车长打（杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5", "kmc", "Red loses: perpetual checks, mate threats and chases by the rook on file 9", "红方以九路车长打（将杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "", "Red loses: perpetual attacks by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "k", "Red loses: perpetual checks by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "m", "Red loses: perpetual mate threats by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "c", "Red loses: perpetual chases by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "km", "Red loses: perpetual checks and mate threats by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "kc", "Red loses: perpetual checks and chases by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "mc", "Red loses: perpetual mate threats and chases by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "c c4 n d7", "kmc", "Red loses: perpetual checks, mate threats and chases by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "", "Red loses: perpetual attacks by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "k", "Red loses: perpetual checks by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "m", "Red loses: perpetual mate threats by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "c", "Red loses: perpetual chases by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "km", "Red loses: perpetual checks and mate threats by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将杀交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "kc", "Red loses: perpetual checks and chases by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "mc", "Red loses: perpetual mate threats and chases by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "", "r a5 c b5 p e6", "kmc", "Red loses: perpetual checks, mate threats and chases by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将杀捉交替），判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "", "Red loses: perpetual attacks of the cannon on file 2", "红方长打（交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "k", "Red loses: perpetual checks of the cannon on file 2", "红方长打（将交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "m", "Red loses: perpetual mate threats of the cannon on file 2", "红方长打（杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "c", "Red loses: perpetual chases of the cannon on file 2", "红方长打（捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "km", "Red loses: perpetual checks and mate threats of the cannon on file 2", "红方长打（将杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "kc", "Red loses: perpetual checks and chases of the cannon on file 2", "红方长打（将捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "mc", "Red loses: perpetual mate threats and chases of the cannon on file 2", "红方长打（杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "", "kmc", "Red loses: perpetual checks, mate threats and chases of the cannon on file 2", "红方长打（将杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "", "Red loses: perpetual attacks of the cannon on file 2 by the rook on file 9", "红方以九路车长打（交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "k", "Red loses: perpetual checks of the cannon on file 2 by the rook on file 9", "红方以九路车长打（将交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "m", "Red loses: perpetual mate threats of the cannon on file 2 by the rook on file 9", "红方以九路车长打（杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "c", "Red loses: perpetual chases of the cannon on file 2 by the rook on file 9", "红方以九路车长打（捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "km", "Red loses: perpetual checks and mate threats of the cannon on file 2 by the rook on file 9", "红方以九路车长打（将杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "kc", "Red loses: perpetual checks and chases of the cannon on file 2 by the rook on file 9", "红方以九路车长打（将捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "mc", "Red loses: perpetual mate threats and chases of the cannon on file 2 by the rook on file 9", "红方以九路车长打（杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5", "kmc", "Red loses: perpetual checks, mate threats and chases of the cannon on file 2 by the rook on file 9", "红方以九路车长打（将杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "", "Red loses: perpetual attacks of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "k", "Red loses: perpetual checks of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "m", "Red loses: perpetual mate threats of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "c", "Red loses: perpetual chases of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "km", "Red loses: perpetual checks and mate threats of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "kc", "Red loses: perpetual checks and chases of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "mc", "Red loses: perpetual mate threats and chases of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "c c4 n d7", "kmc", "Red loses: perpetual checks, mate threats and chases of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长打（将杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "", "Red loses: perpetual attacks of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "k", "Red loses: perpetual checks of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "m", "Red loses: perpetual mate threats of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "c", "Red loses: perpetual chases of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "km", "Red loses: perpetual checks and mate threats of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将杀交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "kc", "Red loses: perpetual checks and chases of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "mc", "Red loses: perpetual mate threats and chases of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualAttack, "c b7", "r a5 c b5 p e6", "kmc", "Red loses: perpetual checks, mate threats and chases of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长打（将杀捉交替）黑方２路炮，判负"},
	{"r", rules.PerpetualChase, "", "", "", "Red loses: perpetual chase of several pieces", "红方轮流长捉数子，判负"},
	{"r", rules.PerpetualChase, "", "r a5", "", "Red loses: perpetual chase of several pieces by the rook on file 9", "红方以九路车轮流长捉数子，判负"},
	{"r", rules.PerpetualChase, "", "c c4 n d7", "", "Red loses: perpetual chase of several pieces by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马轮流长捉数子，判负"},
	{"r", rules.PerpetualChase, "", "r a5 c b5 p e6", "", "Red loses: perpetual chase of several pieces by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵轮流长捉数子，判负"},
	{"r", rules.PerpetualChase, "c b7", "", "", "Red loses: perpetual chase of the cannon on file 2", "红方长捉黑方２路炮，判负"},
	{"r", rules.PerpetualChase, "c b7", "r a5", "", "Red loses: perpetual chase of the cannon on file 2 by the rook on file 9", "红方以九路车长捉黑方２路炮，判负"},
	{"r", rules.PerpetualChase, "c b7", "c c4 n d7", "", "Red loses: perpetual chase of the cannon on file 2 by the cannon on file 7 and the horse on file 6", "红方以七路炮、六路马长捉黑方２路炮，判负"},
	{"r", rules.PerpetualChase, "c b7", "r a5 c b5 p e6", "", "Red loses: perpetual chase of the cannon on file 2 by the rook on file 9, the cannon on file 8 and the pawn on file 5", "红方以九路车、八路炮、五路兵长捉黑方２路炮，判负"},
	{"b", rules.PerpetualCheck, "", "", "", "Black loses: perpetual check", "黑方长将，判负"},
	{"b", rules.PerpetualCheck, "", "r a5", "", "Black loses: perpetual check by the rook on file 1", "黑方以１路车长将，判负"},
	{"b", rules.PerpetualCheck, "", "c c4 n d7", "", "Black loses: perpetual check by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长将，判负"},
	{"b", rules.PerpetualCheck, "", "r a5 c b5 p e6", "", "Black loses: perpetual check by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长将，判负"},
	{"b", rules.PerpetualCheck, "N c2", "", "", "Black loses: perpetual check", "黑方长将，判负"},
	{"b", rules.PerpetualCheck, "N c2", "r a5", "", "Black loses: perpetual check by the rook on file 1", "黑方以１路车长将，判负"},
	{"b", rules.PerpetualCheck, "N c2", "c c4 n d7", "", "Black loses: perpetual check by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长将，判负"},
	{"b", rules.PerpetualCheck, "N c2", "r a5 c b5 p e6", "", "Black loses: perpetual check by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长将，判负"},
	{"b", rules.PerpetualMateThreat, "", "", "", "Black loses: perpetual mate threats", "黑方长杀，判负"},
	{"b", rules.PerpetualMateThreat, "", "r a5", "", "Black loses: perpetual mate threats by the rook on file 1", "黑方以１路车长杀，判负"},
	{"b", rules.PerpetualMateThreat, "", "c c4 n d7", "", "Black loses: perpetual mate threats by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长杀，判负"},
	{"b", rules.PerpetualMateThreat, "", "r a5 c b5 p e6", "", "Black loses: perpetual mate threats by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长杀，判负"},
	{"b", rules.PerpetualMateThreat, "N c2", "", "", "Black loses: perpetual mate threats", "黑方长杀，判负"},
	{"b", rules.PerpetualMateThreat, "N c2", "r a5", "", "Black loses: perpetual mate threats by the rook on file 1", "黑方以１路车长杀，判负"},
	{"b", rules.PerpetualMateThreat, "N c2", "c c4 n d7", "", "Black loses: perpetual mate threats by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长杀，判负"},
	{"b", rules.PerpetualMateThreat, "N c2", "r a5 c b5 p e6", "", "Black loses: perpetual mate threats by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长杀，判负"},
	{"b", rules.PerpetualAttack, "", "", "", "Black loses: perpetual attacks", "黑方长打（交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "k", "Black loses: perpetual checks", "黑方长打（将交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "m", "Black loses: perpetual mate threats", "黑方长打（杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "c", "Black loses: perpetual chases", "黑方长打（捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "km", "Black loses: perpetual checks and mate threats", "黑方长打（将杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "kc", "Black loses: perpetual checks and chases", "黑方长打（将捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "mc", "Black loses: perpetual mate threats and chases", "黑方长打（杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "", "kmc", "Black loses: perpetual checks, mate threats and chases", "黑方长打（将杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "", "Black loses: perpetual attacks by the rook on file 1", "黑方以１路车长打（交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "k", "Black loses: perpetual checks by the rook on file 1", "黑方以１路车长打（将交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "m", "Black loses: perpetual mate threats by the rook on file 1", "黑方以１路车长打（杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "c", "Black loses: perpetual chases by the rook on file 1", "黑方以１路车长打（捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "km", "Black loses: perpetual checks and mate threats by the rook on file 1", "黑方以１路车长打（将杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "kc", "Black loses: perpetual checks and chases by the rook on file 1", "黑方以１路车长打（将捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "mc", "Black loses: perpetual mate threats and chases by the rook on file 1", "黑方以１路车长打（杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5", "kmc", "Black loses: perpetual checks, mate threats and chases by the rook on file 1", "黑方以１路车长打（将杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "", "Black loses: perpetual attacks by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "k", "Black loses: perpetual checks by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "m", "Black loses: perpetual mate threats by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "c", "Black loses: perpetual chases by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "km", "Black loses: perpetual checks and mate threats by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "kc", "Black loses: perpetual checks and chases by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "mc", "Black loses: perpetual mate threats and chases by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "c c4 n d7", "kmc", "Black loses: perpetual checks, mate threats and chases by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "", "Black loses: perpetual attacks by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "k", "Black loses: perpetual checks by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "m", "Black loses: perpetual mate threats by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "c", "Black loses: perpetual chases by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "km", "Black loses: perpetual checks and mate threats by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将杀交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "kc", "Black loses: perpetual checks and chases by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "mc", "Black loses: perpetual mate threats and chases by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "", "r a5 c b5 p e6", "kmc", "Black loses: perpetual checks, mate threats and chases by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将杀捉交替），判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "", "Black loses: perpetual attacks of the horse on file 7", "黑方长打（交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "k", "Black loses: perpetual checks of the horse on file 7", "黑方长打（将交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "m", "Black loses: perpetual mate threats of the horse on file 7", "黑方长打（杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "c", "Black loses: perpetual chases of the horse on file 7", "黑方长打（捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "km", "Black loses: perpetual checks and mate threats of the horse on file 7", "黑方长打（将杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "kc", "Black loses: perpetual checks and chases of the horse on file 7", "黑方长打（将捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "mc", "Black loses: perpetual mate threats and chases of the horse on file 7", "黑方长打（杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "", "kmc", "Black loses: perpetual checks, mate threats and chases of the horse on file 7", "黑方长打（将杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "", "Black loses: perpetual attacks of the horse on file 7 by the rook on file 1", "黑方以１路车长打（交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "k", "Black loses: perpetual checks of the horse on file 7 by the rook on file 1", "黑方以１路车长打（将交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "m", "Black loses: perpetual mate threats of the horse on file 7 by the rook on file 1", "黑方以１路车长打（杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "c", "Black loses: perpetual chases of the horse on file 7 by the rook on file 1", "黑方以１路车长打（捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "km", "Black loses: perpetual checks and mate threats of the horse on file 7 by the rook on file 1", "黑方以１路车长打（将杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "kc", "Black loses: perpetual checks and chases of the horse on file 7 by the rook on file 1", "黑方以１路车长打（将捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "mc", "Black loses: perpetual mate threats and chases of the horse on file 7 by the rook on file 1", "黑方以１路车长打（杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5", "kmc", "Black loses: perpetual checks, mate threats and chases of the horse on file 7 by the rook on file 1", "黑方以１路车长打（将杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "", "Black loses: perpetual attacks of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "k", "Black loses: perpetual checks of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "m", "Black loses: perpetual mate threats of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "c", "Black loses: perpetual chases of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "km", "Black loses: perpetual checks and mate threats of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "kc", "Black loses: perpetual checks and chases of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "mc", "Black loses: perpetual mate threats and chases of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "c c4 n d7", "kmc", "Black loses: perpetual checks, mate threats and chases of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长打（将杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "", "Black loses: perpetual attacks of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "k", "Black loses: perpetual checks of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "m", "Black loses: perpetual mate threats of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "c", "Black loses: perpetual chases of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "km", "Black loses: perpetual checks and mate threats of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将杀交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "kc", "Black loses: perpetual checks and chases of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "mc", "Black loses: perpetual mate threats and chases of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualAttack, "N c2", "r a5 c b5 p e6", "kmc", "Black loses: perpetual checks, mate threats and chases of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长打（将杀捉交替）红方七路马，判负"},
	{"b", rules.PerpetualChase, "", "", "", "Black loses: perpetual chase of several pieces", "黑方轮流长捉数子，判负"},
	{"b", rules.PerpetualChase, "", "r a5", "", "Black loses: perpetual chase of several pieces by the rook on file 1", "黑方以１路车轮流长捉数子，判负"},
	{"b", rules.PerpetualChase, "", "c c4 n d7", "", "Black loses: perpetual chase of several pieces by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马轮流长捉数子，判负"},
	{"b", rules.PerpetualChase, "", "r a5 c b5 p e6", "", "Black loses: perpetual chase of several pieces by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒轮流长捉数子，判负"},
	{"b", rules.PerpetualChase, "N c2", "", "", "Black loses: perpetual chase of the horse on file 7", "黑方长捉红方七路马，判负"},
	{"b", rules.PerpetualChase, "N c2", "r a5", "", "Black loses: perpetual chase of the horse on file 7 by the rook on file 1", "黑方以１路车长捉红方七路马，判负"},
	{"b", rules.PerpetualChase, "N c2", "c c4 n d7", "", "Black loses: perpetual chase of the horse on file 7 by the cannon on file 3 and the horse on file 4", "黑方以３路炮、４路马长捉红方七路马，判负"},
	{"b", rules.PerpetualChase, "N c2", "r a5 c b5 p e6", "", "Black loses: perpetual chase of the horse on file 7 by the rook on file 1, the cannon on file 2 and the pawn on file 5", "黑方以１路车、２路炮、５路卒长捉红方七路马，判负"},
	{"r", rules.PerpetualChase, "K e4", "k d0", "", "Red loses: perpetual chase of the king on file 5 by the king on file 6", "红方以六路帅长捉红方五路帅，判负"},
	{"b", rules.PerpetualChase, "K e4", "k d0", "", "Black loses: perpetual chase of the king on file 5 by the king on file 4", "黑方以４路将长捉红方五路帅，判负"},
	{"r", rules.PerpetualChase, "k f6", "k d0", "", "Red loses: perpetual chase of the king on file 6 by the king on file 6", "红方以六路帅长捉黑方６路将，判负"},
	{"b", rules.PerpetualChase, "k f6", "k d0", "", "Black loses: perpetual chase of the king on file 6 by the king on file 4", "黑方以４路将长捉黑方６路将，判负"},
	{"r", rules.PerpetualChase, "A e4", "a d1", "", "Red loses: perpetual chase of the advisor on file 5 by the advisor on file 6", "红方以六路仕长捉红方五路仕，判负"},
	{"b", rules.PerpetualChase, "A e4", "a d1", "", "Black loses: perpetual chase of the advisor on file 5 by the advisor on file 4", "黑方以４路士长捉红方五路仕，判负"},
	{"r", rules.PerpetualChase, "a f6", "a d1", "", "Red loses: perpetual chase of the advisor on file 6 by the advisor on file 6", "红方以六路仕长捉黑方６路士，判负"},
	{"b", rules.PerpetualChase, "a f6", "a d1", "", "Black loses: perpetual chase of the advisor on file 6 by the advisor on file 4", "黑方以４路士长捉黑方６路士，判负"},
	{"r", rules.PerpetualChase, "B e4", "b d2", "", "Red loses: perpetual chase of the elephant on file 5 by the elephant on file 6", "红方以六路相长捉红方五路相，判负"},
	{"b", rules.PerpetualChase, "B e4", "b d2", "", "Black loses: perpetual chase of the elephant on file 5 by the elephant on file 4", "黑方以４路象长捉红方五路相，判负"},
	{"r", rules.PerpetualChase, "b f6", "b d2", "", "Red loses: perpetual chase of the elephant on file 6 by the elephant on file 6", "红方以六路相长捉黑方６路象，判负"},
	{"b", rules.PerpetualChase, "b f6", "b d2", "", "Black loses: perpetual chase of the elephant on file 6 by the elephant on file 4", "黑方以４路象长捉黑方６路象，判负"},
	{"r", rules.PerpetualChase, "N e4", "n d3", "", "Red loses: perpetual chase of the horse on file 5 by the horse on file 6", "红方以六路马长捉红方五路马，判负"},
	{"b", rules.PerpetualChase, "N e4", "n d3", "", "Black loses: perpetual chase of the horse on file 5 by the horse on file 4", "黑方以４路马长捉红方五路马，判负"},
	{"r", rules.PerpetualChase, "n f6", "n d3", "", "Red loses: perpetual chase of the horse on file 6 by the horse on file 6", "红方以六路马长捉黑方６路马，判负"},
	{"b", rules.PerpetualChase, "n f6", "n d3", "", "Black loses: perpetual chase of the horse on file 6 by the horse on file 4", "黑方以４路马长捉黑方６路马，判负"},
	{"r", rules.PerpetualChase, "R e4", "r d4", "", "Red loses: perpetual chase of the rook on file 5 by the rook on file 6", "红方以六路车长捉红方五路车，判负"},
	{"b", rules.PerpetualChase, "R e4", "r d4", "", "Black loses: perpetual chase of the rook on file 5 by the rook on file 4", "黑方以４路车长捉红方五路车，判负"},
	{"r", rules.PerpetualChase, "r f6", "r d4", "", "Red loses: perpetual chase of the rook on file 6 by the rook on file 6", "红方以六路车长捉黑方６路车，判负"},
	{"b", rules.PerpetualChase, "r f6", "r d4", "", "Black loses: perpetual chase of the rook on file 6 by the rook on file 4", "黑方以４路车长捉黑方６路车，判负"},
	{"r", rules.PerpetualChase, "C e4", "c d5", "", "Red loses: perpetual chase of the cannon on file 5 by the cannon on file 6", "红方以六路炮长捉红方五路炮，判负"},
	{"b", rules.PerpetualChase, "C e4", "c d5", "", "Black loses: perpetual chase of the cannon on file 5 by the cannon on file 4", "黑方以４路炮长捉红方五路炮，判负"},
	{"r", rules.PerpetualChase, "c f6", "c d5", "", "Red loses: perpetual chase of the cannon on file 6 by the cannon on file 6", "红方以六路炮长捉黑方６路炮，判负"},
	{"b", rules.PerpetualChase, "c f6", "c d5", "", "Black loses: perpetual chase of the cannon on file 6 by the cannon on file 4", "黑方以４路炮长捉黑方６路炮，判负"},
	{"r", rules.PerpetualChase, "P e4", "p d6", "", "Red loses: perpetual chase of the pawn on file 5 by the pawn on file 6", "红方以六路兵长捉红方五路兵，判负"},
	{"b", rules.PerpetualChase, "P e4", "p d6", "", "Black loses: perpetual chase of the pawn on file 5 by the pawn on file 4", "黑方以４路卒长捉红方五路兵，判负"},
	{"r", rules.PerpetualChase, "p f6", "p d6", "", "Red loses: perpetual chase of the pawn on file 6 by the pawn on file 6", "红方以六路兵长捉黑方６路卒，判负"},
	{"b", rules.PerpetualChase, "p f6", "p d6", "", "Black loses: perpetual chase of the pawn on file 6 by the pawn on file 4", "黑方以４路卒长捉黑方６路卒，判负"},
	{"r", rules.NoViolation, "c b7", "r a5", "", "Red loses: perpetual chase of the cannon on file 2 by the rook on file 9", "红方以九路车长捉黑方２路炮，判负"},
}

var ruleSetTexts = []struct {
	rules                        RuleSet
	nameEN, nameZH               string
	descriptionEN, descriptionZH string
}{
	{AsianRules, "Asian (AXF)", "亚洲规则", "Perpetual check and perpetual chase of one piece lose; checks mixed with chases, and chases by the king or a pawn, are allowed.", "长将、长捉同一子者判负；一将一捉以及将帅、兵卒的长捉允许。"},
	{ChineseRules, "Chinese (CXA)", "中国规则", "Perpetual check, mate threats and chases lose, also mixed (one check, one chase) or of several pieces in turn; chases by the king or a pawn are allowed.", "长将、长杀、长捉（一子或数子）以及一将一杀、一将一捉、一杀一捉判负；将帅、兵卒的长捉允许。"},
}

func TestMessagesSayWhatTheyAlwaysSaid(t *testing.T) {
	c := loadCatalogs(t)
	check := func(m i18n.Message, en, zh string) {
		t.Helper()
		if gotEN, gotZH := say(t, c, m); gotEN != en || gotZH != zh {
			t.Errorf("%v says\n%q\n%q\nwant\n%q\n%q", m, gotEN, gotZH, en, zh)
		}
	}
	for _, x := range illegalityTexts {
		check(x.why.Message(), x.en, x.zh)
	}
	for _, x := range reasonTexts {
		check(x.reason.Message(), x.en, x.zh)
	}
	for _, x := range resultTexts {
		check(Result{Status: x.status, Reason: x.reason}.Message(), x.en, x.zh)
	}
	for _, x := range verdictTexts {
		check(testVerdict(t, x.loser, x.violation, x.target, x.offenders, x.kinds).Message(), x.en, x.zh)
	}
	for _, x := range ruleSetTexts {
		info := RuleSetInfo(x.rules)
		check(info.Name, x.nameEN, x.nameZH)
		check(info.Description, x.descriptionEN, x.descriptionZH)
	}
	if len(ruleSetTexts) != len(RuleSets()) {
		t.Errorf("%d rule sets, %d described", len(RuleSets()), len(ruleSetTexts))
	}
}

// Every message the game package can make has its text, with every value its template
// uses, in every catalog.
func TestEveryMessageInEveryLanguage(t *testing.T) {
	c := loadCatalogs(t)
	var all []i18n.Message
	for why := NotIllegal; why <= GeneralsFace+1; why++ {
		all = append(all, why.Message())
	}
	for st := Ongoing; st <= Draw; st++ {
		for r := ReasonNone; r <= ReasonTimeNoAttackers+1; r++ {
			all = append(all, Result{Status: st, Reason: r}.Message())
		}
	}
	for _, x := range verdictTexts {
		all = append(all, testVerdict(t, x.loser, x.violation, x.target, x.offenders, x.kinds).Message())
	}
	for _, r := range RuleSets() {
		all = append(all, RuleSetInfo(r).Name, RuleSetInfo(r).Description)
	}
	for _, m := range all {
		if !sayable(c, m) {
			t.Errorf("%v is not said in every language", m)
		}
	}
}
