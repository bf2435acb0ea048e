package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/pgtest"
	"github.com/xqfyne/xiangqi/server/proto"
)

var testDB pgtest.DB

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &testDB)) }

func openStore(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func guest(t testing.TB, s *Store) Account {
	t.Helper()
	a, _, err := s.Accounts().CreateGuest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// member is a new registered account (named in the table directly: a real registration
// costs a password hash).
func member(t testing.TB, s *Store) Account {
	t.Helper()
	a := guest(t, s)
	a.Name = fmt.Sprintf("member%d", a.ID)
	if _, err := s.pool.Exec(context.Background(), `UPDATE accounts SET name = $2, name_key = $2, password = 'none' WHERE id = $1`,
		a.ID, a.Name); err != nil {
		t.Fatal(err)
	}
	return a
}

// pair starts a game between two new accounts by seek and returns them as red and black:
// guests, or members for a rated game (guests play casual).
func pair(t testing.TB, s *Store, spec Spec, start time.Time) (id int64, red, black Account) {
	t.Helper()
	ctx := context.Background()
	a, b := guest(t, s), guest(t, s)
	if spec.Rated {
		a, b = member(t, s), member(t, s)
	}
	if id, err := s.Pairing().Seek(ctx, a.ID, spec, start); err != nil || id != 0 {
		t.Fatalf("first seek: game %d, %v; want it waiting", id, err)
	}
	id, err := s.Pairing().Seek(ctx, b.ID, spec, start)
	if err != nil || id == 0 {
		t.Fatalf("second seek: game %d, %v; want a game", id, err)
	}
	events, err := s.Events(ctx, id, 0)
	if err != nil || len(events) != 1 || events[0].Kind != proto.KindStart {
		t.Fatalf("start events %+v %v", events, err)
	}
	var st proto.StartData
	if err := events[0].Decode(&st); err != nil {
		t.Fatal(err)
	}
	if st.Red.ID == a.ID {
		return id, a, b
	}
	return id, b, a
}

func code(err error) string {
	var e *proto.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func endOf(t *testing.T, events []proto.Event) proto.EndData {
	t.Helper()
	last := events[len(events)-1]
	var end proto.EndData
	if last.Kind != proto.KindEnd {
		t.Fatalf("last event is %s, want end", last.Kind)
	}
	if err := last.Decode(&end); err != nil {
		t.Fatal(err)
	}
	return end
}

// ofGame keeps game's events: a sweep also ends the games other tests left.
func ofGame(events []proto.Event, game int64) []proto.Event {
	var kept []proto.Event
	for _, e := range events {
		if e.Game == game {
			kept = append(kept, e)
		}
	}
	return kept
}

var blitz = Spec{TimeControl: SeekControls()[0]}

// mateLine: red mates in three (the cannon lands on c9 behind the advisor, the black rook
// on e8 blocks its own king).
var mateLine = []string{"b2b4", "a9a8", "b4c4", "a8e8", "c4c9"}

func TestMovesAreCheckedAndJudged(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[1], Rated: true}, start)
	stranger := guest(t, s)
	refusals := []struct {
		who  Account
		ply  int
		move string
		want string
	}{
		{stranger, 0, "b2b4", proto.CodeNotPlayer},
		{black, 0, "b7b5", proto.CodeNotYourTurn},
		{red, 1, "b2b4", proto.CodeStale},
		{red, 0, "e0e2", proto.CodeIllegal},
		{red, 0, "zz", proto.CodeIllegal},
		{red, 0, "a0a0", proto.CodeIllegal},
	}
	for _, r := range refusals {
		if _, err := s.Round().Move(ctx, r.who.ID, id, r.ply, r.move, start, 0); code(err) != r.want {
			t.Errorf("%s at ply %d: got %v, want %s", r.move, r.ply, err, r.want)
		}
	}
	players := []Account{red, black}
	var events []proto.Event
	for i, mv := range mateLine {
		at := start.Add(time.Duration(i+1) * 2 * time.Second)
		got, err := s.Round().Move(ctx, players[i%2].ID, id, i, mv, at, 0)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, mv, err)
		}
		events = append(events, got...)
	}
	var first proto.MoveData
	if err := events[0].Decode(&first); err != nil {
		t.Fatal(err)
	}
	// Red thought 2 s of its 10 minutes and got 5 s back.
	if first.Clock.Red != 603000 || first.Clock.Black != 600000 || first.Ply != 1 || events[0].Seq != 2 {
		t.Errorf("first move event %+v seq %d; want red 603000 ms, black 600000 ms, ply 1, seq 2", first, events[0].Seq)
	}
	end := endOf(t, events)
	if end.Result != "1-0" || end.Reason != "reason.checkmate" || end.Text == "" || end.Red == nil || end.Red.After <= end.Red.Before {
		t.Errorf("end %+v, want red winning by checkmate with its rating up", end)
	}
	if _, err := s.Round().Move(ctx, black.ID, id, 5, "e9e8", start.Add(time.Minute), 0); code(err) != proto.CodeGameOver {
		t.Errorf("a move after the mate: %v, want %s", err, proto.CodeGameOver)
	}
	all, _ := s.Events(ctx, id, 0)
	for i, e := range all {
		if e.Seq != int64(i+1) {
			t.Fatalf("events numbered %d at %d", e.Seq, i)
		}
	}
	if len(all) != 7 {
		t.Errorf("%d events, want start, 5 moves and end", len(all))
	}
}

