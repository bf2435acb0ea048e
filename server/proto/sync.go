package proto

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Sync (protocol version 4): a registered account's things (library games, puzzle
// progress, settings) kept on the server as items, so that every device of the account
// shows the same. It is an HTTP request, POST /api/sync with the session token as
// Authorization: Bearer <token>, not a socket frame: an item (a game's record) is larger
// than a socket frame may be, and a sync needs no socket.
//
// Each item is named by its Kind and Key within the account and has a Version, the
// account's change counter when it was last written (every accepted write takes the next
// number). A push names the version its value was made from (Base, 0 for a new item); the
// server takes it only if the item is still at that version, otherwise it is a conflict:
// the client pulls the newer item, resolves (see docs/sync.md) and pushes again. Items are
// pulled in pages of the versions after Since, oldest change first. A deletion is a
// tombstone (Deleted), kept so that a device offline for months still hears of it.

// SyncPath is the sync request's path.
const SyncPath = "/api/sync"

// Limits of a sync request, checked before any work on it.
const (
	// MaxSyncBody bounds the JSON of one sync request.
	MaxSyncBody = 1 << 20
	// MaxSyncPush bounds the items pushed in one request.
	MaxSyncPush = 100
	// MaxSyncData bounds one item's data (a game record with comments and variations
	// takes a few kilobytes). Sent as a JSON string, it may take six times as much, which
	// still fits in MaxSyncBody.
	MaxSyncData = 128 << 10
	// MaxSyncKind and MaxSyncKey bound an item's names.
	MaxSyncKind = 16
	MaxSyncKey  = 128
	// MaxSyncPage bounds the items of one pulled page; a page also stops once its data
	// passes MaxSyncBody.
	MaxSyncPage = 200
)

// Sync error codes.
const (
	CodeAccountsOnly = "accounts_only" // sync is for registered accounts; a guest registers first
	CodeTooLarge     = "too_large"     // an item, or the request, is over its size limit
	CodeQuota        = "quota"         // the account holds as many items or bytes as it may
)

// SyncItem is one item: as pushed, Version is the base it was made from; as pulled, the
// version the server wrote it at. Data is the client's own text (JSON, for this app),
// which the server keeps as it is; a tombstone may carry data too (the time of the
// deletion, for the app's last-writer-wins).
type SyncItem struct {
	Kind    string `json:"kind"`
	Key     string `json:"key"`
	Version int64  `json:"version"`
	Deleted bool   `json:"deleted,omitempty"`
	Data    string `json:"data,omitempty"`
}

// SyncRequest is a sync request's body: first Push is applied (all of it or, on a
// conflict, the items that are not in conflict), then the page after version Since is
// answered.
type SyncRequest struct {
	Since int64      `json:"since"`
	Push  []SyncItem `json:"push,omitempty"`
	// Limit asks for smaller pages than MaxSyncPage (0: MaxSyncPage).
	Limit int `json:"limit,omitempty"`
}

// SyncAnswer answers a sync request.
type SyncAnswer struct {
	// Accepted are the pushed items taken, each with the version it now has (no data).
	Accepted []SyncItem `json:"accepted,omitempty"`
	// Conflicts are the pushed items refused because the server's is newer than their
	// base: each with the server's version (no data); the page or a later one holds it.
	Conflicts []SyncItem `json:"conflicts,omitempty"`
	// Items are the items written after Since, in version order, at most a page.
	Items []SyncItem `json:"items,omitempty"`
	// Next is the version to ask from next (the last item's, or Since when none); More
	// says there are items after it.
	Next int64 `json:"next"`
	More bool  `json:"more,omitempty"`
	// Version is the account's change counter now.
	Version int64 `json:"version"`
}

