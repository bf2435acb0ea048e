package gui

import (
	"context"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/pgtest"
	"github.com/xqfyne/xiangqi/server/store"
)

// testDB is a throwaway PostgreSQL for the online screen's server; the tests that need it
// skip where there is none.
var testDB pgtest.DB

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &testDB)) }

// startServer runs an xqserver in the test process and returns its address.
func startServer(t *testing.T) string {
	t.Helper()
	return startServerWith(t, hub.Config{})
}

func startServerWith(t *testing.T, cfg hub.Config) string {
	t.Helper()
	url := testDB.Need(t)
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, url)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	cfg.Store, cfg.AccountRate, cfg.AccountBurst = st, 1000, 1000
	h := hub.New(cfg)
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; st.Close() })
	return srv.URL
}

// openOnline opens the Online screen of a new app window and signs in as a guest on
// server, by tapping.
func openOnline(t *testing.T, server string) (*Window, *playtest.UIQueue, *onlineScreen) {
	t.Helper()
	return openOnlineIn(t, t.TempDir(), server)
}

func openOnlineIn(t *testing.T, dir, server string) (*Window, *playtest.UIQueue, *onlineScreen) {
	t.Helper()
	w, q := openWindow(t, dir)
	t.Cleanup(func() {
		if w.online != nil {
			w.online.Close()
		}
	})
	for _, item := range w.moreItems() { // More → Play online
		if item.Label == tr("more.online") {
			item.Action()
		}
	}
	s := shown[*onlineScreen](t, w)
	test.Type(s.server, "") // focus; the field holds the default address
	s.server.SetText(server)
	test.Tap(s.useServer)
	test.Tap(s.signIn)
	q.WaitFor(t, 15*time.Second, "the sign-in", func() bool { return w.online.State() == online.Connected })
	if !strings.Contains(s.status.Text, "Guest ") || !strings.Contains(s.status.Text, "1500") {
		t.Errorf("status %q names no account and rating", s.status.Text)
	}
	return w, q, s
}

// openGame signs two apps in and pairs them by invite, by tapping; it returns them red first.
func openGame(t *testing.T, server string) (red, black *Window, redQ, blackQ *playtest.UIQueue, redS, blackS *onlineScreen) {
	t.Helper()
	wa, qa, a := openOnline(t, server)
	wb, qb, b := openOnline(t, server)
	test.Tap(a.invite)
	qa.WaitFor(t, 15*time.Second, "the invite code", func() bool { return wa.online.Lobby().InviteCode() != "" })
	test.Type(b.codeEntry, wa.online.Lobby().InviteCode())
	test.Tap(b.join)
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
	}{{wa, qa}, {wb, qb}} {
		p.q.WaitFor(t, 15*time.Second, "the game's start", func() bool {
			g := p.w.online.Current()
			return g != nil && g.Started()
		})
	}
	if wa.online.Current().Me == rules.Red {
		return wa, wb, qa, qb, a, b
	}
	return wb, wa, qb, qa, b, a
}

// The abandonment countdown: Black's app goes away; Red's status says so with the time
// until a claim, then offers the claim, and a tap on Claim win ends the game.
func TestOnlineAwayCountdownAndClaim(t *testing.T) {
	server := startServerWith(t, hub.Config{Grace: 1500 * time.Millisecond, SeenEvery: 100 * time.Millisecond, AwayAfter: time.Second})
	red, black, redQ, blackQ, redS, _ := openGame(t, server)
	// At once: the game's start records both players as connected, so one that drops
	// before the server's first periodic record is shown away all the same.
	black.online.Close()
	blackQ.Drain()
	redQ.WaitFor(t, 15*time.Second, "the countdown", func() bool {
		return strings.Contains(redS.gameStatus.Text, "Opponent away")
	})
	if need := redS.content.MinSize(); need.Height > 680 {
		t.Errorf("the countdown makes the game need %v: a 900x680 window grows", need)
	}
	if !redS.claimWin.Disabled() && !red.online.Current().CanClaim(time.Now()) {
		t.Error("a claim offered before its time")
	}
	redQ.WaitFor(t, 15*time.Second, "the claim offered", func() bool { return !redS.claimWin.Disabled() })
	if !strings.Contains(redS.gameStatus.Text, "Opponent away: claim now") {
		t.Errorf("status %q", redS.gameStatus.Text)
	}
	test.Tap(redS.claimWin)
	redQ.WaitFor(t, 15*time.Second, "the end", func() bool { g := red.online.Current(); return g == nil || g.Over() })
	if !strings.Contains(redS.gameStatus.Text, "Black left the game") {
		t.Errorf("status %q", redS.gameStatus.Text)
	}
}

