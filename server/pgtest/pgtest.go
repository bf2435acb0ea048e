// Package pgtest gives a test binary a throwaway PostgreSQL (package pglocal in a temporary
// folder on a free port), started once in TestMain and removed afterwards. Where no
// PostgreSQL binary can be found or installed, the tests that need it skip.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/pglocal"
)

// DB is the test binary's database.
type DB struct {
	URL     string
	Cluster *pglocal.Cluster
	skip    string
}

// Main starts the database, runs the tests and stops it; call it from TestMain as
// os.Exit(pgtest.Main(m, &db)).
func Main(m *testing.M, db *DB) int {
	dir, err := os.MkdirTemp("", "xqpg")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	c, err := pglocal.Start(ctx, pglocal.Options{Dir: dir, Throwaway: true, Install: true})
	cancel()
	if errors.Is(err, pglocal.ErrNoPostgres) {
		db.skip = err.Error()
		return m.Run()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		return 1
	}
	db.URL, db.Cluster = c.URL, c
	code := m.Run()
	if err := c.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
	}
	return code
}

// Need returns the database's URL, or skips t where there is no PostgreSQL.
func (db *DB) Need(t testing.TB) string {
	t.Helper()
	if db.skip != "" {
		t.Skip(db.skip)
	}
	return db.URL
}
