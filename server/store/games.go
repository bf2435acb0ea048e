package store

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Spec is what a seek or invite asks for.
type Spec struct {
	TimeControl match.TimeControl
	Rules       rules.RuleSet
	Rated       bool
	// FEN is the start position ("" for the standard one); only invites may set it.
	FEN string
	// MinRating and MaxRating bound a seek's opponent's rating (0: no bound).
	MinRating, MaxRating int
}

// SeekControls are the time controls a seek may ask for: the app's timed presets,
// Fischer and 读秒 (byo-yomi).
func SeekControls() []match.TimeControl { return match.TimeControls()[1:] }

// ParseSpec reads a request's time control, rules and rated flag. Seeks need one of the
// app's timed presets; an invite may be untimed ("") or any control ParseTimeControl takes.
func ParseSpec(tc, ruleSet string, rated, seek bool) (Spec, error) {
	control, err := match.ParseTimeControl(tc)
	if err != nil {
		return Spec{}, proto.Errorf(proto.CodeBadRequest, err.Error())
	}
	if seek {
		ok := false
		for _, c := range SeekControls() {
			ok = ok || c == control
		}
		if !ok {
			names := make([]string, 0, len(SeekControls()))
			for _, c := range SeekControls() {
				names = append(names, c.String())
			}
			return Spec{}, proto.Errorf(proto.CodeBadRequest, "a seek is for one of "+strings.Join(names, ", "))
		}
	}
	r := rules.RulesAsian
	if ruleSet != "" {
		if r, err = rules.ParseRuleSet(ruleSet); err != nil {
			return Spec{}, proto.Errorf(proto.CodeBadRequest, err.Error())
		}
	}
	if rated && !control.Timed() {
		return Spec{}, proto.Errorf(proto.CodeBadRequest, "a rated game has a time control")
	}
	return Spec{TimeControl: control, Rules: r, Rated: rated}, nil
}

// dbTime is t as the database stores it (microseconds, no monotonic reading), so that a
// clock charged from a stored time and a given one counts whole microseconds.
func dbTime(t time.Time) time.Time { return t.Truncate(time.Microsecond) }

// sideName is a colour as the protocol and the database write it.
func sideName(c rules.Color) string {
	if c == rules.Black {
		return "black"
	}
	return "red"
}

// gameRow is a game's row, read under its lock.
type gameRow struct {
	id             int64
	red, black     *int64
	status         string
	ruleSet        string
	rated          bool
	startFEN       string
	baseMS, incMS  int64
	redMS, blackMS int64 // main time left, as of turnSince
	// byoMS and periods are the 读秒 control (0 without); periodsLeft and usedMS are each
	// player's periods left and time used of its current period, as of turnSince.
	byoMS, periods     int64
	periodsLeft        [2]int
	usedMS             [2]int64
	turnSince          *time.Time
	ply                int
	version            int64
	drawOffer          *string
	redSeen, blackSeen *time.Time
	lagQuotaMS         [2]int64 // by colour
	takebackOffer      *string
	// claimAt is, by colour, when the opponent may claim the game because that player
	// is away (nil while it is connected).
	claimAt [2]*time.Time
	// moves are the game's moves when lockGame read them with the row (nil otherwise).
	moves *[]string
}

const gameColumns = `id, red, black, status, rules, rated, start_fen, base_ms, increment_ms, red_ms, black_ms,
	turn_since, ply, version, draw_offer,
	(SELECT seen FROM presence WHERE account_id = games.red), (SELECT seen FROM presence WHERE account_id = games.black),
	red_lag_ms, black_lag_ms, takeback_offer,
	red_claim_at, black_claim_at, byoyomi_ms, periods, red_periods, black_periods, red_used_ms, black_used_ms`

func (r *gameRow) scan(row pgx.Row) error {
	return row.Scan(&r.id, &r.red, &r.black, &r.status, &r.ruleSet, &r.rated, &r.startFEN, &r.baseMS, &r.incMS,
		&r.redMS, &r.blackMS, &r.turnSince, &r.ply, &r.version, &r.drawOffer, &r.redSeen, &r.blackSeen,
		&r.lagQuotaMS[rules.Red], &r.lagQuotaMS[rules.Black], &r.takebackOffer, &r.claimAt[rules.Red], &r.claimAt[rules.Black],
		&r.byoMS, &r.periods, &r.periodsLeft[rules.Red], &r.periodsLeft[rules.Black], &r.usedMS[rules.Red], &r.usedMS[rules.Black])
}

// The lag allowance, lichess's way: the time a move spent on the network (half the
// socket's measured round trip) is given back to the mover's clock, out of a quota that
// starts at lagQuotaStart, grows by lagQuotaGain a move and holds at most lagQuotaMax,
// so that a player who claims a slow line cannot buy time with it.
const (
	lagQuotaStart = 1000 * time.Millisecond // also the columns' default (migration 4)
	lagQuotaGain  = 100 * time.Millisecond
	lagQuotaMax   = 2000 * time.Millisecond
)

