// Package pglocal runs a PostgreSQL server of its own in a data folder, for `make server`
// when no DATABASE_URL is given and for the server's integration tests. It uses Debian's
// postgresql binaries (initdb, pg_ctl), installing the package when they are missing and
// the machine allows it. PostgreSQL refuses to run as root, so under root the cluster runs
// as the "postgres" user the package creates.
package pglocal

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNoPostgres is returned when no PostgreSQL binaries are found and none can be installed.
var ErrNoPostgres = errors.New("pglocal: no PostgreSQL binaries (initdb, pg_ctl) and they cannot be installed here")

// runAsUser is the account the cluster runs as when this process is root.
const runAsUser = "postgres"

// Options say how to run the cluster.
type Options struct {
	// Dir holds the cluster: data/ (made by initdb when missing), the socket and the log.
	Dir string
	// Port to listen on at 127.0.0.1; 0 picks a free one.
	Port int
	// Database is created when missing; "" means "xiangqi".
	Database string
	// Throwaway turns off flushing to disk (fsync) for tests, where only a crash of the
	// whole machine could lose data, and nothing of value. Commits stay synchronous, so a
	// server killed by a test keeps every transaction it acknowledged.
	Throwaway bool
	// Install lets Start install Debian's postgresql package when no binaries are found.
	Install bool
}

// Cluster is a running PostgreSQL server.
type Cluster struct {
	// URL connects to the database as its superuser, with the password generated when
	// the cluster was made (kept in Dir/superuser.password, readable by its owner only).
	URL   string
	Port  int
	dir   string
	bin   string
	runAs string
	// superuser connects to the maintenance database.
	superuser string
	// throwaway: started without durability (Options.Throwaway), and restarted so.
	throwaway bool
	stopped   bool
}

// FindBinaries returns the folder with initdb and pg_ctl: on PATH, or the newest of
// Debian's /usr/lib/postgresql/<version>/bin.
func FindBinaries() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", ErrNoPostgres
}

func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// install installs Debian's postgresql package: directly as root, through sudo without a
// password prompt otherwise.
func install(ctx context.Context) error {
	if _, err := exec.LookPath("apt-get"); err != nil {
		return ErrNoPostgres
	}
	var prefix []string
	if os.Geteuid() != 0 {
		if _, err := exec.LookPath("sudo"); err != nil {
			return ErrNoPostgres
		}
		prefix = []string{"sudo", "-n"}
	}
	run := func(args ...string) error {
		all := append(append([]string{}, prefix...), args...)
		cmd := exec.CommandContext(ctx, all[0], all[1:]...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v: %s", strings.Join(all, " "), err, lastLines(out))
		}
		return nil
	}
	if err := run("apt-get", "update", "-qq"); err != nil {
		return fmt.Errorf("%w (%v)", ErrNoPostgres, err)
	}
	if err := run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "postgresql"); err != nil {
		return fmt.Errorf("%w (%v)", ErrNoPostgres, err)
	}
	return nil
}

// Start starts the cluster in opts.Dir, making it first when the folder has none, and
// creates the database. It waits until the server answers.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	bin, err := FindBinaries()
	if err != nil && opts.Install {
		if err = install(ctx); err == nil {
			bin, err = FindBinaries()
		}
	}
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin, Port: opts.Port, throwaway: opts.Throwaway}
	if os.Geteuid() == 0 {
		if _, err := user.Lookup(runAsUser); err != nil {
			// Debian's package makes this user; binaries from elsewhere may not have.
			out, err := exec.CommandContext(ctx, "useradd", "--system", "--user-group", "--no-create-home",
				"--shell", "/usr/sbin/nologin", runAsUser).CombinedOutput()
			if err != nil {
				return nil, fmt.Errorf("pglocal: running as root needs a %q user to run PostgreSQL, and making one failed: %v: %s",
					runAsUser, err, lastLines(out))
			}
		}
		c.runAs = runAsUser
	}
	password, err := c.password()
	if err != nil {
		return nil, err
	}
	if err := c.prepareDir(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(c.dir, "data", "PG_VERSION")); err != nil {
		if err := c.run(ctx, "initdb", "-D", c.data(), "-U", "postgres", "-A", "scram-sha-256", "--pwfile", c.passwordFile(),
			"-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(filepath.Join(c.dir, "data", "postmaster.pid")); err == nil && c.run(ctx, "pg_ctl", "-D", c.data(), "status") == nil {
		// Left running by an earlier run that was killed: stop it, to start it on our terms.
		if err := c.run(ctx, "pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop"); err != nil {
			return nil, err
		}
	}
	if c.Port == 0 {
		if c.Port, err = FreePort(); err != nil {
			return nil, err
		}
	}
	if err := c.start(ctx); err != nil {
		return nil, err
	}
	if err := c.closeTrust(ctx, password); err != nil {
		c.Stop()
		return nil, err
	}
	db := opts.Database
	if db == "" {
		db = "xiangqi"
	}
	c.superuser = fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/postgres?sslmode=disable", password, c.Port)
	if err := c.createDatabase(ctx, db); err != nil {
		c.Stop()
		return nil, err
	}
	c.URL = fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/%s?sslmode=disable", password, c.Port, db)
	return c, nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// prepareDir makes the folder and, under root, hands it to the user the server runs as
// (its parents must let that user through).
func (c *Cluster) prepareDir() error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	if c.runAs == "" {
		return nil
	}
	if err := os.Chmod(c.dir, 0o755); err != nil {
		return err
	}
	for p := filepath.Dir(c.dir); p != "/"; p = filepath.Dir(p) {
		if st, err := os.Stat(p); err == nil && st.Mode().Perm()&0o001 == 0 {
			if err := os.Chmod(p, st.Mode().Perm()|0o011); err != nil {
				return fmt.Errorf("pglocal: %s must be passable by %s: %v", p, c.runAs, err)
			}
		}
	}
	u, err := user.Lookup(c.runAs)
	if err != nil {
		return err
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return filepath.Walk(c.dir, func(path string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, uid, gid)
	})
}