// Two apps: one signs in and creates an invite, the other enters the code and joins, all
// by tapping; Red moves by tapping the board, both boards show it, the engine's help is
// off in both meanwhile; a draw offered and accepted by tapping ends the game in both
// libraries.
func TestOnlineInviteJoinAndMoveByTapping(t *testing.T) {
	server := startServer(t)
	wa, qa, a := openOnline(t, server)
	wb, qb, b := openOnline(t, server)

	test.Tap(a.invite)
	qa.WaitFor(t, 15*time.Second, "the invite code", func() bool { return wa.online.Lobby().InviteCode() != "" })
	code := wa.online.Lobby().InviteCode()
	if !strings.Contains(a.code.Text, code) {
		t.Errorf("the code label %q lacks %s", a.code.Text, code)
	}
	test.Tap(a.copyCode)
	if got := fyne.CurrentApp().Clipboard().Content(); got != code {
		t.Errorf("copied %q, want %q", got, code)
	}
	test.Type(b.codeEntry, code)
	test.Tap(b.join)
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
		s *onlineScreen
	}{{wa, qa, a}, {wb, qb, b}} {
		p.q.WaitFor(t, 15*time.Second, "the game's start", func() bool {
			g := p.w.online.Current()
			return g != nil && g.Started()
		})
		if !p.s.play.Visible() || p.s.lobby.Visible() {
			t.Error("the game is not shown")
		}
		if !p.w.Session().HelpLocked() || !p.w.game.nav.analyse.Disabled() || !p.w.game.hintBtn.Disabled() {
			t.Error("hint and analysis stay on during the online game")
		}
		if names := p.s.clocks.Text(rules.Red) + p.s.clocks.Text(rules.Black); strings.Count(names, "Guest ") != 2 || strings.Count(names, "(provisional)") != 2 {
			t.Errorf("the clocks name %q", names)
		}
	}
	red, redQ, redWin, black, blackQ, blackWin := a, qa, wa, b, qb, wb
	if wa.online.Current().Me == rules.Black {
		red, redQ, redWin, black, blackQ, blackWin = b, qb, wb, a, qa, wa
	}
	if !red.board.View().Pickable || black.board.View().Pickable || !black.board.View().Flipped {
		t.Errorf("red pickable %v, black pickable %v, black flipped %v",
			red.board.View().Pickable, black.board.View().Pickable, black.board.View().Flipped)
	}
	tapPoint(t, red.board, "h2")
	tapPoint(t, red.board, "e2")
	cannon := rules.MakePiece(rules.Red, rules.Cannon)
	e2 := sq(t, "e2")
	for _, p := range []struct {
		q *playtest.UIQueue
		s *onlineScreen
	}{{redQ, red}, {blackQ, black}} {
		p.q.WaitFor(t, 15*time.Second, "the move on the board", func() bool {
			return p.s.board.View().PieceAt(e2) == cannon
		})
	}
	if !black.board.View().Pickable || !strings.Contains(black.gameStatus.Text, "Your move") {
		t.Errorf("black: pickable %v, status %q", black.board.View().Pickable, black.gameStatus.Text)
	}
	if black.draw.Text != "Offer draw" || !black.decline.Disabled() {
		t.Errorf("black's draw button %q, decline enabled %v", black.draw.Text, !black.decline.Disabled())
	}
	test.Tap(black.draw)
	// Black turns to the game screen: its game ends while the Online screen is not shown.
	blackWin.screens.home()
	redQ.WaitFor(t, 15*time.Second, "the draw offer", func() bool { return red.draw.Text == "Accept draw" && !red.draw.Disabled() })
	if red.decline.Disabled() || !strings.Contains(red.gameStatus.Text, "Your opponent offers a draw") {
		t.Errorf("decline disabled %v, status %q", red.decline.Disabled(), red.gameStatus.Text)
	}
	test.Tap(red.draw)
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
	}{{redWin, redQ}, {blackWin, blackQ}} {
		p.q.WaitFor(t, 15*time.Second, "the game filed", func() bool { return len(p.w.io.library.List()) == 1 })
		if items := p.w.io.library.List(); items[0].Result != "1/2-1/2" || items[0].Plies != 1 {
			t.Errorf("library %+v", items)
		}
	}
	// Red's game, ended in view, opens in review on the game screen by itself, analysis on.
	redQ.WaitFor(t, 15*time.Second, "the review", func() bool { _, on := redWin.screens.top().(*gameScreen); return on })
	if g := redWin.Session().Game(); g.Ply() != 1 || g.Position().At(e2) != cannon {
		t.Errorf("the game screen shows ply %d, not the online game", g.Ply())
	}
	if redWin.Session().HelpLocked() || !redWin.Session().Analysis().On() || redWin.game.nav.review.Disabled() {
		t.Errorf("help locked %v, analysing %v after the online game", redWin.Session().HelpLocked(), redWin.Session().Analysis().On())
	}
	// Black comes back to the finished game later: it opens from the button.
	for _, item := range blackWin.moreItems() {
		if item.Label == tr("more.online") {
			item.Action()
		}
	}
	black = shown[*onlineScreen](t, blackWin)
	blackQ.Drain()
	if _, still := blackWin.screens.top().(*onlineScreen); !still || !strings.Contains(black.gameStatus.Text, "library") {
		t.Fatalf("the finished game is not shown to come back to: status %q", black.gameStatus.Text)
	}
	if black.review.Disabled() {
		t.Fatal("the finished game offers no review")
	}
	test.Tap(black.review)
	if _, still := blackWin.screens.top().(*onlineScreen); still {
		t.Error("the online screen stays over the reviewed game")
	}
	if g := blackWin.Session().Game(); g.Ply() != 1 || g.Position().At(e2) != cannon {
		t.Errorf("the game screen shows ply %d, not the online game", g.Ply())
	}
	if blackWin.Session().HelpLocked() || blackWin.game.nav.analyse.Disabled() || blackWin.game.nav.review.Disabled() {
		t.Error("analysis and review stay off in the finished online game")
	}
}

