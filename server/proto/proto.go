// Package proto is the online protocol between xqserver and its clients: the JSON frames
// sent over the WebSocket, the numbered game events, and the error codes. The server and
// the Go client package both use it, so the two cannot drift apart; docs/online-protocol.md
// describes it for other clients.
package proto

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Version is the protocol version a client names in its hello; a server takes hellos of
// MinVersion to Version. Version 2 added the ended request, version 3 cancel_invite,
// version 4 the sync request (sync.go), the lobby's lists, accept_seek, unwatch and the
// watchers frame (lobby.go), and the people online (social.go).
const (
	Version    = 4
	MinVersion = 1
)

// MaxFrame is the largest frame either side sends; the server closes a socket that sends
// a larger one.
const MaxFrame = 4096

// Client request types.
const (
	TypeHello       = "hello"        // Token, Version: the first frame of every socket
	TypeSeek        = "seek"         // TimeControl, Rules, Rated: play anyone on that control
	TypeCancelSeek  = "cancel_seek"  // withdraw this account's seeks
	TypeInvite      = "invite"       // TimeControl, Rules, Rated: a private game; the ack carries its Code
	TypeJoin        = "join"         // Code: join a private game
	TypeWatch       = "watch"        // Game, After: the game's events after number After, then live ones
	TypeMove        = "move"         // Game, Ply, Move
	TypeResign      = "resign"       // Game
	TypeOfferDraw   = "offer_draw"   // Game
	TypeAcceptDraw  = "accept_draw"  // Game
	TypeDeclineDraw = "decline_draw" // Game

	TypeOfferTakeback   = "offer_takeback"   // Game: ask to take one's last move back (casual games)
	TypeAcceptTakeback  = "accept_takeback"  // Game
	TypeDeclineTakeback = "decline_takeback" // Game

	// TypeClaim ends a game whose opponent has been away past the claim time (see
	// KindAway): Result is ClaimWin or ClaimDraw.
	TypeClaim = "claim" // Game, Result

	// TypeEnded asks for the account's ended games, so that an app that was not running
	// when they ended can still file them: the ack's Games, at most MaxEnded, newest first
	// (protocol version 2).
	TypeEnded = "ended"

	// TypeCancelInvite withdraws one's invite of Game before anyone joined it (protocol
	// version 3). Invites also expire, InviteHours after they were made.
	TypeCancelInvite = "cancel_invite" // Game
)

// InviteHours is how long an invite waits for its opponent.
const InviteHours = 24

// MaxEnded bounds the games an ended request answers with.
const MaxEnded = 20

// What a claim asks for.
const (
	ClaimWin  = "win"
	ClaimDraw = "draw"
)

// Server frame types.
const (
	TypeWelcome = "welcome" // answer to hello: Account, Games (the account's games in play)
	TypeAck     = "ack"     // a request was done: ID, and Game/Code/Seq where it made one, Games for ended
	TypeError   = "error"   // a request was refused: ID (0 for the socket as a whole), Code, Message
	TypeEvent   = "event"   // Event: one numbered event of a watched game
	TypePaired  = "paired"  // Game: a seek or invite became a game; the socket now watches it
)

// Request is a frame from a client. ID numbers the request so its ack or error can be
// matched; the other fields belong to the types that name them above.
type Request struct {
	ID          int64  `json:"id"`
	Type        string `json:"type"`
	Token       string `json:"token,omitempty"`
	Version     int    `json:"version,omitempty"`
	Game        int64  `json:"game,omitempty"`
	After       int64  `json:"after,omitempty"`
	Ply         int    `json:"ply,omitempty"`
	Move        string `json:"move,omitempty"`
	TimeControl string `json:"tc,omitempty"`
	Rules       string `json:"rules,omitempty"`
	Rated       bool   `json:"rated,omitempty"`
	// MinRating and MaxRating bound a seek's opponent's rating (0: no bound).
	MinRating int    `json:"min_rating,omitempty"`
	MaxRating int    `json:"max_rating,omitempty"`
	Code      string `json:"code,omitempty"`
	// Result is what a claim asks for (ClaimWin or ClaimDraw).
	Result string `json:"result,omitempty"`
	// List, Page and Limit are a lobby request's; Seek names the seek accept_seek takes
	// (its player's account id). Protocol version 4.
	List  string `json:"list,omitempty"`
	Page  int    `json:"page,omitempty"`
	Limit int    `json:"limit,omitempty"`
	Seek  int64  `json:"seek,omitempty"`
	// Version 4 (social.go): an account's name, a chat's phrase or text, a chat
	// setting, a leaderboard's category (and its Page, as the lobby's).
	Name     string `json:"name,omitempty"`
	Phrase   string `json:"phrase,omitempty"`
	Text     string `json:"text,omitempty"`
	Allow    bool   `json:"allow,omitempty"`
	Category string `json:"category,omitempty"`
}

