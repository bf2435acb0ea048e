package hub

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
)

// A 读秒 game over sockets (no main time, 1 s a move, 2 periods), on a clock the test
// sets: a slow move costs a period, and the last period's end is a loss on time, found
// by the sweeper.
func TestByoyomiGameOverSockets(t *testing.T) {
	clock := &testClock{t: time.Now()}
	first, base0, _ := manualHub(t, clock, Config{})
	second, base1, _ := manualHub(t, clock, Config{})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, base0)
	b, _ := dial(t, ctx, base1)
	g, invite, err := a.Invite(ctx, "0+1bx2", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(ctx, invite); err != nil {
		t.Fatal(err)
	}
	var start proto.StartData
	if err := nextKind(t, ctx, a, g, proto.KindStart).Decode(&start); err != nil || start.Clock.RedPeriods != 2 || start.Clock.RedPeriod != 1000 {
		t.Fatalf("start %+v %v", start, err)
	}
	red, black := a, b
	if start.Red.ID != a.Account().ID {
		red, black = b, a
	}
	clock.Add(1300 * time.Millisecond) // over the first period
	if _, err := red.Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	var m proto.MoveData
	if err := nextKind(t, ctx, black, g, proto.KindMove).Decode(&m); err != nil || m.Clock.RedPeriods != 1 || m.Clock.RedPeriod != 1000 {
		t.Errorf("after a slow move: %+v %v", m, err)
	}
	if _, err := black.Move(ctx, g, 1, "b7b5"); err != nil {
		t.Fatal(err)
	}
	clock.Add(999 * time.Millisecond)
	tick(ctx, first, second)
	if events := storedEvents(t, ctx, g); events[len(events)-1].Kind == proto.KindEnd {
		t.Error("red lost on time with 1 ms of its last period left")
	}
	clock.Add(2 * time.Millisecond)
	tick(ctx, first, second)
	var end proto.EndData
	if err := nextKind(t, ctx, black, g, proto.KindEnd).Decode(&end); err != nil || end.Result != "0-1" || end.Reason != "reason.time" {
		t.Errorf("red's last period ran out: %+v %v", end, err)
	}
}
