package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// ChatKeep is how long a game's chat lines are kept (a report copies them for longer).
const ChatKeep = 7 * 24 * time.Hour

// SetFreeChat sets whether account takes free text from its opponents; only registered
// accounts may.
func (so Social) SetFreeChat(ctx context.Context, account int64, allow bool) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		if named, err := registered(ctx, tx, account); err != nil || !named {
			if err == nil {
				err = proto.Errorf(proto.CodeBadRequest, "free chat is for registered accounts; guests have the phrases")
			}
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO social_settings (account_id, free_chat) VALUES ($1, $2)
			ON CONFLICT (account_id) DO UPDATE SET free_chat = $2`, account, allow)
		return err
	})
}

// Chat says a phrase or a free text from account to its opponent in game at now. A
// free text needs both players registered and allowing it. A line between players one
// of whom blocked the other is accepted and never delivered (nor kept), so that the
// sender learns nothing of the block. It returns whether the line was delivered.
func (so Social) Chat(ctx context.Context, account, gameID int64, phrase, text string, now time.Time) (bool, error) {
	if phrase != "" && !proto.IsPhrase(phrase) || phrase == "" && text == "" {
		return false, proto.Errorf(proto.CodeBadRequest, "a chat is one of the phrases or a text")
	}
	if text != "" {
		var err error
		if text, err = proto.CheckChatText(text); err != nil {
			return false, proto.Errorf(proto.CodeBadRequest, err.Error())
		}
	}
	delivered := false
	err := so.s.inTx(ctx, func(tx *txn) error {
		var red, black *int64
		var status string
		err := tx.QueryRow(ctx, `SELECT red, black, status FROM games WHERE id = $1`, gameID).Scan(&red, &black, &status)
		if errors.Is(err, pgx.ErrNoRows) {
			return proto.Errorf(proto.CodeNotFound, "there is no such game")
		}
		if err != nil {
			return err
		}
		if red == nil || black == nil || *red != account && *black != account {
			return proto.Errorf(proto.CodeNotPlayer, "only the game's two players chat in it")
		}
		opponent := *red
		if opponent == account {
			opponent = *black
		}
		if text != "" {
			var both bool
			if err := tx.QueryRow(ctx, `SELECT count(*) = 2 FROM accounts a JOIN social_settings s ON s.account_id = a.id
				WHERE a.id IN ($1, $2) AND a.name IS NOT NULL AND s.free_chat`, account, opponent).Scan(&both); err != nil {
				return err
			}
			if !both {
				return proto.Errorf(proto.CodeBadRequest, "free text needs both players registered and allowing it; the phrases are for everyone")
			}
		}
		if blocked, err := eitherBlocked(ctx, tx, account, opponent); err != nil || blocked {
			return err
		}
		var lines int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM chat_lines WHERE game_id = $1`, gameID).Scan(&lines); err != nil {
			return err
		}
		if lines >= proto.MaxChatLines {
			return proto.Errorf(proto.CodeRateLimited, "this game's chat is full")
		}
		line := proto.ChatLine{Game: gameID, From: account, Phrase: phrase, Text: text, At: dbTime(now).UTC()}
		if _, err := tx.Exec(ctx, `INSERT INTO chat_lines (game_id, sender, phrase, text, at) VALUES ($1, $2, NULLIF($3, ''), NULLIF($4, ''), $5)`,
			gameID, account, phrase, text, line.At); err != nil {
			return err
		}
		tx.notifySocial(SocialNotice{To: opponent, Chat: &line})
		delivered = true
		return nil
	})
	return delivered, err
}

// ChatLines returns game's chat, oldest first.
func (so Social) ChatLines(ctx context.Context, gameID int64) ([]proto.ChatLine, error) {
	rows, err := so.s.pool.Query(ctx, `SELECT game_id, sender, COALESCE(phrase, ''), COALESCE(text, ''), at FROM chat_lines
		WHERE game_id = $1 ORDER BY id LIMIT $2`, gameID, proto.MaxChatLines)
	if err != nil {
		return nil, unavailable(err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (proto.ChatLine, error) {
		var l proto.ChatLine
		err := r.Scan(&l.Game, &l.From, &l.Phrase, &l.Text, &l.At)
		l.At = l.At.UTC()
		return l, err
	})
}

// Report keeps game's chat for an operator, account reporting its opponent (once per
// game and reporter; docs/social.md has the operator's query).
func (so Social) Report(ctx context.Context, account, gameID int64, now time.Time) error {
	lines, err := so.ChatLines(ctx, gameID)
	if err != nil {
		return err
	}
	conversation, err := json.Marshal(lines)
	if err != nil {
		return err
	}
	return so.s.inTx(ctx, func(tx *txn) error {
		var red, black *int64
		err := tx.QueryRow(ctx, `SELECT red, black FROM games WHERE id = $1`, gameID).Scan(&red, &black)
		if errors.Is(err, pgx.ErrNoRows) {
			return proto.Errorf(proto.CodeNotFound, "there is no such game")
		}
		if err != nil {
			return err
		}
		if red == nil || black == nil || *red != account && *black != account {
			return proto.Errorf(proto.CodeNotPlayer, "only the game's players report its chat")
		}
		reported := *red
		if reported == account {
			reported = *black
		}
		_, err = tx.Exec(ctx, `INSERT INTO chat_reports (reporter, reported, game_id, conversation, created_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (reporter, game_id) DO UPDATE SET conversation = EXCLUDED.conversation, created_at = EXCLUDED.created_at, handled = false`,
			account, reported, gameID, conversation, dbTime(now))
		return err
	})
}