// DecodeSyncRequest reads a sync request's body strictly (see DecodeStrict) and checks
// every limit above; the error says what is wrong.
func DecodeSyncRequest(data []byte) (SyncRequest, error) {
	var r SyncRequest
	if len(data) > MaxSyncBody {
		return SyncRequest{}, Errorf(CodeTooLarge, fmt.Sprintf("a sync request of %d bytes, the limit is %d", len(data), MaxSyncBody))
	}
	if err := DecodeStrict(data, &r); err != nil {
		return SyncRequest{}, Errorf(CodeMalformed, "the body is not a sync request: "+err.Error())
	}
	if r.Since < 0 || r.Limit < 0 || r.Limit > MaxSyncPage {
		return SyncRequest{}, Errorf(CodeBadRequest, fmt.Sprintf("since is not negative and limit is 0..%d", MaxSyncPage))
	}
	if len(r.Push) > MaxSyncPush {
		return SyncRequest{}, Errorf(CodeTooLarge, fmt.Sprintf("%d items pushed at once, the limit is %d", len(r.Push), MaxSyncPush))
	}
	seen := make(map[[2]string]bool, len(r.Push))
	for _, it := range r.Push {
		if err := CheckSyncItem(it); err != nil {
			return SyncRequest{}, err
		}
		k := [2]string{it.Kind, it.Key}
		if seen[k] {
			return SyncRequest{}, Errorf(CodeBadRequest, fmt.Sprintf("the item %s/%s is pushed twice", it.Kind, it.Key))
		}
		seen[k] = true
	}
	return r, nil
}

// CheckSyncItem checks one item's names, version and data against the limits: a kind
// of lower-case letters and dashes, a key of printable ASCII, data of valid UTF-8 without
// NUL (the database keeps it as text).
func CheckSyncItem(it SyncItem) error {
	if !syncName(it.Kind, MaxSyncKind, "abcdefghijklmnopqrstuvwxyz-") {
		return Errorf(CodeBadRequest, fmt.Sprintf("an item's kind is 1..%d of a-z and -", MaxSyncKind))
	}
	if !syncName(it.Key, MaxSyncKey, "") {
		return Errorf(CodeBadRequest, fmt.Sprintf("an item's key is 1..%d printable ASCII characters", MaxSyncKey))
	}
	if it.Version < 0 {
		return Errorf(CodeBadRequest, "an item's version is not negative")
	}
	if len(it.Data) > MaxSyncData {
		return Errorf(CodeTooLarge, fmt.Sprintf("the item %s/%s has %d bytes of data, the limit is %d", it.Kind, it.Key, len(it.Data), MaxSyncData))
	}
	if !utf8.ValidString(it.Data) || strings.IndexByte(it.Data, 0) >= 0 {
		return Errorf(CodeBadRequest, "an item's data is UTF-8 text without NUL")
	}
	return nil
}

// syncName reports whether s is 1..limit bytes, each in allowed (or printable ASCII
// other than space when allowed is "").
func syncName(s string, limit int, allowed string) bool {
	if s == "" || len(s) > limit {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if allowed == "" && (c <= ' ' || c > '~') || allowed != "" && strings.IndexByte(allowed, c) < 0 {
			return false
		}
	}
	return true
}

// CheckSyncAnswer checks a server's answer to a request that asked from since for pages
// of at most limit items: names and data within the limits, versions after since in
// increasing order, Next where the page ends. A client applies what a page holds, so an
// answer otherwise is refused rather than trusted.
func CheckSyncAnswer(a SyncAnswer, since int64, limit int) error {
	if limit <= 0 || limit > MaxSyncPage {
		limit = MaxSyncPage
	}
	if len(a.Items) > limit || len(a.Accepted) > MaxSyncPush || len(a.Conflicts) > MaxSyncPush {
		return errors.New("sync answer: more items than asked for")
	}
	last := since
	for _, it := range a.Items {
		if err := CheckSyncItem(it); err != nil {
			return fmt.Errorf("sync answer: %w", err)
		}
		if it.Version <= last {
			return errors.New("sync answer: the items' versions do not increase from since")
		}
		last = it.Version
	}
	if a.Next != last || a.Version < a.Next {
		return errors.New("sync answer: next is not the last item's version")
	}
	for _, it := range append(append([]SyncItem(nil), a.Accepted...), a.Conflicts...) {
		if it.Version <= 0 || it.Data != "" || CheckSyncItem(it) != nil {
			return errors.New("sync answer: a bad accepted or conflicting item")
		}
	}
	return nil
}
