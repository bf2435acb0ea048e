package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fakeBuild writes what fyne package -os web writes, small: an index.html, a .wasm, the
// loader and an icon (a red disc on transparency, 512 px).
func fakeBuild(t *testing.T, wasm string) (dir, icon string) {
	t.Helper()
	dir = t.TempDir()
	files := map[string]string{
		"index.html": "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>" +
			"<div id=\"main\"><div class=\"centered-container\"><img class=\"application-icon\" src=\"icon.png\"/></div></div></body></html>\n",
		"Xiangqi.wasm": wasm,
		"wasm_exec.js": "// loader\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			if (x-256)*(x-256)+(y-256)*(y-256) < 200*200 {
				img.Set(x, y, color.NRGBA{200, 30, 20, 255})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	icon = filepath.Join(t.TempDir(), "Icon.png")
	if err := os.WriteFile(icon, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, icon
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var cacheName = regexp.MustCompile(`const CACHE = "(xiangqi-[0-9a-f]{16})";`)

func TestWebAppFiles(t *testing.T) {
	dir, icon := fakeBuild(t, "wasm bytes, build one")
	if err := makeWebApp(dir, icon, io.Discard); err != nil {
		t.Fatal(err)
	}

	var m manifest
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, manifestFile))), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Xiangqi" || m.ShortName != "Xiangqi" || m.Display != "standalone" || m.StartURL != "./" || m.Scope != "./" || m.ThemeColor != themeColour {
		t.Errorf("manifest %+v", m)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		f, err := os.Open(filepath.Join(dir, ic.Src))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", ic.Src, err)
		}
		if want := ic.Sizes; want != fmt.Sprintf("%dx%d", img.Bounds().Dx(), img.Bounds().Dy()) {
			t.Errorf("%s is %v, the manifest says %s", ic.Src, img.Bounds(), want)
		}
		// a maskable icon is opaque in its corner; the plain one keeps the transparency
		_, _, _, a := img.At(0, 0).RGBA()
		if (ic.Purpose == "maskable") != (a == 0xffff) {
			t.Errorf("%s (%s): corner alpha %d", ic.Src, ic.Purpose, a)
		}
		// the disc's red in the middle survives the scaling
		r, g, _, _ := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2).RGBA()
		if r>>8 < 180 || g>>8 > 60 {
			t.Errorf("%s: centre is not the icon's red", ic.Src)
		}
		sizes[ic.Sizes+" "+ic.Purpose] = true
	}
	for _, want := range []string{"192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"} {
		if !sizes[want] {
			t.Errorf("no %s icon in %v", want, sizes)
		}
	}

	index := readFile(t, filepath.Join(dir, "index.html"))
	for _, want := range []string{`<link rel="manifest" href="manifest.webmanifest">`, `<meta name="theme-color" content="#e3c187">`,
		`<link rel="apple-touch-icon" href="icon-maskable-192.png">`, `register('sw.js')`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if strings.Index(index, "sw.js") > strings.Index(index, "</head>") {
		t.Error("the head tags are not in the head")
	}

	sw := readFile(t, filepath.Join(dir, workerFile))
	for _, want := range []string{`"Xiangqi.wasm"`, `"wasm_exec.js"`, `"index.html"`, `"manifest.webmanifest"`, `"icon-512.png"`} {
		if !strings.Contains(sw, want) {
			t.Errorf("sw.js does not precache %s", want)
		}
	}
	if strings.Contains(sw, `"sw.js"`) || strings.Contains(sw, ".gz\"") {
		t.Error("sw.js precaches itself or a compressed copy")
	}
	if !cacheName.MatchString(sw) {
		t.Errorf("sw.js has no versioned cache name:\n%s", sw)
	}

	zr, err := gzip.NewReader(strings.NewReader(readFile(t, filepath.Join(dir, "Xiangqi.wasm.gz"))))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != "wasm bytes, build one" {
		t.Errorf("Xiangqi.wasm.gz holds %q", b)
	}

	if err := makeWebApp(dir, icon, io.Discard); err == nil {
		t.Error("a second run over the same index.html was not refused")
	}
}

func TestCacheNameFollowsTheBuild(t *testing.T) {
	name := func(wasm string) string {
		dir, icon := fakeBuild(t, wasm)
		if err := makeWebApp(dir, icon, io.Discard); err != nil {
			t.Fatal(err)
		}
		return cacheName.FindStringSubmatch(readFile(t, filepath.Join(dir, workerFile)))[1]
	}
	one, again, two := name("build one"), name("build one"), name("build two")
	if one != again {
		t.Errorf("the same build got caches %s and %s", one, again)
	}
	if one == two {
		t.Errorf("two builds share the cache %s", one)
	}
}

