package online

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// People is the social side of the Controller (protocol version 4): the friends followed
// and their presence, the challenges waiting for the player and the one it made, the
// current game's chat, and the leaderboards.
type People struct{ c *Controller }

// people is what People keeps; it belongs to one sign-in (gen) and is forgotten with it.
type people struct {
	gen        uint64
	friends    []proto.Friend
	incoming   []proto.Challenge
	outgoing   *proto.Challenge // the challenge this player made, until answered
	declined   string           // the name of the last player who declined a challenge
	chat       map[int64][]proto.ChatLine
	leaders    []proto.Leader
	board      string // the category of leaders
	freeChat   bool
	reportDone map[int64]bool
	prompted   map[int64]bool // the challenges Unprompted has handed out
}

// maxKeptChat bounds the chat lines kept per game, as the server does.
const maxKeptChat = proto.MaxChatLines

// Social returns the controller's social part.
func (c *Controller) Social() People {
	if c.people == nil || c.people.gen != c.gen {
		c.people = &people{gen: c.gen, chat: map[int64][]proto.ChatLine{}, reportDone: map[int64]bool{}, prompted: map[int64]bool{}}
	}
	return People{c}
}

func (p People) st() *people { return p.c.Social().c.people }

// Friends are the players followed, by name, with their presence.
func (p People) Friends() []proto.Friend { return slices.Clone(p.st().friends) }

// Challenges are the challenges waiting for this player, newest first.
func (p People) Challenges() []proto.Challenge { return slices.Clone(p.st().incoming) }

// Unprompted returns the waiting challenges not yet returned by Unprompted, so that the
// view asks about each once.
func (p People) Unprompted() []proto.Challenge {
	st := p.st()
	var fresh []proto.Challenge
	for _, ch := range st.incoming {
		if !st.prompted[ch.Game] {
			st.prompted[ch.Game] = true
			fresh = append(fresh, ch)
		}
	}
	return fresh
}

// Waiting reports whether the challenge of game still waits for this player's answer.
func (p People) Waiting(game int64) bool {
	return slices.ContainsFunc(p.st().incoming, func(c proto.Challenge) bool { return c.Game == game })
}

// Outgoing is the challenge this player made and is waiting on, if any.
func (p People) Outgoing() (proto.Challenge, bool) {
	if o := p.st().outgoing; o != nil {
		return *o, true
	}
	return proto.Challenge{}, false
}

// Declined is the name of the last player who declined this player's challenge.
func (p People) Declined() string { return p.st().declined }

// simple sends one request whose answer only refreshes the friends or fails.
func (p People) simple(f func(ctx context.Context, s client.Social) error, refresh bool) {
	p.c.err = nil
	p.c.request(func(ctx context.Context, conn *client.Conn) error { return f(ctx, conn.Social()) }, func(err error) {
		if err != nil {
			p.c.fail(err)
			return
		}
		if refresh {
			p.Refresh()
		}
		p.c.changed()
	})
}

// Refresh asks the server for the friends and the waiting challenges.
func (p People) Refresh() {
	var friends []proto.Friend
	var waiting []proto.Challenge
	p.c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		friends, waiting, err = conn.Social().Friends(ctx)
		return err
	}, func(err error) {
		if err != nil {
			p.c.fail(err)
			return
		}
		st := p.st()
		st.friends, st.incoming = friends, waiting
		p.c.changed()
	})
}

// Follow follows the player named name.
func (p People) Follow(name string) {
	name = strings.TrimSpace(name)
	if name == "" {
		p.c.fail(errors.New("enter a player's name"))
		return
	}
	p.simple(func(ctx context.Context, s client.Social) error { _, err := s.Follow(ctx, name); return err }, true)
}

// Unfollow stops following the player named name.
func (p People) Unfollow(name string) {
	p.simple(func(ctx context.Context, s client.Social) error { return s.Unfollow(ctx, name) }, true)
}

// Block blocks the player named name (no challenge, chat or pairing between the two).
func (p People) Block(name string) {
	p.simple(func(ctx context.Context, s client.Social) error { return s.Block(ctx, name) }, true)
}

// Challenge challenges the player named name to a game on time control tc.
func (p People) Challenge(name, tc string, rated bool) {
	p.challenge(func(ctx context.Context, s client.Social) (proto.Challenge, error) {
		return s.Challenge(ctx, name, tc, "", rated)
	})
}

// Rematch challenges the opponent of the ended game id to another like it.
func (p People) Rematch(id int64) {
	p.challenge(func(ctx context.Context, s client.Social) (proto.Challenge, error) { return s.Rematch(ctx, id) })
}

func (p People) challenge(f func(context.Context, client.Social) (proto.Challenge, error)) {
	p.c.err = nil
	var ch proto.Challenge
	p.c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		ch, err = f(ctx, conn.Social())
		return err
	}, func(err error) {
		if err != nil {
			p.c.fail(err)
			return
		}
		st := p.st()
		st.outgoing, st.declined = &ch, ""
		p.c.changed()
	})
	p.c.changed()
}

