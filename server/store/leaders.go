package store

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/rank"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Leaderboard returns page page (from 0) of category's leaderboard: the registered
// accounts whose rating is established (not provisional) and who have finished a rated
// game of that category, by rating. An account has one rating for every time control;
// a category's board lists those who play it. Pages are proto.LeaderPage long, at most
// proto.MaxLeaderPages of them.
// estimateMoves is rank.EstimateMoves as SQL text.
var estimateMoves = strconv.Itoa(rank.EstimateMoves)

func (so Social) Leaderboard(ctx context.Context, category string, page int) ([]proto.Leader, error) {
	lo, hi, ok := rank.Category(category).EstimateBounds()
	if !ok {
		return nil, proto.Errorf(proto.CodeBadRequest, "the leaderboards are blitz, rapid and classical")
	}
	if page < 0 || page >= proto.MaxLeaderPages {
		return nil, proto.Errorf(proto.CodeBadRequest, "no such leaderboard page")
	}
	// A game's estimate as rank.CategoryOf makes it; an untimed game is classical.
	estimate := `CASE WHEN g.base_ms = 0 AND g.byoyomi_ms = 0 THEN 86400000
		ELSE g.base_ms + ` + estimateMoves + ` * (g.increment_ms + g.byoyomi_ms) END`
	var hiMS *int64
	if hi > 0 {
		h := hi.Milliseconds()
		hiMS = &h
	}
	rows, err := so.s.pool.Query(ctx, `SELECT a.id, a.name, a.rating, a.deviation, a.volatility FROM accounts a
		WHERE a.name IS NOT NULL AND a.rated_games > 0 AND a.deviation <= $1
			AND EXISTS (SELECT 1 FROM games g WHERE g.rated AND g.status = 'over' AND (g.red = a.id OR g.black = a.id)
				AND `+estimate+` >= $2 AND ($3::bigint IS NULL OR `+estimate+` < $3))
		ORDER BY a.rating DESC, a.id LIMIT $4 OFFSET $5`,
		glicko.ProvisionalDeviation, lo.Milliseconds(), hiMS, proto.LeaderPage, page*proto.LeaderPage)
	if err != nil {
		return nil, unavailable(err)
	}
	leaders, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (proto.Leader, error) {
		var a Account
		err := r.Scan(&a.ID, &a.Name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
		return proto.Leader{Account: a.Public(), Rank: rank.Of(a.Rating.Rating, false).Key()}, err
	})
	for i := range leaders {
		leaders[i].Place = page*proto.LeaderPage + i + 1
	}
	return leaders, err
}
