package pglocal

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A cluster asks every connection for its generated password, and one made with trust
// authentication before passwords is moved to them in place, keeping its data.
func TestPasswordsAndTrustClustersMovedInPlace(t *testing.T) {
	if _, err := FindBinaries(); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	// A cluster as the earlier pglocal made it: trust, no password.
	old := &Cluster{dir: dir, throwaway: true}
	old.bin, _ = FindBinaries()
	if os.Geteuid() == 0 {
		old.runAs = runAsUser
	}
	if err := old.prepareDir(); err != nil {
		t.Fatal(err)
	}
	if err := old.run(ctx, "initdb", "-D", old.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	c, err := Start(ctx, Options{Dir: dir, Throwaway: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	hba, err := os.ReadFile(filepath.Join(dir, "data", "pg_hba.conf"))
	if err != nil || strings.Contains(string(hba), " trust") {
		t.Errorf("pg_hba.conf still trusts: %v\n%s", err, hba)
	}
	conn, err := pgx.Connect(ctx, c.URL)
	if err != nil {
		t.Fatalf("with the password: %v", err)
	}
	conn.Close(ctx)
	for _, url := range []string{
		fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port),
		fmt.Sprintf("postgres://postgres:guess@127.0.0.1:%d/postgres?sslmode=disable", c.Port),
	} {
		if conn, err := pgx.Connect(ctx, url); err == nil {
			conn.Close(ctx)
			t.Errorf("%s was let in", url)
		}
	}
	if info, err := os.Stat(filepath.Join(dir, "superuser.password")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the password file: %v %v", info, err)
	}
	// A restart keeps the password.
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	again, err := Start(ctx, Options{Dir: dir, Port: c.Port, Throwaway: true})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Stop()
	if again.URL != c.URL {
		t.Errorf("the URL changed over a restart: %s, then %s", c.URL, again.URL)
	}
}