// lagAllowance returns the time given back for a move with network lag lag out of quota
// left, and the quota after the move.
func lagAllowance(lag, quota time.Duration) (given, after time.Duration) {
	given = max(min(lag, quota), 0)
	return given, min(quota-given+lagQuotaGain, lagQuotaMax)
}

// lockGame reads game id and locks its row until the transaction ends, with its moves
// (see movesOf) read in the same round trip: the moves are read after the lock is held,
// so they are the ones the row's version counts.
func lockGame(ctx context.Context, tx *txn, id int64) (*gameRow, error) {
	r := &gameRow{}
	b := &pgx.Batch{}
	b.Queue(`SELECT `+gameColumns+` FROM games WHERE id = $1 FOR UPDATE`, id).QueryRow(func(row pgx.Row) error { return r.scan(row) })
	b.Queue(movesQuery, id).Query(func(rows pgx.Rows) error {
		moves, err := readMoves(rows, id)
		r.moves = &moves
		return err
	})
	err := tx.SendBatch(ctx, b).Close()
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, proto.Errorf(proto.CodeNotFound, fmt.Sprintf("there is no game %d", id))
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// lockPlayed locks game id as lockGame does and checks that account plays in it (see
// player), returning the row and account's colour.
func lockPlayed(ctx context.Context, tx *txn, id, account int64) (*gameRow, rules.Color, error) {
	r, err := lockGame(ctx, tx, id)
	if err != nil {
		return nil, rules.Red, err
	}
	side, err := r.player(account)
	return r, side, err
}

func (r *gameRow) timeControl() match.TimeControl {
	return match.TimeControl{Base: time.Duration(r.baseMS) * time.Millisecond, Increment: time.Duration(r.incMS) * time.Millisecond,
		Byoyomi: time.Duration(r.byoMS) * time.Millisecond, Periods: int(r.periods)}
}

// sideOf returns the colour account plays in the game, if any.
func (r *gameRow) sideOf(account int64) (rules.Color, bool) {
	switch {
	case r.red != nil && *r.red == account:
		return rules.Red, true
	case r.black != nil && *r.black == account:
		return rules.Black, true
	}
	return rules.Red, false
}

// player checks that account plays in the running game and returns its colour.
func (r *gameRow) player(account int64) (rules.Color, error) {
	side, ok := r.sideOf(account)
	if !ok {
		return side, proto.Errorf(proto.CodeNotPlayer, "only the game's players may do that")
	}
	if r.status != "playing" {
		return side, proto.Errorf(proto.CodeGameOver, "the game is not being played")
	}
	return side, nil
}

// instant is the time source of a match rebuilt for one action: the time is set by hand
// (the turn's start, then the server's receipt) and no flag timer ever fires, since the
// sweeper finds flags.
type instant struct{ now time.Time }

func (i *instant) Now() time.Time { return i.now }
func (i *instant) AfterFunc(time.Duration, func()) (stop func() bool) {
	return func() bool { return false }
}

// match rebuilds the game from its move events as a match.Match whose clock has run since
// turn_since; the caller then sets clock.now to the moment of the action.
func (s *Store) match(ctx context.Context, tx *txn, r *gameRow, clock *instant) (*match.Match, error) {
	g, err := game.New(r.startFEN)
	if err != nil {
		return nil, fmt.Errorf("game %d: start position: %v", r.id, err)
	}
	ruleSet, err := rules.ParseRuleSet(r.ruleSet)
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", r.id, err)
	}
	g.SetRules(ruleSet)
	var moves []string
	if r.moves != nil {
		moves = *r.moves
	} else if moves, err = movesOf(ctx, tx, r.id); err != nil {
		return nil, err
	}
	for i, text := range moves {
		mv, err := rules.ParseMove(text)
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("game %d: stored move %d %q: %v", r.id, i+1, text, err)
		}
	}
	left := [2]match.SideClock{}
	for side, main := range [2]int64{rules.Red: r.redMS, rules.Black: r.blackMS} {
		left[side] = match.SideClock{Main: time.Duration(main) * time.Millisecond, Periods: r.periodsLeft[side],
			Used: time.Duration(r.usedMS[side]) * time.Millisecond}
	}
	if r.turnSince != nil {
		clock.now = *r.turnSince
	}
	m := match.NewMatch(g, r.timeControl(), &left, clock, func(func()) {})
	m.RunClock(r.status != "playing" || r.turnSince == nil)
	return m, nil
}

// matchAt rebuilds the game as match does, its clock then set to now.
func (s *Store) matchAt(ctx context.Context, tx *txn, r *gameRow, now time.Time) (*match.Match, error) {
	clock := &instant{}
	m, err := s.match(ctx, tx, r, clock)
	clock.now = now
	return m, err
}

