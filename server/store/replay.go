package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The match of a game from its row and its record (the match cache's, or its stored moves
// replayed), on the clock of the request (instant), and the clock columns written back.

// instant is the time source of a match rebuilt for one action: the time is set by hand
// (the turn's start, then the server's receipt) and no flag timer ever fires, since the
// sweeper finds flags.
type instant struct{ now time.Time }

func (i *instant) Now() time.Time { return i.now }
func (i *instant) AfterFunc(time.Duration, func()) (stop func() bool) {
	return func() bool { return false }
}

// matchOf is the match of the locked row r whose clock has run since turn_since on clock
// (the caller then sets clock.now to the moment of the action): on entry's record when
// hit (the row's version is the entry's), else on the row's stored moves replayed.
func (s *Store) matchOf(ctx context.Context, tx *txn, r *gameRow, entry cached, hit bool, clock *instant) (*match.Match, error) {
	s.matches.count(hit)
	g := entry.g
	if !hit {
		var err error
		if g, err = s.replay(ctx, tx, r); err != nil {
			return nil, err
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

// replay rebuilds the game's record from its move events (read with the row when the row
// was locked with them, else now).
func (s *Store) replay(ctx context.Context, tx *txn, r *gameRow) (*game.Game, error) {
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
	return g, nil
}

// matchAt is the match of the row r, locked by the caller without its moves, with its
// clock at now: on the cached record when it is the row's version (the entry is used up:
// the sweeper's actions end games), else replayed.
func (s *Store) matchAt(ctx context.Context, tx *txn, r *gameRow, now time.Time) (*match.Match, error) {
	clock := &instant{}
	entry, found := s.matches.take(r.id)
	m, err := s.matchOf(ctx, tx, r, entry, found && entry.version == r.version, clock)
	clock.now = now
	return m, err
}

// movesQuery reads a game's move and takeback events in order.
const movesQuery = `SELECT kind, data FROM events WHERE game_id = $1 AND kind IN ('move', 'takeback') ORDER BY seq`

// movesQueryUnless is movesQuery for a caller that holds the record as of version $2: no
// rows when the game's row is at that version.
const movesQueryUnless = `SELECT kind, data FROM events WHERE game_id = $1 AND kind IN ('move', 'takeback')
	AND (SELECT version FROM games WHERE id = $1) IS DISTINCT FROM $2 ORDER BY seq`

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
