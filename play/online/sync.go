package online

import (
	"context"
	"errors"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Syncer runs the syncs of a registered account's library, puzzle progress and settings
// (a play.Sync) with its server: it notes the changes here, pulls the server's pages
// from the cursor, pushes the outbox and pulls again after a conflict. Its methods, and
// the listener, run on the UI goroutine; the requests run on goroutines of their own.
// Offline, a sync fails and the changes wait in the outbox for the next one.
type Syncer struct {
	cfg     SyncConfig
	running bool
	again   bool // a change while running: one more round at its end
	err     error
}

// SyncConfig says what a Syncer syncs, where, and how it tells of its progress.
type SyncConfig struct {
	Sync          *play.Sync
	Server, Token string
	Post          func(func()) // runs a function on the UI goroutine
	Timeout       time.Duration
	// Changed hears when a sync started or ended (Running, Err, the Sync's LastSynced).
	Changed func()
}

// ErrGuestSync is a sync of a guest account: its things stay on this device until it
// registers.
var ErrGuestSync = errors.New("sync is for registered accounts")

// maxSyncSteps bounds the requests of one sync: a new device paging through a full
// account takes about 100; a server that answers with endless pages is stopped.
const maxSyncSteps = 1000

// pushBytes bounds the data of one push: as JSON strings they stay in MaxSyncBody.
const pushBytes = proto.MaxSyncBody / 8

// NewSyncer returns a syncer; it starts nothing.
func NewSyncer(cfg SyncConfig) (*Syncer, error) {
	if cfg.Sync == nil || cfg.Post == nil || cfg.Server == "" || cfg.Token == "" {
		return nil, errors.New("online: a syncer needs its state, a server, a token and a post function")
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Changed == nil {
		cfg.Changed = func() {}
	}
	return &Syncer{cfg: cfg}, nil
}

// Running reports whether a sync is under way.
func (s *Syncer) Running() bool { return s.running }

// Err is why the last sync stopped short (nil: it ran to its end).
func (s *Syncer) Err() error { return s.err }

// LastSynced is when a sync last ran to its end.
func (s *Syncer) LastSynced() time.Time { return s.cfg.Sync.LastSynced() }

// Now syncs: at once, or after the sync under way (a change it may have missed).
func (s *Syncer) Now() {
	if s.running {
		s.again = true
		return
	}
	s.running, s.err = true, nil
	s.cfg.Changed()
	if err := s.cfg.Sync.Note(); err != nil {
		s.finish(err)
		return
	}
	s.pull(0)
}

func (s *Syncer) finish(err error) {
	if err == nil {
		err = s.cfg.Sync.Done()
	}
	s.running, s.err = false, err
	s.cfg.Changed()
	if s.again {
		s.again = false
		s.Now()
	}
}

// request sends req in the background and hands the answer to then on the UI goroutine.
func (s *Syncer) request(req proto.SyncRequest, then func(proto.SyncAnswer, error)) {
	server, token, timeout := s.cfg.Server, s.cfg.Token, s.cfg.Timeout
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		a, err := client.Sync(ctx, server, token, req)
		if refusal(err) == proto.CodeAccountsOnly {
			err = ErrGuestSync
		} else if err != nil {
			err = serverError(server, err)
		}
		s.cfg.Post(func() { then(a, err) })
	}()
}

// pull asks for the page after the cursor; the last page goes on to the push.
func (s *Syncer) pull(step int) {
	if step >= maxSyncSteps {
		s.finish(errors.New("online: the sync did not end"))
		return
	}
	s.request(proto.SyncRequest{Since: s.cfg.Sync.Cursor()}, func(a proto.SyncAnswer, err error) {
		if err == nil {
			err = s.cfg.Sync.Pulled(playItems(a.Items), a.Next)
		}
		switch {
		case err != nil:
			s.finish(err)
		case a.More:
			s.pull(step + 1)
		default:
			s.push(step + 1)
		}
	})
}

// push sends the outbox a part at a time; a conflict pulls again first.
func (s *Syncer) push(step int) {
	if step >= maxSyncSteps {
		s.finish(errors.New("online: the sync did not end"))
		return
	}
	items, err := s.cfg.Sync.Pending(proto.MaxSyncPush, pushBytes, proto.MaxSyncData)
	if err != nil || len(items) == 0 {
		s.finish(err)
		return
	}
	req := proto.SyncRequest{Since: s.cfg.Sync.Cursor(), Push: make([]proto.SyncItem, len(items))}
	for i, it := range items {
		req.Push[i] = proto.SyncItem{Kind: it.Kind, Key: it.Key, Version: it.Version, Deleted: it.Deleted, Data: it.Data}
	}
	s.request(req, func(a proto.SyncAnswer, err error) {
		if err == nil {
			err = s.cfg.Sync.Pushed(playItems(a.Accepted), playItems(a.Conflicts))
		}
		if err == nil {
			err = s.cfg.Sync.Pulled(playItems(a.Items), a.Next)
		}
		switch {
		case err != nil:
			s.finish(err)
		case a.More || len(a.Conflicts) > 0:
			s.pull(step + 1)
		case len(a.Accepted) == 0:
			s.finish(errors.New("online: the server took none of the changes pushed"))
		default:
			s.push(step + 1)
		}
	})
}

func playItems(items []proto.SyncItem) []play.SyncItem {
	out := make([]play.SyncItem, len(items))
	for i, it := range items {
		out[i] = play.SyncItem{Kind: it.Kind, Key: it.Key, Version: it.Version, Deleted: it.Deleted, Data: it.Data}
	}
	return out
}