// movesQuery reads a game's move and takeback events in order.
const movesQuery = `SELECT kind, data FROM events WHERE game_id = $1 AND kind IN ('move', 'takeback') ORDER BY seq`

// movesOf returns the game's moves as played: its move events, less those a takeback
// event took back.
func movesOf(ctx context.Context, tx *txn, game int64) ([]string, error) {
	rows, err := tx.Query(ctx, movesQuery, game)
	if err != nil {
		return nil, err
	}
	return readMoves(rows, game)
}

// readMoves reads the rows of movesQuery into the moves as played.
func readMoves(rows pgx.Rows, game int64) ([]string, error) {
	var moves []string
	var kind string
	var data []byte
	_, err := pgx.ForEachRow(rows, []any{&kind, &data}, func() error {
		if kind == proto.KindTakeback {
			var tb proto.TakebackData
			if err := json.Unmarshal(data, &tb); err != nil || tb.Ply < 0 || tb.Ply > len(moves) {
				return fmt.Errorf("game %d: a takeback to ply %d of %d (%v)", game, tb.Ply, len(moves), err)
			}
			moves = moves[:tb.Ply]
			return nil
		}
		var m proto.MoveData
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("game %d: a move event: %v", game, err)
		}
		moves = append(moves, m.Move)
		return nil
	})
	return moves, err
}

// clockOf is the match's clocks now, as the events tell them.
func clockOf(m *match.Match) proto.Clock {
	return protoClock(m.TimeControl(), [2]match.SideClock{m.Clock(rules.Red), m.Clock(rules.Black)})
}

// protoClock is the two sides' clocks on tc as the events tell them: main time left and,
// in 读秒, the periods left and what is left of the current one.
func protoClock(tc match.TimeControl, sides [2]match.SideClock) proto.Clock {
	red, black := sides[rules.Red], sides[rules.Black]
	c := proto.Clock{Red: max(red.Main, 0).Milliseconds(), Black: max(black.Main, 0).Milliseconds()}
	if tc.IsByoyomi() {
		c.RedPeriods, c.BlackPeriods = red.Periods, black.Periods
		if red.Left(tc) == 0 {
			c.RedPeriods = 0 // the last period is over: the flag fell
		}
		if black.Left(tc) == 0 {
			c.BlackPeriods = 0
		}
		c.RedPeriod, c.BlackPeriod = red.PeriodLeft(tc).Milliseconds(), black.PeriodLeft(tc).Milliseconds()
	}
	return c
}

// clockSet is the SQL that stores the match's clocks now in the game's row (assignments
// whose parameters are numbered from $n) and their values.
func clockSet(m *match.Match, n int) (string, []any) {
	red, black := m.Clock(rules.Red), m.Clock(rules.Black)
	return fmt.Sprintf("red_ms = $%d, black_ms = $%d, red_periods = $%d, black_periods = $%d, red_used_ms = $%d, black_used_ms = $%d",
			n, n+1, n+2, n+3, n+4, n+5),
		[]any{max(red.Main, 0).Milliseconds(), max(black.Main, 0).Milliseconds(), red.Periods, black.Periods,
			red.Used.Milliseconds(), black.Used.Milliseconds()}
}

// flagAt is when side's flag falls if it does not move, its clock running from from;
// nil in an untimed game.
func flagAt(m *match.Match, side rules.Color, from time.Time) *time.Time {
	if !m.TimeControl().Timed() {
		return nil
	}
	d := from.Add(m.Clock(side).Left(m.TimeControl()))
	return &d
}

// appendEvent numbers and stores the game's next event and queues its notification,
// sent once the transaction has committed.
func appendEvent(ctx context.Context, tx *txn, r *gameRow, kind string, data any) (proto.Event, error) {
	return appendEventSetting(ctx, tx, r, kind, data, "")
}

// appendEventSetting is appendEvent that also sets the game row's columns as set says
// (assignments whose parameters $1, $2, ... are args), in the same statement: one round
// trip to the database instead of two.
func appendEventSetting(ctx context.Context, tx *txn, r *gameRow, kind string, data any, set string, args ...any) (proto.Event, error) {
	r.version++
	e, err := proto.NewEvent(r.id, r.version, kind, data)
	if err != nil {
		return e, err
	}
	if set != "" {
		set = ", " + set
	}
	n := len(args)
	all := append(args, r.id, r.version, kind, e.Data)
	if _, err := tx.Exec(ctx, fmt.Sprintf(`WITH e AS (INSERT INTO events (game_id, seq, kind, data) VALUES ($%d, $%d, $%d, $%d))
		UPDATE games SET version = $%d`+set+` WHERE id = $%d`, n+1, n+2, n+3, n+4, n+2, n+1), all...); err != nil {
		return e, err
	}
	return e, notifyEvent(ctx, tx, e)
}

// maxPayload keeps a notification under PostgreSQL's 8000-byte limit; a larger event is
// announced by number only and read from the table.
const maxPayload = 7900

