package play

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"
)

// Sync keeps this device's library, puzzle progress and settings in step with the
// server's copy of a registered account's (protocol v4, docs/sync.md). It works on
// items (kind, key) with the server's version of each: Note finds what changed here
// since the last sync, offline too, and keeps it in an outbox; Pending gives the outbox
// as items to push, Pushed takes the server's answer, Pulled applies the server's pages
// and resolves an item changed on both sides (the kind's merge, last writer wins by the
// time of the change otherwise). The outbox, the versions seen and the cursor are kept
// in a file of their own per account, so that they survive the app and a sign-out (which
// keeps the local copy as it is). The transport is package play/online's.
//
// All methods must be called on the UI goroutine, like the library's.
type Sync struct {
	fs       FS
	name     string
	state    syncFile
	kinds    map[string]syncKind
	now      func() time.Time
	inFlight map[string]syncPending // id -> what was pushed, until the answer comes
	tooLarge int
}

// TooLarge is how many changes the last Pending left here as over the server's cap.
func (s *Sync) TooLarge() int { return s.tooLarge }

// SyncItem is one item as the server keeps it (server/proto.SyncItem's fields).
type SyncItem struct {
	Kind, Key string
	Version   int64
	Deleted   bool
	Data      string
}

// SyncConfig says what a Sync keeps in step; a nil keeper's kind is not synced.
type SyncConfig struct {
	FS FS // the save folder, where the state file is kept
	// Store is the app's store, whose folder is used when FS is nil.
	Store *Store
	// Account names the account on its server (say "example.org/42"): each account has
	// a state file of its own.
	Account  string
	Library  *Library
	Progress ProgressKeeper
	Settings SettingsKeeper
	Now      func() time.Time // nil: time.Now
}

// The state file's format marker.
const (
	syncFormatName    = "xiangqi-sync"
	syncFormatVersion = 1
	// maxSyncFile bounds the state file read back (20,000 items take about 2 MB).
	maxSyncFile = 16 << 20
)

type syncFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Account string `json:"account"`
	// Cursor is the server's version the pull has reached.
	Cursor int64 `json:"cursor"`
	// Seen is, per item id ("kind/key"), the server's version and the value's digest as
	// last synced; Outbox the items changed here since.
	Seen   map[string]syncSeen    `json:"seen"`
	Outbox map[string]syncPending `json:"outbox"`
	// Synced is when a sync last ran to its end (RFC 3339).
	Synced string `json:"synced,omitempty"`
}

type syncSeen struct {
	V int64  `json:"v"`
	D string `json:"d,omitempty"`
	X bool   `json:"x,omitempty"` // a tombstone
}

type syncPending struct {
	At int64  `json:"at"` // when the change was noticed, Unix milliseconds
	D  string `json:"d,omitempty"`
	X  bool   `json:"x,omitempty"`
}

// syncEnvelope is an item's data: the time of its change and the kind's value (none in
// a tombstone).
type syncEnvelope struct {
	At int64           `json:"at"`
	V  json.RawMessage `json:"v,omitempty"`
}

// syncValue is one side of a conflict.
type syncValue struct {
	At      int64
	V       json.RawMessage
	Deleted bool
}

// syncKind is one kind of thing synced.
type syncKind interface {
	// scan returns, per key, the digest of the value here.
	scan() (map[string]string, error)
	// read returns the value of key here.
	read(key string) (json.RawMessage, error)
	// digest is the digest of a value as pulled; an error: not a value of this kind.
	digest(key string, v json.RawMessage) (string, error)
	// apply puts a pulled value here (nil: deleted); flush ends a page's applies.
	apply(key string, v json.RawMessage) error
	flush() error
	// merge resolves a change here (local) against a newer one on the server.
	merge(key string, local, remote syncValue) syncValue
}

