//go:build !amd64 && !arm64

package engine

import "unsafe"

// prefetch does nothing where no prefetch instruction is wired up
// (prefetch_asm.go).
func prefetch(addr unsafe.Pointer) {}