func notifyEvent(ctx context.Context, tx *txn, e proto.Event) error {
	payload, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if len(payload) > maxPayload {
		payload, _ = json.Marshal(proto.Event{Game: e.Game, Seq: e.Seq})
	}
	tx.notify(ChannelGame, string(payload))
	return nil
}

// Ending is how a game ended, for the end event.
type ending struct {
	result  game.Result
	reason  string // the reason's catalog key
	text    string // the result in English
	verdict string
}

func (s *Store) english(m i18n.Message) string { return s.catalogs.Text(i18n.English, m) }

// endingOf describes the match's result.
func (s *Store) endingOf(m *match.Match) ending {
	res := m.Result()
	e := ending{result: res, reason: res.Reason.Message().Key, text: s.english(res.Message())}
	if v, ok := m.Game().RepetitionVerdict(); ok {
		e.verdict = s.english(v.Message())
	}
	return e
}

// finish ends the game: the row is marked over with its result (only a game still being
// played can end, so an ending applies once), ratings move in a rated game, and the end
// event is appended.
func (s *Store) finish(ctx context.Context, tx *txn, r *gameRow, end ending, clock proto.Clock) (proto.Event, error) {
	var at time.Time // the database's time of the ending transaction
	err := tx.QueryRow(ctx, `UPDATE games SET status = 'over', result = $2, reason = $3, verdict = NULLIF($4, ''),
		red_ms = $5, black_ms = $6, deadline = NULL, turn_since = NULL, draw_offer = NULL
		WHERE id = $1 AND status = 'playing' RETURNING now()`, r.id, end.result.PGN(), end.reason, end.verdict, clock.Red, clock.Black).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return proto.Event{}, proto.Errorf(proto.CodeGameOver, "the game has already ended")
	}
	if err != nil {
		return proto.Event{}, err
	}
	r.status = "over"
	data := proto.EndData{Result: end.result.PGN(), Reason: end.reason, Text: end.text, Verdict: end.verdict, Clock: clock, At: at.UTC()}
	if r.rated {
		if data.Red, data.Black, err = s.rate(ctx, tx, r, end.result); err != nil {
			return proto.Event{}, err
		}
	}
	return appendEvent(ctx, tx, r, proto.KindEnd, data)
}