// Sign-in with a name and password, by tapping: a guest registers a name; another guest
// cannot take the same one; a wrong password is refused with a clear message, the right
// one signs in to the named account.
func TestOnlineRegisterAndLogIn(t *testing.T) {
	server := startServer(t)
	wa, qa, a := openOnline(t, server)
	if a.register.Disabled() {
		t.Fatal("a guest cannot register")
	}
	test.Type(a.name, "alice")
	test.Type(a.password, "secret-pass")
	test.Tap(a.register)
	qa.WaitFor(t, 15*time.Second, "the registration", func() bool { return wa.online.Account().Name == "alice" })
	if !strings.Contains(a.status.Text, "Signed in as alice") || !a.register.Disabled() {
		t.Errorf("status %q, register disabled %v", a.status.Text, a.register.Disabled())
	}

	wb, qb, b := openOnline(t, server)
	test.Type(b.name, "alice")
	test.Type(b.password, "other-pass")
	test.Tap(b.register)
	qb.WaitFor(t, 15*time.Second, "the refusal", func() bool { return wb.online.Err() != nil })
	if !strings.Contains(b.status.Text, "The name alice is taken") {
		t.Errorf("status %q", b.status.Text)
	}
	test.Tap(b.logIn) // alice with the wrong password
	qb.WaitFor(t, 15*time.Second, "the refusal", func() bool {
		return wb.online.State() == online.SignedOut && wb.online.Err() != nil
	})
	if !strings.Contains(b.status.Text, "Wrong name or password") {
		t.Errorf("status %q", b.status.Text)
	}
	guest := wb.online.Account().ID
	test.Tap(b.signIn) // the guest account is still this device's
	qb.WaitFor(t, 15*time.Second, "the guest back", func() bool { return wb.online.State() == online.Connected })
	if got := wb.online.Account(); got.ID != guest || got.Name != "" {
		t.Errorf("signed in again as %+v, want guest %d", got, guest)
	}
	b.password.SetText("secret-pass")
	test.Tap(b.logIn)
	qb.WaitFor(t, 15*time.Second, "the log-in", func() bool { return wb.online.State() == online.Connected })
	if got := wb.online.Account(); got.Name != "alice" || got.ID != wa.online.Account().ID {
		t.Errorf("logged in to %+v", got)
	}
	if !strings.Contains(b.status.Text, "Signed in as alice") || !b.register.Disabled() {
		t.Errorf("status %q", b.status.Text)
	}
}

