package present

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// OnlineStatus is what the online game's status line speaks of, as values read from the
// game, its controller and the view.
type OnlineStatus struct {
	Started  bool   // the game's opening event came
	Over     string // how the game ended (OnlineEndText); "" while it goes on
	Sending  bool   // the player's move is sent and not yet answered
	Away     string // the abandonment countdown (AwayText); "" while both players are here
	Browsing string // the earlier position shown (BrowsingText); "" for the live one
	MyTurn   bool   // the player is to move
	Illegal  string // why the last tapped move is not legal; "" for none
	Draw     Offer  // who offers a draw
	Takeback Offer  // who asks to take a move back; only the opponent's ask is said
	// Reconnect is the reconnection attempt under way, counted from 1; 0 while connected.
	Reconnect int
	Err       string // the controller's last error (OnlineErrorText); "" for none
	// Watching: the game is watched, not played; ToMove names the side to move then.
	// Watchers is how many others watch the game, as the server says.
	Watching bool
	ToMove   string
	Watchers int
}

// Offer is who offers something (a draw, a takeback) in an online game.
type Offer int

const (
	NoOffer           Offer = iota
	OfferedByMe             // this player
	OfferedByOpponent       // the other player
)

// OfferOf is an offer made by side by (ok: one is made) as player me sees it.
func OfferOf(by rules.Color, ok bool, me rules.Color) Offer {
	switch {
	case !ok:
		return NoOffer
	case by == me:
		return OfferedByMe
	}
	return OfferedByOpponent
}

// OnlineStatusText is the online game's status line: whose move it is or how the game
// ended, an earlier position browsed, the offers, the abandonment countdown, the
// connection and the last error. Its parts run on in one text, so that they fit the
// status line's two lines on a phone where they can.
func OnlineStatusText(t Translate, s OnlineStatus) string {
	var parts []string
	switch {
	case !s.Started:
		parts = append(parts, t("online.connecting", nil))
	case s.Over != "":
		parts = append(parts, s.Over)
	case s.Sending:
		parts = append(parts, t("online.sending", nil))
	case s.Away != "":
		// The countdown, or the position browsed, instead of whose move it is (the
		// running clock says that), so that the line fits the phone's two lines.
		parts = append(parts, s.Away)
	case s.Browsing != "":
		parts = append(parts, s.Browsing)
	case s.Watching:
		parts = append(parts, t("online.watching", nil), t("online.toMove", map[string]any{"Side": s.ToMove}))
	case s.MyTurn:
		parts = append(parts, t("online.yourMove", nil))
	default:
		parts = append(parts, t("online.theirMove", nil))
	}
	if s.Watchers > 0 {
		parts = append(parts, t("online.watchers", map[string]any{"N": s.Watchers}))
	}
	if s.Illegal != "" {
		parts = append(parts, s.Illegal)
	}
	switch s.Draw {
	case OfferedByMe:
		parts = append(parts, t("online.youOfferDraw", nil))
	case OfferedByOpponent:
		parts = append(parts, t("online.drawOffered", nil))
	}
	if s.Takeback == OfferedByOpponent {
		parts = append(parts, t("online.takebackAsked", nil))
	}
	if s.Reconnect > 0 {
		parts = append(parts, t("online.reconnecting", map[string]any{"N": s.Reconnect}))
	}
	if s.Err != "" {
		parts = append(parts, s.Err)
	}
	return strings.Join(parts, separator)
}

// Away is the abandonment countdown: whose connection is gone, and how long until the
// opponent may claim the game and until the player away loses it.
type Away struct {
	Mine      bool          // this player is the one away
	CanClaim  bool          // the opponent is away and this player may claim the game now
	ClaimIn   time.Duration // until the claim opens
	ForfeitIn time.Duration // until the player away loses
}

// AwayText is the abandonment countdown: who is away, when the opponent may claim, when
// the player away loses.
func AwayText(t Translate, a Away) string {
	forfeit := ClockText(max(a.ForfeitIn, 0).Truncate(time.Second))
	if a.Mine {
		return t("online.youAway", map[string]any{"Forfeit": forfeit})
	}
	if a.CanClaim {
		return t("online.opponentAwayClaim", map[string]any{"Forfeit": forfeit})
	}
	return t("online.opponentAway", map[string]any{"Claim": ClockText(a.ClaimIn.Truncate(time.Second)), "Forfeit": forfeit})
}

// OnlineEnd is how an online game ended, as values read from the game.
type OnlineEnd struct {
	End    *proto.EndData // the server's end of the game
	Result string         // how the record ended (GameOverText), said unless the game was abandoned
	// Away is the player shown away at the end, if AwayKnown: the one who left an
	// abandoned game. The away event may have come before this device followed the game.
	Away      rules.Color
	AwayKnown bool
	Me        rules.Color // the side this account plays
	Player    bool        // this account plays the game (false: it watches)
	Filed     bool        // the game is in the library
}

// OnlineEndText says how the online game ended, the rating change of a rated one and
// that it was filed.
func OnlineEndText(t Translate, e OnlineEnd) string {
	text := e.Result
	if e.End.Reason == match.ReasonAbandoned {
		gone := e.Away
		if !e.AwayKnown { // the winner stayed
			gone = rules.Red
			if r, _ := game.ParseResultToken(e.End.Result); r.Status == game.RedWins {
				gone = rules.Black
			}
		}
		key := "online.abandoned"
		if r, _ := game.ParseResultToken(e.End.Result); r.Status == game.Draw {
			key = "online.abandonedDraw"
		}
		text = t(key, map[string]any{"Side": SideName(t, gone)})
	}
	change := e.End.Red
	if e.Me == rules.Black {
		change = e.End.Black
	}
	if e.Player && change != nil {
		text += separator + t("online.ratingChange", map[string]any{
			"Before": fmt.Sprintf("%.0f", change.Before), "After": fmt.Sprintf("%.0f", change.After)})
	}
	if e.Filed {
		text += separator + t("online.filed", nil)
	}
	return text
}

