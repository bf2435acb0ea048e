package gui

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/puzzle"
)

// windowSync is the window's sync of the registered account signed in (docs/sync.md): a
// play.Sync over an online.Syncer, made at each sign-in to an account and run then, on
// Sync now, and a while after a change here. Signing out stops it and leaves everything
// here as it is; a guest has none.
type windowSync struct {
	w      *Window
	key    string // the server and account the syncer is for
	state  *play.Sync
	syncer *online.Syncer
	err    error // why the sync could not start
	soon   *time.Timer
	row    *syncRow // the row of the Online screen last made
	// connected is whether the controller was connected at the last follow: each
	// connection (a reconnect, the app back in the foreground) syncs.
	connected bool
}

// syncAfter is how long after a change here the sync runs: changes in a row go in one.
const syncAfter = 20 * time.Second

// follow makes, or stops, the sync as the controller's sign-in goes.
func (ws *windowSync) follow(c *online.Controller) {
	if c.State() == online.SignedOut {
		ws.stop()
	}
	wasConnected := ws.connected
	ws.connected = c.State() == online.Connected
	if c.State() != online.Connected || c.Account().Name == "" || ws.w.store == nil {
		ws.redraw()
		return
	}
	key := c.Server() + "/" + strconv.FormatInt(c.Account().ID, 10)
	if key == ws.key {
		if !wasConnected {
			ws.now()
		}
		ws.redraw()
		return
	}
	ws.stop()
	ws.key = key
	acct, err := ws.w.store.LoadOnline()
	if err == nil {
		ws.state, err = play.OpenSync(play.SyncConfig{Store: ws.w.store, Account: key, Library: ws.w.io.library,
			Progress: windowProgress{ws.w}, Settings: ws.w.session})
	}
	if err == nil {
		ws.syncer, err = online.NewSyncer(online.SyncConfig{Sync: ws.state, Server: acct.Server, Token: acct.Token,
			Post: ws.w.look.post, Changed: ws.redraw})
	}
	if ws.err = err; err != nil {
		ws.syncer = nil
		ws.redraw()
		return
	}
	ws.syncer.Now()
}

// stop forgets the account's syncer; its state file stays for the next sign-in.
func (ws *windowSync) stop() {
	if ws.soon != nil {
		ws.soon.Stop()
		ws.soon = nil
	}
	ws.key, ws.state, ws.syncer, ws.err = "", nil, nil, nil
}

// now syncs at once (Sync now).
func (ws *windowSync) now() {
	if ws.syncer != nil {
		ws.syncer.Now()
	}
}

// changedHere syncs a while after a change here, once for changes in a row.
func (ws *windowSync) changedHere() {
	if ws.syncer == nil || ws.soon != nil {
		return
	}
	ws.soon = time.AfterFunc(syncAfter, func() {
		ws.w.look.post(func() {
			ws.soon = nil
			ws.now()
		})
	})
}

func (ws *windowSync) status(c *online.Controller) present.SyncStatus {
	st := present.SyncStatus{Guest: c.State() == online.Connected && c.Account().Name == "", Now: time.Now()}
	err := ws.err
	if ws.syncer != nil {
		st.Running, st.Last, st.Waiting = ws.syncer.Running(), ws.syncer.LastSynced(), ws.state.Waiting()
		if err == nil {
			err = ws.syncer.Err()
		}
	}
	if err != nil {
		st.Err = present.OnlineErrorText(trData, err, "")
	}
	return st
}

func (ws *windowSync) redraw() {
	if ws.row != nil {
		ws.row.refresh()
	}
}

// syncRow is the sync's line on the Online screen: its state ("Synced · 2 min ago") and
// Sync now.
type syncRow struct {
	ws     *windowSync
	c      *online.Controller
	status *widget.Label
	button *widget.Button
	box    fyne.CanvasObject
}

func (ws *windowSync) newRow(c *online.Controller) *syncRow {
	if ws == nil {
		ws = &windowSync{} // a screen made without a window (tests): never syncs
	}
	r := &syncRow{ws: ws, c: c, status: widget.NewLabel("")}
	r.status.Wrapping = fyne.TextWrapWord
	r.button = widget.NewButton(tr("sync.now"), ws.now)
	r.box = container.NewBorder(nil, nil, nil, container.NewVBox(r.button), r.status)
	ws.row = r
	r.refresh()
	return r
}

func (r *syncRow) refresh() {
	st := r.ws.status(r.c)
	r.status.SetText(present.SyncStatusText(trData, st))
	if r.ws.syncer == nil && !st.Guest && r.ws.err == nil {
		r.status.SetText("") // signed out: nothing to sync (the row stays, so that nothing moves)
	}
	enable(r.button, r.ws.syncer != nil && !st.Running)
}

// windowProgress is the puzzle progress the window shows: the trainer's once it is
// open, the file's before, so that a sync never writes under the trainer's feet.
type windowProgress struct{ w *Window }

func (p windowProgress) keeper() play.ProgressKeeper {
	if p.w.puzzles != nil {
		return p.w.puzzles
	}
	return play.StoredProgress(p.w.store.Puzzles())
}

func (p windowProgress) Progress() *puzzle.Progress { return p.keeper().Progress() }

func (p windowProgress) SetProgress(pr *puzzle.Progress) error { return p.keeper().SetProgress(pr) }
