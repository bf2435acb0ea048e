// Command xqweb turns the browser build that `go tool fyne package -os web` writes into an
// installable, offline web app, and serves such a folder with precompressed files.
//
//	xqweb pwa -dir wasm -icon resources/Icon.png   # manifest, icons, service worker, .wasm.gz
//	xqweb serve -dir wasm -addr 127.0.0.1:8000      # .wasm as brotli or gzip when the browser takes it
//
// `make web` runs the pwa step after fyne package (and brotli after it); `make smoke-web`
// serves the result with the serve step. See README, "Browser".
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xqweb:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: xqweb pwa|serve [flags] (-h for the flags)")
	}
	switch args[0] {
	case "pwa":
		fs := flag.NewFlagSet("xqweb pwa", flag.ContinueOnError)
		dir := fs.String("dir", "wasm", "the folder fyne package -os web wrote")
		icon := fs.String("icon", "resources/Icon.png", "the app icon (a square PNG of at least 512 px)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return fmt.Errorf("pwa: unexpected arguments %q", fs.Args())
		}
		return makeWebApp(*dir, *icon, out)
	case "serve":
		fs := flag.NewFlagSet("xqweb serve", flag.ContinueOnError)
		dir := fs.String("dir", "wasm", "the folder to serve")
		addr := fs.String("addr", "127.0.0.1:8000", "address to listen on (localhost is a secure context, so the service worker runs there over plain HTTP)")
		logRequests := fs.Bool("log", false, "log every request: path, status, Content-Encoding and bytes sent")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return fmt.Errorf("serve: unexpected arguments %q", fs.Args())
		}
		return serve(*dir, *addr, *logRequests, out)
	default:
		return fmt.Errorf("unknown command %q: want pwa or serve", args[0])
	}
}
