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
	"os"
	"os/signal"
	"runtime/debug"
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
	accountRate := flag.Float64("accounts-per-second", 1, "guest accounts allowed per address and second (each instance)")
	flag.IntVar(&cfg.AccountBurst, "accounts-burst", 20, "guest accounts allowed per address at once (each instance)")
	flag.Float64Var(&cfg.SignInAddress.Rate, "signins-per-second", 0.5, "sign-ins and registrations allowed per address and second, all instances together")
	flag.IntVar(&cfg.SignInAddress.Burst, "signins-burst", 20, "sign-ins and registrations allowed per address at once, all instances together")
	addressRequests := flag.Float64("requests-per-address", 200, "socket requests allowed per address and second, all its sockets together")
	flag.IntVar(&cfg.AddressMessageBurst, "requests-per-address-burst", 400, "socket requests allowed per address at once")
	hashMemory := flag.Int("hash-memory", store.DefaultHashSlots*store.HashMemory>>20,
		"MiB the password hashes of one instance may hold at once (each takes 64; at least one runs)")
	flag.DurationVar(&cfg.BodyTimeout, "body-timeout", 10*time.Second, "how long an HTTP request's body may take to arrive")
	idle := flag.Duration("idle-timeout", 60*time.Second, "how long an idle keep-alive connection stays open")
	metricsAddr := flag.String("metrics-addr", "", "address to serve /metrics on, apart from -addr, e.g. 127.0.0.1:9464 (\"\": none)")
	flag.StringVar(&cfg.MetricsToken, "metrics-token", "", "when set, /metrics is also served on -addr to requests with Authorization: Bearer <token> (or set XQ_METRICS_TOKEN, which ps does not show)")
	flag.Parse()
	if cfg.MetricsToken == "" {
		cfg.MetricsToken = os.Getenv("XQ_METRICS_TOKEN")
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit, so that the collector frees a finished hash's 64 MiB before the
		// heap grows past the stated ceiling (the hashes' memory, one hash more and the
		// rest); without it the heap may grow to twice the live one first.
		debug.SetMemoryLimit(store.MemoryCeiling(int64(*hashMemory) << 20))
	}
	srvOpts := serverOptions{addr: *addr, metricsAddr: *metricsAddr, idle: *idle, hashSlots: max(1, *hashMemory/(store.HashMemory>>20))}
	cfg.AccountRate = rate.Limit(*accountRate)
	cfg.AddressMessageRate = rate.Limit(*addressRequests)
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(log, srvOpts, *data, *pgPort, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "xqserver:", err)
		os.Exit(1)
	}
}

type serverOptions struct {
	addr, metricsAddr string
	idle              time.Duration
	hashSlots         int
}

func run(log *slog.Logger, o serverOptions, data string, pgPort int, cfg hub.Config) error {
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
	st.Accounts().LimitHashing(o.hashSlots, store.DefaultHashWait)
	cfg.Store, cfg.Log = st, log
	h := hub.New(cfg)
	hubDone := make(chan struct{})
	go func() { h.Run(ctx); close(hubDone) }()
	srv := hub.Server(o.addr, h.Handler(), hub.Timeouts{Idle: o.idle})
	serveErr := make(chan error, 2)
	go func() { serveErr <- srv.ListenAndServe() }()
	log.Info("xqserver listening", "addr", o.addr, "password hashes at once", o.hashSlots)
	if o.metricsAddr != "" {
		msrv := hub.Server(o.metricsAddr, h.MetricsHandler(), hub.Timeouts{Idle: o.idle})
		go func() { serveErr <- msrv.ListenAndServe() }()
		defer msrv.Close()
		log.Info("metrics listening", "addr", o.metricsAddr)
	}
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
