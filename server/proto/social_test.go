package proto

import (
	"strings"
	"testing"
)

func TestDecodeSocialRequests(t *testing.T) {
	ok := []string{
		`{"id":1,"type":"follow","name":"lin"}`,
		`{"id":1,"type":"friends"}`,
		`{"id":1,"type":"challenge","name":"lin","tc":"5+3","rated":true}`,
		`{"id":1,"type":"rematch","game":4}`,
		`{"id":1,"type":"accept_challenge","game":4}`,
		`{"id":1,"type":"chat","game":4,"phrase":"good_move"}`,
		`{"id":1,"type":"chat","game":4,"text":"好棋！"}`,
		`{"id":1,"type":"chat_setting","allow":true}`,
		`{"id":1,"type":"report","game":4}`,
		`{"id":1,"type":"leaderboard","category":"blitz","page":4}`,
	}
	for _, s := range ok {
		if _, err := DecodeRequest([]byte(s)); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	bad := map[string]string{
		`{"id":1,"type":"follow"}`:                                         "needs a name",
		`{"id":1,"type":"seek","tc":"5+3","name":"lin"}`:                   "name an account",
		`{"id":1,"type":"chat","game":4}`:                                  "one of them",
		`{"id":1,"type":"chat","game":4,"phrase":"hi","text":"x"}`:         "one of them",
		`{"id":1,"type":"chat","game":4,"phrase":"insult"}`:                "unknown phrase",
		`{"id":1,"type":"chat","phrase":"thanks"}`:                         "needs a game",
		`{"id":1,"type":"chat","game":4,"text":"   "}`:                     "not empty",
		`{"id":1,"type":"chat","game":4,"text":"a\u202eb"}`:                "control or format",
		`{"id":1,"type":"chat","game":4,"text":"a\u0007b"}`:                "control or format",
		`{"id":1,"type":"move","game":4,"ply":1,"move":"h2e2","text":"x"}`: "only a chat",
		`{"id":1,"type":"leaderboard","category":"blitz","page":5}`:        "page is 0 to 4",
		`{"id":1,"type":"leaderboard","category":"blitz","page":-1}`:       "not negative",
		`{"id":1,"type":"leaderboard"}`:                                    "needs a category",
		`{"id":1,"type":"friends","allow":true}`:                           "only a chat_setting",
		`{"id":1,"type":"friends","page":1}`:                               "only a lobby request or a leaderboard has a page",
	}
	for s, want := range bad {
		if _, err := DecodeRequest([]byte(s)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", s, err, want)
		}
	}
	long := `{"id":1,"type":"chat","game":4,"text":"` + strings.Repeat("好", MaxChatText+1) + `"}`
	if _, err := DecodeRequest([]byte(long)); err == nil || !strings.Contains(err.Error(), "limit is 140") {
		t.Errorf("a long text: %v", err)
	}
}

// FuzzCheckChatText: whatever the bytes, a text it accepts is trimmed, short enough and
// free of control characters, and accepted again as itself.
func FuzzCheckChatText(f *testing.F) {
	for _, s := range []string{"好棋", " hi ", "\u202e", "a\nb", strings.Repeat("x", 141), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := CheckChatText(s)
		if err != nil {
			return
		}
		again, err := CheckChatText(got)
		if err != nil || again != got || strings.TrimSpace(got) != got || len([]rune(got)) > MaxChatText {
			t.Fatalf("%q gave %q, then %q %v", s, got, again, err)
		}
	})
}