// The page copies the .wasm it downloads into the cache the worker fills, so that the worker
// does not download it a second time: index.html names the worker's cache and the .wasm, and
// the worker precaches only what that cache lacks.
func TestPageStoresTheWasmInTheWorkersCache(t *testing.T) {
	dir, icon := fakeBuild(t, "build one")
	if err := makeWebApp(dir, icon, io.Discard); err != nil {
		t.Fatal(err)
	}
	worker := cacheName.FindStringSubmatch(readFile(t, filepath.Join(dir, workerFile)))[1]
	index := readFile(t, filepath.Join(dir, "index.html"))
	if want := fmt.Sprintf(`cacheName = "%s"`, worker); !strings.Contains(index, want) {
		t.Errorf("index.html does not name the worker's cache %s", worker)
	}
	if !strings.Contains(index, `new URL("Xiangqi.wasm", location.href)`) {
		t.Error("index.html does not name the .wasm it stores")
	}
	if !strings.Contains(readFile(t, filepath.Join(dir, workerFile)), "FILES.filter(f => !have.has(") {
		t.Error("the worker does not skip what the cache holds")
	}
}

func TestWebAppRefusesBadInput(t *testing.T) {
	dir, icon := fakeBuild(t, "w")
	if err := makeWebApp(t.TempDir(), icon, io.Discard); err == nil {
		t.Error("a folder without index.html was accepted")
	}
	if err := os.WriteFile(filepath.Join(dir, "Other.wasm"), []byte("w"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := makeWebApp(dir, icon, io.Discard); err == nil || !strings.Contains(err.Error(), "exactly one .wasm") {
		t.Errorf("two .wasm files: %v", err)
	}
	dir, _ = fakeBuild(t, "w")
	small := filepath.Join(t.TempDir(), "small.png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 64, 64))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := makeWebApp(dir, small, io.Discard); err == nil || !strings.Contains(err.Error(), "512") {
		t.Errorf("a 64 px icon: %v", err)
	}
	if err := run([]string{"bogus"}, io.Discard); err == nil {
		t.Error("an unknown command was accepted")
	}
}

func TestServerSendsPrecompressedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app.wasm", "raw")
	write("app.wasm.br", "brotli")
	write("app.wasm.gz", "gzip")
	write("index.html", "<html>")
	write("app.js", "js")
	var log bytes.Buffer
	srv := httptest.NewServer(newStaticHandler(dir, &log))
	defer srv.Close()

	get := func(path, accept string) (*http.Response, string) {
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		// set explicitly, so that the client does not add gzip and decode it itself
		req.Header.Set("Accept-Encoding", accept)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	cases := []struct{ path, accept, body, encoding, ctype string }{
		{"/app.wasm", "gzip, deflate, br, zstd", "brotli", "br", "application/wasm"},
		{"/app.wasm", "gzip, deflate", "gzip", "gzip", "application/wasm"},
		{"/app.wasm", "br;q=0, gzip", "gzip", "gzip", "application/wasm"},
		{"/app.wasm", "identity", "raw", "", "application/wasm"},
		{"/", "gzip", "<html>", "", "text/html; charset=utf-8"},
		{"/app.js", "gzip, br", "js", "", "text/javascript; charset=utf-8"}, // no compressed copy
	}
	for _, c := range cases {
		resp, body := get(c.path, c.accept)
		if resp.StatusCode != 200 || body != c.body || resp.Header.Get("Content-Encoding") != c.encoding || resp.Header.Get("Content-Type") != c.ctype {
			t.Errorf("%s with %q: %d %q, encoding %q, type %q; want %q, %q, %q", c.path, c.accept, resp.StatusCode, body,
				resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"), c.body, c.encoding, c.ctype)
		}
	}
	for _, p := range []string{"/missing.js", "/../" + filepath.Base(dir) + "/index.html", "/%2e%2e/etc/passwd"} {
		if resp, _ := get(p, ""); resp.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", p, resp.StatusCode)
		}
	}
	if !strings.Contains(log.String(), "GET /app.wasm 200 encoding=br bytes=6") {
		t.Errorf("request log:\n%s", log.String())
	}
}
