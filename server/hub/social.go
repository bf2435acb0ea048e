package hub

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// SocialConfig sets up the people side of a hub (protocol version 4); zero fields take
// the defaults in brackets.
type SocialConfig struct {
	// PresenceEvery is how often the friends' presence changes gathered meanwhile are
	// sent to their followers here, one frame per socket [1 s].
	PresenceEvery time.Duration
	// Chat limits an account's chat lines, shared by every instance [1/2 s, 5].
	Chat store.Limit
	// Requests limits an account's other social requests (follows, blocks, challenges,
	// reports, leaderboards), shared by every instance [1/s, 30].
	Requests store.Limit
}

func (c *SocialConfig) defaults() {
	if c.PresenceEvery == 0 {
		c.PresenceEvery = time.Second
	}
	if c.Chat.Rate == 0 {
		c.Chat = store.Limit{Rate: 0.5, Burst: 5}
	}
	if c.Requests.Rate == 0 {
		c.Requests = store.Limit{Rate: 1, Burst: 30}
	}
}

// socialVersion is the first protocol version with the social requests and frames.
const socialVersion = 4

// presenceQueue gathers the accounts and games whose players' presence changed since the
// last push, so that a follower hears of a burst of changes in one frame.
type presenceQueue struct {
	mu       sync.Mutex
	accounts map[int64]bool
	games    map[int64]bool
}

func (q *presenceQueue) add(account, game int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.accounts == nil {
		q.accounts, q.games = map[int64]bool{}, map[int64]bool{}
	}
	if account != 0 && len(q.accounts) < maxLimiters {
		q.accounts[account] = true
	}
	if game != 0 && len(q.games) < maxLimiters {
		q.games[game] = true
	}
}

func (q *presenceQueue) take() (accounts, games []int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for a := range q.accounts {
		accounts = append(accounts, a)
	}
	for g := range q.games {
		games = append(games, g)
	}
	q.accounts, q.games = nil, nil
	return accounts, games
}

// pushPresence sends each follower connected here one presence frame with the friends
// whose presence changed since the last push.
func (h *Hub) pushPresence(ctx context.Context) {
	accounts, games := h.presence.take()
	if len(games) > 0 {
		players, err := h.store.Social().GamePlayers(ctx, games)
		if err != nil {
			h.log.Warn("reading games' players for presence", "err", err)
		}
		accounts = append(accounts, players...)
	}
	here := h.keysOf(h.byAccount)
	if len(accounts) == 0 || len(here) == 0 {
		return
	}
	slices.Sort(accounts)
	accounts = slices.Compact(accounts)
	followers, err := h.store.Social().FollowersAmong(ctx, accounts, here)
	if err != nil || len(followers) == 0 {
		if err != nil && ctx.Err() == nil {
			h.log.Warn("reading followers for presence", "err", err)
		}
		return
	}
	followed := make([]int64, 0, len(followers))
	for a := range followers {
		followed = append(followed, a)
	}
	states, err := h.store.Social().Presence(ctx, followed, h.cfg.Now(), h.cfg.AwayAfter)
	if err != nil {
		if ctx.Err() == nil {
			h.log.Warn("reading presence", "err", err)
		}
		return
	}
	news := map[int64][]proto.Friend{}
	for a, fs := range followers {
		for _, f := range fs {
			news[f] = append(news[f], states[a])
		}
	}
	for follower, friends := range news {
		slices.SortFunc(friends, func(a, b proto.Friend) int { return int(a.Account.ID - b.Account.ID) })
		for _, c := range h.socketsOf(h.byAccount, follower) {
			if c.protocol() >= socialVersion {
				c.send(proto.Frame{Type: proto.TypePresence, Friends: friends})
			}
		}
	}
}

// socialPayload reads a notice on store.ChannelSocial and hands it to social.
func (h *Hub) socialPayload(payload string) {
	var n store.SocialNotice
	if h.decode("social", payload, &n) {
		h.social(n)
	}
}

// social hands a notice of another instance (or of this one) to the sockets here.
func (h *Hub) social(n store.SocialNotice) {
	if n.About != 0 {
		h.presence.add(n.About, 0)
	}
	if n.To == 0 {
		return
	}
	var f proto.Frame
	switch {
	case n.Challenge != nil:
		f = proto.Frame{Type: proto.TypeChallenged, Challenge: n.Challenge}
	case n.Chat != nil:
		f = proto.Frame{Type: proto.TypeChat, Chat: n.Chat}
	default:
		return
	}
	for _, c := range h.socketsOf(h.byAccount, n.To) {
		if c.protocol() >= socialVersion {
			c.send(f)
		}
	}
}

// pruneSocial forgets expired challenges and old chat lines.
func (h *Hub) pruneSocial(ctx context.Context) {
	if err := h.store.Social().PruneSocial(ctx, h.cfg.Now()); err != nil && ctx.Err() == nil {
		h.log.Warn("pruning expired challenges and old chat", "err", err)
	}
}

