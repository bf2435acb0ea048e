// Command xqengine is the Xiangqi engine as a command-line program speaking
// UCI (as Pikafish does) and UCCI (ElephantEye's protocol), so that Xiangqi
// GUIs, referees and match tools can drive it over stdin/stdout.
//
// Beyond the protocols it understands `d` (show the board and its FEN),
// `go perft N` and `perft N` (move-path enumeration with per-move counts),
// `bench [depth]` and `probe`; package uci holds all of it.
package main

import (
	"fmt"
	"os"

	"github.com/xqfyne/xiangqi/uci"
)

// xqengine is how the engine names itself in the handshakes.
var xqengine = uci.Engine{Name: "xqengine", Author: "the xqfyne authors"}

func main() {
	if err := xqengine.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xqengine:", err)
		os.Exit(1)
	}
}