func TestTokensAndPasswords(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	a, token, err := s.Accounts().CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Accounts().Authenticate(ctx, token); err != nil || got.ID != a.ID {
		t.Fatalf("own token: %+v %v", got, err)
	}
	if _, err := s.Accounts().Authenticate(ctx, token+"x"); code(err) != proto.CodeUnauthenticated {
		t.Errorf("forged token: %v", err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE tokens SET used_at = now() - interval '91 days' WHERE hash = $1`, hashToken(token)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Accounts().Authenticate(ctx, token); code(err) != proto.CodeUnauthenticated {
		t.Errorf("a token unused for 91 days: %v", err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE tokens SET used_at = now() - interval '89 days' WHERE hash = $1`, hashToken(token)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Accounts().Authenticate(ctx, token); err != nil {
		t.Errorf("a token unused for 89 days: %v", err)
	}
	// That use kept it alive for another 90 days.
	var unused time.Duration
	if err := s.pool.QueryRow(ctx, `SELECT (extract(epoch FROM now() - used_at) * 1e9)::bigint FROM tokens WHERE hash = $1`, hashToken(token)).
		Scan(&unused); err != nil || unused > time.Minute {
		t.Errorf("a token's use was not recorded: unused for %v (%v)", unused, err)
	}
	name := "player" + token[:6]
	if err := s.Accounts().Register(ctx, a.ID, name, "short"); code(err) != proto.CodeBadRequest {
		t.Errorf("short password: %v", err)
	}
	if err := s.Accounts().Register(ctx, a.ID, name, "long enough"); err != nil {
		t.Fatal(err)
	}
	if err := s.Accounts().Register(ctx, guest(t, s).ID, name, "long enough"); code(err) != proto.CodeNameTaken {
		t.Errorf("taken name: %v", err)
	}
	if _, _, err := s.Accounts().Login(ctx, name, "wrong password", time.Now()); code(err) != proto.CodeUnauthenticated {
		t.Errorf("wrong password: %v", err)
	}
	b, token2, err := s.Accounts().Login(ctx, name, "long enough", time.Now())
	if err != nil || b.ID != a.ID || token2 == token {
		t.Errorf("login: %+v %v", b, err)
	}
}

func TestDrawOfferAndResign(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	if _, err := s.Round().AcceptDraw(ctx, black.ID, id, start); code(err) != proto.CodeNoOffer {
		t.Errorf("accepting no offer: %v", err)
	}
	if _, err := s.Round().OfferDraw(ctx, red.ID, id, start); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Round().AcceptDraw(ctx, red.ID, id, start); code(err) != proto.CodeNoOffer {
		t.Errorf("accepting one's own offer: %v", err)
	}
	events, err := s.Round().AcceptDraw(ctx, black.ID, id, start.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if end := endOf(t, events); end.Result != "1/2-1/2" || end.Reason != "reason.agreement" {
		t.Errorf("draw: %+v", end)
	}
	id, red, black = pair(t, s, blitz, start)
	events, err = s.Round().Resign(ctx, black.ID, id, start)
	if err != nil {
		t.Fatal(err)
	}
	if end := endOf(t, events); end.Result != "1-0" || end.Reason != "reason.resignation" {
		t.Errorf("resign: %+v", end)
	}
}

// Every way a game can end, tried at once and again: the game ends once and each rating
// moves once.
func TestEndingsApplyOnce(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
	late := start.Add(6 * time.Minute) // past red's 5 minutes
	var wg sync.WaitGroup
	var mu sync.Mutex
	ends := 0
	count := func(events []proto.Event, err error) {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range events {
			if e.Kind == proto.KindEnd && e.Game == id { // the sweeps end other tests' games too
				ends++
			}
		}
	}
	for range 3 {
		wg.Add(5)
		go func() { defer wg.Done(); count(s.Sweeper().SweepFlags(ctx, late)) }()
		go func() { defer wg.Done(); count(s.Sweeper().SweepAbandoned(ctx, late, time.Minute, testTogether)) }()
		go func() { defer wg.Done(); count(s.Round().Resign(ctx, red.ID, id, late)) }()
		go func() { defer wg.Done(); count(s.Round().Resign(ctx, black.ID, id, late)) }()
		go func() { defer wg.Done(); count(s.Round().Move(ctx, red.ID, id, 0, "b2b4", late, 0)) }()
	}
	wg.Wait()
	if ends != 1 {
		t.Errorf("%d end events, want 1", ends)
	}
	for _, a := range []Account{red, black} {
		if n, _, err := s.Sweeper().RatedGames(ctx, a.ID); err != nil || n != 1 {
			t.Errorf("account %d: %d rated games (%v), want 1", a.ID, n, err)
		}
	}
}

func TestFlagFallsWithoutAMove(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, _ := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
	if _, err := s.Round().Move(ctx, red.ID, id, 0, "b2b4", start.Add(time.Second), 0); err != nil {
		t.Fatal(err)
	}
	// Black has 5 minutes from red's move: not flagged a second early, flagged after.
	if events, err := s.Sweeper().SweepFlags(ctx, start.Add(5*time.Minute)); err != nil || len(ofGame(events, id)) != 0 {
		t.Fatalf("early sweep ended %d games (%v)", len(events), err)
	}
	events, err := s.Sweeper().SweepFlags(ctx, start.Add(5*time.Minute+2*time.Second))
	if events = ofGame(events, id); err != nil || len(events) != 1 {
		t.Fatalf("sweep: %+v %v", events, err)
	}
	if end := endOf(t, events); end.Result != "1-0" || end.Reason != "reason.time" || end.Clock.Black != 0 {
		t.Errorf("flag: %+v", end)
	}
	if n, rating, err := s.Sweeper().RatedGames(ctx, red.ID); err != nil || n != 1 || rating <= 1500 {
		t.Errorf("red after winning on time: %d rated games, rating %.1f (%v)", n, rating, err)
	}
}

func TestMoveAfterTheFlagLosesOnTime(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, _ := pair(t, s, blitz, start)
	events, err := s.Round().Move(ctx, red.ID, id, 0, "b2b4", start.Add(5*time.Minute+time.Millisecond), 0)
	if code(err) != proto.CodeTimeUp {
		t.Fatalf("late move: %v, want %s", err, proto.CodeTimeUp)
	}
	if end := endOf(t, events); end.Result != "0-1" || end.Reason != "reason.time" {
		t.Errorf("late move: %+v", end)
	}
}

func TestAbandonment(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, start.Add(50*time.Second)); err != nil {
		t.Fatal(err)
	}
	if events, err := s.Sweeper().SweepAbandoned(ctx, start.Add(59*time.Second), time.Minute, testTogether); err != nil || len(ofGame(events, id)) != 0 {
		t.Fatalf("within the grace: %d endings %v", len(events), err)
	}
	events, err := s.Sweeper().SweepAbandoned(ctx, start.Add(61*time.Second), time.Minute, testTogether)
	if events = ofGame(events, id); err != nil || len(events) != 1 {
		t.Fatalf("after the grace: %+v %v", events, err)
	}
	if end := endOf(t, events); end.Result != "1-0" || end.Reason != match.ReasonAbandoned {
		t.Errorf("abandonment: %+v (black %d left)", end, black.ID)
	}
}

func TestInvite(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	a, b := guest(t, s), guest(t, s)
	spec, err := ParseSpec("", "chinese", false, false)
	if err != nil {
		t.Fatal(err)
	}
	id, code1, err := s.Pairing().Invite(ctx, a.ID, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pairing().Join(ctx, a.ID, code1, time.Now()); code(err) != proto.CodeOwnGame {
		t.Errorf("joining one's own invite: %v", err)
	}
	if _, err := s.Pairing().Join(ctx, b.ID, "NOSUCHCODE", time.Now()); code(err) != proto.CodeNotFound {
		t.Errorf("unknown code: %v", err)
	}
	if got, err := s.Pairing().Join(ctx, b.ID, code1, time.Now()); err != nil || got != id {
		t.Fatalf("join: %d %v", got, err)
	}
	if _, err := s.Pairing().Join(ctx, guest(t, s).ID, code1, time.Now()); code(err) != proto.CodeGameOver {
		t.Errorf("a third player: %v", err)
	}
	events, _ := s.Events(ctx, id, 0)
	var st proto.StartData
	if err := events[0].Decode(&st); err != nil || st.Rules != "chinese" || st.TimeControl != "" {
		t.Errorf("start %+v %v", st, err)
	}
	if _, err := ParseSpec("7+2", "", true, true); code(err) != proto.CodeBadRequest {
		t.Errorf("a seek on 7+2: %v", err)
	}
	// 读秒 controls: the app's presets are seeks, any other an invite only.
	for _, c := range []string{"0+20b", "10+30b", "20+60b", "10+30bx3"} {
		if _, err := ParseSpec(c, "", true, true); err != nil {
			t.Errorf("a rated seek on %s: %v", c, err)
		}
	}
	if _, err := ParseSpec("3+15bx5", "", false, true); code(err) != proto.CodeBadRequest {
		t.Errorf("a seek on 3+15bx5: %v", err)
	}
	if spec, err := ParseSpec("3+15bx5", "", false, false); err != nil || spec.TimeControl.ByoyomiPeriods() != 5 {
		t.Errorf("an invite on 3+15bx5: %+v %v", spec, err)
	}
}

// A seek bounded to opponents rated 1400 at most passes over a new player (1500); the
// next seek without bounds pairs with the one waiting that takes it, not the older one.
func TestSeekRatingRange(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	now := time.Now()
	spec := Spec{TimeControl: SeekControls()[3], Rules: rules.RulesChinese} // no other test seeks 30+0 Chinese
	picky, plain, newcomer := guest(t, s), guest(t, s), guest(t, s)
	narrow := spec
	narrow.MaxRating = 1400
	if g, err := s.Pairing().Seek(ctx, picky.ID, narrow, now); err != nil || g != 0 {
		t.Fatalf("picky seek: %d %v", g, err)
	}
	if g, err := s.Pairing().Seek(ctx, plain.ID, spec, now); err != nil || g != 0 {
		t.Fatalf("plain seek matched the picky one: %d %v", g, err)
	}
	g, err := s.Pairing().Seek(ctx, newcomer.ID, spec, now)
	if err != nil || g == 0 {
		t.Fatalf("newcomer: %d %v", g, err)
	}
	events, _ := s.Events(ctx, g, 0)
	var st proto.StartData
	if err := events[0].Decode(&st); err != nil {
		t.Fatal(err)
	}
	if ids := [2]int64{st.Red.ID, st.Black.ID}; ids != [2]int64{plain.ID, newcomer.ID} && ids != [2]int64{newcomer.ID, plain.ID} {
		t.Errorf("paired %v, want the plain seeker %d and the newcomer %d", ids, plain.ID, newcomer.ID)
	}
	if err := s.Pairing().CancelSeek(ctx, picky.ID); err != nil {
		t.Fatal(err)
	}
}

// A move's network lag is given back to the mover's clock out of a quota: 1 s at first,
// 100 ms more each move, never above 2 s.
func TestLagAllowance(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0]}, start) // 5+3
	// Red thinks 2 s of which 300 ms were the network: charged 1.7 s.
	events, err := s.Round().Move(ctx, red.ID, id, 0, "b2b4", start.Add(2*time.Second), 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	var m proto.MoveData
	if err := events[0].Decode(&m); err != nil || m.Clock.Red != 300000-1700+3000 || m.Lag != 300 {
		t.Errorf("first move %+v %v; want red 301300 ms, lag 300", m, err)
	}
	// Black claims 5 s of lag: it gets its quota, 1 s.
	events, err = s.Round().Move(ctx, black.ID, id, 1, "a9a8", start.Add(12*time.Second), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := events[0].Decode(&m); err != nil || m.Clock.Black != 300000-9000+3000 || m.Lag != 1000 {
		t.Errorf("second move %+v %v; want black 294000 ms, lag 1000", m, err)
	}
	// Red's quota is now 1000-300+100 = 800 ms.
	events, err = s.Round().Move(ctx, red.ID, id, 2, "b4c4", start.Add(15*time.Second), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := events[0].Decode(&m); err != nil || m.Lag != 800 {
		t.Errorf("third move %+v %v; want lag 800", m, err)
	}
	if given, after := lagAllowance(time.Second, lagQuotaMax); given != time.Second || after != lagQuotaMax-time.Second+lagQuotaGain {
		t.Errorf("lagAllowance(1s, max) = %v, %v", given, after)
	}
	if _, after := lagAllowance(0, lagQuotaMax); after != lagQuotaMax {
		t.Errorf("the quota grew past its cap: %v", after)
	}
}

func TestTakeback(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	at := func(seconds int) time.Time { return start.Add(time.Duration(seconds) * time.Second) }
	id, red, black := pair(t, s, blitz, start) // casual, 5+3
	if _, err := s.Round().Move(ctx, red.ID, id, 0, "b2b4", at(1), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Round().OfferTakeback(ctx, black.ID, id, at(2)); code(err) != proto.CodeBadRequest {
		t.Errorf("black, with no move made, asks for a takeback: %v", err)
	}
	if _, err := s.Round().OfferTakeback(ctx, red.ID, id, at(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Round().AcceptTakeback(ctx, red.ID, id, at(2)); code(err) != proto.CodeNoOffer {
		t.Errorf("accepting one's own request: %v", err)
	}
	if _, err := s.Round().DeclineTakeback(ctx, black.ID, id, at(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Round().OfferTakeback(ctx, red.ID, id, at(2)); err != nil {
		t.Fatal(err)
	}
	events, err := s.Round().AcceptTakeback(ctx, black.ID, id, at(3))
	if err != nil {
		t.Fatal(err)
	}
	var tb proto.TakebackData
	if err := events[0].Decode(&tb); err != nil || events[0].Kind != proto.KindTakeback || tb.Ply != 0 ||
		tb.Clock.Red != 302000 || tb.Clock.Black != 298000 {
		t.Errorf("takeback %+v %v; want ply 0, red 302000 ms (1 s used, 3 s back), black 298000 ms", tb, err)
	}
	if _, err := s.Round().Move(ctx, black.ID, id, 0, "b7b5", at(4), 0); code(err) != proto.CodeNotYourTurn {
		t.Errorf("black moving after the takeback: %v", err)
	}
	if _, err := s.Round().Move(ctx, red.ID, id, 0, "h2e2", at(4), 0); err != nil {
		t.Errorf("red's new first move: %v", err)
	}
	if _, err := s.Round().Move(ctx, black.ID, id, 1, "h9g7", at(5), 0); err != nil {
		t.Errorf("black's reply: %v", err)
	}
	// Red is to move: its takeback undoes black's reply and its own move.
	if _, err := s.Round().OfferTakeback(ctx, red.ID, id, at(6)); err != nil {
		t.Fatal(err)
	}
	if events, err = s.Round().AcceptTakeback(ctx, black.ID, id, at(6)); err != nil || events[0].Decode(&tb) != nil || tb.Ply != 0 {
		t.Errorf("two plies back: %+v %v", tb, err)
	}
	rid, rred, _ := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
	if _, err := s.Round().Move(ctx, rred.ID, rid, 0, "b2b4", at(1), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Round().OfferTakeback(ctx, rred.ID, rid, at(2)); code(err) != proto.CodeBadRequest {
		t.Errorf("a takeback in a rated game: %v", err)
	}
}

// A deadline stored early (by a rounding) ends nothing and stops no sweep: it is moved,
// and the flag falls when the time is really up.
func TestEarlyDeadlineIsMoved(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := dbTime(time.Now())
	id, _, _ := pair(t, s, blitz, start)
	if _, err := s.pool.Exec(ctx, `UPDATE games SET deadline = deadline - interval '1 second' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	events, err := s.Sweeper().SweepFlags(ctx, start.Add(5*time.Minute-500*time.Millisecond))
	if err != nil || len(ofGame(events, id)) != 0 {
		t.Fatalf("early sweep: %+v %v", ofGame(events, id), err)
	}
	events, err = s.Sweeper().SweepFlags(ctx, start.Add(5*time.Minute))
	if events = ofGame(events, id); err != nil || len(events) != 1 {
		t.Fatalf("sweep at the flag: %+v %v", events, err)
	}
}

// The start event shows each player as the lobby does (Account.Public): a new guest's
// rating is provisional in both.
func TestStartShowsPlayersAsTheLobby(t *testing.T) {
	s := openStore(t)
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0]}, time.Now())
	events, err := s.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var st proto.StartData
	if err := events[0].Decode(&st); err != nil {
		t.Fatal(err)
	}
	if st.Red != red.Public() || st.Black != black.Public() || !st.Red.Provisional || !st.Black.Provisional {
		t.Errorf("start shows %+v and %+v, the lobby %+v and %+v", st.Red, st.Black, red.Public(), black.Public())
	}
}
