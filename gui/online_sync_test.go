package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/online"
)

// The sync's line on the Online screen: a guest is asked to register; once registered
// (by taps) the account syncs and says so; a setting changed on one device reaches the
// other, signed in to the same account, through Sync now.
func TestOnlineSyncByTaps(t *testing.T) {
	server := startServer(t)
	wa, qa, a := openOnline(t, server)
	row := a.deps.sync.row
	if row == nil || !strings.Contains(row.status.Text, tr("sync.guest")) {
		t.Fatalf("a guest's sync line: %+v", row)
	}
	test.Type(a.name, "syncer")
	test.Type(a.password, "a long password")
	test.Tap(a.register)
	qa.WaitFor(t, 15*time.Second, "the first sync", func() bool {
		return wa.sync.syncer != nil && !wa.sync.syncer.Running() && !wa.sync.syncer.LastSynced().IsZero()
	})
	if got := row.status.Text; got != tr("sync.justNow") {
		t.Fatalf("after the first sync the line says %q", got)
	}
	// Laid out under the account's status, not over the title (a row shown after the
	// layout kept its place at the top).
	if !row.box.Visible() || row.box.Position().Y <= a.status.Position().Y {
		t.Fatalf("the sync line at %v, visible %v", row.box.Position(), row.box.Visible())
	}

	wb, qb, b := openOnline(t, server)
	test.Type(b.name, "syncer")
	test.Type(b.password, "a long password")
	test.Tap(b.logIn)
	qb.WaitFor(t, 15*time.Second, "B's first sync", func() bool {
		return wb.online.State() == online.Connected && wb.sync.syncer != nil && !wb.sync.syncer.Running() &&
			!wb.sync.syncer.LastSynced().IsZero()
	})

	set := wa.session.Settings()
	set.Notation = game.ICCS
	if err := wa.session.ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	test.Tap(a.deps.sync.row.button)
	qa.WaitFor(t, 15*time.Second, "A's sync", func() bool { return !wa.sync.syncer.Running() && wa.sync.state.Waiting() == 0 })
	if err := wa.sync.syncer.Err(); err != nil {
		t.Fatal(err)
	}
	test.Tap(b.deps.sync.row.button)
	qb.WaitFor(t, 15*time.Second, "A's setting on B", func() bool { return wb.session.Settings().Notation == game.ICCS })
}
