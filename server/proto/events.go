package proto

import (
	"encoding/json"
	"fmt"
	"time"
)

// Event is one numbered event of a game. Seq counts a game's events from 1 with no gaps,
// so a client that has seen up to n asks for the events after n and gets exactly the ones
// it missed.
type Event struct {
	Game int64           `json:"game"`
	Seq  int64           `json:"seq"`
	Kind string          `json:"kind"`
	Data json.RawMessage `json:"data"`
}

// Event kinds and their data.
const (
	KindStart       = "start"        // StartData
	KindMove        = "move"         // MoveData
	KindDrawOffer   = "draw_offer"   // SideData: who offers
	KindDrawDecline = "draw_decline" // SideData: who declines
	KindEnd         = "end"          // EndData

	KindTakebackOffer   = "takeback_offer"   // SideData: who asks to take its last move back
	KindTakebackDecline = "takeback_decline" // SideData: who declines
	KindTakeback        = "takeback"         // TakebackData

	KindAway = "away" // AwayData: a player has lost its connection to the game
	KindBack = "back" // SideData: the away player is connected again
)

// Clock is the time each side has left, in milliseconds, when the event happened; the
// side to move's clock runs from then.
type Clock struct {
	Red   int64 `json:"red"`
	Black int64 `json:"black"`
	// In 读秒 (byo-yomi) controls, Red and Black are the main time left; these are each
	// side's periods left (0 once its last one ran out) and what is left of its current
	// period (the whole period while main time lasts).
	RedPeriods   int   `json:"red_periods,omitempty"`
	BlackPeriods int   `json:"black_periods,omitempty"`
	RedPeriod    int64 `json:"red_period_ms,omitempty"`
	BlackPeriod  int64 `json:"black_period_ms,omitempty"`
}

// StartData opens a game.
type StartData struct {
	Red         Account `json:"red"`
	Black       Account `json:"black"`
	TimeControl string  `json:"tc"`
	Rules       string  `json:"rules"`
	Rated       bool    `json:"rated"`
	FEN         string  `json:"fen"`
	Clock       Clock   `json:"clock"`
}

// MoveData is a move accepted by the server: the ply it made (1 for the first move), the
// move in ICCS coordinates, the side that moved ("red" or "black"), the clocks after it
// and the lag allowance given back to the mover's clock, in milliseconds.
type MoveData struct {
	Ply   int    `json:"ply"`
	Move  string `json:"move"`
	Side  string `json:"side"`
	Clock Clock  `json:"clock"`
	Lag   int64  `json:"lag_ms,omitempty"`
}

// SideData names the side that acted.
type SideData struct {
	Side string `json:"side"`
}

// TakebackData: the game went back to ply Ply (the moves after it are taken back); the
// clocks keep the time used, and the side to move's runs from this event.
type TakebackData struct {
	Ply   int   `json:"ply"`
	Clock Clock `json:"clock"`
}

// AwayData says that a player has not been connected since Since: the opponent may
// claim the game (a win or a draw) from ClaimAt, and the server ends it as a loss for the
// away player at ForfeitAt, unless it comes back first (a back event). The times are the
// server's, in RFC 3339 with fractions of a second.
type AwayData struct {
	Side      string    `json:"side"`
	Since     time.Time `json:"since"`
	ClaimAt   time.Time `json:"claim_at"`
	ForfeitAt time.Time `json:"forfeit_at"`
}

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	Before float64 `json:"before"`
	After  float64 `json:"after"`
}

// EndData closes a game: the PGN result ("1-0", "0-1", "1/2-1/2"), the reason's key (as
// the app's catalogs name it, e.g. "reason.checkmate"), the result said in English, the
// repetition verdict where one decided the game, and the rating changes of a rated game.
type EndData struct {
	Result  string        `json:"result"`
	Reason  string        `json:"reason"`
	Text    string        `json:"text"`
	Verdict string        `json:"verdict,omitempty"`
	Red     *RatingChange `json:"red_rating,omitempty"`
	Black   *RatingChange `json:"black_rating,omitempty"`
	Clock   Clock         `json:"clock"`
	// At is when the game ended, the server's time (since protocol version 2; zero in
	// games that ended before), so that a game filed after the fact bears its own date.
	At time.Time `json:"at,omitzero"`
}

// NewEvent makes an event of kind with data.
func NewEvent(game, seq int64, kind string, data any) (Event, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Event{}, err
	}
	return Event{Game: game, Seq: seq, Kind: kind, Data: raw}, nil
}

// Decode reads the event's data into v (the type its kind names).
func (e Event) Decode(v any) error {
	if err := json.Unmarshal(e.Data, v); err != nil {
		return fmt.Errorf("event %d of game %d (%s): %v", e.Seq, e.Game, e.Kind, err)
	}
	return nil
}