// rate moves both players' ratings by the game's result, in the ending's transaction.
// The rating_changes row, keyed by game, makes a second change of the same game fail.
func (s *Store) rate(ctx context.Context, tx *txn, r *gameRow, res game.Result) (*proto.RatingChange, *proto.RatingChange, error) {
	first, second := *r.red, *r.black
	if second < first { // lock accounts in one order everywhere, so two endings cannot deadlock
		first, second = second, first
	}
	ratings := map[int64]glicko.Rating{}
	for _, id := range []int64{first, second} {
		var g glicko.Rating
		if err := tx.QueryRow(ctx, `SELECT rating, deviation, volatility FROM accounts WHERE id = $1 FOR UPDATE`, id).
			Scan(&g.Rating, &g.Deviation, &g.Volatility); err != nil {
			return nil, nil, err
		}
		ratings[id] = g
	}
	scoreRed := 0.5
	switch res.Status {
	case game.RedWins:
		scoreRed = 1
	case game.BlackWins:
		scoreRed = 0
	}
	redBefore, blackBefore := ratings[*r.red], ratings[*r.black]
	redAfter, blackAfter, err := glicko.Game(redBefore, blackBefore, scoreRed, s.tau)
	if err != nil {
		return nil, nil, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO rating_changes (game_id, red_before, red_after, black_before, black_after)
		VALUES ($1, $2, $3, $4, $5)`, r.id, redBefore.Rating, redAfter.Rating, blackBefore.Rating, blackAfter.Rating); err != nil {
		return nil, nil, err
	}
	for id, g := range map[int64]glicko.Rating{*r.red: redAfter, *r.black: blackAfter} {
		if _, err := tx.Exec(ctx, `UPDATE accounts SET rating = $2, deviation = $3, volatility = $4, rated_games = rated_games + 1
			WHERE id = $1`, id, g.Rating, g.Deviation, g.Volatility); err != nil {
			return nil, nil, err
		}
	}
	return &proto.RatingChange{Before: redBefore.Rating, After: redAfter.Rating},
		&proto.RatingChange{Before: blackBefore.Rating, After: blackAfter.Rating}, nil
}

// Move plays move text for account in game at ply, as received by the server at receipt
// over a socket whose one-way lag is lag: the game row is locked, the player, turn, ply
// and clock checked, the move judged by the game's rules, and the move event (and the end
// event when it ended the game) appended, all in one transaction. The mover's clock is
// charged up to the receipt less the lag allowance (see lagQuotaStart). A mover whose
// time had run out loses on time instead: the game ends and the move is refused with
// CodeTimeUp.
func (s *Store) Move(ctx context.Context, account, gameID int64, ply int, text string, receipt time.Time, lag time.Duration) ([]proto.Event, error) {
	var events []proto.Event
	var refusal error
	receipt = dbTime(receipt)
	err := s.inTx(ctx, func(tx *txn) error {
		events, refusal = nil, nil
		r, side, err := lockPlayed(ctx, tx, gameID, account)
		if err != nil {
			return err
		}
		clock := &instant{}
		m, err := s.match(ctx, tx, r, clock)
		if err != nil {
			return err
		}
		// The ply first: a player whose earlier try was applied, its answer lost, hears
		// that the game moved on rather than that it is not its turn.
		if ply != r.ply {
			return proto.Errorf(proto.CodeStale, fmt.Sprintf("the move was made at ply %d but the game is at ply %d", ply, r.ply))
		}
		if m.ToMove() != side {
			return proto.Errorf(proto.CodeNotYourTurn, "it is the other side's move")
		}
		mv, err := rules.ParseMove(text)
		if err != nil {
			return proto.Errorf(proto.CodeIllegal, err.Error())
		}
		if !m.Game().Position().IsLegal(mv) {
			return proto.Errorf(proto.CodeIllegal, fmt.Sprintf("%s is not a legal move here", text))
		}
		if events, err = present(ctx, tx, r, side); err != nil {
			return err
		}
		given, quota := lagAllowance(lag, time.Duration(r.lagQuotaMS[side])*time.Millisecond)
		clock.now = receipt.Add(-given)
		if r.turnSince != nil && clock.now.Before(*r.turnSince) {
			clock.now, given = *r.turnSince, receipt.Sub(*r.turnSince)
		}
		if err := m.Play(mv); err != nil {
			if !m.Result().Decided() {
				return proto.Errorf(proto.CodeIllegal, err.Error())
			}
			// The flag fell before the move: the game ends on time, the move is refused.
			end, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
			events = append(events, end)
			refusal = proto.Errorf(proto.CodeTimeUp, "your time had run out; the game ended on time")
			return err
		}
		r.ply++
		c := clockOf(m)
		lagQuota := "red_lag_ms"
		if side == rules.Black {
			lagQuota = "black_lag_ms"
		}
		clocks, clockArgs := clockSet(m, 5)
		e, err := appendEventSetting(ctx, tx, r, proto.KindMove, proto.MoveData{Ply: r.ply, Move: mv.String(), Side: sideName(side), Clock: c,
			Lag: given.Milliseconds()},
			`ply = $1, turn_since = $2, deadline = $3, draw_offer = NULL, takeback_offer = NULL, `+lagQuota+` = $4, `+clocks,
			append([]any{r.ply, receipt, flagAt(m, side.Opponent(), receipt), quota.Milliseconds()}, clockArgs...)...)
		if err != nil {
			return err
		}
		events = append(events, e)
		if m.Result().Decided() {
			end, err := s.finish(ctx, tx, r, s.endingOf(m), c)
			events = append(events, end)
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return events, refusal
}

// Resign ends the game as a loss for account.
func (s *Store) Resign(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if err := m.Resign(side); err != nil {
			return nil, proto.Errorf(proto.CodeGameOver, err.Error())
		}
		e, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
		return []proto.Event{e}, err
	})
}

// OfferDraw offers a draw to the opponent; when the opponent had already offered one,
// the game is drawn.
func (s *Store) OfferDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if offeredBy(r.drawOffer, side.Opponent()) {
			return s.agreeDraw(ctx, tx, r, m)
		}
		if r.drawOffer != nil {
			return nil, proto.Errorf(proto.CodeBadRequest, "you have already offered a draw")
		}
		by := sideName(side)
		return setOffer(ctx, tx, r, "draw_offer", &by, proto.KindDrawOffer, side)
	})
}

// AcceptDraw accepts the opponent's draw offer.
func (s *Store) AcceptDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return s.agreeDraw(ctx, tx, r, m)
	})
}

// DeclineDraw declines the opponent's draw offer.
func (s *Store) DeclineDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return setOffer(ctx, tx, r, "draw_offer", nil, proto.KindDrawDecline, side)
	})
}

// OfferTakeback asks the opponent, in a casual game, to take back account's last move
// (and the opponent's reply to it, when there is one).
func (s *Store) OfferTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if r.rated {
			return nil, proto.Errorf(proto.CodeBadRequest, "moves are taken back only in casual games")
		}
		if r.ply < takebackPlies(m, side) {
			return nil, proto.Errorf(proto.CodeBadRequest, "you have no move to take back")
		}
		if r.takebackOffer != nil {
			return nil, proto.Errorf(proto.CodeBadRequest, "a takeback is already asked for")
		}
		by := sideName(side)
		return setOffer(ctx, tx, r, "takeback_offer", &by, proto.KindTakebackOffer, side)
	})
}

// offeredBy reports whether offer (a game's draw or takeback offer) is side's.
func offeredBy(offer *string, side rules.Color) bool {
	return offer != nil && *offer == sideName(side)
}

// setOffer sets column (draw_offer or takeback_offer) to by, the name of the side whose
// offer is pending, or to NULL when by is nil; side's event of kind tells the players.
func setOffer(ctx context.Context, tx *txn, r *gameRow, column string, by *string, kind string, side rules.Color) ([]proto.Event, error) {
	if _, err := tx.Exec(ctx, `UPDATE games SET `+column+` = $2 WHERE id = $1`, r.id, by); err != nil {
		return nil, err
	}
	e, err := appendEvent(ctx, tx, r, kind, proto.SideData{Side: sideName(side)})
	return []proto.Event{e}, err
}

// takebackPlies is how many plies taking back side's last move undoes: its move, and
// the opponent's reply when side is to move.
func takebackPlies(m *match.Match, side rules.Color) int {
	if m.ToMove() == side {
		return 2
	}
	return 1
}

// AcceptTakeback takes back the opponent's last move as it asked: the game returns to
// the position before it, the clocks keep the time used, and the side to move's clock
// runs from now.
func (s *Store) AcceptTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		asker := side.Opponent()
		if !offeredBy(r.takebackOffer, asker) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not asked to take a move back")
		}
		target := r.ply - takebackPlies(m, asker)
		c := clockOf(m) // charged up to now
		moves := m.Game().Moves()[:target]
		g, err := game.New(r.startFEN)
		if err != nil {
			return nil, err
		}
		for _, mv := range moves {
			if err := g.Play(mv); err != nil {
				return nil, err
			}
		}
		clocks, clockArgs := clockSet(m, 5)
		if _, err := tx.Exec(ctx, `UPDATE games SET ply = $2, turn_since = $3, deadline = $4,
			takeback_offer = NULL, draw_offer = NULL, `+clocks+` WHERE id = $1`,
			append([]any{r.id, target, now, flagAt(m, g.SideToMove(), now)}, clockArgs...)...); err != nil {
			return nil, err
		}
		r.ply = target
		e, err := appendEvent(ctx, tx, r, proto.KindTakeback, proto.TakebackData{Ply: target, Clock: c})
		return []proto.Event{e}, err
	})
}

// DeclineTakeback refuses the opponent's takeback request.
func (s *Store) DeclineTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.takebackOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not asked to take a move back")
		}
		return setOffer(ctx, tx, r, "takeback_offer", nil, proto.KindTakebackDecline, side)
	})
}

func (s *Store) agreeDraw(ctx context.Context, tx *txn, r *gameRow, m *match.Match) ([]proto.Event, error) {
	if err := m.AgreeDraw(); err != nil {
		return nil, proto.Errorf(proto.CodeGameOver, err.Error())
	}
	e, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
	return []proto.Event{e}, err
}

// act runs a player's action other than a move on the locked, rebuilt game at now.
func (s *Store) act(ctx context.Context, account, gameID int64, now time.Time,
	f func(*txn, *gameRow, *match.Match, rules.Color) ([]proto.Event, error)) ([]proto.Event, error) {
	var events []proto.Event
	now = dbTime(now)
	err := s.inTx(ctx, func(tx *txn) error {
		r, side, err := lockPlayed(ctx, tx, gameID, account)
		if err != nil {
			return err
		}
		m, err := s.matchAt(ctx, tx, r, now)
		if err != nil {
			return err
		}
		if events, err = present(ctx, tx, r, side); err != nil {
			return err
		}
		more, err := f(tx, r, m, side)
		events = append(events, more...)
		return err
	})
	if err != nil {
		return nil, err // rolled back: none of the events happened
	}
	return events, nil
}

// Events returns game's events after number after, in order.
func (s *Store) Events(ctx context.Context, gameID, after int64) ([]proto.Event, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, kind, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq`, gameID, after)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (proto.Event, error) {
		e := proto.Event{Game: gameID}
		err := row.Scan(&e.Seq, &e.Kind, &e.Data)
		return e, err
	})
}

