package hub

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/time/rate"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// limited sends n requests on c and returns how many were refused as rate-limited, with
// the message of the last refusal.
func limited(t *testing.T, ctx context.Context, c *client.Conn, n int) (int, string) {
	t.Helper()
	refused, message := 0, ""
	for range n {
		err := c.CancelSeek(ctx)
		switch code(err) {
		case "":
		case proto.CodeRateLimited:
			refused++
			message = err.Error()
		default:
			t.Fatalf("request: %v", err)
		}
	}
	return refused, message
}

// One account's requests are limited over all its connections together, while another
// account on the same address, below its own limit, is not.
func TestAccountRateLimitSpansConnections(t *testing.T) {
	bases := instances(t, 1, Config{MessageRate: 1000, MessageBurst: 1000, AccountMessageRate: 0.01, AccountMessageBurst: 6})
	ctx := testCtx(t)
	first, session := dial(t, ctx, bases[0])
	conns := []*client.Conn{first}
	for range 2 {
		c, err := client.Dial(ctx, bases[0], session.Token, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	refused := 0
	var message string
	for _, c := range conns { // 3 connections x 3 requests against a burst of 6
		n, m := limited(t, ctx, c, 3)
		refused, message = refused+n, m
	}
	if refused != 3 || !strings.Contains(message, "account") {
		t.Errorf("the busy account: %d of 9 requests refused (%q), want 3 for the account", refused, message)
	}
	other, _ := dial(t, ctx, bases[0])
	if n, m := limited(t, ctx, other, 5); n != 0 {
		t.Errorf("another account on the same address: %d of 5 refused (%s)", n, m)
	}
}

// One address's requests are limited over all its connections and accounts together.
func TestAddressRateLimitSpansAccounts(t *testing.T) {
	bases := instances(t, 1, Config{MessageRate: 1000, MessageBurst: 1000, AddressMessageRate: 0.01, AddressMessageBurst: 8})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, bases[0]) // each hello counts: 2 of the 8
	b, _ := dial(t, ctx, bases[0])
	na, _ := limited(t, ctx, a, 3)
	nb, m := limited(t, ctx, b, 5)
	if na+nb != 2 || !strings.Contains(m, "address") {
		t.Errorf("%d and %d refused (%q), want 2 together for the address", na, nb, m)
	}
}

// Limiters back at their full burst are forgotten; those in use are kept.
func TestPruneForgetsIdleLimiters(t *testing.T) {
	m := map[string]*rate.Limiter{}
	limiterOf(m, "idle", 1, 5)
	limiterOf(m, "busy", 0.001, 5).Allow()
	prune(m)
	if _, ok := m["idle"]; ok || m["busy"] == nil {
		t.Errorf("after pruning: %v", m)
	}
}
