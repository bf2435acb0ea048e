package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// encodings are the precompressed copies the server looks for, best first: name.br, then
// name.gz (written by make web: brotli and xqweb pwa).
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// staticHandler serves the files of one folder. A file asked for as name is sent from
// name.br or name.gz when the browser accepts that encoding, with Content-Encoding set and
// the Content-Type of name (application/wasm for the .wasm, which
// WebAssembly.instantiateStreaming insists on). The copies are trusted to match: make web
// starts from an empty folder and xqweb pwa deletes older copies (file times are not
// compared, as copying a folder does not keep them).
type staticHandler struct {
	root http.FileSystem
	log  io.Writer // nil: no request log

	mu sync.Mutex // serialises log lines
}

func newStaticHandler(dir string, log io.Writer) *staticHandler {
	return &staticHandler{root: http.Dir(dir), log: log}
}

func (h *staticHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w, status: http.StatusOK}
	h.serve(cw, r)
	if h.log != nil {
		h.mu.Lock()
		fmt.Fprintf(h.log, "%s %s %d encoding=%s bytes=%d\n", r.Method, r.URL.Path, cw.status,
			orDash(cw.Header().Get("Content-Encoding")), cw.bytes)
		h.mu.Unlock()
	}
}

func (h *staticHandler) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	f, modTime, err := h.open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
		} else {
			http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		}
		return
	}
	defer f.Close()
	// The service worker keeps the app for offline use; the HTTP cache only revalidates, so
	// a new build is never hidden behind an old copy.
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Add("Vary", "Accept-Encoding")
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	for _, enc := range encodings {
		if !accepted[enc.name] {
			continue
		}
		cf, cModTime, err := h.open(name + enc.suffix)
		if err != nil {
			continue
		}
		defer cf.Close()
		w.Header().Set("Content-Encoding", enc.name)
		// ServeContent takes the Content-Type from name's extension, the bytes from cf.
		http.ServeContent(w, r, name, cModTime, cf)
		return
	}
	http.ServeContent(w, r, name, modTime, f)
}

// open opens a regular file of the folder (http.Dir refuses paths that leave it) and
// returns its modification time.
func (h *staticHandler) open(name string) (http.File, time.Time, error) {
	f, err := h.root.Open(name)
	if err != nil {
		return nil, time.Time{}, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, time.Time{}, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, time.Time{}, fs.ErrNotExist
	}
	return f, info.ModTime(), nil
}

// acceptedEncodings reads an Accept-Encoding header: the codings listed without q=0.
func acceptedEncodings(header string) map[string]bool {
	accepted := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if v, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			if q, err := strconv.ParseFloat(v, 64); err == nil && q == 0 {
				continue
			}
		}
		accepted[strings.ToLower(strings.TrimSpace(coding))] = true
	}
	return accepted
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// countingWriter records the status and the body bytes sent, for the request log.
type countingWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (c *countingWriter) WriteHeader(status int) {
	c.status = status
	c.ResponseWriter.WriteHeader(status)
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.ResponseWriter.Write(p)
	c.bytes += int64(n)
	return n, err
}

// serve listens on addr and serves dir until the process ends; it prints the URL first, so
// that a script can wait for it.
func serve(dir, addr string, logRequests bool, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	var log io.Writer
	if logRequests {
		log = out
	}
	fmt.Fprintf(out, "serving %s on http://%s/\n", dir, ln.Addr())
	return http.Serve(ln, newStaticHandler(dir, log))
}
