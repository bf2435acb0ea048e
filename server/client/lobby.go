package client

import (
	"context"
	"fmt"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Lobby reads page page (from 0) of the lobby list list (proto.ListOnline, ...), limit
// entries a page (0: proto.LobbyPageSize), from a server of protocol version 4. An
// answer that is not such a page is ErrBadFrame.
func (c *Conn) Lobby(ctx context.Context, list string, page, limit int) (*proto.LobbyPage, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeLobby, List: list, Page: page, Limit: limit})
	if err != nil {
		return nil, err
	}
	if err := proto.CheckLobby(f.Lobby, list, limit); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadFrame, err)
	}
	return f.Lobby, nil
}

// AcceptSeek accepts the seek s from the seek list and returns the game it started (a
// paired frame announces it as well).
func (c *Conn) AcceptSeek(ctx context.Context, s proto.SeekEntry) (int64, error) {
	f, err := c.request(ctx, proto.Request{Type: proto.TypeAcceptSeek, Seek: s.Player.ID, TimeControl: s.TimeControl,
		Rules: s.Rules, Rated: s.Rated})
	return f.Game, err
}

// Unwatch stops game's events; the socket no longer counts as its watcher.
func (c *Conn) Unwatch(ctx context.Context, game int64) error {
	_, err := c.request(ctx, proto.Request{Type: proto.TypeUnwatch, Game: game})
	return err
}

// NextWatchers waits for the next watchers frame of game and returns its count, passing
// over other frames.
func (c *Conn) NextWatchers(ctx context.Context, game int64) (int, error) {
	for {
		select {
		case f, ok := <-c.frames:
			if !ok {
				return 0, fmt.Errorf("client: connection closed: %v", c.Err())
			}
			if f.Type == proto.TypeWatchers && f.Game == game {
				return *f.Watchers, nil
			}
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}
