package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// File of the online sign-in, beside the save.
const (
	onlineName     = "online.json"
	onlineTempName = "online.tmp.json"
)

// OnlineAccount is the online sign-in kept on this device: the server's address and the
// session token of the account signed in there ("" when signed out). The token is a
// secret: it is kept in the app's storage and never shown.
type OnlineAccount struct {
	Server string `json:"server"`
	Token  string `json:"token,omitempty"`
	// Filed are the server's ids of the latest online games filed in the library from this
	// device, oldest first, so that a game that ended while the app was not running is
	// filed once it signs in again, and no game twice (package play/online keeps it).
	Filed []int64 `json:"filed,omitempty"`
}

// maxOnlineFile bounds what LoadOnline reads: a tampered file cannot make it hold much.
const maxOnlineFile = 4096

// SaveOnline keeps the online sign-in. It writes a file of its own, never the save, so
// whatever happens online leaves the offline game alone.
func (s *Store) SaveOnline(a OnlineAccount) error {
	data, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("online account: %w", err)
	}
	if err := s.fs.WriteFile(onlineTempName, data); err != nil {
		return fmt.Errorf("online account: %w", err)
	}
	if err := s.fs.Rename(onlineTempName, onlineName); err != nil {
		return fmt.Errorf("online account: %w", err)
	}
	return nil
}

// LoadOnline reads the online sign-in; none kept yet is the zero value without an error.
func (s *Store) LoadOnline() (OnlineAccount, error) {
	var a OnlineAccount
	data, err := s.fs.ReadFile(onlineName)
	if errors.Is(err, os.ErrNotExist) {
		return a, nil
	}
	if err != nil {
		return a, fmt.Errorf("online account: %w", err)
	}
	if len(data) > maxOnlineFile {
		return a, fmt.Errorf("online account: %s is %d bytes, more than an account takes", s.fs.Where(onlineName), len(data))
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return OnlineAccount{}, fmt.Errorf("online account: %s: %w", s.fs.Where(onlineName), err)
	}
	return a, nil
}
