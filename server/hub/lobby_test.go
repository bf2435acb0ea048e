package hub

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// lobbyHubs starts two instances on one clock whose periodic work (the record of
// connected players, the spectators' rows and counts) runs when the test says, and a
// lobby empty of the earlier tests' players, seeks and games.
func lobbyHubs(t *testing.T, cfg Config) (*testClock, [2]*Hub, []string) {
	t.Helper()
	clock := &testClock{t: time.Now()}
	if cfg.LobbyRate == 0 {
		cfg.LobbyRate, cfg.LobbyBurst = 1000, 1000
	}
	cfg.WatchersEvery, cfg.AccountRate, cfg.AccountBurst = time.Hour, 1000, 1000
	h1, a, _ := manualHub(t, clock, cfg)
	h2, b, _ := manualHub(t, clock, cfg)
	ctx := testCtx(t)
	db := testConn(t, ctx)
	for _, q := range []string{`DELETE FROM presence`, `DELETE FROM seeks`, `DELETE FROM spectators`, `DELETE FROM spectator_instances`,
		`UPDATE games SET status = 'over', deadline = NULL WHERE status <> 'over'`} {
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	return clock, [2]*Hub{h1, h2}, []string{a, b}
}

func testConn(t *testing.T, ctx context.Context) *pgx.Conn {
	t.Helper()
	db, err := pgx.Connect(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(context.Background()) })
	return db
}

func setRating(t *testing.T, ctx context.Context, account int64, rating float64) {
	t.Helper()
	if _, err := testConn(t, ctx).Exec(ctx, `UPDATE accounts SET rating = $2 WHERE id = $1`, account, rating); err != nil {
		t.Fatal(err)
	}
}

func ids(players []proto.Account) []int64 {
	var out []int64
	for _, p := range players {
		out = append(out, p.ID)
	}
	return out
}

