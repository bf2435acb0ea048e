package hub

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// TestSyncPagesAcrossInstances: items pushed on one instance are pulled on another in
// pages (by count and by bytes), versions in order; pushes racing on one item take one
// each, the others conflicts; one account never sees another's items.
func TestSyncPagesAcrossInstances(t *testing.T) {
	bases := instances(t, 2, Config{Sync: SyncLimits{Push: store.Limit{Rate: 1000, Burst: 1000}}})
	ctx := testCtx(t)
	_, alice := dialMember(t, ctx, bases[0])
	_, bob := dialMember(t, ctx, bases[1])
	var push []proto.SyncItem
	for i := range 30 {
		push = append(push, proto.SyncItem{Kind: "game", Key: fmt.Sprintf("k%02d", i), Data: strings.Repeat("x", 100<<10)})
	}
	for i := 0; i < len(push); i += 10 {
		a, err := client.Sync(ctx, bases[0], alice.Token, proto.SyncRequest{Push: push[i : i+10], Limit: 1})
		if err != nil || len(a.Accepted) != 10 {
			t.Fatalf("push: %+v %v", a.Accepted, err)
		}
	}
	var got []proto.SyncItem
	pages := 0
	for since, more := int64(0), true; more; pages++ {
		a, err := client.Sync(ctx, bases[1], alice.Token, proto.SyncRequest{Since: since})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, a.Items...)
		since, more = a.Next, a.More
	}
	// 30 items of 100 KiB: pages stop at 1 MiB, so at least three.
	if len(got) != 30 || pages < 3 || got[0].Key != "k00" || got[29].Key != "k29" {
		t.Fatalf("%d items in %d pages", len(got), pages)
	}
	if a, err := client.Sync(ctx, bases[1], bob.Token, proto.SyncRequest{}); err != nil || len(a.Items) != 0 || a.Version != 0 {
		t.Fatalf("bob sees %+v %v", a, err)
	}

	// Ten pushes of one item at once, all from its version: one is taken.
	base := got[0].Version
	var wg sync.WaitGroup
	var mu sync.Mutex
	taken, conflicts := 0, 0
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := client.Sync(ctx, bases[i%2], alice.Token, proto.SyncRequest{Since: 1 << 40,
				Push: []proto.SyncItem{{Kind: "game", Key: "k00", Version: base, Data: fmt.Sprint(i)}}})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
				return
			}
			taken += len(a.Accepted)
			conflicts += len(a.Conflicts)
		}()
	}
	wg.Wait()
	if taken != 1 || conflicts != 9 {
		t.Fatalf("racing pushes: %d taken, %d conflicts", taken, conflicts)
	}
	// A tombstone replaces the item and is pulled as one.
	a, err := client.Sync(ctx, bases[0], alice.Token, proto.SyncRequest{Since: base + 29,
		Push: []proto.SyncItem{{Kind: "game", Key: "k01", Version: got[1].Version, Deleted: true}}})
	if err != nil || len(a.Accepted) != 1 {
		t.Fatalf("delete: %+v %v", a, err)
	}
	if n := len(a.Items); n == 0 || !a.Items[n-1].Deleted || a.Items[n-1].Key != "k01" || a.Items[n-1].Data != "" {
		t.Fatalf("the tombstone pulled: %+v", a.Items)
	}
}
