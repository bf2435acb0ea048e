package hub

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The ended request (protocol version 2) names the account's own ended games to either
// player, on either instance, and no one else's; it needs a hello first, like every
// request, and a version-1 client still signs in.
func TestEndedGamesOverTheSocket(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	g, p, tokens := pairBySeek(t, ctx, bases, "10+5")
	for _, c := range p {
		if got, err := c.Ended(ctx); err != nil || len(got) != 0 {
			t.Errorf("ended games while the game is in play: %v %v", got, err)
		}
	}
	if err := p[1].Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, c := range p {
		if got, err := c.Ended(ctx); err != nil || !slices.Equal(got, []int64{g}) {
			t.Errorf("account %d's ended games %v %v, want [%d]", c.Account().ID, got, err, g)
		}
	}
	spectator, _ := dial(t, ctx, bases[1])
	if got, err := spectator.Ended(ctx); err != nil || len(got) != 0 {
		t.Errorf("another account's ended games: %v %v", got, err)
	}
	again, err := client.Dial(ctx, bases[1], tokens[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got, err := again.Ended(ctx); err != nil || !slices.Equal(got, []int64{g}) {
		t.Errorf("after a new sign-in: %v %v", got, err)
	}

	ws, err := rawSocket(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	exchange := func(req string) proto.Frame {
		t.Helper()
		if err := ws.Write(ctx, websocket.MessageText, []byte(req)); err != nil {
			t.Fatal(err)
		}
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		f, err := proto.DecodeFrame(data)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if f := exchange(`{"id":1,"type":"ended"}`); f.Type != proto.TypeError || f.Code != proto.CodeUnauthenticated {
		t.Errorf("ended before hello: %+v", f)
	}
	if f := exchange(fmt.Sprintf(`{"id":2,"type":"hello","token":%q,"version":%d}`, tokens[1], proto.Version+1)); f.Type != proto.TypeError ||
		!strings.Contains(f.Message, fmt.Sprintf("versions 1 to %d", proto.Version)) {
		t.Errorf("a hello of a later version: %+v", f)
	}
	if f := exchange(fmt.Sprintf(`{"id":3,"type":"hello","token":%q,"version":1}`, tokens[1])); f.Type != proto.TypeWelcome {
		t.Errorf("a version-1 hello: %+v", f)
	}
	if f := exchange(`{"id":4,"type":"ended"}`); f.Type != proto.TypeAck || f.ID != 4 || !slices.Equal(f.Games, []int64{g}) {
		t.Errorf("ended on a version-1 socket: %+v", f)
	}
}