// GameExists reports whether the game exists (anyone may watch it).
func (s *Store) GameExists(ctx context.Context, gameID int64) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, gameID).Scan(&ok)
	return ok, err
}

// Versions returns the number of the last event of each of the games that exists.
func (s *Store) Versions(ctx context.Context, games []int64) (map[int64]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, version FROM games WHERE id = ANY($1)`, games)
	if err != nil {
		return nil, err
	}
	versions := map[int64]int64{}
	var id, version int64
	_, err = pgx.ForEachRow(rows, []any{&id, &version}, func() error {
		versions[id] = version
		return nil
	})
	return versions, err
}

// PlayersGames returns, for each of the accounts, the games it is playing.
func (s *Store) PlayersGames(ctx context.Context, accounts []int64) (map[int64][]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, red, black FROM games WHERE status = 'playing' AND (red = ANY($1) OR black = ANY($1))`, accounts)
	if err != nil {
		return nil, err
	}
	games := map[int64][]int64{}
	var id, red, black int64
	_, err = pgx.ForEachRow(rows, []any{&id, &red, &black}, func() error {
		games[red] = append(games[red], id)
		games[black] = append(games[black], id)
		return nil
	})
	return games, err
}

// ActiveGames returns the games account is playing.
func (s *Store) ActiveGames(ctx context.Context, account int64) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE status = 'playing' AND (red = $1 OR black = $1) ORDER BY id`, account)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// EndedGames returns account's ended games, newest (highest id) first, at most limit. Ids
// grow with the games' creation, which is near enough to their end for an app catching up
// on the games that ended while it was not running.
func (s *Store) EndedGames(ctx context.Context, account int64, limit int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM (
		(SELECT id FROM games WHERE status = 'over' AND red = $1 ORDER BY id DESC LIMIT $2)
		UNION
		(SELECT id FROM games WHERE status = 'over' AND black = $1 ORDER BY id DESC LIMIT $2)) g
		ORDER BY id DESC LIMIT $2`, account, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Seek matches account with the oldest seek of another account on the same time control,
