package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/hub"
)

// seekButton is the index of account's seek in the lobby's list and its Play buttons,
// -1 while the list does not show it.
func seekButton(s *onlineScreen, account int64) int {
	for i, e := range s.people.drawn.Seeks.Seeks {
		if e.Player.ID == account && i < len(s.people.seekButtons) {
			return i
		}
	}
	return -1
}

// Three apps by taps: A seeks; B opens the people online from the lobby, which list A
// online and A's seek, and a tap on its Play starts the game on both; C's list holds the
// game in play, a tap on Watch shows it from the start on the game screen, and C sees
// each move as it is made, with the watcher count on the players' status lines; Lobby
// leaves the watched game, back to the lists; watched again, its end opens the review.
func TestOnlineLobbySeekListAndWatch(t *testing.T) {
	server := startServerWith(t, hub.Config{SeenEvery: 100 * time.Millisecond, WatchersEvery: 50 * time.Millisecond,
		LobbyRate: 1000, LobbyBurst: 1000})
	wa, qa, a := openOnline(t, server)
	test.Tap(a.seek)
	qa.WaitFor(t, 15*time.Second, "the seek", func() bool { return strings.Contains(a.status.Text, "Waiting") })
	me := wa.online.Account().ID
	wb, qb, b := openOnline(t, server)
	test.Tap(b.people.openBtn)
	if !b.people.view.Visible() || b.lobby.Visible() {
		t.Fatal("the people online are not shown")
	}
	qb.WaitFor(t, 15*time.Second, "A's seek in B's list", func() bool {
		if seekButton(b, me) >= 0 && strings.Contains(b.people.names.Text, "Guest ") {
			return true
		}
		if !b.people.reload.Disabled() {
			test.Tap(b.people.reload)
		}
		return false
	})
	i := seekButton(b, me)
	if row := b.people.seeks.Objects[i]; !strings.Contains(entryText(row), "10 min + 5 s · casual") {
		t.Errorf("the seek's row says %q", entryText(row))
	}
	if !strings.HasPrefix(b.people.count.Text, "Online now: ") {
		t.Errorf("the online count says %q", b.people.count.Text)
	}
	test.Tap(b.people.seekButtons[i])
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
		s *onlineScreen
	}{{wa, qa, a}, {wb, qb, b}} {
		p.q.WaitFor(t, 15*time.Second, "the game from the seek list", func() bool {
			g := p.w.online.Current()
			return g != nil && g.Started() && p.s.play.Visible()
		})
	}
	red, redQ, black, blackQ := a, qa, b, qb
	if wa.online.Current().Me == rules.Black {
		red, redQ, black, blackQ = b, qb, a, qa
	}
	game := wa.online.Current().ID
	tapPoint(t, red.board, "h2")
	tapPoint(t, red.board, "e2")
	redQ.WaitFor(t, 15*time.Second, "red's move", func() bool { return len(red.deps.c.Current().Moves()) == 1 })

	wc, qc, c := openOnline(t, server)
	test.Tap(c.people.openBtn)
	qc.WaitFor(t, 15*time.Second, "the game in C's list", func() bool {
		for j, e := range c.people.drawn.Games.Games {
			if e.ID == game && j < len(c.people.watchButtons) {
				return true
			}
		}
		if !c.people.reload.Disabled() {
			test.Tap(c.people.reload)
		}
		return false
	})
	for j, e := range c.people.drawn.Games.Games {
		if e.ID == game {
			test.Tap(c.people.watchButtons[j])
		}
	}
	cannon := rules.MakePiece(rules.Red, rules.Cannon)
	qc.WaitFor(t, 15*time.Second, "the watched game from its start", func() bool {
		return c.play.Visible() && c.board.View().PieceAt(sq(t, "e2")) == cannon && strings.Contains(c.gameStatus.Text, "Watching · Black to move")
	})
	if c.board.View().Pickable || !c.resign.Disabled() || !c.draw.Disabled() {
		t.Error("a watcher can move, resign or offer a draw")
	}
	for _, p := range []struct {
		q *playtest.UIQueue
		s *onlineScreen
	}{{redQ, red}, {blackQ, black}, {qc, c}} {
		p.q.WaitFor(t, 15*time.Second, "the watcher counted", func() bool { return strings.Contains(p.s.gameStatus.Text, "1 watching") })
	}
	tapPoint(t, black.board, "h9")
	tapPoint(t, black.board, "g7")
	horse := rules.MakePiece(rules.Black, rules.Knight)
	qc.WaitFor(t, 15*time.Second, "black's move as it is made", func() bool {
		return c.board.View().PieceAt(sq(t, "g7")) == horse && strings.Contains(c.gameStatus.Text, "Red to move")
	})
	blackQ.WaitFor(t, 15*time.Second, "black's move", func() bool { return len(black.deps.c.Current().Moves()) == 2 })
	qc.WaitFor(t, 15*time.Second, "both moves in the watcher's move list", func() bool { return len(c.moves.rows) == 2 })
	test.Tap(c.lobbyBtn)
	qc.WaitFor(t, 15*time.Second, "the people online again", func() bool { return c.people.view.Visible() && wc.online.Current() == nil })
	if len(wc.online.Lobby().Resumable()) != 0 {
		t.Errorf("a watched game left is offered to resume: %v", wc.online.Lobby().Resumable())
	}
	redQ.WaitFor(t, 15*time.Second, "the watcher gone", func() bool { return !strings.Contains(red.gameStatus.Text, "watching") })

	// Watched again, the game ends: it opens in review on the game screen, unfiled.
	qc.WaitFor(t, 15*time.Second, "the game listed again", func() bool { return len(c.people.watchButtons) > 0 })
	for j, e := range c.people.drawn.Games.Games {
		if e.ID == game {
			test.Tap(c.people.watchButtons[j])
		}
	}
	qc.WaitFor(t, 15*time.Second, "watching again", func() bool { return c.play.Visible() && len(c.moves.rows) == 2 })
	// Red leaves for the lobby: its game is offered to resume, with the players and the
	// control as the server lists the account's own games; a tap resumes it.
	// Whoever accepted the seek from the lists comes back to them; their back button leads
	// to the lobby, where the games to resume are.
	test.Tap(red.lobbyBtn)
	redQ.WaitFor(t, 15*time.Second, "red back from the game", func() bool { return red.lobby.Visible() || red.people.view.Visible() })
	if red.people.view.Visible() {
		test.Tap(red.people.backBtn)
	}
	redQ.WaitFor(t, 15*time.Second, "red's own game listed in the lobby", func() bool {
		return red.lobby.Visible() && len(red.resume.Objects) == 2 && strings.Contains(entryText(red.resume), "10 min + 5 s")
	})
	test.Tap(red.resume.Objects[0].(*widget.Button))
	redQ.WaitFor(t, 15*time.Second, "red's game resumed", func() bool { return red.play.Visible() && len(red.moves.rows) == 2 })
	black.deps.c.Actions().Resign() // the resignation's own taps are tested elsewhere
	qc.WaitFor(t, 15*time.Second, "the review of the watched game", func() bool {
		_, onGame := wc.screens.top().(*gameScreen)
		return onGame && wc.Session().Game().Len() == 2 && wc.Session().Analysis().On()
	})
}

// entryText is the text of an entry's row (its label beside the button).
func entryText(o fyne.CanvasObject) string {
	if c, ok := o.(*fyne.Container); ok {
		for _, part := range c.Objects {
			if l, ok := part.(*widget.Label); ok {
				return l.Text
			}
		}
	}
	return ""
}
