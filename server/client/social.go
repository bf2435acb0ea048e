package client

import (
	"context"
	"fmt"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Social is the people side of a connection (protocol version 4): follows, blocks,
// challenges, chat and the leaderboards. Presence, challenge and chat frames arrive on
// Conn.Frames like the others.
type Social struct{ c *Conn }

// Social returns the connection's social requests.
func (c *Conn) Social() Social { return Social{c} }

func (s Social) named(ctx context.Context, typ, name string) (proto.Frame, error) {
	return s.c.request(ctx, proto.Request{Type: typ, Name: name})
}

// Follow follows the account named name and returns it.
func (s Social) Follow(ctx context.Context, name string) (proto.Account, error) {
	f, err := s.named(ctx, proto.TypeFollow, name)
	if err == nil && f.Account == nil {
		return proto.Account{}, fmt.Errorf("%w: a follow's answer without its account", ErrBadFrame)
	}
	if err != nil {
		return proto.Account{}, err
	}
	return *f.Account, nil
}

// Unfollow stops following the account named name.
func (s Social) Unfollow(ctx context.Context, name string) error {
	_, err := s.named(ctx, proto.TypeUnfollow, name)
	return err
}

// Block blocks the account named name; Unblock lifts it.
func (s Social) Block(ctx context.Context, name string) error {
	_, err := s.named(ctx, proto.TypeBlock, name)
	return err
}

// Unblock lifts a block.
func (s Social) Unblock(ctx context.Context, name string) error {
	_, err := s.named(ctx, proto.TypeUnblock, name)
	return err
}

// Friends returns the followed accounts with their presence, and the challenges waiting
// for this account. An answer past the protocol's caps is ErrBadFrame.
func (s Social) Friends(ctx context.Context) ([]proto.Friend, []proto.Challenge, error) {
	f, err := s.c.request(ctx, proto.Request{Type: proto.TypeFriends})
	if err != nil {
		return nil, nil, err
	}
	if len(f.Friends) > proto.MaxFollows || len(f.Challenges) > proto.MaxChallenges {
		return nil, nil, fmt.Errorf("%w: %d friends and %d challenges", ErrBadFrame, len(f.Friends), len(f.Challenges))
	}
	return f.Friends, f.Challenges, nil
}

// Challenge challenges the account named name to a game; the connection watches the
// game, and a paired frame comes when the challenge is accepted.
func (s Social) Challenge(ctx context.Context, name, tc, rules string, rated bool) (proto.Challenge, error) {
	return s.challenge(ctx, proto.Request{Type: proto.TypeChallenge, Name: name, TimeControl: tc, Rules: rules, Rated: rated})
}

// Rematch challenges the opponent of the ended game to another like it.
func (s Social) Rematch(ctx context.Context, game int64) (proto.Challenge, error) {
	return s.challenge(ctx, proto.Request{Type: proto.TypeRematch, Game: game})
}

func (s Social) challenge(ctx context.Context, req proto.Request) (proto.Challenge, error) {
	f, err := s.c.request(ctx, req)
	if err != nil {
		return proto.Challenge{}, err
	}
	if f.Challenge == nil || f.Challenge.Game != f.Game || f.Game <= 0 {
		return proto.Challenge{}, fmt.Errorf("%w: a challenge's answer without its challenge", ErrBadFrame)
	}
	return *f.Challenge, nil
}

// Accept accepts a challenge: its game starts (a paired frame comes).
func (s Social) Accept(ctx context.Context, game int64) error {
	return s.c.act(ctx, proto.TypeAcceptChallenge, game)
}

// Decline declines a challenge; its challenger is told.
func (s Social) Decline(ctx context.Context, game int64) error {
	return s.c.act(ctx, proto.TypeDeclineChallenge, game)
}

// Phrase says one of proto.Phrases to the opponent of game.
func (s Social) Phrase(ctx context.Context, game int64, phrase string) error {
	_, err := s.c.request(ctx, proto.Request{Type: proto.TypeChat, Game: game, Phrase: phrase})
	return err
}

// Say says a free text to the opponent of game (both must allow it).
func (s Social) Say(ctx context.Context, game int64, text string) error {
	_, err := s.c.request(ctx, proto.Request{Type: proto.TypeChat, Game: game, Text: text})
	return err
}

// AllowFreeChat sets whether this account takes free text.
func (s Social) AllowFreeChat(ctx context.Context, allow bool) error {
	_, err := s.c.request(ctx, proto.Request{Type: proto.TypeChatSetting, Allow: allow})
	return err
}

// Report keeps game's chat for an operator.
func (s Social) Report(ctx context.Context, game int64) error {
	return s.c.act(ctx, proto.TypeReport, game)
}

// Leaderboard returns page (from 0) of category's leaderboard ("blitz", "rapid",
// "classical").
func (s Social) Leaderboard(ctx context.Context, category string, page int) ([]proto.Leader, error) {
	f, err := s.c.request(ctx, proto.Request{Type: proto.TypeLeaderboard, Category: category, Page: page})
	if err != nil {
		return nil, err
	}
	if len(f.Leaders) > proto.LeaderPage {
		return nil, fmt.Errorf("%w: a leaderboard page of %d", ErrBadFrame, len(f.Leaders))
	}
	return f.Leaders, nil
}

// Next waits for the next frame of type typ, passing over other frames.
func (s Social) Next(ctx context.Context, typ string) (proto.Frame, error) {
	for {
		select {
		case f, ok := <-s.c.frames:
			if !ok {
				return proto.Frame{}, fmt.Errorf("client: connection closed: %v", s.c.Err())
			}
			if f.Type == typ {
				return f, nil
			}
		case <-ctx.Done():
			return proto.Frame{}, ctx.Err()
		}
	}
}