// Frame is a frame from the server.
type Frame struct {
	Type    string   `json:"type"`
	ID      int64    `json:"id,omitempty"`
	Game    int64    `json:"game,omitempty"`
	Seq     int64    `json:"seq,omitempty"`
	Code    string   `json:"code,omitempty"`
	Message string   `json:"message,omitempty"`
	Account *Account `json:"account,omitempty"`
	Games   []int64  `json:"games,omitempty"`
	Event   *Event   `json:"event,omitempty"`
	// Lobby is a lobby request's page; Watchers a watchers frame's count (version 4).
	Lobby    *LobbyPage `json:"lobby,omitempty"`
	Watchers *int       `json:"watchers,omitempty"`
	// Version 4 (social.go).
	Friends    []Friend    `json:"friends,omitempty"`
	Challenges []Challenge `json:"challenges,omitempty"`
	Challenge  *Challenge  `json:"challenge,omitempty"`
	Chat       *ChatLine   `json:"chat,omitempty"`
	Leaders    []Leader    `json:"leaders,omitempty"`
}

// Account is a player as others see them.
type Account struct {
	ID     int64   `json:"id"`
	Name   string  `json:"name,omitempty"`
	Rating float64 `json:"rating"`
	// Deviation is the rating's Glicko deviation; Provisional says it is still too high
	// for the rating to be shown as established.
	Deviation   float64 `json:"deviation"`
	Provisional bool    `json:"provisional,omitempty"`
}

// Limits on what a request may carry.
const (
	maxText = 64
	// MaxRating bounds a seek's rating range.
	MaxRating = 4000
)

// needsGame lists the request types that act on one game.
var needsGame = map[string]bool{
	TypeWatch: true, TypeMove: true, TypeResign: true, TypeOfferDraw: true, TypeAcceptDraw: true, TypeDeclineDraw: true,
	TypeOfferTakeback: true, TypeAcceptTakeback: true, TypeDeclineTakeback: true, TypeClaim: true, TypeCancelInvite: true,
	TypeUnwatch: true,
}

var knownTypes = map[string]bool{
	TypeHello: true, TypeSeek: true, TypeCancelSeek: true, TypeInvite: true, TypeJoin: true,
	TypeWatch: true, TypeMove: true, TypeResign: true, TypeOfferDraw: true, TypeAcceptDraw: true, TypeDeclineDraw: true,
	TypeOfferTakeback: true, TypeAcceptTakeback: true, TypeDeclineTakeback: true, TypeClaim: true, TypeEnded: true,
	TypeCancelInvite: true, TypeLobby: true, TypeAcceptSeek: true, TypeUnwatch: true,
}

