package proto

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeRequest(t *testing.T) {
	r, err := DecodeRequest([]byte(`{"id":3,"type":"move","game":7,"ply":2,"move":"h2e2"}`))
	if err != nil || r.ID != 3 || r.Game != 7 || r.Ply != 2 || r.Move != "h2e2" {
		t.Fatalf("got %+v %v", r, err)
	}
	bad := map[string]string{
		"unknown type":     `{"id":1,"type":"teleport"}`,
		"unknown field":    `{"id":1,"type":"resign","game":1,"extra":1}`,
		"two values":       `{"id":1,"type":"resign","game":1}{}`,
		"no game":          `{"id":1,"type":"resign"}`,
		"no token":         `{"id":1,"type":"hello"}`,
		"negative":         `{"id":-1,"type":"resign","game":1}`,
		"not an object":    `[1,2]`,
		"long text":        `{"id":1,"type":"join","code":"` + strings.Repeat("x", 65) + `"}`,
		"oversized frame":  `{"id":1,"type":"join","code":"x","rules":"` + strings.Repeat(" ", MaxFrame) + `"}`,
		"claim no result":  `{"id":1,"type":"claim","game":1}`,
		"claim bad result": `{"id":1,"type":"claim","game":1,"result":"lose"}`,
		"result elsewhere": `{"id":1,"type":"resign","game":1,"result":"win"}`,
	}
	if r, err := DecodeRequest([]byte(`{"id":2,"type":"claim","game":4,"result":"draw"}`)); err != nil || r.Result != ClaimDraw {
		t.Errorf("claim: %+v %v", r, err)
	}
	for name, frame := range bad {
		if _, err := DecodeRequest([]byte(frame)); err == nil {
			t.Errorf("%s: %s accepted", name, frame)
		}
	}
}

