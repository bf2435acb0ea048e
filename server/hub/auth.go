package hub

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// authAPI is the HTTP side of accounts, as a part of the Hub: guests, registration,
// sign-in, logout and revocation, with the limits checked before any costly work.
type authAPI struct{ h *Hub }

// auth returns the hub's accounts API.
func (h *Hub) auth() authAPI { return authAPI{h} }

// Handler serves the HTTP API, the socket and /healthz, and /metrics to bearers of
// Config.MetricsToken when there is one.
func (h *Hub) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/guest", h.auth().guest)
	mux.HandleFunc("POST /api/register", h.auth().register)
	mux.HandleFunc("POST /api/login", h.auth().login)
	mux.HandleFunc("POST /api/logout", h.auth().logout)
	mux.HandleFunc("POST /api/revoke", h.auth().revokeAll)
	mux.HandleFunc("POST "+proto.SyncPath, h.auth().sync)
	mux.HandleFunc("GET /ws", h.socket)
	mux.HandleFunc("GET /healthz", h.auth().health)
	if token := h.cfg.MetricsToken; token != "" {
		metrics := h.MetricsHandler()
		mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
			if got, ok := bearer(r); !ok || !equalSecret(got, token) {
				h.auth().writeError(w, proto.Errorf(proto.CodeUnauthenticated, "/metrics needs its token as Authorization: Bearer <token>"))
				return
			}
			metrics.ServeHTTP(w, r)
		})
	}
	return mux
}

// MetricsHandler serves the Prometheus metrics, for a listener apart from the public one.
func (h *Hub) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(h.metrics.registry, promhttp.HandlerOpts{})
}

// Timeouts of the HTTP server; zero fields take the defaults in brackets.
type Timeouts struct {
	ReadHeader time.Duration // a request's headers [5 s]
	Idle       time.Duration // a keep-alive connection between requests [60 s]
}

// Server is the HTTP server of handler on addr, with timeouts that let no client hold a
// connection idle or half sent. A request body's own deadline is Config.BodyTimeout; a
// socket, once upgraded, is bounded by its hello timeout, pings and write timeout.
func Server(addr string, handler http.Handler, t Timeouts) *http.Server {
	if t.ReadHeader == 0 {
		t.ReadHeader = 5 * time.Second
	}
	if t.Idle == 0 {
		t.Idle = 60 * time.Second
	}
	return &http.Server{Addr: addr, Handler: handler, ReadHeaderTimeout: t.ReadHeader, IdleTimeout: t.Idle,
		MaxHeaderBytes: 16 << 10}
}

// health says only whether the instance can serve: its database's address, user and
// error go to the log, not to whoever asks.
func (au authAPI) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := au.h.store.Ping(ctx); err != nil {
		au.h.log.Warn("health check: the database does not answer", "err", err)
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Write([]byte("ok\n"))
}

// address is the client's IP address, the key of the per-address limits. The server
// trusts no forwarding header: behind a proxy, the proxy must limit.
func address(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// allowGuest applies this instance's per-address limit on guest accounts made.
func (au authAPI) allowGuest(r *http.Request) bool {
	au.h.mu.Lock()
	defer au.h.mu.Unlock()
	return limiterOf(au.h.signups, address(r), au.h.cfg.AccountRate, au.h.cfg.AccountBurst).Allow()
}

// allowShared takes one request from each shared bucket named, refusing with the
// message of the first one empty.
func (au authAPI) allowShared(ctx context.Context, buckets ...bucket) error {
	for _, b := range buckets {
		ok, err := au.h.store.Accounts().Allow(ctx, b.key, b.limit, au.h.cfg.Now())
		if err != nil {
			return err
		}
		if !ok {
			return proto.Errorf(proto.CodeRateLimited, b.refusal)
		}
	}
	return nil
}

type bucket struct {
	key     string
	limit   store.Limit
	refusal string
}

func (au authAPI) guest(w http.ResponseWriter, r *http.Request) {
	if !au.allowGuest(r) {
		au.writeError(w, proto.Errorf(proto.CodeRateLimited, "too many accounts from this address; wait a little"))
		return
	}
	a, token, err := au.h.store.Accounts().CreateGuest(r.Context())
	if err != nil {
		au.writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, proto.Session{Token: token, Account: a.Public()})
}

// maxBody bounds the JSON of an HTTP request: room for a long name, so that it is
// refused as too long rather than as a malformed body.
const maxBody = 64 << 10

func (au authAPI) readCredentials(w http.ResponseWriter, r *http.Request) (proto.Credentials, error) {
	var c proto.Credentials
	// The body's own deadline: a client that sends its headers and then trickles the
	// body does not hold the connection.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(au.h.cfg.BodyTimeout))
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return c, proto.Errorf(proto.CodeMalformed, fmt.Sprintf("the body is larger than %d bytes", maxBody))
	}
	if err != nil {
		return c, proto.Errorf(proto.CodeMalformed, "the body could not be read in time")
	}
	if err := proto.DecodeStrict(data, &c); err != nil {
		return c, proto.Errorf(proto.CodeMalformed, "the body is not one {\"name\": ..., \"password\": ...}: "+err.Error())
	}
	return c, nil
}