// rules and ratedness, starting their game, or leaves account's seek waiting (replacing
// an earlier one). It returns the new game's id, or 0 while the seek waits. Seeks of one
// kind are matched one at a time (an advisory lock), so two seeks never both wait.
func (s *Store) Seek(ctx context.Context, account int64, spec Spec, now time.Time) (int64, error) {
	var id int64
	now = dbTime(now)
	err := s.inTx(ctx, func(tx *txn) error {
		id = 0
		tc := spec.TimeControl
		key := fmt.Sprintf("seek %s %s %t", tc, spec.Rules, spec.Rated)
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
			return err
		}
		var rating float64
		if err := tx.QueryRow(ctx, `SELECT rating FROM accounts WHERE id = $1`, account).Scan(&rating); err != nil {
			return err
		}
		minRating, maxRating := ratingBound(spec.MinRating), ratingBound(spec.MaxRating)
		// The oldest seek of the same kind whose player is in this seek's range and
		// whose range takes this player.
		var other int64
		err := tx.QueryRow(ctx, `DELETE FROM seeks WHERE account_id = (
			SELECT account_id FROM seeks WHERE base_ms = $1 AND increment_ms = $2 AND rules = $3 AND rated = $4 AND account_id <> $5
				AND ($6::float8 IS NULL OR rating >= $6) AND ($7::float8 IS NULL OR rating <= $7)
				AND (min_rating IS NULL OR $8 >= min_rating) AND (max_rating IS NULL OR $8 <= max_rating)
				AND byoyomi_ms = $9 AND periods = $10
			ORDER BY created_at LIMIT 1) RETURNING account_id`,
			tc.Base.Milliseconds(), tc.Increment.Milliseconds(), spec.Rules.String(), spec.Rated, account,
			minRating, maxRating, rating, tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods()).Scan(&other)
		if errors.Is(err, pgx.ErrNoRows) {
			_, err = tx.Exec(ctx, `INSERT INTO seeks (account_id, base_ms, increment_ms, rules, rated, rating, min_rating, max_rating,
					byoyomi_ms, periods)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
				ON CONFLICT (account_id) DO UPDATE SET base_ms = $2, increment_ms = $3, rules = $4, rated = $5, rating = $6,
					min_rating = $7, max_rating = $8, byoyomi_ms = $9, periods = $10, created_at = now()`,
				account, tc.Base.Milliseconds(), tc.Increment.Milliseconds(), spec.Rules.String(), spec.Rated,
				rating, minRating, maxRating, tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods())
			return err
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM seeks WHERE account_id = $1`, account); err != nil {
			return err
		}
		red, black := other, account // the one who waited and the newcomer, colours drawn at random
		if randomBit() {
			red, black = black, red
		}
		r := &gameRow{red: &red, black: &black, ruleSet: spec.Rules.String(), rated: spec.Rated}
		if err := insertGame(ctx, tx, r, spec, ""); err != nil {
			return err
		}
		id = r.id
		return s.start(ctx, tx, r, spec, now)
	})
	return id, err
}

// ratingBound is a bound of a seek's range as the table keeps it (NULL: none).
func ratingBound(r int) *float64 {
	if r == 0 {
		return nil
	}
	f := float64(r)
	return &f
}

// CancelSeek withdraws account's seek.
func (s *Store) CancelSeek(ctx context.Context, account int64) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM seeks WHERE account_id = $1`, account)
	return err
}

// Invite makes a private game for account, waiting for the opponent who joins with the
// code returned; account gets a colour at random.
func (s *Store) Invite(ctx context.Context, account int64, spec Spec) (int64, string, error) {
	var id int64
	code := inviteCode()
	err := s.inTx(ctx, func(tx *txn) error {
		r := &gameRow{red: &account}
		if randomBit() {
			r.red, r.black = nil, &account
		}
		if err := insertGame(ctx, tx, r, spec, code); err != nil {
			return err
		}
		id = r.id
		return nil
	})
	return id, code, err
}

// Join starts the private game of code with account as the opponent.
func (s *Store) Join(ctx context.Context, account int64, code string, now time.Time) (int64, error) {
	var id int64
	now = dbTime(now)
	err := s.inTx(ctx, func(tx *txn) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM games WHERE invite_code = $1`, code).Scan(&id); errors.Is(err, pgx.ErrNoRows) {
			return proto.Errorf(proto.CodeNotFound, "no game has that invite code")
		} else if err != nil {
			return err
		}
		r, err := lockGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, mine := r.sideOf(account); mine {
			return proto.Errorf(proto.CodeOwnGame, "that is your own invite; give the code to your opponent")
		}
		if r.status != "waiting" {
			return proto.Errorf(proto.CodeGameOver, "someone has already joined that game")
		}
		if r.red == nil {
			r.red = &account
		} else {
			r.black = &account
		}
		ruleSet, err := rules.ParseRuleSet(r.ruleSet)
		if err != nil {
			return err
		}
		spec := Spec{TimeControl: r.timeControl(), Rules: ruleSet, Rated: r.rated, FEN: r.startFEN}
		return s.start(ctx, tx, r, spec, now)
	})
	return id, err
}

func insertGame(ctx context.Context, tx *txn, r *gameRow, spec Spec, code string) error {
	g, err := game.New(spec.FEN)
	if err != nil {
		return proto.Errorf(proto.CodeBadRequest, err.Error())
	}
	var invite *string
	if code != "" {
		invite = &code
	}
	tc := spec.TimeControl
	r.startFEN, r.ruleSet, r.rated = g.StartFEN(), spec.Rules.String(), spec.Rated
	return tx.QueryRow(ctx, `INSERT INTO games (red, black, status, invite_code, rules, rated, start_fen, base_ms, increment_ms,
			red_ms, black_ms, byoyomi_ms, periods, red_periods, black_periods)
		VALUES ($1, $2, 'waiting', $3, $4, $5, $6, $7, $8, $7, $7, $9, $10, $10, $10) RETURNING id`,
		r.red, r.black, invite, r.ruleSet, r.rated, r.startFEN, tc.Base.Milliseconds(), tc.Increment.Milliseconds(),
		tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods()).Scan(&r.id)
}

// start begins a game whose players are both known: the clock of the side to move runs
// from now, the start event is appended and both players are told.
func (s *Store) start(ctx context.Context, tx *txn, r *gameRow, spec Spec, now time.Time) error {
	var deadline *time.Time
	full := match.FullClock(spec.TimeControl)
	if spec.TimeControl.Timed() {
		d := now.Add(full.Left(spec.TimeControl))
		deadline = &d
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET red = $2, black = $3, status = 'playing', turn_since = $4, deadline = $5
		WHERE id = $1`, r.id, r.red, r.black, now, deadline); err != nil {
		return err
	}
	if err := recordPresence(ctx, tx, []int64{*r.red, *r.black}, now); err != nil {
		return err
	}
	r.status = "playing"
	var players [2]proto.Account
	for i, id := range []int64{*r.red, *r.black} {
		var name *string
		var a Account
		if err := tx.QueryRow(ctx, `SELECT id, name, rating, deviation, volatility FROM accounts WHERE id = $1`, id).
			Scan(&a.ID, &name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility); err != nil {
			return err
		}
		if name != nil {
			a.Name = *name
		}
		// Public, as the lobby shows the account: a guest's rating is provisional here too.
		players[i] = a.Public()
	}
	if _, err := appendEvent(ctx, tx, r, proto.KindStart, proto.StartData{Red: players[0], Black: players[1],
		TimeControl: spec.TimeControl.String(), Rules: r.ruleSet, Rated: r.rated, FEN: r.startFEN,
		Clock: protoClock(spec.TimeControl, [2]match.SideClock{full, full})}); err != nil {
		return err
	}
	for _, id := range []int64{*r.red, *r.black} {
		payload, _ := json.Marshal(AccountNotice{Account: id, Game: r.id})
		tx.notify(ChannelAccount, string(payload))
	}
	return nil
}

// AccountNotice tells the instances that account has a new game.
type AccountNotice struct {
	Account int64 `json:"account"`
	Game    int64 `json:"game"`
}

func randomBit() bool {
	var b [1]byte
	rand.Read(b[:])
	return b[0]&1 == 1
}

// inviteAlphabet leaves out letters and digits that look alike (0/O, 1/I/L).
const inviteAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// inviteCode is 8 characters from inviteAlphabet: about 40 bits, enough that codes are
// not guessed while they wait.
func inviteCode() string {
	b := make([]byte, 8)
	rand.Read(b)
	for i := range b {
		b[i] = inviteAlphabet[int(b[i])%len(inviteAlphabet)]
	}
	return string(b)
}