// The lobby through the project's client against two instances: who is online (the
// count and the list, best rated first, a page at a time), the open seeks (oldest first,
// with their control and ratedness), a seek accepted from the list (both players paired;
// taken twice or one's own is refused), the games in play best rated first, and one's own.
func TestLobbyListsOnlineSeeksAndGames(t *testing.T) {
	clock, hubs, bases := lobbyHubs(t, Config{})
	ctx := testCtx(t)
	p1, _ := dial(t, ctx, bases[0])
	p2, _ := dial(t, ctx, bases[1])
	p3, _ := dialMember(t, ctx, bases[0])
	p4, _ := dial(t, ctx, bases[1])
	setRating(t, ctx, p3.Account().ID, 1800)
	setRating(t, ctx, p4.Account().ID, 1600)
	tick(ctx, hubs[0], hubs[1])

	first, err := p1.Lobby(ctx, proto.ListOnline, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if first.Total != 4 || !slices.Equal(ids(first.Players), []int64{p3.Account().ID, p4.Account().ID}) {
		t.Errorf("online page 0: %d %v, want 4 online, %d and %d first", first.Total, ids(first.Players), p3.Account().ID, p4.Account().ID)
	}
	second, err := p1.Lobby(ctx, proto.ListOnline, 1, 2)
	if err != nil || !slices.Equal(ids(second.Players), []int64{p1.Account().ID, p2.Account().ID}) {
		t.Errorf("online page 1: %+v %v", second, err)
	}
	if first.Players[0].Name == "" || first.Players[0].Rating != 1800 {
		t.Errorf("the member as listed: %+v", first.Players[0])
	}
	// Gone for longer than the record's window: no longer online.
	gone := p4.Account().ID
	p4.Close()
	for range p4.Frames() { // closed with the connection
	}
	for connected := true; connected; {
		connected = len(hubs[1].socketsOf(hubs[1].byAccount, gone)) > 0
		select {
		case <-ctx.Done():
			t.Fatal("the closed socket was never forgotten")
		case <-time.After(5 * time.Millisecond):
		}
	}
	// Gone, it is no longer listed even within the record's window: the lobby follows the
	// rule of the friends' presence (Social.Left), whose record may follow the socket's end.
	db := testConn(t, ctx)
	for left := false; !left; {
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM presence_left WHERE account_id = $1)`, gone).Scan(&left); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
			t.Fatal("the closed socket's leave was never recorded")
		case <-time.After(5 * time.Millisecond):
		}
	}
	if page, err := p1.Lobby(ctx, proto.ListOnline, 0, 0); err != nil {
		t.Fatal(err)
	} else if slices.Contains(ids(page.Players), gone) {
		t.Fatalf("a player whose last socket closed is still listed online: %v", ids(page.Players))
	}
	clock.Add(11 * time.Second)
	tick(ctx, hubs[0], hubs[1])
	if page, err := p1.Lobby(ctx, proto.ListOnline, 0, 0); err != nil || page.Total != 3 || slices.Contains(ids(page.Players), p4.Account().ID) {
		t.Errorf("online after one left: %+v %v", page, err)
	}
	p4, _ = dial(t, ctx, bases[1])

	if g, err := p1.Seek(ctx, "10+5", "", false); err != nil || g != 0 {
		t.Fatal(g, err)
	}
	clock.Add(time.Second)
	if g, err := p2.Seek(ctx, "5+3", "", false); err != nil || g != 0 {
		t.Fatal(g, err)
	}
	seeks, err := p3.Lobby(ctx, proto.ListSeeks, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if seeks.Total != 2 || len(seeks.Seeks) != 2 || seeks.Seeks[0].Player.ID != p1.Account().ID || seeks.Seeks[0].TimeControl != "10+5" ||
		seeks.Seeks[0].Rated || seeks.Seeks[1].TimeControl != "5+3" {
		t.Fatalf("seeks %+v", seeks)
	}
	if _, err := p1.AcceptSeek(ctx, seeks.Seeks[0]); code(err) != proto.CodeOwnGame {
		t.Errorf("accepting one's own seek: %v", err)
	}
	g1, err := p3.AcceptSeek(ctx, seeks.Seeks[0])
	if err != nil || g1 == 0 {
		t.Fatalf("accepting from the list: %d %v", g1, err)
	}
	for name, c := range map[string]*client.Conn{"seeker": p1, "accepter": p3} {
		if g, err := c.NextPaired(ctx); err != nil || g != g1 {
			t.Errorf("%s paired with %d %v, want %d", name, g, err, g1)
		}
		if e, err := c.NextEvent(ctx, g1); err != nil || e.Kind != proto.KindStart {
			t.Errorf("%s's first event %+v %v", name, e, err)
		}
	}
	if _, err := p4.AcceptSeek(ctx, seeks.Seeks[0]); code(err) != proto.CodeNotFound {
		t.Errorf("a seek taken already: %v, want %s", err, proto.CodeNotFound)
	}
	changed := seeks.Seeks[1]
	changed.TimeControl = "10+5"
	if _, err := p4.AcceptSeek(ctx, changed); code(err) != proto.CodeNotFound {
		t.Errorf("a seek as it never was: %v, want %s", err, proto.CodeNotFound)
	}
	g2, err := p4.AcceptSeek(ctx, seeks.Seeks[1])
	if err != nil {
		t.Fatal(err)
	}
	if left, err := p4.Lobby(ctx, proto.ListSeeks, 0, 0); err != nil || left.Total != 0 || len(left.Seeks) != 0 {
		t.Errorf("seeks after both were taken: %+v %v", left, err)
	}

	games, err := p2.Lobby(ctx, proto.ListGames, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if games.Total != 2 || len(games.Games) != 2 || games.Games[0].ID != g1 || games.Games[1].ID != g2 {
		t.Fatalf("games in play %+v, want %d (1800+1500) before %d (1600+1500)", games, g1, g2)
	}
	if e := games.Games[0]; e.TimeControl != "10+5" || e.Ply != 0 || e.Rated ||
		!slices.Contains([]int64{e.Red.ID, e.Black.ID}, p3.Account().ID) {
		t.Errorf("the best game as listed: %+v", e)
	}
	mine, err := p3.Lobby(ctx, proto.ListMine, 0, 0)
	if err != nil || mine.Total != 1 || len(mine.Games) != 1 || mine.Games[0].ID != g1 {
		t.Errorf("p3's own games: %+v %v", mine, err)
	}
	if page, err := p2.Lobby(ctx, proto.ListGames, 1, 1); err != nil || page.Total != 2 || len(page.Games) != 1 || page.Games[0].ID != g2 {
		t.Errorf("games page 1 of 1 each: %+v %v", page, err)
	}
}

// drainWatchers returns the counts of the watchers frames of game that c has received
// by now: the frames sent before an answer are queued before it.
func drainWatchers(t *testing.T, ctx context.Context, c *client.Conn, game int64) []int {
	t.Helper()
	if _, err := c.Lobby(ctx, proto.ListMine, 0, 1); err != nil { // a barrier
		t.Fatal(err)
	}
	var counts []int
	for {
		select {
		case f := <-c.Frames():
			if f.Type == proto.TypeWatchers && f.Game == game {
				counts = append(counts, *f.Watchers)
			}
		default:
			return counts
		}
	}
}

// A game in play is watched from event 0 with the live tail, on either instance; the
// watchers are counted over both instances (the players not among them) and the count is
// pushed to the players and the watchers when it changes, once per round however many
// joined; an unwatch and a closed socket count down; a version-3 client watching is
// counted but is never sent the frame its version does not know.
func TestWatchFromTheStartAndWatcherCount(t *testing.T) {
	_, hubs, bases := lobbyHubs(t, Config{})
	ctx := testCtx(t)
	g, players, _ := pairBySeek(t, ctx, bases, "10+5")
	for i, mv := range []string{"h2e2", "h9g7"} {
		if _, err := players[i].Move(ctx, g, i, mv); err != nil {
			t.Fatal(err)
		}
	}
	// A round of both instances, twice: an instance counts the rows the other wrote in
	// its round before.
	round := func() {
		for range 2 {
			hubs[0].room().spectators(ctx)
			hubs[1].room().spectators(ctx)
		}
	}
	w1, _ := dial(t, ctx, bases[0])
	if err := w1.Watch(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	for seq, kind := range []string{proto.KindStart, proto.KindMove, proto.KindMove} {
		if e, err := w1.NextEvent(ctx, g); err != nil || e.Seq != int64(seq+1) || e.Kind != kind {
			t.Fatalf("watched event %d: %+v %v, want %s", seq+1, e, err, kind)
		}
	}
	if _, err := players[0].Move(ctx, g, 2, "b0c2"); err != nil {
		t.Fatal(err)
	}
	if e, err := w1.NextEvent(ctx, g); err != nil || e.Seq != 4 {
		t.Fatalf("the live tail: %+v %v", e, err)
	}
	if _, err := w1.Move(ctx, g, 3, "b9c7"); code(err) != proto.CodeNotPlayer {
		t.Errorf("a watcher's move: %v, want %s", err, proto.CodeNotPlayer)
	}
	round()
	for name, c := range map[string]*client.Conn{"red": players[0], "black": players[1], "watcher": w1} {
		if got := drainWatchers(t, ctx, c, g); !slices.Equal(got, []int{1}) {
			t.Errorf("%s was told %v watchers, want [1]", name, got)
		}
	}
	// Twenty join on the other instance between two rounds: one frame each, with 21.
	var crowd []*client.Conn
	for range 20 {
		w, _ := dial(t, ctx, bases[1])
		if err := w.Watch(ctx, g, 4); err != nil {
			t.Fatal(err)
		}
		crowd = append(crowd, w)
	}
	round()
	if got := drainWatchers(t, ctx, players[0], g); !slices.Equal(got, []int{21}) {
		t.Errorf("red after twenty joined: %v, want [21]", got)
	}
	if got := drainWatchers(t, ctx, crowd[0], g); !slices.Equal(got, []int{21}) {
		t.Errorf("a new watcher: %v, want [21]", got)
	}
	round() // nothing changed: nothing sent
	if got := drainWatchers(t, ctx, players[1], g); !slices.Equal(got, []int{21}) {
		t.Errorf("black over two rounds: %v, want only [21]", got)
	}
	if err := crowd[0].Unwatch(ctx, g); err != nil {
		t.Fatal(err)
	}
	hubs[1].mu.Lock()
	before := len(hubs[1].byGame[g])
	hubs[1].mu.Unlock()
	crowd[1].Close()
	old, err := rawSocket(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	defer old.CloseNow()
	s, err := client.Guest(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range []string{fmt.Sprintf(`{"id":1,"type":"hello","token":%q,"version":3}`, s.Token),
		fmt.Sprintf(`{"id":2,"type":"watch","game":%d}`, g)} {
		if err := old.Write(ctx, websocket.MessageText, []byte(req)); err != nil {
			t.Fatal(err)
		}
	}
	for acks := 0; acks < 2; { // the welcome and the watch's ack, with events between
		_, data, err := old.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if f, _ := proto.DecodeFrame(data); f.Type == proto.TypeWelcome || f.Type == proto.TypeAck {
			acks++
		}
	}
	waitGone(t, ctx, crowd[1], hubs[1], g, before)
	round()
	// Changes on both instances: an instance's first pass may count the other's rows
	// before that one wrote its changes, so its sockets may hear a count between too.
	if got := drainWatchers(t, ctx, players[0], g); len(got) == 0 || len(got) > 2 || got[len(got)-1] != 20 {
		t.Errorf("red after one unwatched, one left and a version-3 client came: %v, want 20 at the end of one round", got)
	}
	if _, err := players[1].Move(ctx, g, 3, "b9c7"); err != nil {
		t.Fatal(err)
	}
	if err := old.Write(ctx, websocket.MessageText, []byte(`{"id":3,"type":"ended"}`)); err != nil {
		t.Fatal(err)
	}
	for { // up to the ended request's ack: events only, no watchers frame
		_, data, err := old.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		f, err := proto.DecodeFrame(data)
		if err != nil || f.Type == proto.TypeWatchers {
			t.Fatalf("the version-3 client got %s (%v)", data, err)
		}
		if f.Type == proto.TypeAck && f.ID == 3 {
			break
		}
	}
}

// waitGone waits until the closed socket c is forgotten by h: game's sockets there are
// fewer than before.
func waitGone(t *testing.T, ctx context.Context, c *client.Conn, h *Hub, game int64, before int) {
	t.Helper()
	for range c.Frames() { // closed with the connection
	}
	for ctx.Err() == nil {
		h.mu.Lock()
		n := len(h.byGame[game])
		h.mu.Unlock()
		if n < before {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatal("the closed socket was never forgotten")
}

// The lobby's limits: a page past the last or larger than the cap is refused as
// malformed, a flood of lobby requests is rate limited (and the socket still serves
// others), and a socket watches at most proto.MaxWatches games.
func TestLobbyLimits(t *testing.T) {
	// The socket's and account's own buckets are not what is tested here.
	_, _, bases := lobbyHubs(t, Config{LobbyRate: 2, LobbyBurst: 10, MessageRate: 1000, MessageBurst: 1000,
		AccountMessageRate: 1000, AccountMessageBurst: 1000})
	ctx := testCtx(t)
	c, _ := dial(t, ctx, bases[0])
	if _, err := c.Lobby(ctx, proto.ListGames, 0, proto.MaxLobbyLimit+1); code(err) != proto.CodeMalformed {
		t.Errorf("a page of %d: %v, want %s", proto.MaxLobbyLimit+1, err, proto.CodeMalformed)
	}
	if _, err := c.Lobby(ctx, proto.ListGames, proto.MaxLobbyPage+1, 0); code(err) != proto.CodeMalformed {
		t.Errorf("page %d: %v, want %s", proto.MaxLobbyPage+1, err, proto.CodeMalformed)
	}
	if _, err := c.Lobby(ctx, "everyone", 0, 0); code(err) != proto.CodeMalformed {
		t.Errorf("an unknown list: %v", err)
	}
	limited := 0
	for range 30 {
		if _, err := c.Lobby(ctx, proto.ListOnline, 0, proto.MaxLobbyLimit); code(err) == proto.CodeRateLimited {
			limited++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if limited < 15 {
		t.Errorf("%d of 30 lobby requests at once refused, want at least 15 (a burst of 10)", limited)
	}
	if _, err := c.Ended(ctx); err != nil {
		t.Errorf("other requests after the lobby's flood: %v", err)
	}
	db := testConn(t, ctx)
	rows, err := db.Query(ctx, `INSERT INTO games (status, rules, rated, start_fen, base_ms, increment_ms, red_ms, black_ms)
		SELECT 'over', 'asian', false, 'x', 0, 0, 0, 0 FROM generate_series(1, $1::int) RETURNING id`, proto.MaxWatches+1)
	if err != nil {
		t.Fatal(err)
	}
	games, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		err := c.Watch(ctx, g, 0)
		if i < proto.MaxWatches && err != nil {
			t.Fatalf("watch %d: %v", i+1, err)
		}
		if i == proto.MaxWatches && code(err) != proto.CodeRateLimited {
			t.Errorf("watch %d: %v, want %s", i+1, err, proto.CodeRateLimited)
		}
	}
	if err := c.Unwatch(ctx, games[0]); err != nil {
		t.Fatal(err)
	}
	if err := c.Watch(ctx, games[proto.MaxWatches], 0); err != nil {
		t.Errorf("a watch after an unwatch: %v", err)
	}
}

// The watchers of an instance that died stop counting once its row is stale: the other
// instance's players are told so, with no help from the dead one.
func TestWatchersOfADeadInstanceStopCounting(t *testing.T) {
	clock, hubs, bases := lobbyHubs(t, Config{})
	ctx := testCtx(t)
	cfg := Config{WatchersEvery: time.Hour, AccountRate: 1000, AccountBurst: 1000}
	dying, base, stop := manualHub(t, clock, cfg)
	g, players, _ := pairBySeek(t, ctx, bases[:1], "10+5")
	w, _ := dial(t, ctx, base)
	if err := w.Watch(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		dying.room().spectators(ctx)
		hubs[0].room().spectators(ctx)
	}
	for _, p := range players {
		if got := drainWatchers(t, ctx, p, g); !slices.Equal(got, []int{1}) {
			t.Fatalf("a player with a watcher on the other instance: %v, want [1]", got)
		}
	}
	stop()
	clock.Add(10 * time.Second) // within 3 records of the dead instance's last
	hubs[0].room().spectators(ctx)
	if got := drainWatchers(t, ctx, players[0], g); len(got) != 0 {
		t.Errorf("red told %v before the dead instance's row went stale", got)
	}
	clock.Add(10 * time.Second)
	hubs[0].room().spectators(ctx)
	if got := drainWatchers(t, ctx, players[1], g); !slices.Equal(got, []int{0}) {
		t.Errorf("black after the instance died: %v, want [0]", got)
	}
}