// run runs one of the PostgreSQL programs, as the cluster's user.
func (c *Cluster) run(ctx context.Context, program string, args ...string) error {
	path := filepath.Join(c.bin, program)
	var cmd *exec.Cmd
	if c.runAs != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", c.runAs, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = c.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pglocal: %s: %v: %s", program, err, lastLines(out))
	}
	return nil
}

func (c *Cluster) createDatabase(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, c.superuser)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	}
	return err
}

// Stop stops the server at once (the tests' data is thrown away; a real database's
// server recovers from its log on the next start).
func (c *Cluster) Stop() error {
	if c.stopped {
		return nil
	}
	c.stopped = true
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.run(ctx, "pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop")
}

// Kill stops the server abruptly (immediate shutdown, as a crash would), for fault tests.
func (c *Cluster) Kill() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.run(ctx, "pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
}

// Restart starts a stopped or killed server again on the same port.
func (c *Cluster) Restart(ctx context.Context) error {
	c.stopped = false
	return c.start(ctx)
}

func (c *Cluster) start(ctx context.Context) error {
	serverOpts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=300", c.Port, c.dir)
	if c.throwaway {
		serverOpts += " -c fsync=off -c full_page_writes=off"
	}
	return c.run(ctx, "pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "postgres.log"), "-w", "-t", "60", "-o", serverOpts, "start")
}

// FreePort returns a TCP port of 127.0.0.1 that nothing listens on at the moment, for the
// cluster or any other local server (cmd/xqload's instances).
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return strings.Join(lines, " | ")
}

func (c *Cluster) passwordFile() string { return filepath.Join(c.dir, "superuser.password") }

// password returns the superuser's password, generating it on first use. The cluster
// asks for it on every connection (scram-sha-256), so that no other user of the machine
// can sign in as its superuser.
func (c *Cluster) password() (string, error) {
	if data, err := os.ReadFile(c.passwordFile()); err == nil {
		if pw := strings.TrimSpace(string(data)); pw != "" {
			return pw, nil
		}
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return "", err
	}
	b := make([]byte, 24)
	rand.Read(b)
	pw := base64.RawURLEncoding.EncodeToString(b) // no character a URL or SQL would need quoted
	if err := os.WriteFile(c.passwordFile(), []byte(pw+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("pglocal: writing the password: %v", err)
	}
	return pw, nil
}

// hbaPasswords is the pg_hba.conf of a cluster whose every connection needs its password.
const hbaPasswords = `# Written by xqserver's pglocal: every connection needs the password (scram-sha-256).
local all         all                scram-sha-256
host  all         all  127.0.0.1/32  scram-sha-256
host  all         all  ::1/128       scram-sha-256
local replication all                scram-sha-256
host  replication all  127.0.0.1/32  scram-sha-256
host  replication all  ::1/128       scram-sha-256
`

// closeTrust moves a cluster made before passwords (trust authentication, anyone on the
// machine a superuser) to scram-sha-256 in place: it sets the superuser's password while
// trust still lets it in, then rewrites pg_hba.conf and reloads.
func (c *Cluster) closeTrust(ctx context.Context, password string) error {
	hba := filepath.Join(c.data(), "pg_hba.conf")
	data, err := os.ReadFile(hba)
	if err != nil {
		return fmt.Errorf("pglocal: %v", err)
	}
	trusting := false
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") && f[len(f)-1] == "trust" {
			trusting = true
		}
	}
	if !trusting {
		return nil
	}
	conn, err := pgx.Connect(ctx, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port))
	if err != nil {
		return fmt.Errorf("pglocal: connecting to set the password: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "SET password_encryption = 'scram-sha-256'"); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "ALTER ROLE postgres PASSWORD '"+password+"'"); err != nil {
		return fmt.Errorf("pglocal: setting the password: %v", err)
	}
	if err := os.WriteFile(hba, []byte(hbaPasswords), 0o600); err != nil {
		return fmt.Errorf("pglocal: %v", err)
	}
	return c.run(ctx, "pg_ctl", "-D", c.data(), "reload")
}
