//go:build amd64 || arm64

package engine

import "unsafe"

// prefetch asks the processor to start loading the cache line at addr and
// returns at once (prefetch_amd64.s, prefetch_arm64.s). Go has no prefetch of
// its own, and a plain load would stall until the line arrived.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
