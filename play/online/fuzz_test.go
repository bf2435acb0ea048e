package online

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Whatever events a server sends, applying them never panics, and an event refused
// leaves the game as it was.
func FuzzApplyEvents(f *testing.F) {
	f.Add(`{"red":{"id":1},"black":{"id":2},"tc":"10+5","fen":"","clock":{"red":600000,"black":600000}}`,
		"move", `{"ply":1,"move":"h2e2","side":"red","clock":{"red":1,"black":2}}`, int64(2))
	f.Add(`{"red":{"id":1},"black":{"id":2},"tc":"","fen":"","clock":{}}`, "end", `{"result":"0-1","reason":"reason.resignation"}`, int64(2))
	f.Add(`{"red":{"id":1},"black":{"id":2},"fen":"9/9/9/9/9/9/9/9/9/9 w"}`, "takeback", `{"ply":-1}`, int64(2))
	f.Add(`{"tc":"99999+0","rules":"mars"}`, "draw_offer", `{"side":"green"}`, int64(1))
	f.Add(`{"red":{"id":1},"black":{"id":2},"tc":"0+20b","fen":""}`, "away",
		`{"side":"black","since":"2026-01-01T00:00:00Z","claim_at":"2026-01-01T00:01:00Z","forfeit_at":"2026-01-01T00:03:00Z"}`, int64(2))
	f.Add(`{"red":{"id":1},"black":{"id":2},"tc":"10+30bx3","fen":""}`, "back", `{"side":"red"}`, int64(2))
	f.Fuzz(func(t *testing.T, start, kind, data string, seq int64) {
		g := newGame(7)
		now := time.Unix(1, 0)
		if _, err := g.apply(proto.Event{Game: 7, Seq: 1, Kind: proto.KindStart, Data: json.RawMessage(start)}, 1, now); err != nil {
			return
		}
		before := g.Moves()
		ok, err := g.apply(proto.Event{Game: 7, Seq: seq, Kind: kind, Data: json.RawMessage(data)}, 1, now)
		if err != nil && (ok || len(g.Moves()) != len(before) || g.Seq() != 1) {
			t.Fatalf("a refused event changed the game: %v", err)
		}
		g.ClockLeft(g.ToMove(), now.Add(time.Hour))
		if g.Over() {
			g.record("x", now)
		}
	})
}