// BrowsingText says which earlier position is shown, the one after ply moves of the
// game's moves ("after 1... H8+7"), and how to go back to the game.
func BrowsingText(t Translate, moves []game.MoveListEntry, ply int) string {
	if ply <= 0 || ply > len(moves) {
		return t("online.browsingStart", nil)
	}
	e := moves[ply-1]
	return t("online.browsing", map[string]any{"Move": e.Number + " " + e.Text})
}

// OnlineErrorText says an error of the online controller, the sign-in's refusals in the
// player's language; name is the name typed in the lobby.
func OnlineErrorText(t Translate, err error, name string) string {
	switch {
	case errors.Is(err, online.ErrWrongPassword):
		return t("online.wrongPassword", nil)
	case errors.Is(err, online.ErrNameTaken):
		return t("online.nameTaken", map[string]any{"Name": name})
	}
	return t("online.error", map[string]any{"Error": err})
}

// PlayerName is an account's name as shown: a guest, who has none, by its number.
func PlayerName(t Translate, a proto.Account) string {
	if a.Name != "" {
		return a.Name
	}
	return t("online.guest", map[string]any{"ID": a.ID})
}

// PlayerLabel names a player of an online game with its rank ("lin (2级)", "Guest 7
// (provisional)"); the number is in the chat panel's rank, on a tap.
func PlayerLabel(t Translate, a proto.Account) string {
	return t("online.player", map[string]any{"Name": PlayerName(t, a), "Rating": RankText(t, a)})
}

// LobbyStatus is what the lobby's status says, as values read from the controller.
type LobbyStatus struct {
	State   online.State
	Account proto.Account // the account signed in, while Connected
	// Reconnect is the reconnection attempt under way while Reconnecting, counted from 1.
	Reconnect int
	Seeking   string        // the time control of the seek waiting for an opponent; "" for none
	Waited    time.Duration // how long the seek has waited
	Err       string        // the controller's last error (OnlineErrorText); "" for none
}

// LobbyStatusText says the connection's state, the account and its rating, a seek's wait
// and the last error, each on a line of its own.
func LobbyStatusText(t Translate, s LobbyStatus) string {
	var lines []string
	switch s.State {
	case online.SignedOut:
		lines = append(lines, t("online.signedOut", nil))
	case online.Connecting:
		lines = append(lines, t("online.connecting", nil))
	case online.Connected:
		lines = append(lines, t("online.signedIn", map[string]any{"Name": PlayerName(t, s.Account), "Rating": RatingText(t, s.Account)}))
	case online.Reconnecting:
		lines = append(lines, t("online.reconnecting", map[string]any{"N": s.Reconnect}))
	}
	if s.Seeking != "" {
		lines = append(lines, t("online.seeking", map[string]any{"TC": s.Seeking, "Wait": ClockText(s.Waited.Truncate(time.Second))}))
	}
	if s.Err != "" {
		lines = append(lines, s.Err)
	}
	return strings.Join(lines, "\n")
}

// RatingText is an account's rating, saying in words that it is provisional where it
// is ("1500, provisional"; issue 51 item 11: "1500?" said nothing to a player).
func RatingText(t Translate, a proto.Account) string {
	r := int(math.Round(a.Rating))
	if a.Provisional {
		return t("online.ratingProvisional", map[string]any{"Rating": r})
	}
	return strconv.Itoa(r)
}

// SyncStatus is what the account's sync shows: whether it can sync at all (a guest
// cannot), whether one runs, when one last ran to its end, the changes waiting here and
// the last sync's error.
type SyncStatus struct {
	Guest   bool
	Running bool
	Last    time.Time // zero: never
	Now     time.Time
	Waiting int
	Err     string
}

// SyncStatusText says the sync's state in a line or two: "Synced · 2 min ago", "Syncing…",
// a guest's invitation to register, the changes waiting and the error.
func SyncStatusText(t Translate, s SyncStatus) string {
	if s.Guest {
		return t("sync.guest", nil)
	}
	var lines []string
	switch ago := s.Now.Sub(s.Last); {
	case s.Running:
		lines = append(lines, t("sync.running", nil))
	case s.Last.IsZero():
		lines = append(lines, t("sync.never", nil))
	case ago < time.Minute:
		lines = append(lines, t("sync.justNow", nil))
	case ago < time.Hour:
		lines = append(lines, t("sync.minutes", map[string]any{"N": int(ago / time.Minute)}))
	case ago < 24*time.Hour:
		lines = append(lines, t("sync.hours", map[string]any{"N": int(ago / time.Hour)}))
	default:
		lines = append(lines, t("sync.days", map[string]any{"N": int(ago / (24 * time.Hour))}))
	}
	if s.Waiting > 0 && !s.Running {
		lines = append(lines, t("sync.waiting", map[string]any{"N": s.Waiting}))
	}
	if s.Err != "" {
		lines = append(lines, t("sync.failed", map[string]any{"Error": s.Err}))
	}
	return strings.Join(lines, "\n")
}