func TestEventRoundTrip(t *testing.T) {
	e, err := NewEvent(5, 2, KindMove, MoveData{Ply: 1, Move: "h2e2", Side: "red", Clock: Clock{Red: 1000, Black: 2000}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(Frame{Type: TypeEvent, Event: &e})
	f, err := DecodeFrame(raw)
	if err != nil {
		t.Fatal(err)
	}
	var m MoveData
	if err := f.Event.Decode(&m); err != nil || m.Move != "h2e2" || m.Clock.Black != 2000 {
		t.Errorf("got %+v %v", m, err)
	}
}

// FuzzDecodeRequest: any bytes decode to a request or an error, never a panic, and a
// request that decodes encodes back to one that decodes the same.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"id":3,"type":"move","game":7,"ply":2,"move":"h2e2"}`,
		`{"id":1,"type":"hello","token":"abc","version":1}`,
		`{"id":2,"type":"seek","tc":"5+3","rules":"chinese","rated":true}`,
		`{"id":4,"type":"join","code":"K3X9"}`, `{}`, `[]`, `null`, `{"type":"watch","game":1,"after":9}`,
		`{"id":5,"type":"claim","game":3,"result":"win"}`,
		`{"id":6,"type":"ended"}`, `{"id":1,"type":"hello","token":"abc","version":2}`,
		`{"id":7,"type":"lobby","list":"games","page":2,"limit":50}`, `{"id":8,"type":"unwatch","game":4}`,
		`{"id":9,"type":"accept_seek","seek":3,"tc":"10+5","rules":"asian"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRequest(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := DecodeRequest(again)
		if err != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("%s decoded to %+v, re-encoded %s gives %+v %v", data, r, again, r2, err)
		}
	})
}

// FuzzDecodeFrame: the client's decoder of server frames takes any bytes without a panic,
// and an event frame it accepts has its event; the games of an ack, read as the answer to
// an ended request, pass CheckEnded only when bounded, positive and strictly newest first.
func FuzzDecodeFrame(f *testing.F) {
	for _, s := range []string{
		`{"type":"ack","id":7,"game":12,"seq":5}`,
		`{"type":"error","id":7,"code":"stale","message":"m"}`,
		`{"type":"event","game":1,"seq":2,"event":{"game":1,"seq":2,"kind":"move","data":{"ply":1}}}`,
		`{"type":"welcome","id":1,"account":{"id":3,"rating":1500,"deviation":350},"games":[1,2]}`,
		`{"type":"event"}`, `{}`, `null`,
		`{"type":"ack","id":2,"games":[9,4,1]}`, `{"type":"ack","id":2,"games":[1,1]}`, `{"type":"ack","id":2,"games":[-1,5]}`,
		`{"type":"watchers","game":3,"watchers":2}`, `{"type":"watchers","game":3}`,
		`{"type":"ack","id":3,"lobby":{"list":"seeks","page":0,"total":1,"seeks":[{"player":{"id":1,"rating":1500,"deviation":350},"tc":"5+3","rules":"asian","rated":false}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := DecodeFrame(data)
		if err != nil {
			return
		}
		if fr.Type == TypeEvent && fr.Event == nil {
			t.Fatalf("%s: an event frame without its event was accepted", data)
		}
		if fr.Type == TypeWatchers && (fr.Watchers == nil || *fr.Watchers < 0) {
			t.Fatalf("%s: a watchers frame without its count was accepted", data)
		}
		if fr.Lobby != nil && CheckLobby(fr.Lobby, fr.Lobby.List, 0) == nil &&
			len(fr.Lobby.Players)+len(fr.Lobby.Seeks)+len(fr.Lobby.Games) > LobbyPageSize {
			t.Fatalf("%s: a page past its limit passed", data)
		}
		if CheckEnded(fr.Games) != nil {
			return
		}
		if len(fr.Games) > MaxEnded {
			t.Fatalf("%s: %d ended games passed", data, len(fr.Games))
		}
		for i, g := range fr.Games {
			if g <= 0 || i > 0 && g >= fr.Games[i-1] {
				t.Fatalf("%s: ended games %v passed", data, fr.Games)
			}
		}
	})
}

func TestEndedRequestAndAnswer(t *testing.T) {
	if r, err := DecodeRequest([]byte(`{"id":6,"type":"ended"}`)); err != nil || r.Type != TypeEnded {
		t.Errorf("ended: %+v %v", r, err)
	}
	if _, err := DecodeRequest([]byte(`{"id":6,"type":"ended","since":4}`)); err == nil {
		t.Error("an ended request with an unknown field accepted")
	}
	good := [][]int64{nil, {7}, {9, 4, 1}}
	for _, g := range good {
		if err := CheckEnded(g); err != nil {
			t.Errorf("%v: %v", g, err)
		}
	}
	many := make([]int64, MaxEnded+1)
	for i := range many {
		many[i] = int64(len(many) - i)
	}
	for _, g := range [][]int64{many, {0}, {-3}, {4, 4}, {1, 2}} {
		if err := CheckEnded(g); err == nil {
			t.Errorf("%v accepted", g)
		}
	}
}

// A key given twice, at any depth, and anything after the object are refused; a frame
// that parsed keeps its id with the refusal.
func TestStrictJSONAndRefusalIDs(t *testing.T) {
	for _, frame := range []string{
		`{"id":1,"type":"move","game":2,"move":"b2b4","move":"a0a1"}`,
		`{"id":1,"id":1,"type":"cancel_seek"}`,
		`{"id":1,"type":"cancel_seek"}{"id":2,"type":"cancel_seek"}`,
		`{"id":1,"type":"cancel_seek"} 3`,
	} {
		if _, err := DecodeRequest([]byte(frame)); err == nil {
			t.Errorf("%s accepted", frame)
		}
	}
	var v struct {
		A []map[string]int `json:"a"`
	}
	if err := DecodeStrict([]byte(`{"a":[{"x":1,"y":2},{"x":3}]}`), &v); err != nil {
		t.Errorf("the same key in two objects of an array: %v", err)
	}
	if err := DecodeStrict([]byte(`{"a":[{"x":1,"x":2}]}`), &v); err == nil {
		t.Error("a key twice in a nested object accepted")
	}
	for frame, id := range map[string]int64{
		`{"id":7,"type":"seek","tc":"5+3","min_rating":9000}`:                      7,
		`{"id":8,"type":"move","game":1,"move":"` + strings.Repeat("a", 65) + `"}`: 8,
		`{"id":9,"type":"join"}`:                   9,
		`{"id":10,"type":"cancel_seek","extra":1}`: 10,
		`{"id":-3,"type":"join"}`:                  0,
	} {
		r, err := DecodeRequest([]byte(frame))
		if err == nil || r.ID != id {
			t.Errorf("%s: id %d (%v), want %d with a refusal", frame, r.ID, err, id)
		}
	}
}

// The lobby's requests (version 4): each list with a page and limit in bounds, accept_seek
// with its seek and control; out of bounds or on another request type, refused.
func TestLobbyRequests(t *testing.T) {
	for _, ok := range []string{
		`{"id":1,"type":"lobby","list":"online"}`, `{"id":1,"type":"lobby","list":"mine","page":19,"limit":50}`,
		`{"id":1,"type":"accept_seek","seek":5,"tc":"5+3"}`, `{"id":1,"type":"unwatch","game":2}`,
	} {
		if _, err := DecodeRequest([]byte(ok)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{
		`{"id":1,"type":"lobby"}`, `{"id":1,"type":"lobby","list":"all"}`, `{"id":1,"type":"lobby","list":"games","page":20}`,
		`{"id":1,"type":"lobby","list":"games","limit":51}`, `{"id":1,"type":"lobby","list":"games","limit":-1}`,
		`{"id":1,"type":"seek","tc":"5+3","list":"games"}`, `{"id":1,"type":"seek","tc":"5+3","seek":4}`,
		`{"id":1,"type":"accept_seek","tc":"5+3"}`, `{"id":1,"type":"accept_seek","seek":5}`, `{"id":1,"type":"unwatch"}`,
	} {
		if r, err := DecodeRequest([]byte(bad)); err == nil || r.ID != 1 {
			t.Errorf("%s: %+v %v, want a refusal naming id 1", bad, r, err)
		}
	}
	page := &LobbyPage{List: ListGames, Total: 3, Games: make([]GameEntry, 3)}
	if err := CheckLobby(page, ListGames, 5); err != nil {
		t.Error(err)
	}
	for name, c := range map[string]struct {
		p     *LobbyPage
		list  string
		limit int
	}{
		"nil": {nil, ListGames, 0}, "another list": {page, ListSeeks, 5}, "past the limit": {page, ListGames, 2},
		"another kind": {&LobbyPage{List: ListOnline, Games: make([]GameEntry, 1)}, ListOnline, 0},
	} {
		if CheckLobby(c.p, c.list, c.limit) == nil {
			t.Errorf("%s: a bad page passed", name)
		}
	}
}
