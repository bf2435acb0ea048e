package proto

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDecodeSyncRequestLimits(t *testing.T) {
	ok := `{"since":3,"push":[{"kind":"game","key":"abc","version":2,"data":"{}"}]}`
	if r, err := DecodeSyncRequest([]byte(ok)); err != nil || r.Since != 3 || len(r.Push) != 1 {
		t.Fatalf("%+v %v", r, err)
	}
	for name, body := range map[string]string{
		"unknown field": `{"since":0,"x":1}`,
		"negative":      `{"since":-1}`,
		"bad kind":      `{"push":[{"kind":"Game","key":"a","version":0}]}`,
		"empty key":     `{"push":[{"kind":"game","key":"","version":0}]}`,
		"space in key":  `{"push":[{"kind":"game","key":"a b","version":0}]}`,
		"twice":         `{"push":[{"kind":"game","key":"a","version":0},{"kind":"game","key":"a","version":0}]}`,
		"nul":           `{"push":[{"kind":"game","key":"a","version":0,"data":"\u0000"}]}`,
		"big data":      `{"push":[{"kind":"game","key":"a","version":0,"data":"` + strings.Repeat("x", MaxSyncData+1) + `"}]}`,
		"limit":         `{"limit":1000}`,
	} {
		if _, err := DecodeSyncRequest([]byte(body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	var many []SyncItem
	for i := range MaxSyncPush + 1 {
		many = append(many, SyncItem{Kind: "k", Key: strings.Repeat("a", i+1)})
	}
	body, _ := json.Marshal(SyncRequest{Push: many})
	if _, err := DecodeSyncRequest(body); err == nil || err.(*Error).Code != CodeTooLarge {
		t.Errorf("too many items: %v", err)
	}
}

func TestCheckSyncAnswer(t *testing.T) {
	good := SyncAnswer{Items: []SyncItem{{Kind: "game", Key: "a", Version: 4}, {Kind: "game", Key: "b", Version: 6}}, Next: 6, Version: 7}
	if err := CheckSyncAnswer(good, 3, 0); err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]SyncAnswer{
		"not after since": {Items: []SyncItem{{Kind: "game", Key: "a", Version: 3}}, Next: 3, Version: 3},
		"not increasing":  {Items: []SyncItem{{Kind: "game", Key: "a", Version: 5}, {Kind: "game", Key: "b", Version: 4}}, Next: 4, Version: 5},
		"wrong next":      {Items: []SyncItem{{Kind: "game", Key: "a", Version: 5}}, Next: 9, Version: 9},
		"bad accepted":    {Accepted: []SyncItem{{Kind: "game", Key: "a", Version: 0}}, Next: 3, Version: 3},
	} {
		if err := CheckSyncAnswer(a, 3, 0); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzDecodeSyncRequest: any body is refused with an error or decoded within every limit.
func FuzzDecodeSyncRequest(f *testing.F) {
	f.Add([]byte(`{"since":3,"push":[{"kind":"game","key":"abc","version":2,"data":"{}"}]}`))
	f.Add([]byte(`{"since":0,"limit":5}`))
	f.Add([]byte(`{"push":[{"kind":"a","key":"b","version":1,"deleted":true}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeSyncRequest(data)
		if err != nil {
			return
		}
		if r.Since < 0 || len(r.Push) > MaxSyncPush || r.Limit < 0 || r.Limit > MaxSyncPage {
			t.Fatalf("out of limits: %+v", r)
		}
		for _, it := range r.Push {
			if CheckSyncItem(it) != nil {
				t.Fatalf("a bad item taken: %+v", it)
			}
		}
	})
}
