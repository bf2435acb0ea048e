package gui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/server/store"
)

// setAccount writes an account's name (as registration keys it) and, when rating is not
// zero, an established rating, straight into the test database.
func setAccount(t *testing.T, id int64, name string, rating float64) {
	t.Helper()
	ctx := context.Background()
	db, err := pgx.Connect(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	display, key, err := store.CheckName(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `UPDATE accounts SET name = $2, name_key = $3, password = 'none' WHERE id = $1`, id, display, key); err != nil {
		t.Fatal(err)
	}
	if rating != 0 {
		if _, err := db.Exec(ctx, `UPDATE accounts SET rating = $2, deviation = 60 WHERE id = $1`, id, rating); err != nil {
			t.Fatal(err)
		}
	}
}

var friendSerial int

// By tapping: A opens Friends, follows B by name and sees B online in the list, then
// challenges B; B's prompt is answered Accept and the game opens for both. A says a
// phrase, which B's chat panel shows; B's panel shows A's rank, and the rating behind it
// on a tap.
func TestFriendsChallengeChatAndRankByTapping(t *testing.T) {
	server := startServer(t)
	wa, qa, a := openOnline(t, server)
	wb, qb, b := openOnline(t, server)
	friendSerial++
	aName, bName := fmt.Sprintf("Ann%d", friendSerial), fmt.Sprintf("Ben%d", friendSerial)
	setAccount(t, wa.online.Account().ID, aName, 1750) // 1段
	setAccount(t, wb.online.Account().ID, bName, 0)

	test.Tap(a.friendsBtn)
	f := a.social.friends
	if !f.view.Visible() || a.lobby.Visible() {
		t.Fatal("Friends did not open the friends list")
	}
	test.Type(f.name, bName)
	test.Tap(f.follow)
	qa.WaitFor(t, 15*time.Second, "B in A's friends list", func() bool {
		return f.rows[bName] != nil && strings.Contains(labelsText(f.list), bName+" · "+present.RankText(trData, wb.online.Account())+" · online")
	})
	f.tc.SetSelected("5+3")
	test.Tap(f.rows[bName])
	qa.WaitFor(t, 15*time.Second, "A's challenge shown waiting", func() bool { return strings.Contains(f.outgoing.Text, bName) })
	qb.WaitFor(t, 15*time.Second, "B's challenge prompt", func() bool { return wb.Fyne().Canvas().Overlays().Top() != nil })
	tapDialogButton(t, wb, tr("people.accept"))
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
	}{{wa, qa}, {wb, qb}} {
		p.q.WaitFor(t, 15*time.Second, "the challenge's game", func() bool {
			g := p.w.online.Current()
			return g != nil && g.Started() && g.TimeControl.String() == "5+3"
		})
	}
	if !a.play.Visible() || a.social.view.Visible() {
		t.Error("A's game is not shown over the friends list")
	}

	test.Tap(a.chat.phrases[1]) // good_move
	qb.WaitFor(t, 15*time.Second, "A's phrase in B's chat", func() bool {
		return strings.Contains(b.chat.lines.Text, aName+": "+present.PhraseText(trData, "good_move"))
	})
	qa.WaitFor(t, 15*time.Second, "A's phrase in A's chat", func() bool { return strings.Contains(a.chat.lines.Text, "Me: ") })
	rank := b.chat.opponent
	if want := aName + " · 1 dan"; rank.Text != want {
		t.Errorf("B's opponent: %q, want %q", rank.Text, want)
	}
	test.Tap(rank)
	if want := aName + " · rating 1750"; rank.Text != want {
		t.Errorf("after a tap: %q, want %q", rank.Text, want)
	}
	test.Tap(rank)
	if !strings.HasSuffix(rank.Text, "1 dan") {
		t.Errorf("after a second tap: %q", rank.Text)
	}
}

// The leaderboard opens from the lobby on the blitz board and changes board by a tap.
func TestLeaderboardOpensAndSwitches(t *testing.T) {
	server := startServer(t)
	w, q, s := openOnline(t, server)
	test.Tap(s.leadersBtn)
	l := s.social.leaders
	q.WaitFor(t, 15*time.Second, "the blitz board", func() bool {
		_, board := w.online.Social().Leaders()
		return board == "blitz" && len(l.list.Objects) > 0
	})
	l.category.SetSelected(present.CategoryText(trData, "rapid"))
	q.WaitFor(t, 15*time.Second, "the rapid board", func() bool {
		_, board := w.online.Social().Leaders()
		return board == "rapid"
	})
	if !l.view.Visible() || s.lobby.Visible() {
		t.Error("the leaderboard is not what is shown")
	}
}

// labelsText joins the texts of the labels in o's tree.
func labelsText(o fyne.CanvasObject) string {
	var texts []string
	for _, x := range test.LaidOutObjects(o) {
		if l, ok := x.(*widget.Label); ok {
			texts = append(texts, l.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// After a game, Rematch on the result screen challenges the opponent to the same time
// control; the opponent's Accept starts the new game for both.
func TestRematchFromTheResultScreen(t *testing.T) {
	server := startServer(t)
	red, black, redQ, blackQ, _, _ := openGame(t, server)
	first := red.online.Current().ID
	black.online.Actions().Resign()
	redQ.WaitFor(t, 15*time.Second, "the result screen", func() bool { return resultHeadline(red) != "" })
	b := overlayButton(red, tr("online.rematch"))
	if b == nil {
		t.Fatalf("no Rematch on the result screen: %q", overlayText(red))
	}
	test.Tap(b)
	blackQ.WaitFor(t, 15*time.Second, "the rematch's prompt", func() bool { return overlayButton(black, tr("people.accept")) != nil })
	tapDialogButton(t, black, tr("people.accept")) // the prompt, over the result screen
	for _, p := range []struct {
		w *Window
		q *playtest.UIQueue
	}{{red, redQ}, {black, blackQ}} {
		p.q.WaitFor(t, 15*time.Second, "the rematch's game", func() bool {
			g := p.w.online.Current()
			return g != nil && g.ID != first && g.Started()
		})
	}
}

// On a phone the chat is a pop-up that leaves the board its room: the opponent's line
// opens it, a phrase said closes it, and the chat button in the navigation row opens it.
func TestChatPopUpOnAPhone(t *testing.T) {
	server := startServer(t)
	red, black, redQ, blackQ, _, bs := openGame(t, server)
	black.Fyne().Resize(fyne.NewSize(195, 422))
	blackQ.Drain()
	if bs.chat.slot.Visible() || bs.chat.popupShown() {
		t.Fatal("the phone shows the chat before anyone spoke")
	}
	red.online.Social().Phrase("hurry")
	redQ.Drain()
	blackQ.WaitFor(t, 15*time.Second, "the pop-up opened by the opponent's line", func() bool {
		return bs.chat.popupShown() && strings.Contains(bs.chat.lines.Text, present.PhraseText(trData, "hurry"))
	})
	if bs.chat.slot.Visible() {
		t.Error("the panel place under the board is used on a phone")
	}
	test.Tap(bs.chat.phrases[2]) // thanks
	if bs.chat.popupShown() {
		t.Error("the pop-up stays open after the player's phrase")
	}
	test.Tap(bs.chat.open)
	if !bs.chat.popupShown() || !bs.chat.opponent.Visible() {
		t.Error("the chat button did not open the pop-up with the opponent's rank")
	}
	black.Fyne().Resize(fyne.NewSize(900, 680))
	blackQ.Drain()
	bs.redraw()
	if bs.chat.popupShown() || !bs.chat.slot.Visible() {
		t.Error("back on a desktop, the chat is not in its panel place")
	}
}
