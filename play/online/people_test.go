package online

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

var peopleSerial int

// name gives p's account a registered name, as registration writes it (without the
// password's hash), and returns it.
func (p *player) name(prefix string) string {
	p.t.Helper()
	peopleSerial++
	display, key, err := store.CheckName(fmt.Sprintf("%s%d", prefix, peopleSerial))
	if err != nil {
		p.t.Fatal(err)
	}
	var id int64
	p.do(func() { id = p.c.Account().ID })
	ctx := context.Background()
	db, err := pgx.Connect(ctx, testDB.Need(p.t))
	if err != nil {
		p.t.Fatal(err)
	}
	defer db.Close(ctx)
	if _, err := db.Exec(ctx, `UPDATE accounts SET name = $2, name_key = $3, password = 'none' WHERE id = $1`, id, display, key); err != nil {
		p.t.Fatal(err)
	}
	return display
}

// A follows B and sees B online; A challenges B, B sees the challenge and declines, A
// hears it; A challenges again, B accepts, the game opens for both, and a phrase A says
// reaches B's chat.
func TestPeopleFollowChallengeChat(t *testing.T) {
	srv := startServer(t)
	a, b := newPlayer(t, srv.url), newPlayer(t, srv.url)
	a.signIn()
	b.signIn()
	bName := b.name("Friend")
	a.do(func() { a.c.Social().Follow(bName) })
	a.wait("B among A's friends, online", func(c *Controller) bool {
		f := c.Social().Friends()
		return len(f) == 1 && f[0].Account.Name == bName && f[0].Online
	})
	a.do(func() { a.c.Social().Challenge(bName, "5+3", false) })
	b.wait("the challenge at B", func(c *Controller) bool { return len(c.Social().Challenges()) == 1 })
	var first proto.Challenge
	b.do(func() { first = b.c.Social().Challenges()[0]; b.c.Social().Decline(first.Game) })
	a.wait("the decline at A", func(c *Controller) bool {
		_, waiting := c.Social().Outgoing()
		return c.Social().Declined() == bName && !waiting
	})
	a.do(func() { a.c.Social().Challenge(bName, "5+3", false) })
	b.wait("the second challenge at B", func(c *Controller) bool {
		ch := c.Social().Challenges()
		return len(ch) == 1 && ch[0].Game != first.Game && ch[0].TimeControl == "5+3"
	})
	b.do(func() { b.c.Social().Accept(b.c.Social().Challenges()[0].Game) })
	started(t, a, b)
	a.do(func() { a.c.Social().Phrase("good_move") })
	b.wait("A's phrase in B's chat", func(c *Controller) bool {
		lines := c.Social().Chat()
		return len(lines) == 1 && lines[0].Phrase == "good_move"
	})
	a.wait("A's phrase in A's own chat", func(c *Controller) bool { return len(c.Social().Chat()) == 1 })
	var waiting bool
	a.do(func() { _, waiting = a.c.Social().Outgoing() })
	if waiting {
		t.Error("A's challenge still shown waiting after its game began")
	}
}