func (au authAPI) register(w http.ResponseWriter, r *http.Request) {
	token, ok := bearer(r)
	if !ok {
		au.writeError(w, proto.Errorf(proto.CodeUnauthenticated, "send the session token as Authorization: Bearer <token>"))
		return
	}
	c, err := au.readCredentials(w, r)
	if err != nil {
		au.writeError(w, err)
		return
	}
	// The cheap checks first: the name, the password's length, the token.
	display, _, err := store.CheckName(c.Name)
	if err == nil {
		err = store.CheckPasswordLength(c.Password)
	}
	if err != nil {
		au.writeError(w, err)
		return
	}
	a, err := au.h.store.Accounts().Authenticate(r.Context(), token)
	if err == nil {
		err = au.allowShared(r.Context(),
			bucket{"address:" + address(r), au.h.cfg.SignInAddress, "too many sign-ins from this address; wait a little"},
			bucket{fmt.Sprintf("register:%d", a.ID), au.h.cfg.SignInName, "too many registrations for this account; wait a little"})
	}
	if err == nil {
		err = au.h.store.Accounts().Register(r.Context(), a.ID, c.Name, c.Password)
	}
	if err != nil {
		au.writeError(w, err)
		return
	}
	a.Name = display
	writeJSON(w, http.StatusOK, a.Public())
}

func (au authAPI) login(w http.ResponseWriter, r *http.Request) {
	c, err := au.readCredentials(w, r)
	if err != nil {
		au.writeError(w, err)
		return
	}
	_, key, nameErr := store.CheckName(c.Name)
	if nameErr != nil {
		key = c.Name // perhaps a name older than the checks; the store says
		if len(key) > 200 {
			au.writeError(w, nameErr)
			return
		}
	}
	err = au.allowShared(r.Context(),
		bucket{"address:" + address(r), au.h.cfg.SignInAddress, "too many sign-ins from this address; wait a little"},
		bucket{"name:" + key, au.h.cfg.SignInName, "too many sign-ins to this name; wait a little"})
	if err != nil {
		au.writeError(w, err)
		return
	}
	a, token, err := au.h.store.Accounts().Login(r.Context(), c.Name, c.Password, au.h.cfg.Now())
	if err != nil {
		au.writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, proto.Session{Token: token, Account: a.Public()})
}

// logout retires the bearer's token; revokeAll every token of its account. Either way
// the sockets signed in with a retired token close.
func (au authAPI) logout(w http.ResponseWriter, r *http.Request) {
	au.retire(w, r, au.h.store.Accounts().Logout)
}

func (au authAPI) revokeAll(w http.ResponseWriter, r *http.Request) {
	au.retire(w, r, au.h.store.Accounts().RevokeAll)
}

func (au authAPI) retire(w http.ResponseWriter, r *http.Request, f func(context.Context, string) error) {
	token, ok := bearer(r)
	if !ok {
		au.writeError(w, proto.Errorf(proto.CodeUnauthenticated, "send the session token as Authorization: Bearer <token>"))
		return
	}
	if err := f(r.Context(), token); err != nil {
		au.writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// revoked closes this instance's sockets of account whose token was retired.
func (au authAPI) revoked(account int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range au.h.socketsOf(au.h.byAccount, account) {
		if ok, err := au.h.store.Accounts().TokenValid(ctx, c.token); err == nil && !ok {
			c.close(4001, "signed out")
		}
	}
}

// registered reports whether an account that said hello as a guest has registered since
// (the app registers on its open socket).
func (au authAPI) registered(ctx context.Context, account int64) bool {
	ok, err := au.h.store.Accounts().Registered(ctx, account)
	return err == nil && ok
}

func bearer(r *http.Request) (string, bool) {
	const prefix = "Bearer "
	v := r.Header.Get("Authorization")
	if len(v) <= len(prefix) || v[:len(prefix)] != prefix {
		return "", false
	}
	return v[len(prefix):], true
}

func equalSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers with the protocol's error object and a status that fits its code.
func (au authAPI) writeError(w http.ResponseWriter, err error) {
	e := au.refusal(err)
	status := http.StatusBadRequest
	switch e.Code {
	case proto.CodeUnauthenticated:
		status = http.StatusUnauthorized
	case proto.CodeRateLimited:
		status = http.StatusTooManyRequests
	case proto.CodeNameTaken:
		status = http.StatusConflict
	case proto.CodeUnavailable:
		status = http.StatusServiceUnavailable
	case proto.CodeInternal:
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, e)
}

// refusal turns any error into the protocol's error; faults other than refusals are
// logged and reported without their details.
func (au authAPI) refusal(err error) *proto.Error {
	var e *proto.Error
	if !errors.As(err, &e) {
		au.h.log.Error("request failed", "err", err)
		e = proto.Errorf(proto.CodeInternal, "the server failed to do that")
	} else if e.Code == proto.CodeUnavailable {
		au.h.log.Warn("unavailable (the database, or no free password-hash slot)", "err", err)
	}
	au.h.metrics.errors.WithLabelValues(e.Code).Inc()
	return e
}
