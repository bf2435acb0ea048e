// Command xqserver is the online server: HTTP and WebSocket on -addr over the PostgreSQL
// database at DATABASE_URL. Without DATABASE_URL it runs a PostgreSQL of its own in the
// folder -data (initdb on first use; Debian's postgresql package is installed when
// missing), which is what `make server` does. Any number of instances may share one
// database; see docs/online-protocol.md and docs/scaling.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/pglocal"
	"github.com/xqfyne/xiangqi/server/store"
)

func main() {
	addr := flag.String("addr", ":8080", "address to serve HTTP and WebSocket on")
	data := flag.String("data", ".xqserver", "folder of the local PostgreSQL, used when DATABASE_URL is not set")
	pgPort := flag.Int("pg-port", 54329, "port of the local PostgreSQL (on 127.0.0.1)")
	cfg := hub.Config{}
	flag.DurationVar(&cfg.Grace, "grace", 60*time.Second, "how long a player may be disconnected from a game before the opponent may claim it")
	flag.DurationVar(&cfg.Forfeit, "forfeit", 0, "how long a player may be disconnected from a game before losing it (0: 3 times -grace)")
	flag.IntVar(&cfg.MaxSocketsPerAddress, "sockets-per-address", 200, "most sockets one address may hold open")
	accountRate := flag.Float64("accounts-per-second", 1, "guest accounts and sign-ins allowed per address and second")
	flag.IntVar(&cfg.AccountBurst, "accounts-burst", 20, "guest accounts and sign-ins allowed per address at once")
	addressRequests := flag.Float64("requests-per-address", 200, "socket requests allowed per address and second, all its sockets together")
	flag.IntVar(&cfg.AddressMessageBurst, "requests-per-address-burst", 400, "socket requests allowed per address at once")
	flag.Parse()
	cfg.AccountRate = rate.Limit(*accountRate)
	cfg.AddressMessageRate = rate.Limit(*addressRequests)
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(log, *addr, *data, *pgPort, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "xqserver:", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, addr, data string, pgPort int, cfg hub.Config) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		log.Info("DATABASE_URL is not set; starting a local PostgreSQL", "folder", data, "port", pgPort)
		cluster, err := pglocal.Start(ctx, pglocal.Options{Dir: data, Port: pgPort, Install: true})
		if err != nil {
			return err
		}
		defer cluster.Stop()
		url = cluster.URL
	}
	st, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	defer st.Close()
	cfg.Store, cfg.Log = st, log
	h := hub.New(cfg)
	hubDone := make(chan struct{})
	go func() { h.Run(ctx); close(hubDone) }()
	srv := &http.Server{Addr: addr, Handler: h.Handler(), ReadHeaderTimeout: 10 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.ListenAndServe() }()
	log.Info("xqserver listening", "addr", addr)
	select {
	case err := <-serveErr:
		stop()
		<-hubDone
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(shutdown)
	<-hubDone
	if errors.Is(err, context.DeadlineExceeded) {
		return nil // sockets still open at the deadline are simply closed
	}
	return err
}
