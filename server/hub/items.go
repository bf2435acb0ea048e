package hub

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// SyncLimits bound the sync request (protocol v4); zero fields take the defaults in
// brackets. The sizes of one request are proto's (MaxSyncBody, MaxSyncPush, MaxSyncData,
// MaxSyncPage).
type SyncLimits struct {
	// Caps bound what one account keeps [20,000 items, 64 MiB].
	Caps store.SyncCaps
	// Push limits the requests that push, per account over every instance [1/s, 30];
	// Pull those that only pull [10/s, 200], so that a new device can page through a
	// whole account at once.
	Push, Pull store.Limit
}

func (l *SyncLimits) defaults() {
	if l.Caps.Items == 0 {
		l.Caps.Items = 20000
	}
	if l.Caps.Bytes == 0 {
		l.Caps.Bytes = 64 << 20
	}
	if l.Push.Rate == 0 {
		l.Push = store.Limit{Rate: 1, Burst: 30}
	}
	if l.Pull.Rate == 0 {
		l.Pull = store.Limit{Rate: 10, Burst: 200}
	}
}

// sync answers POST /api/sync: the bearer's account must be registered (a guest's
// things stay on its device); the body is read within its limits, the account's push or
// pull bucket taken, the push written and the page read.
func (au authAPI) sync(w http.ResponseWriter, r *http.Request) {
	token, ok := bearer(r)
	if !ok {
		au.writeError(w, proto.Errorf(proto.CodeUnauthenticated, "send the session token as Authorization: Bearer <token>"))
		return
	}
	// The instance's own per-address limit first, before the body or the database.
	if e := au.h.allowRequest(address(r), 0); e != nil {
		au.writeError(w, e)
		return
	}
	req, err := au.readSync(w, r)
	if err != nil {
		au.writeError(w, err)
		return
	}
	ctx := r.Context()
	a, err := au.h.store.Accounts().Authenticate(ctx, token)
	if err == nil && a.Name == "" {
		err = proto.Errorf(proto.CodeAccountsOnly, "sync is for registered accounts: register a name and password first")
	}
	limits := au.h.cfg.Sync
	if err == nil && len(req.Push) > 0 {
		err = au.allowShared(ctx, bucket{fmt.Sprintf("sync-push:%d", a.ID), limits.Push, "too many sync pushes for this account; wait a little"})
	} else if err == nil {
		err = au.allowShared(ctx, bucket{fmt.Sprintf("sync-pull:%d", a.ID), limits.Pull, "too many sync requests for this account; wait a little"})
	}
	var res proto.SyncAnswer
	if err == nil {
		res.Accepted, res.Conflicts, err = au.h.store.Sync().Push(ctx, a.ID, req.Push, limits.Caps, au.h.cfg.Now())
	}
	if err == nil {
		page := req.Limit
		if page == 0 {
			page = proto.MaxSyncPage
		}
		res.Items, res.More, res.Version, err = au.h.store.Sync().Pull(ctx, a.ID, req.Since, page, proto.MaxSyncBody)
	}
	if err != nil {
		au.writeError(w, err)
		return
	}
	res.Next = req.Since
	if n := len(res.Items); n > 0 {
		res.Next = res.Items[n-1].Version
	}
	// The counter was read before the page: a push committed in between may be in it.
	res.Version = max(res.Version, res.Next)
	writeJSON(w, http.StatusOK, res)
}

func (au authAPI) readSync(w http.ResponseWriter, r *http.Request) (proto.SyncRequest, error) {
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(au.h.cfg.BodyTimeout))
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, proto.MaxSyncBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return proto.SyncRequest{}, proto.Errorf(proto.CodeTooLarge, fmt.Sprintf("the body is larger than %d bytes", proto.MaxSyncBody))
	}
	if err != nil {
		return proto.SyncRequest{}, proto.Errorf(proto.CodeMalformed, "the body could not be read in time")
	}
	return proto.DecodeSyncRequest(data)
}