// An app started again while its online game is in play signs in by itself: the engine's
// help is off before the Online screen is opened, and the game is there to resume.
func TestOnlineGameInPlayLocksHelpAfterARestart(t *testing.T) {
	server := startServer(t)
	dir := t.TempDir()
	wa, qa, a := openOnlineIn(t, dir, server)
	_, _, b := openOnline(t, server)
	test.Tap(a.invite)
	qa.WaitFor(t, 15*time.Second, "the invite code", func() bool { return wa.online.Lobby().InviteCode() != "" })
	test.Type(b.codeEntry, wa.online.Lobby().InviteCode())
	test.Tap(b.join)
	qa.WaitFor(t, 15*time.Second, "the game's start", func() bool {
		g := wa.online.Current()
		return g != nil && g.Started()
	})
	game := wa.online.Current().ID
	wa.online.Close() // the app goes, its game stays in play
	again, q := openWindow(t, dir)
	t.Cleanup(func() { again.online.Close() })
	if again.online == nil {
		t.Fatal("no sign-in at the start with a kept token")
	}
	q.WaitFor(t, 15*time.Second, "the game to resume", func() bool { return slices.Contains(again.online.Lobby().Resumable(), game) })
	if !again.Session().HelpLocked() || !again.game.hintBtn.Disabled() {
		t.Error("hint and analysis on while a game is in play")
	}
}

// Quick pairing by tapping: a seek shows its wait and can be cancelled; sought again, it
// meets the other app's seek and both games open.
func TestOnlineSeekWaitCancelAndPair(t *testing.T) {
	server := startServer(t)
	wa, qa, a := openOnline(t, server)
	wb, qb, b := openOnline(t, server)
	test.Tap(a.seek)
	qa.WaitFor(t, 15*time.Second, "the wait shown", func() bool {
		return strings.Contains(a.status.Text, "Waiting for an opponent (10+5): 0:0")
	})
	if !a.seek.Disabled() || a.cancel.Disabled() {
		t.Error("seek and cancel buttons while seeking")
	}
	test.Tap(a.cancel)
	if _, _, seeking := wa.online.Lobby().Seeking(); seeking || strings.Contains(a.status.Text, "Waiting") {
		t.Errorf("still seeking after Cancel: %q", a.status.Text)
	}
	test.Tap(a.seek)
	qa.WaitFor(t, 15*time.Second, "the seek", func() bool { return strings.Contains(a.status.Text, "Waiting") })
	test.Tap(b.seek)
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
		s *onlineScreen
	}{{wa, qa, a}, {wb, qb, b}} {
		p.q.WaitFor(t, 15*time.Second, "the pairing", func() bool {
			g := p.w.online.Current()
			return g != nil && g.Started() && p.s.play.Visible()
		})
	}
}

// A 读秒 game with three periods: both online clocks show the period's seconds and the
// periods left, and Red's count of periods goes down while Red thinks past a period.
func TestOnlineClocksShowByoyomiPeriods(t *testing.T) {
	server := startServer(t)
	wa, qa, _ := openOnline(t, server)
	wb, qb, b := openOnline(t, server)
	wa.online.Lobby().Invite("0+2bx3", false) // a control no preset has: a period of 2 s
	qa.WaitFor(t, 15*time.Second, "the invite code", func() bool { return wa.online.Lobby().InviteCode() != "" })
	test.Type(b.codeEntry, wa.online.Lobby().InviteCode())
	test.Tap(b.join)
	qb.WaitFor(t, 15*time.Second, "the game's start", func() bool {
		g := wb.online.Current()
		return g != nil && g.Started()
	})
	redClock := func() string { return b.clocks.Text(rules.Red) }
	if !strings.Contains(redClock(), "2 s · 3 periods") && !strings.Contains(redClock(), "1 s · 3 periods") {
		t.Errorf("red's clock %q", redClock())
	}
	qb.WaitFor(t, 15*time.Second, "a period used up", func() bool { return strings.Contains(redClock(), "· 2 periods") })
	if got := b.clocks.Text(rules.Black); !strings.Contains(got, "2 s · 3 periods") {
		t.Errorf("black's stopped clock %q", got)
	}
}