// Accept accepts a waiting challenge: its game opens when the server pairs it.
func (p People) Accept(game int64) {
	p.answered(game)
	p.simple(func(ctx context.Context, s client.Social) error { return s.Accept(ctx, game) }, false)
}

// Decline declines a waiting challenge.
func (p People) Decline(game int64) {
	p.answered(game)
	p.simple(func(ctx context.Context, s client.Social) error { return s.Decline(ctx, game) }, false)
}

func (p People) answered(game int64) {
	st := p.st()
	st.incoming = slices.DeleteFunc(st.incoming, func(c proto.Challenge) bool { return c.Game == game })
}

// Phrase says a quick phrase (one of proto.Phrases) in the current game.
func (p People) Phrase(phrase string) { p.say(phrase, "") }

// Say says a free text in the current game (both players must allow it).
func (p People) Say(text string) { p.say("", text) }

func (p People) say(phrase, text string) {
	g := p.c.current
	if g == nil || !g.Player {
		return
	}
	id, me, now := g.ID, p.c.me.ID, p.c.cfg.Now()
	p.c.err = nil
	p.c.request(func(ctx context.Context, conn *client.Conn) error {
		if phrase != "" {
			return conn.Social().Phrase(ctx, id, phrase)
		}
		return conn.Social().Say(ctx, id, text)
	}, func(err error) {
		if err != nil {
			p.c.fail(err)
			return
		}
		text, _ = proto.CheckChatText(text)
		p.add(proto.ChatLine{Game: id, From: me, Phrase: phrase, Text: text, At: now})
		p.c.changed()
	})
}

// Chat is the current game's chat, oldest first.
func (p People) Chat() []proto.ChatLine {
	if g := p.c.current; g != nil {
		return slices.Clone(p.st().chat[g.ID])
	}
	return nil
}

func (p People) add(l proto.ChatLine) {
	st := p.st()
	lines := append(st.chat[l.Game], l)
	if len(lines) > maxKeptChat {
		lines = lines[len(lines)-maxKeptChat:]
	}
	st.chat[l.Game] = lines
}

// AllowFreeChat sets whether this account takes free text (registered accounts).
func (p People) AllowFreeChat(allow bool) {
	p.simple(func(ctx context.Context, s client.Social) error { return s.AllowFreeChat(ctx, allow) }, false)
	p.st().freeChat = allow
}

// FreeChat is whether this player allows free text, as last set here.
func (p People) FreeChat() bool { return p.st().freeChat }

// Report keeps the current game's chat for the server's operator.
func (p People) Report() {
	g := p.c.current
	if g == nil {
		return
	}
	id := g.ID
	p.simple(func(ctx context.Context, s client.Social) error { return s.Report(ctx, id) }, false)
	p.st().reportDone[id] = true
}

// Reported reports whether this player reported the current game's chat.
func (p People) Reported() bool { return p.c.current != nil && p.st().reportDone[p.c.current.ID] }

// LoadLeaders asks for page (from 0) of category's leaderboard.
func (p People) LoadLeaders(category string, page int) {
	var leaders []proto.Leader
	p.c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		leaders, err = conn.Social().Leaderboard(ctx, category, page)
		return err
	}, func(err error) {
		if err != nil {
			p.c.fail(err)
			return
		}
		st := p.st()
		st.leaders, st.board = leaders, category
		p.c.changed()
	})
}

// Leaders is the leaderboard page last loaded and its category.
func (p People) Leaders() ([]proto.Leader, string) { return slices.Clone(p.st().leaders), p.st().board }

// frame handles the social frames; it reports whether f was one.
func (p People) frame(f proto.Frame) bool {
	st := p.st()
	switch {
	case f.Type == proto.TypePresence:
		for _, nf := range f.Friends {
			i := slices.IndexFunc(st.friends, func(x proto.Friend) bool { return x.Account.ID == nf.Account.ID })
			if i >= 0 {
				st.friends[i] = nf
			} else if len(st.friends) < proto.MaxFollows {
				st.friends = append(st.friends, nf)
			}
		}
	case f.Type == proto.TypeChallenged && f.Challenge != nil:
		ch := *f.Challenge
		if ch.Declined {
			if st.outgoing != nil && st.outgoing.Game == ch.Game {
				st.outgoing = nil
			}
			st.declined = ch.To.Name
			return true
		}
		if !slices.ContainsFunc(st.incoming, func(x proto.Challenge) bool { return x.Game == ch.Game }) {
			st.incoming = append([]proto.Challenge{ch}, st.incoming...)
			if len(st.incoming) > proto.MaxChallenges {
				st.incoming = st.incoming[:proto.MaxChallenges]
			}
		}
	case f.Type == proto.TypeChat && f.Chat != nil:
		if _, ok := p.c.games[f.Chat.Game]; ok && (f.Chat.Phrase == "" || proto.IsPhrase(f.Chat.Phrase)) {
			p.add(*f.Chat)
		}
	default:
		return false
	}
	return true
}

// pairedGame forgets the outgoing challenge once its game begins.
func (p People) pairedGame(id int64) {
	if st := p.st(); st.outgoing != nil && st.outgoing.Game == id {
		st.outgoing = nil
	}
}
