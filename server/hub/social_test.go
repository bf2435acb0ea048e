package hub

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/rank"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

var nameSerial atomic.Int64

// dialNamed is dial for a registered account named after prefix (made unique), its name
// and key written as registration writes them (CheckName), without a password's hash.
func dialNamed(t testing.TB, ctx context.Context, base, prefix string) (*client.Conn, proto.Session) {
	t.Helper()
	s, err := client.Guest(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	display, key, err := store.CheckName(fmt.Sprintf("%s%d", prefix, nameSerial.Add(1)))
	if err != nil {
		t.Fatal(err)
	}
	s.Account.Name = display
	exec(t, ctx, `UPDATE accounts SET name = $2, name_key = $3, password = 'none' WHERE id = $1`, s.Account.ID, display, key)
	c, err := client.Dial(ctx, base, s.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, s
}

// exec runs one statement on the test database, for what a test sets up directly.
func exec(t testing.TB, ctx context.Context, sql string, args ...any) {
	t.Helper()
	db, err := pgx.Connect(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	if _, err := db.Exec(ctx, sql, args...); err != nil {
		t.Fatal(err)
	}
}

// socialHub is a manualHub whose presence pushes wait for the test too.
func socialHub(t *testing.T, clock *testClock, cfg Config) (*Hub, string) {
	t.Helper()
	cfg.Social.PresenceEvery = time.Hour
	h, base, _ := manualHub(t, clock, cfg)
	return h, base
}

// nextPresence pushes the instances' gathered presence changes and returns the next
// presence frame of c.
func nextPresence(t *testing.T, ctx context.Context, c *client.Conn, hubs ...*Hub) []proto.Friend {
	t.Helper()
	for {
		for _, h := range hubs {
			h.pushPresence(ctx)
		}
		wait, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		f, err := c.Social().Next(wait, proto.TypePresence)
		cancel()
		if err == nil {
			return f.Friends
		}
		if ctx.Err() != nil {
			t.Fatal("no presence frame came")
		}
	}
}

// A follows B by a look-alike of B's name and sees B online, offline once B's socket
// closes, online again, then playing; the presence comes pushed, B's changes on another
// instance included.
func TestFollowAndFriendsPresence(t *testing.T) {
	clock := &testClock{t: time.Now()}
	first, base0 := socialHub(t, clock, Config{})
	second, base1 := socialHub(t, clock, Config{})
	ctx := testCtx(t)
	a, _ := dialNamed(t, ctx, base0, "Alice")
	b, sb := dialNamed(t, ctx, base1, "Bob")
	if _, err := a.Social().Follow(ctx, "nobody-here"); code(err) != proto.CodeNotFound {
		t.Errorf("following an unknown name: %v", err)
	}
	if _, err := a.Social().Follow(ctx, a.Account().Name); code(err) != proto.CodeBadRequest {
		t.Errorf("following oneself: %v", err)
	}
	followed, err := a.Social().Follow(ctx, "ＢＯＢ"+sb.Account.Name[3:]) // full-width capitals: the same key
	if err != nil || followed.ID != sb.Account.ID {
		t.Fatalf("follow: %+v %v", followed, err)
	}
	friends, _, err := a.Social().Friends(ctx)
	if err != nil || len(friends) != 1 || friends[0].Account.ID != sb.Account.ID || !friends[0].Online || friends[0].Playing != 0 {
		t.Fatalf("friends: %+v %v", friends, err)
	}
	nextPresence(t, ctx, a, first, second) // the follow's own news
	b.Close()
	clock.Add(time.Millisecond)
	if fs := nextPresence(t, ctx, a, first, second); len(fs) != 1 || fs[0].Online {
		t.Fatalf("after B left: %+v", fs)
	}
	clock.Add(time.Millisecond)
	b, err = client.Dial(ctx, base1, sb.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if fs := nextPresence(t, ctx, a, first, second); len(fs) != 1 || !fs[0].Online {
		t.Fatalf("after B came back: %+v", fs)
	}
	c, _ := dial(t, ctx, base0)
	if _, err := b.Seek(ctx, "5+3", "", false); err != nil {
		t.Fatal(err)
	}
	g, err := c.Seek(ctx, "5+3", "", false)
	if err != nil || g == 0 {
		t.Fatal(g, err)
	}
	if fs := nextPresence(t, ctx, a, first, second); len(fs) != 1 || fs[0].Playing != g {
		t.Fatalf("after B began game %d: %+v", g, fs)
	}
	if err := c.Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	if fs := nextPresence(t, ctx, a, first, second); len(fs) != 1 || fs[0].Playing != 0 || !fs[0].Online {
		t.Fatalf("after B's game ended: %+v", fs)
	}
	if err := a.Social().Unfollow(ctx, sb.Account.Name); err != nil {
		t.Fatal(err)
	}
	if friends, _, err := a.Social().Friends(ctx); err != nil || len(friends) != 0 {
		t.Fatalf("friends after unfollowing: %+v %v", friends, err)
	}
}

// A challenges B: B hears of it and finds it among its friends' answer; B declines and
// A hears so; a second challenge B accepts, and the game starts for both; a third
// expires.
func TestChallengeDeclineAcceptExpire(t *testing.T) {
	clock := &testClock{t: time.Now()}
	_, base := socialHub(t, clock, Config{})
	ctx := testCtx(t)
	a, sa := dialNamed(t, ctx, base, "Chal")
	b, sb := dialNamed(t, ctx, base, "Lenged")
	if _, err := a.Social().Challenge(ctx, sb.Account.Name, "5+3", "", true); err != nil {
		t.Fatal(err)
	}
	f, err := b.Social().Next(ctx, proto.TypeChallenged)
	if err != nil || f.Challenge.From.ID != sa.Account.ID || f.Challenge.TimeControl != "5+3" || !f.Challenge.Rated {
		t.Fatalf("challenge frame: %+v %v", f.Challenge, err)
	}
	_, waiting, err := b.Social().Friends(ctx)
	if err != nil || len(waiting) != 1 || waiting[0].Game != f.Challenge.Game {
		t.Fatalf("waiting challenges: %+v %v", waiting, err)
	}
	if err := a.Social().Accept(ctx, f.Challenge.Game); code(err) != proto.CodeNotFound {
		t.Errorf("the challenger accepting its own challenge: %v", err)
	}
	if err := b.Social().Decline(ctx, f.Challenge.Game); err != nil {
		t.Fatal(err)
	}
	d, err := a.Social().Next(ctx, proto.TypeChallenged)
	if err != nil || !d.Challenge.Declined || d.Challenge.Game != f.Challenge.Game {
		t.Fatalf("declined frame: %+v %v", d.Challenge, err)
	}
	if err := b.Social().Accept(ctx, f.Challenge.Game); code(err) != proto.CodeNotFound {
		t.Errorf("accepting a declined challenge: %v", err)
	}

	ch, err := a.Social().Challenge(ctx, sb.Account.Name, "10+5", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Social().Accept(ctx, ch.Game); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Conn{a, b} {
		if g, err := c.NextPaired(ctx); err != nil || g != ch.Game {
			t.Fatalf("paired %d %v, want %d", g, err, ch.Game)
		}
		if e, err := c.NextEvent(ctx, ch.Game); err != nil || e.Kind != proto.KindStart {
			t.Fatalf("start event %+v %v", e, err)
		}
	}

	late, err := a.Social().Challenge(ctx, sb.Account.Name, "5+3", "", false)
	if err != nil {
		t.Fatal(err)
	}
	clock.Add(store.ChallengeLifetime)
	if err := b.Social().Accept(ctx, late.Game); code(err) != proto.CodeNotFound {
		t.Errorf("accepting an expired challenge: %v", err)
	}
	if _, waiting, err := b.Social().Friends(ctx); err != nil || len(waiting) != 0 {
		t.Errorf("an expired challenge still waits: %+v %v", waiting, err)
	}
}

// B blocks A: A can neither follow nor challenge B, their seeks never pair (a third
// player's does), and A's chat in their game never reaches B.
func TestBlockStopsChallengesPairingAndChat(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "5+3")
	a, b := p[0], p[1]
	bName := fmt.Sprintf("Blocker%d", nameSerial.Add(1))
	aName := fmt.Sprintf("Blocked%d", nameSerial.Add(1))
	for c, name := range map[*client.Conn]string{a: aName, b: bName} {
		_, key, _ := store.CheckName(name)
		exec(t, ctx, `UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1`, c.Account().ID, name, key)
	}
	if err := b.Social().Block(ctx, aName); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Social().Follow(ctx, bName); code(err) != proto.CodeBlocked {
		t.Errorf("following one's blocker: %v", err)
	}
	if _, err := a.Social().Challenge(ctx, bName, "5+3", "", false); code(err) != proto.CodeBlocked {
		t.Errorf("challenging one's blocker: %v", err)
	}
	if _, err := b.Social().Challenge(ctx, aName, "5+3", "", false); code(err) != proto.CodeBlocked {
		t.Errorf("challenging the one blocked: %v", err)
	}
	if err := a.Social().Phrase(ctx, g, "hurry"); err != nil {
		t.Fatalf("a blocked phrase is accepted, and dropped: %v", err)
	}
	if err := a.Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Seek(ctx, "15+10", "", false); err != nil {
		t.Fatal(err)
	}
	if g2, err := b.Seek(ctx, "15+10", "", false); err != nil || g2 != 0 {
		t.Fatalf("the blocker's seek paired with the blocked one's: %d %v", g2, err)
	}
	// Nor can the blocker take the blocked one's seek from the lobby's list.
	seeks, err := b.Lobby(ctx, proto.ListSeeks, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	listed := false
	for _, e := range seeks.Seeks {
		if e.Player.ID == a.Account().ID {
			listed = true
			if _, err := b.AcceptSeek(ctx, e); code(err) != proto.CodeBlocked {
				t.Fatalf("the blocker took the blocked one's seek from the list: %v", err)
			}
		}
	}
	if !listed {
		t.Fatalf("A's seek is not in the list: %+v", seeks.Seeks)
	}
	c, _ := dial(t, ctx, bases[0])
	g3, err := c.Seek(ctx, "15+10", "", false)
	if err != nil || g3 == 0 {
		t.Fatalf("a third player's seek: %d %v", g3, err)
	}
	if paired, err := a.NextPaired(ctx); err != nil || paired != g3 {
		t.Fatalf("the oldest seek pairs with the third player: %d %v", paired, err)
	}
	if err := b.CancelSeek(ctx); err != nil {
		t.Fatal(err)
	}
	// After the block is lifted, A's next line is the first B hears: the blocked one
	// was never delivered (lines go out in the order they were said).
	if err := b.Social().Unblock(ctx, aName); err != nil {
		t.Fatal(err)
	}
	if err := a.Social().Phrase(ctx, g, "thanks"); err != nil {
		t.Fatal(err)
	}
	f, err := b.Social().Next(ctx, proto.TypeChat)
	if err != nil || f.Chat.Phrase != "thanks" || f.Chat.From != a.Account().ID || f.Chat.Game != g {
		t.Fatalf("first chat B heard: %+v %v", f.Chat, err)
	}
}

// The phrases are for everyone, guests too; free text needs both players registered and
// allowing it, and is capped; a report keeps the conversation for an operator.
func TestPhraseFreeChatAndReport(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	a, _ := dialNamed(t, ctx, bases[0], "Talker")
	b, _ := dialNamed(t, ctx, bases[0], "Hearer")
	guest, _ := dial(t, ctx, bases[0])
	g := pairThem(t, ctx, a, b, "10+5")
	if err := a.Social().Phrase(ctx, g, "good_move"); err != nil {
		t.Fatal(err)
	}
	if f, err := b.Social().Next(ctx, proto.TypeChat); err != nil || f.Chat.Phrase != "good_move" || f.Chat.Text != "" {
		t.Fatalf("phrase frame: %+v %v", f.Chat, err)
	}
	if err := a.Social().Say(ctx, g, "hello there"); code(err) != proto.CodeBadRequest {
		t.Errorf("free text without consent: %v", err)
	}
	if err := a.Social().AllowFreeChat(ctx, true); err != nil {
		t.Fatal(err)
	}
	if err := a.Social().Say(ctx, g, "hello there"); code(err) != proto.CodeBadRequest {
		t.Errorf("free text with only the sender's consent: %v", err)
	}
	if err := b.Social().AllowFreeChat(ctx, true); err != nil {
		t.Fatal(err)
	}
	if err := a.Social().Say(ctx, g, "  hello there  "); err != nil {
		t.Fatal(err)
	}
	if f, err := b.Social().Next(ctx, proto.TypeChat); err != nil || f.Chat.Text != "hello there" {
		t.Fatalf("text frame: %+v %v", f.Chat, err)
	}
	long := make([]rune, proto.MaxChatText+1)
	for i := range long {
		long[i] = '好'
	}
	if err := a.Social().Say(ctx, g, string(long)); code(err) != proto.CodeMalformed {
		t.Errorf("a text past the cap: %v", err)
	}
	if err := a.Social().Say(ctx, g, "bad\u202etext"); code(err) != proto.CodeMalformed {
		t.Errorf("a text with a direction control: %v", err)
	}
	if err := guest.Social().Phrase(ctx, g, "thanks"); code(err) != proto.CodeNotPlayer {
		t.Errorf("an onlooker's chat: %v", err)
	}
	if err := guest.Social().AllowFreeChat(ctx, true); code(err) != proto.CodeBadRequest {
		t.Errorf("a guest allowing free text: %v", err)
	}
	if err := b.Social().Report(ctx, g); err != nil {
		t.Fatal(err)
	}
	// The operator's query of docs/social.md.
	db, err := pgx.Connect(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	var reported int64
	var lines int
	var text string
	if err := db.QueryRow(ctx, `SELECT r.reported, jsonb_array_length(r.conversation), r.conversation->1->>'text'
		FROM chat_reports r WHERE NOT r.handled AND r.game_id = $1 ORDER BY r.created_at`, g).Scan(&reported, &lines, &text); err != nil {
		t.Fatal(err)
	}
	if reported != a.Account().ID || lines != 2 || text != "hello there" {
		t.Errorf("report: reported %d, %d lines, second %q", reported, lines, text)
	}

	// A guest's game: phrases only.
	h := pairThem(t, ctx, guest, a, "5+3")
	if err := guest.Social().Phrase(ctx, h, "rematch"); err != nil {
		t.Fatal(err)
	}
	if f, err := a.Social().Next(ctx, proto.TypeChat); err != nil || f.Chat.Phrase != "rematch" {
		t.Fatalf("a guest's phrase: %+v %v", f.Chat, err)
	}
	if err := a.Social().Say(ctx, h, "hi"); code(err) != proto.CodeBadRequest {
		t.Errorf("free text to a guest: %v", err)
	}
}

// pairThem pairs a and b by seek on tc and returns the game once both saw its start.
func pairThem(t *testing.T, ctx context.Context, a, b *client.Conn, tc string) int64 {
	t.Helper()
	if g, err := a.Seek(ctx, tc, "", false); err != nil || g != 0 {
		t.Fatalf("first seek: %d %v", g, err)
	}
	g, err := b.Seek(ctx, tc, "", false)
	if err != nil || g == 0 {
		t.Fatalf("second seek: %d %v", g, err)
	}
	for _, c := range []*client.Conn{a, b} {
		if e, err := c.NextEvent(ctx, g); err != nil || e.Kind != proto.KindStart {
			t.Fatalf("start: %+v %v", e, err)
		}
	}
	return g
}

// An account's chat lines are limited on the shared buckets.
func TestChatRateLimit(t *testing.T) {
	clock := &testClock{t: time.Now()}
	_, base := socialHub(t, clock, Config{Social: SocialConfig{Chat: store.Limit{Rate: 0.1, Burst: 3}}})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, base)
	b, _ := dial(t, ctx, base)
	g := pairThem(t, ctx, a, b, "5+3")
	for i := range 3 {
		if err := a.Social().Phrase(ctx, g, "hurry"); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	if err := a.Social().Phrase(ctx, g, "hurry"); code(err) != proto.CodeRateLimited {
		t.Fatalf("the fourth line at once: %v", err)
	}
	if err := b.Social().Phrase(ctx, g, "thanks"); err != nil {
		t.Errorf("the opponent's own bucket: %v", err)
	}
	clock.Add(10 * time.Second)
	if err := a.Social().Phrase(ctx, g, "hurry"); err != nil {
		t.Errorf("a line once the bucket refilled: %v", err)
	}
}

// After a game, either player asks for a rematch: the opponent is challenged to the same
// time control, and accepting starts it.
func TestRematch(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "15+10")
	if _, err := p[0].Social().Rematch(ctx, g); code(err) != proto.CodeBadRequest {
		t.Errorf("a rematch before the end: %v", err)
	}
	if err := p[1].Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	ch, err := p[0].Social().Rematch(ctx, g)
	if err != nil || ch.TimeControl != "15+10" {
		t.Fatalf("rematch: %+v %v", ch, err)
	}
	f, err := p[1].Social().Next(ctx, proto.TypeChallenged)
	if err != nil || f.Challenge.Game != ch.Game || f.Challenge.From.ID != p[0].Account().ID {
		t.Fatalf("rematch frame: %+v %v", f.Challenge, err)
	}
	if err := p[1].Social().Accept(ctx, ch.Game); err != nil {
		t.Fatal(err)
	}
	if e, err := p[0].NextEvent(ctx, ch.Game); err != nil || e.Kind != proto.KindStart {
		t.Fatalf("rematch start: %+v %v", e, err)
	}
}

// The leaderboard of a category lists the registered, established players who finished
// a rated game of it, by rating, with their ranks; guests and provisional ratings are
// left out; pages are bounded.
func TestLeaderboard(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	var players []*client.Conn
	for range 2 {
		g, p, _ := pairRated(t, ctx, bases, "5+3", true)
		if err := p[1].Resign(ctx, g); err != nil {
			t.Fatal(err)
		}
		players = append(players, p[0], p[1])
	}
	ratings := []float64{2150, 1720, 1510, 900}
	for i, c := range players {
		dev := 60.0
		if i == 3 {
			dev = 200 // still provisional: not on the board
		}
		exec(t, ctx, `UPDATE accounts SET rating = $2, deviation = $3 WHERE id = $1`, c.Account().ID, ratings[i]+10000, dev)
	}
	// Ratings above every other test's, so that this board's top is these players.
	board, err := players[0].Social().Leaderboard(ctx, "blitz", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) < 3 {
		t.Fatalf("board: %+v", board)
	}
	for i := range 3 {
		if board[i].Account.ID != players[i].Account().ID || board[i].Place != i+1 ||
			board[i].Rank != rank.Of(ratings[i]+10000, false).Key() {
			t.Errorf("place %d: %+v", i+1, board[i])
		}
	}
	for _, l := range board {
		if l.Account.ID == players[3].Account().ID || l.Account.Name == "" {
			t.Errorf("on the board: %+v", l)
		}
	}
	rapid, err := players[0].Social().Leaderboard(ctx, "rapid", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range rapid {
		for _, c := range players {
			if l.Account.ID == c.Account().ID {
				t.Errorf("a blitz player on the rapid board: %+v", l)
			}
		}
	}
	if _, err := players[0].Social().Leaderboard(ctx, "bullet", 0); code(err) != proto.CodeBadRequest {
		t.Errorf("an unknown board: %v", err)
	}
	if _, err := players[0].Social().Leaderboard(ctx, "blitz", proto.MaxLeaderPages); code(err) != proto.CodeMalformed {
		t.Errorf("a page past the cap: %v", err)
	}
}

// A client of protocol version 3 is served as before, and refused the requests of 4.
func TestVersion3ClientRefusedSocial(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	s, err := client.Guest(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.DialVersion(ctx, bases[0], s.Token, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, _, err := c.Social().Friends(ctx); code(err) != proto.CodeBadRequest {
		t.Errorf("friends on version 3: %v", err)
	}
	if g, err := c.Seek(ctx, "5+3", "", false); err != nil || g != 0 {
		t.Errorf("a version 3 seek: %d %v", g, err)
	}
}
