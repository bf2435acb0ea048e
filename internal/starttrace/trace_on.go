//go:build starttrace && js

// Package starttrace: see trace_off.go.
package starttrace

import "syscall/js"

// Mark prints "T <ms since the navigation started> <what>" to the browser's console.
func Mark(what string) {
	println("T", js.Global().Get("performance").Call("now").Float(), what)
}