// DecodeRequest reads one client frame strictly: one JSON object, no unknown fields and
// no key twice, a known type with the fields it needs. The error says what is wrong, for
// the client; a frame that parsed keeps its id in the Request returned with the error, so
// that the refusal can name it.
func DecodeRequest(data []byte) (Request, error) {
	var r Request
	if len(data) > MaxFrame {
		return r, fmt.Errorf("frame of %d bytes, the limit is %d", len(data), MaxFrame)
	}
	if err := decodeStrict(data, &r); err != nil {
		// Still answer under the frame's id when one can be read (a field this server
		// does not know, say).
		var id struct {
			ID int64 `json:"id"`
		}
		json.NewDecoder(bytes.NewReader(data)).Decode(&id) // the first value's, if any
		return Request{ID: max(id.ID, 0)}, err
	}
	if !knownTypes[r.Type] {
		return Request{ID: max(r.ID, 0)}, fmt.Errorf("unknown request type %q", r.Type)
	}
	if r.ID < 0 || r.Game < 0 || r.After < 0 || r.Ply < 0 || r.Page < 0 || r.Limit < 0 || r.Seek < 0 {
		return Request{ID: max(r.ID, 0)}, errors.New("id, game, after, ply, page, limit and seek are not negative")
	}
	if r.MinRating < 0 || r.MaxRating < 0 || r.MinRating > MaxRating || r.MaxRating > MaxRating ||
		r.MaxRating != 0 && r.MinRating > r.MaxRating {
		return Request{ID: max(r.ID, 0)}, fmt.Errorf("a rating range is 0..%d with min_rating below max_rating", MaxRating)
	}
	for _, s := range []string{r.Token, r.Move, r.TimeControl, r.Rules, r.Code, r.Result, r.List} {
		if len(s) > maxText {
			return Request{ID: max(r.ID, 0)}, fmt.Errorf("a text field is longer than %d bytes", maxText)
		}
	}
	if needsGame[r.Type] && r.Game == 0 {
		return Request{ID: max(r.ID, 0)}, fmt.Errorf("%s needs a game", r.Type)
	}
	switch r.Type {
	case TypeHello:
		if r.Token == "" {
			return Request{ID: max(r.ID, 0)}, errors.New("hello needs a token")
		}
	case TypeMove:
		if r.Move == "" {
			return Request{ID: max(r.ID, 0)}, errors.New("move needs a move")
		}
	case TypeJoin:
		if r.Code == "" {
			return Request{ID: max(r.ID, 0)}, errors.New("join needs a code")
		}
	case TypeClaim:
		if r.Result != ClaimWin && r.Result != ClaimDraw {
			return Request{ID: max(r.ID, 0)}, fmt.Errorf("claim needs a result, %q or %q", ClaimWin, ClaimDraw)
		}
	}
	if err := checkLobbyRequest(r); err != nil {
		return Request{ID: max(r.ID, 0)}, err
	}
	if r.Type != TypeClaim && r.Result != "" {
		return Request{ID: max(r.ID, 0)}, errors.New("only a claim has a result")
	}
	if err := checkSocial(r); err != nil {
		return Request{ID: max(r.ID, 0)}, err
	}
	return r, nil
}

// DecodeFrame reads one server frame (the client's side).
func DecodeFrame(data []byte) (Frame, error) {
	var f Frame
	if err := decodeStrict(data, &f); err != nil {
		return Frame{}, err
	}
	if f.Type == "" {
		return Frame{}, errors.New("frame without a type")
	}
	if f.Type == TypeEvent && f.Event == nil {
		return Frame{}, errors.New("event frame without its event")
	}
	if f.Type == TypeWatchers && (f.Watchers == nil || *f.Watchers < 0 || f.Game <= 0) {
		return Frame{}, errors.New("watchers frame without its game and count")
	}
	return f, nil
}

func decodeStrict(data []byte, v any) error {
	if err := DecodeStrict(data, v); err != nil {
		return fmt.Errorf("malformed frame: %v", err)
	}
	return nil
}

// DecodeStrict reads data as exactly one JSON object into v: no unknown fields, no key
// twice (at any depth), nothing after it. A key given twice is refused rather than read
// as its last value, which another reader of the same bytes might not do.
func DecodeStrict(data []byte, v any) error {
	if err := noDuplicateKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// noDuplicateKeys walks data's tokens and refuses an object that names a key twice.
func noDuplicateKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// Per open object, the keys seen; per open array, nil. wantKey: the next string
	// token in the innermost object is a key.
	var stack []map[string]bool
	wantKey := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack, wantKey = append(stack, map[string]bool{}), true
			case '[':
				stack, wantKey = append(stack, nil), false
			case '}', ']':
				stack = stack[:len(stack)-1]
				wantKey = len(stack) > 0 && stack[len(stack)-1] != nil
			}
			continue
		case string:
			if wantKey {
				keys := stack[len(stack)-1]
				if keys[t] {
					return fmt.Errorf("the key %q appears twice", t)
				}
				keys[t] = true
				wantKey = false
				continue
			}
		}
		// A value: in an object, the next token is a key again.
		wantKey = len(stack) > 0 && stack[len(stack)-1] != nil
	}
}

// Credentials are a name and password, for POST /api/register and /api/login.
type Credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// Session answers POST /api/guest and /api/login: the session token, shown only this
// once, and the account.
type Session struct {
	Token   string  `json:"token"`
	Account Account `json:"account"`
}

// CheckEnded checks an ended request's answer: at most MaxEnded game ids, each positive,
// newest (highest) first with none twice. A client files what it names, so a server that
// answers otherwise is refused rather than trusted.
func CheckEnded(games []int64) error {
	if len(games) > MaxEnded {
		return fmt.Errorf("%d ended games, the limit is %d", len(games), MaxEnded)
	}
	for i, g := range games {
		if g <= 0 {
			return fmt.Errorf("ended game id %d is not positive", g)
		}
		if i > 0 && g >= games[i-1] {
			return errors.New("ended games are not newest first, each once")
		}
	}
	return nil
}
