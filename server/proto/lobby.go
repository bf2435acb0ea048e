package proto

import (
	"errors"
	"fmt"
)

// The lobby's requests (protocol version 4): the lists of who is online, the open seeks,
// the games in play and one's own, a seek accepted from its list, and a watch ended.
const (
	// TypeLobby asks for one page of the list List (ListOnline, ListSeeks, ListGames or
	// ListMine): Page counts from 0, Limit entries a page (0: LobbyPageSize, at most
	// MaxLobbyLimit). The ack's Lobby holds the page.
	TypeLobby = "lobby"
	// TypeAcceptSeek accepts the seek of account Seek as the seek list showed it
	// (TimeControl, Rules, Rated): the ack's Game is the new game, and both players are
	// sent a paired frame. A seek withdrawn or changed meanwhile is not_found.
	TypeAcceptSeek = "accept_seek"
	// TypeUnwatch stops the events of Game, and this socket no longer counts as its watcher.
	TypeUnwatch = "unwatch" // Game
)

// The lists of a lobby request.
const (
	ListOnline = "online" // the accounts connected now, highest rated first: Players
	ListSeeks  = "seeks"  // the seeks waiting, oldest first: Seeks
	ListGames  = "games"  // the games in play, best rated (the players' sum) first: Games
	ListMine   = "mine"   // the account's own games in play, oldest first: Games
)

// Bounds of a lobby request.
const (
	LobbyPageSize = 20
	MaxLobbyLimit = 50
	// MaxLobbyPage is the last page asked for: no list is read deeper than
	// (MaxLobbyPage+1)*MaxLobbyLimit entries.
	MaxLobbyPage = 19
	// MaxWatches bounds the games one socket watches at once.
	MaxWatches = 64
)

// TypeWatchers is the server's frame (to sockets of protocol version 4) saying how many
// accounts other than its players watch Game: sent when a socket starts watching and
// when the number changes, at most once a second per game.
const TypeWatchers = "watchers" // Game, Watchers

// LobbyPage is one page of a lobby list: Total entries in the whole list (the online
// count, say), and this page's, in the list's order.
type LobbyPage struct {
	List    string      `json:"list"`
	Page    int         `json:"page"`
	Total   int         `json:"total"`
	Players []Account   `json:"players,omitempty"`
	Seeks   []SeekEntry `json:"seeks,omitempty"`
	Games   []GameEntry `json:"games,omitempty"`
}

// SeekEntry is an open seek: its player (whose id accepts it), what it asks for, and the
// opponent's rating range it takes (0: no bound).
type SeekEntry struct {
	Player      Account `json:"player"`
	TimeControl string  `json:"tc"`
	Rules       string  `json:"rules"`
	Rated       bool    `json:"rated"`
	MinRating   int     `json:"min_rating,omitempty"`
	MaxRating   int     `json:"max_rating,omitempty"`
}

// GameEntry is a game in play: its players, control, the moves made and its watchers.
type GameEntry struct {
	ID          int64   `json:"id"`
	Red         Account `json:"red"`
	Black       Account `json:"black"`
	TimeControl string  `json:"tc"`
	Rated       bool    `json:"rated"`
	Ply         int     `json:"ply"`
	Watchers    int     `json:"watchers"`
}

var lists = map[string]bool{ListOnline: true, ListSeeks: true, ListGames: true, ListMine: true}

// checkLobbyRequest checks the fields of the version 4 requests.
func checkLobbyRequest(r Request) error {
	if r.Type != TypeLobby && (r.List != "" || r.Limit != 0) {
		return errors.New("only a lobby request has a list or limit")
	}
	if r.Type != TypeLobby && r.Type != TypeLeaderboard && r.Page != 0 {
		return errors.New("only a lobby request or a leaderboard has a page")
	}
	if r.Type != TypeAcceptSeek && r.Seek != 0 {
		return errors.New("only accept_seek names a seek")
	}
	switch r.Type {
	case TypeLobby:
		if !lists[r.List] {
			return fmt.Errorf("lobby needs a list: %q, %q, %q or %q", ListOnline, ListSeeks, ListGames, ListMine)
		}
		if r.Page < 0 || r.Page > MaxLobbyPage {
			return fmt.Errorf("a lobby page is 0 to %d", MaxLobbyPage)
		}
		if r.Limit < 0 || r.Limit > MaxLobbyLimit {
			return fmt.Errorf("a lobby page holds at most %d entries", MaxLobbyLimit)
		}
	case TypeAcceptSeek:
		if r.Seek <= 0 || r.TimeControl == "" {
			return errors.New("accept_seek needs the seek's player and time control")
		}
	}
	return nil
}

// CheckLobby checks a lobby answer against the request it answers: the list asked for,
// no more entries than the limit, and only that list's kind. A client shows what it
// names, so a server that answers otherwise is refused rather than trusted.
func CheckLobby(p *LobbyPage, list string, limit int) error {
	if p == nil {
		return errors.New("a lobby answer without its page")
	}
	if limit == 0 {
		limit = LobbyPageSize
	}
	if p.List != list {
		return fmt.Errorf("asked for the %s list, answered with %q", list, p.List)
	}
	n := len(p.Players) + len(p.Seeks) + len(p.Games)
	if n > limit || p.Total < 0 {
		return fmt.Errorf("%d entries in a page of %d", n, limit)
	}
	want := map[string]int{ListOnline: len(p.Players), ListSeeks: len(p.Seeks), ListGames: len(p.Games), ListMine: len(p.Games)}[list]
	if want != n {
		return fmt.Errorf("the %s list holds entries of another list", list)
	}
	return nil
}
