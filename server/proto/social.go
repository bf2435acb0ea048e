package proto

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The people online (protocol version 4): follows and the friends' presence, blocks,
// challenges, a game's chat and the leaderboards. docs/social.md describes the frames.
const (
	TypeFollow   = "follow"   // Name: follow that account; the ack's Account is it
	TypeUnfollow = "unfollow" // Name
	// TypeFriends asks for the accounts one follows with their presence (the ack's
	// Friends, at most MaxFollows) and the challenges waiting for one (Challenges).
	TypeFriends = "friends"
	TypeBlock   = "block"   // Name: no challenge, no chat, no pairing with that account
	TypeUnblock = "unblock" // Name

	// TypeChallenge invites the account of Name to a game of TimeControl, Rules, Rated;
	// the ack's Game is the game waiting for it, which the challenger watches.
	TypeChallenge = "challenge"
	// TypeRematch challenges the opponent of the ended Game to another game like it.
	TypeRematch          = "rematch"           // Game
	TypeAcceptChallenge  = "accept_challenge"  // Game: start it (both get paired frames)
	TypeDeclineChallenge = "decline_challenge" // Game

	// TypeChat says Phrase (one of Phrases), or Text where both players allow free
	// text, to the opponent of Game.
	TypeChat = "chat" // Game, Phrase or Text
	// TypeChatSetting sets whether this account takes free text (registered accounts).
	TypeChatSetting = "chat_setting" // Allow
	// TypeReport keeps Game's chat for an operator, with the opponent named.
	TypeReport = "report" // Game
	// TypeLeaderboard asks for page Page (from 0) of Category's board: the ack's Leaders.
	TypeLeaderboard = "leaderboard" // Category, Page
)

// Server frames of version 4, sent only to sockets whose hello named version 4 or later.
const (
	// TypePresence tells a follower of its friends whose presence changed: Friends.
	// Changes are gathered and sent at most once a PresenceEvery per socket.
	TypePresence = "presence"
	// TypeChallenged tells of a challenge: Challenge, to its challenged when made, and to
	// its challenger with Declined set when declined.
	TypeChallenged = "challenged"
	// A frame of type TypeChat carries Chat, a line said to its receiver.
)

// Limits of the social requests (the hub and store hold them).
const (
	MaxFollows       = 200 // accounts one may follow
	MaxBlocks        = 500 // accounts one may block
	MaxChallenges    = 20  // challenges listed as waiting for one
	ChallengeMinutes = 5   // a challenge's lifetime
	MaxChatText      = 140 // characters of a free text
	MaxChatLines     = 200 // lines a game's chat keeps (and a report copies)
	LeaderPage       = 20  // entries of a leaderboard page
	MaxLeaderPages   = 5   // pages of a leaderboard (its top 100)
)

// Phrases are the quick phrases, by id; each client shows them in its own language.
var Phrases = []string{"hurry", "good_move", "thanks", "rematch"}

// Friend is a followed account and whether it is online, and the game it plays.
type Friend struct {
	Account Account `json:"account"`
	Online  bool    `json:"online"`
	Playing int64   `json:"playing,omitempty"`
}

// Challenge is a game waiting for its challenged player.
type Challenge struct {
	Game        int64     `json:"game"`
	From        Account   `json:"from"`
	To          Account   `json:"to"`
	TimeControl string    `json:"tc"`
	Rules       string    `json:"rules"`
	Rated       bool      `json:"rated"`
	Expires     time.Time `json:"expires"`
	Declined    bool      `json:"declined,omitempty"`
}

// ChatLine is one line of a game's chat: a phrase id or a free text.
type ChatLine struct {
	Game   int64     `json:"game"`
	From   int64     `json:"from"`
	Phrase string    `json:"phrase,omitempty"`
	Text   string    `json:"text,omitempty"`
	At     time.Time `json:"at"`
}

// Leader is one place of a leaderboard; Rank is the band's key (rank.Rank.Key).
type Leader struct {
	Place   int     `json:"place"`
	Account Account `json:"account"`
	Rank    string  `json:"rank"`
}

// IsPhrase reports whether id names a quick phrase.
func IsPhrase(id string) bool {
	for _, p := range Phrases {
		if p == id {
			return true
		}
	}
	return false
}

// CheckChatText checks a free text: not empty, at most MaxChatText characters, valid
// UTF-8 with no control characters. It returns the text trimmed.
func CheckChatText(text string) (string, error) {
	text = strings.TrimSpace(text)
	if !utf8.ValidString(text) {
		return "", errors.New("a chat text is UTF-8")
	}
	if text == "" {
		return "", errors.New("a chat text is not empty")
	}
	if n := utf8.RuneCountInString(text); n > MaxChatText {
		return "", fmt.Errorf("a chat text of %d characters, the limit is %d", n, MaxChatText)
	}
	for _, r := range text {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return "", errors.New("a chat text has no control or format characters")
		}
	}
	return text, nil
}

var socialTypes = []string{TypeFollow, TypeUnfollow, TypeFriends, TypeBlock, TypeUnblock, TypeChallenge, TypeRematch,
	TypeAcceptChallenge, TypeDeclineChallenge, TypeChat, TypeChatSetting, TypeReport, TypeLeaderboard}

func init() {
	for _, t := range socialTypes {
		knownTypes[t] = true
	}
	for _, t := range []string{TypeRematch, TypeAcceptChallenge, TypeDeclineChallenge, TypeChat, TypeReport} {
		needsGame[t] = true
	}
}

// checkSocial checks the fields of version 4: each only on the requests that use it.
func checkSocial(r Request) error {
	named := r.Type == TypeFollow || r.Type == TypeUnfollow || r.Type == TypeBlock || r.Type == TypeUnblock || r.Type == TypeChallenge
	switch {
	case named && r.Name == "":
		return fmt.Errorf("%s needs a name", r.Type)
	case !named && r.Name != "":
		return errors.New("only follow, unfollow, block, unblock and challenge name an account")
	case len(r.Name) > maxText || len(r.Phrase) > maxText || len(r.Category) > maxText:
		return fmt.Errorf("a text field is longer than %d bytes", maxText)
	case r.Type != TypeChat && (r.Phrase != "" || r.Text != ""):
		return errors.New("only a chat has a phrase or a text")
	case r.Type != TypeChatSetting && r.Allow:
		return errors.New("only a chat_setting has allow")
	case r.Type != TypeLeaderboard && r.Category != "":
		return errors.New("only a leaderboard has a category")
	}
	switch r.Type {
	case TypeChat:
		if (r.Phrase == "") == (r.Text == "") {
			return errors.New("a chat has a phrase or a text, one of them")
		}
		if r.Phrase != "" && !IsPhrase(r.Phrase) {
			return fmt.Errorf("unknown phrase %q; the phrases are %s", r.Phrase, strings.Join(Phrases, ", "))
		}
		if r.Text != "" {
			if _, err := CheckChatText(r.Text); err != nil {
				return err
			}
		}
	case TypeLeaderboard:
		if r.Page < 0 || r.Page >= MaxLeaderPages {
			return fmt.Errorf("a leaderboard page is 0 to %d", MaxLeaderPages-1)
		}
		if r.Category == "" {
			return errors.New("leaderboard needs a category")
		}
	}
	return nil
}

// CodeBlocked refuses a challenge, follow or rematch between accounts one of which
// blocked the other (the refusal does not say which).
const CodeBlocked = "blocked"