// OpenSync reads the account's state file (none yet: nothing synced) in cfg.FS.
func OpenSync(cfg SyncConfig) (*Sync, error) {
	if cfg.FS == nil && cfg.Store != nil {
		cfg.FS = cfg.Store.fs
	}
	if cfg.FS == nil || cfg.Account == "" {
		return nil, errors.New("sync: no folder or no account")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	sum := sha256.Sum256([]byte(cfg.Account))
	s := &Sync{fs: cfg.FS, name: "sync-" + hex.EncodeToString(sum[:8]) + ".json", now: cfg.Now,
		kinds: map[string]syncKind{}, inFlight: map[string]syncPending{}}
	if cfg.Library != nil {
		s.kinds[syncKindGame] = &syncGames{l: cfg.Library}
	}
	if cfg.Progress != nil {
		p := &syncPuzzles{keeper: cfg.Progress}
		s.kinds[syncKindPuzzle] = p
		s.kinds[syncKindPlayer] = &syncPlayer{p: p}
	}
	if cfg.Settings != nil {
		s.kinds[syncKindSetting] = &syncSettings{keeper: cfg.Settings}
	}
	data, err := cfg.FS.ReadFile(s.name)
	if errors.Is(err, os.ErrNotExist) {
		s.state = syncFile{Format: syncFormatName, Version: syncFormatVersion, Account: cfg.Account}
		s.state.Seen, s.state.Outbox = map[string]syncSeen{}, map[string]syncPending{}
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sync: %w", err)
	}
	st, err := decodeSyncFile(data)
	if err != nil {
		return nil, fmt.Errorf("sync: %s: %w", cfg.FS.Where(s.name), err)
	}
	if st.Account != cfg.Account {
		return nil, fmt.Errorf("sync: %s is the state of %q, not %q", cfg.FS.Where(s.name), st.Account, cfg.Account)
	}
	s.state = st
	return s, nil
}

// decodeSyncFile reads a state file: its marker and version, and nothing else.
func decodeSyncFile(data []byte) (syncFile, error) {
	var st syncFile
	if len(data) > maxSyncFile {
		return st, fmt.Errorf("a state file of %d bytes, over %d", len(data), maxSyncFile)
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return syncFile{}, err
	}
	if st.Format != syncFormatName || st.Version < 1 || st.Version > syncFormatVersion {
		return syncFile{}, fmt.Errorf("not a sync state of version 1..%d", syncFormatVersion)
	}
	if st.Cursor < 0 {
		return syncFile{}, errors.New("a negative cursor")
	}
	if st.Seen == nil {
		st.Seen = map[string]syncSeen{}
	}
	if st.Outbox == nil {
		st.Outbox = map[string]syncPending{}
	}
	return st, nil
}

func (s *Sync) save() error {
	data, err := json.Marshal(s.state)
	if err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	tmp := s.name + ".tmp"
	if err := s.fs.WriteFile(tmp, data); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	if err := s.fs.Rename(tmp, s.name); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}

func syncID(kind, key string) string { return kind + "/" + key }

func splitID(id string) (kind, key string) { kind, key, _ = strings.Cut(id, "/"); return }

// Cursor is the server's version the pulls have reached.
func (s *Sync) Cursor() int64 { return s.state.Cursor }

// Waiting is how many changes here wait to be pushed.
func (s *Sync) Waiting() int { return len(s.state.Outbox) }

// LastSynced is when a sync last ran to its end (zero: never).
func (s *Sync) LastSynced() time.Time {
	t, _ := time.Parse(time.RFC3339, s.state.Synced)
	return t
}

// Done records that a sync ran to its end now.
func (s *Sync) Done() error {
	s.state.Synced = s.now().UTC().Format(time.RFC3339)
	return s.save()
}

// Note looks for changes here since the last sync and keeps them in the outbox, each
// with the time it was first noticed (its time in last-writer-wins). Call it after each
// change, online or not; a change noticed late only loses ties it would have won.
//
// Until this device's first sync has run to its end its changes bear the time 0: what it
// holds then (a new device's default settings, a new player's rating) loses every tie
// to the account's, which comes to it instead; its games and puzzles merge as ever.
func (s *Sync) Note() error {
	now := s.now().UnixMilli()
	if s.state.Synced == "" {
		now = 0
	}
	here := map[string]bool{}
	for _, kind := range slices.Sorted(maps.Keys(s.kinds)) {
		digests, err := s.kinds[kind].scan()
		if err != nil {
			return fmt.Errorf("sync: %w", err)
		}
		for key, d := range digests {
			id := syncID(kind, key)
			here[id] = true
			seen, ok := s.state.Seen[id]
			switch p, waiting := s.state.Outbox[id]; {
			case ok && !seen.X && seen.D == d:
				delete(s.state.Outbox, id)
			case !waiting || p.X || p.D != d:
				s.state.Outbox[id] = syncPending{At: now, D: d}
			}
		}
	}
	for id, seen := range s.state.Seen {
		kind, _ := splitID(id)
		if _, synced := s.kinds[kind]; !synced || here[id] {
			continue
		}
		if seen.X {
			delete(s.state.Outbox, id)
		} else if p, waiting := s.state.Outbox[id]; !waiting || !p.X {
			s.state.Outbox[id] = syncPending{At: now, X: true}
		}
	}
	for id := range s.state.Outbox {
		if _, seen := s.state.Seen[id]; !seen && !here[id] {
			delete(s.state.Outbox, id) // made and deleted between two syncs
		}
	}
	return s.save()
}

// Pending returns up to n items of the outbox to push, with at most maxBytes of data
// (one at least), each with the server's version it was made from. An item whose data
// is over maxItem (the server's cap) stays here, unsynced: TooLarge counts them.
func (s *Sync) Pending(n, maxBytes, maxItem int) ([]SyncItem, error) {
	var items []SyncItem
	size := 0
	clear(s.inFlight)
	s.tooLarge = 0
	for _, id := range slices.Sorted(maps.Keys(s.state.Outbox)) {
		if len(items) == n {
			break
		}
		p := s.state.Outbox[id]
		kind, key := splitID(id)
		env := syncEnvelope{At: p.At}
		if !p.X {
			v, err := s.kinds[kind].read(key)
			if err != nil {
				continue // gone or unreadable since it was noticed: the next Note says
			}
			env.V = v
		}
		data, err := json.Marshal(env)
		if err != nil {
			return nil, fmt.Errorf("sync: %w", err)
		}
		if len(data) > maxItem {
			s.tooLarge++
			continue
		}
		if len(items) > 0 && size+len(data) > maxBytes {
			break
		}
		size += len(data)
		s.inFlight[id] = p
		items = append(items, SyncItem{Kind: kind, Key: key, Version: s.state.Seen[id].V, Deleted: p.X, Data: string(data)})
	}
	return items, nil
}

// Pushed takes the server's answer to the items Pending gave: the accepted ones are
// synced at their new versions; a conflict is left in the outbox for the pull that
// brings the server's item (and, should the cursor be past it already, the cursor goes
// back to it).
func (s *Sync) Pushed(accepted, conflicts []SyncItem) error {
	for _, a := range accepted {
		id := syncID(a.Kind, a.Key)
		sent, ok := s.inFlight[id]
		if !ok {
			continue
		}
		s.state.Seen[id] = syncSeen{V: a.Version, D: sent.D, X: sent.X}
		if p := s.state.Outbox[id]; p.D == sent.D && p.X == sent.X {
			delete(s.state.Outbox, id) // else it changed again meanwhile: pushed next time
		}
	}
	for _, c := range conflicts {
		if c.Version <= s.state.Cursor {
			s.state.Cursor = c.Version - 1
		}
	}
	clear(s.inFlight)
	return s.save()
}

// Pulled applies a page of the server's items and moves the cursor to next. An item
// changed here too is resolved by its kind's merge: when the server's value wins it is
// applied and the change here dropped; otherwise the result stays in the outbox, to be
// pushed over the server's version. An item this app cannot read is passed over (and
// the value here, if any, pushed over it at the next sync).
func (s *Sync) Pulled(items []SyncItem, next int64) error {
	touched := map[string]bool{}
	var errs []error
	for _, it := range items {
		id := syncID(it.Kind, it.Key)
		k, ok := s.kinds[it.Kind]
		if !ok || s.state.Seen[id].V >= it.Version {
			continue // a kind this device does not sync, or its own push coming back
		}
		remote, digest, err := s.remoteValue(k, it)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", id, err))
			s.state.Seen[id] = unreadable(it.Version)
			continue
		}
		seen := syncSeen{V: it.Version, D: digest, X: it.Deleted}
		p, waiting := s.state.Outbox[id]
		if !waiting {
			s.state.Seen[id] = seen
			if err := k.apply(it.Key, remote.V); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", id, err))
				s.state.Seen[id] = unreadable(it.Version)
			}
			touched[it.Kind] = true
			continue
		}
		local := syncValue{At: p.At, Deleted: p.X}
		if !p.X {
			if local.V, err = k.read(it.Key); err != nil {
				local.Deleted = true
			}
		}
		kept := k.merge(it.Key, local, remote)
		s.state.Seen[id] = seen
		keptDigest := ""
		if !kept.Deleted {
			keptDigest, _ = k.digest(it.Key, kept.V)
		}
		if kept.Deleted == remote.Deleted && keptDigest == digest {
			delete(s.state.Outbox, id)
		} else {
			s.state.Outbox[id] = syncPending{At: kept.At, D: keptDigest, X: kept.Deleted}
		}
		if kept.Deleted != local.Deleted || string(kept.V) != string(local.V) {
			if kept.Deleted {
				err = k.apply(it.Key, nil)
			} else {
				err = k.apply(it.Key, kept.V)
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", id, err))
			}
			touched[it.Kind] = true
		}
	}
	for kind := range touched {
		if err := s.kinds[kind].flush(); err != nil {
			errs = append(errs, err)
		}
	}
	s.state.Cursor = max(s.state.Cursor, next)
	errs = append(errs, s.save())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}

// unreadable is what is seen of an item this device could not read or apply: as if
// deleted, so that no tombstone of it goes out from here, while a value of it here does.
func unreadable(version int64) syncSeen { return syncSeen{V: version, D: "?", X: true} }

// remoteValue reads a pulled item's envelope and its value's digest.
func (s *Sync) remoteValue(k syncKind, it SyncItem) (syncValue, string, error) {
	var env syncEnvelope
	if err := json.Unmarshal([]byte(it.Data), &env); err != nil {
		return syncValue{}, "", fmt.Errorf("not an item of this app: %v", err)
	}
	if it.Deleted {
		return syncValue{At: env.At, Deleted: true}, "", nil
	}
	d, err := k.digest(it.Key, env.V)
	if err != nil {
		return syncValue{}, "", err
	}
	return syncValue{At: env.At, V: env.V}, d, nil
}