// arrived records a first socket of account here, for its followers.
func (h *Hub) arrived(ctx context.Context, account int64) {
	h.mu.Lock()
	first := len(h.byAccount[account]) == 1
	h.mu.Unlock()
	if first {
		if err := h.store.Social().Arrived(ctx, account, h.cfg.Now()); err != nil && ctx.Err() == nil {
			h.log.Warn("recording an arrival", "err", err)
		}
	}
}

// left records that account's last socket here closed.
func (h *Hub) left(ctx context.Context, account int64) {
	if err := h.store.Social().Left(ctx, account, h.cfg.Now()); err != nil && ctx.Err() == nil {
		h.log.Warn("recording a departure", "err", err)
	}
}

// protocol is the version the socket's hello named.
func (c *conn) protocol() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version
}

// isSocial reports the request types social handles.
func isSocial(t string) bool {
	switch t {
	case proto.TypeFollow, proto.TypeUnfollow, proto.TypeFriends, proto.TypeBlock, proto.TypeUnblock, proto.TypeChallenge,
		proto.TypeRematch, proto.TypeAcceptChallenge, proto.TypeDeclineChallenge, proto.TypeChat, proto.TypeChatSetting,
		proto.TypeReport, proto.TypeLeaderboard:
		return true
	}
	return false
}

// social answers a request of protocol version 4, after the shared per-account limit of
// its kind.
func (c *conn) social(ctx context.Context, req proto.Request, account *store.Account, receipt time.Time) {
	if c.protocol() < socialVersion {
		c.refuse(req.ID, proto.Errorf(proto.CodeBadRequest, fmt.Sprintf("%s needs protocol version %d", req.Type, socialVersion)))
		return
	}
	cfg := c.hub.cfg.Social
	bucket, limit := fmt.Sprintf("social:%d", account.ID), cfg.Requests
	if req.Type == proto.TypeChat {
		bucket, limit = fmt.Sprintf("chat:%d", account.ID), cfg.Chat
	}
	if ok, err := c.hub.store.Accounts().Allow(ctx, bucket, limit, receipt); err != nil || !ok {
		if err == nil {
			err = proto.Errorf(proto.CodeRateLimited, "too many "+req.Type+" requests from this account; slow down")
		}
		c.refuse(req.ID, err)
		return
	}
	so := c.hub.store.Social()
	ack := proto.Frame{Type: proto.TypeAck, ID: req.ID, Game: req.Game}
	var err error
	switch req.Type {
	case proto.TypeFollow:
		var a proto.Account
		if a, err = so.Follow(ctx, account.ID, req.Name); err == nil {
			ack.Account = &a
			c.hub.presence.add(a.ID, 0) // the new follower hears of it at the next push
		}
	case proto.TypeUnfollow:
		err = so.Unfollow(ctx, account.ID, req.Name)
	case proto.TypeFriends:
		if ack.Friends, err = so.Friends(ctx, account.ID, receipt, c.hub.cfg.AwayAfter); err == nil {
			ack.Challenges, err = so.Challenges(ctx, account.ID, receipt)
		}
	case proto.TypeBlock:
		err = so.Block(ctx, account.ID, req.Name)
	case proto.TypeUnblock:
		err = so.Unblock(ctx, account.ID, req.Name)
	case proto.TypeChallenge, proto.TypeRematch:
		var ch proto.Challenge
		if req.Type == proto.TypeRematch {
			ch, err = so.Rematch(ctx, account.ID, req.Game, receipt)
		} else {
			var spec store.Spec
			if spec, err = store.ParseSpec(req.TimeControl, req.Rules, req.Rated, false); err == nil {
				ch, err = so.Challenge(ctx, account.ID, req.Name, spec, receipt)
			}
		}
		if err == nil {
			ack.Game, ack.Challenge = ch.Game, &ch
			c.watch(ch.Game, 0) // as an inviter watches its game, to hear its start
		}
	case proto.TypeAcceptChallenge:
		if err = so.AcceptChallenge(ctx, account.ID, req.Game, receipt); err == nil {
			c.hub.metrics.gamesStart.Inc()
			c.hub.started(ctx, req.Game)
		}
	case proto.TypeDeclineChallenge:
		err = so.DeclineChallenge(ctx, account.ID, req.Game)
	case proto.TypeChat:
		_, err = so.Chat(ctx, account.ID, req.Game, req.Phrase, req.Text, receipt)
	case proto.TypeChatSetting:
		err = so.SetFreeChat(ctx, account.ID, req.Allow)
	case proto.TypeReport:
		err = so.Report(ctx, account.ID, req.Game, receipt)
	case proto.TypeLeaderboard:
		ack.Leaders, err = so.Leaderboard(ctx, req.Category, req.Page)
	}
	if err != nil {
		c.refuse(req.ID, err)
		return
	}
	c.send(ack)
}
