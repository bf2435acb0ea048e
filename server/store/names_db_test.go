package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Names stored before name keys get theirs in place: the oldest of look-alikes keeps its
// name, a later one is renamed name~id, and a name the checks refuse keeps working as
// spelled.
func TestBackfillNameKeys(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	suffix := fmt.Sprint(time.Now().UnixNano() % 1e6)
	names := []string{"Olduser" + suffix, "OLDUSER" + suffix, "old\x1buser" + suffix}
	ids := make([]int64, len(names))
	hash := hashPassword("password1")
	for i, n := range names {
		a := guest(t, s)
		ids[i] = a.ID
		if _, err := s.pool.Exec(ctx, `UPDATE accounts SET name = $2, password = $3 WHERE id = $1`, a.ID, n, hash); err != nil {
			t.Fatal(err)
		}
	}
	if err := backfillNameKeys(ctx, s.pool); err != nil {
		t.Fatal(err)
	}
	got := make([]string, len(ids))
	keys := make([]string, len(ids))
	for i, id := range ids {
		if err := s.pool.QueryRow(ctx, `SELECT name, name_key FROM accounts WHERE id = $1`, id).Scan(&got[i], &keys[i]); err != nil {
			t.Fatal(err)
		}
	}
	renamed := fmt.Sprintf("~%d", ids[1])
	renamed = names[1][:min(len(names[1]), maxName-len(renamed))] + renamed
	if got[0] != names[0] || got[1] != renamed ||
		got[2] != names[2] || !strings.HasPrefix(keys[2], legacyPrefix) {
		t.Errorf("after the backfill: names %q, keys %q", got, keys)
	}
	if a, _, err := s.Accounts().Login(ctx, names[2], "password1", time.Now()); err != nil || a.ID != ids[2] {
		t.Errorf("signing in with a legacy name: %+v %v", a, err)
	}
	if a, _, err := s.Accounts().Login(ctx, strings.ToLower(names[0]), "password1", time.Now()); err != nil || a.ID != ids[0] {
		t.Errorf("signing in to the name kept: %+v %v", a, err)
	}
}

// A sign-in past maxSessions retires the tokens used least lately, never the new one.
func TestSessionsAreCapped(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	a := guest(t, s)
	name := fmt.Sprintf("sessions%d", a.ID)
	if err := s.Accounts().Register(ctx, a.ID, name, "password1"); err != nil {
		t.Fatal(err)
	}
	for i := range maxSessions + 5 {
		if _, err := s.pool.Exec(ctx, `INSERT INTO tokens (hash, account_id, used_at) VALUES ($1, $2, now() - make_interval(mins => $3))`,
			hashToken(fmt.Sprint(name, i)), a.ID, i+1); err != nil {
			t.Fatal(err)
		}
	}
	_, token, err := s.Accounts().Login(ctx, name, "password1", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM tokens WHERE account_id = $1`, a.ID).Scan(&n); err != nil || n != maxSessions {
		t.Errorf("%d tokens after the sign-in (%v), want %d", n, err, maxSessions)
	}
	if _, err := s.Accounts().Authenticate(ctx, token); err != nil {
		t.Errorf("the new token: %v", err)
	}
	if ok, _ := s.Accounts().TokenValid(ctx, fmt.Sprint(name, maxSessions+4)); ok {
		t.Error("the token used least lately survived")
	}
	if ok, _ := s.Accounts().TokenValid(ctx, fmt.Sprint(name, 0)); !ok {
		t.Error("the token used most lately was retired")
	}
}
