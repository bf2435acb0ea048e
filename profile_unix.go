//go:build unix && !js

package main

import (
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"
)

// profileEnv names a folder: when it is set, every SIGUSR1 writes a heap profile there
// (heap-1.pprof, heap-2.pprof, ...), taken after a garbage collection so that it shows what
// is held, not what was garbage, and every SIGUSR2 a CPU profile of the next 20 s
// (cpu-1.pprof, ...): what an idle app still does. scripts/budget.sh uses them to find what
// the memory holds at start and after games and what the idle app runs (docs/budget.md);
// without the variable the app installs no handler.
const profileEnv = "XIANGQI_HEAP_PROFILES"

func init() {
	dir := os.Getenv(profileEnv)
	if dir == "" {
		return
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1, syscall.SIGUSR2)
	go func() {
		heaps, cpus := 0, 0
		for s := range sig {
			var err error
			if s == syscall.SIGUSR1 {
				heaps++
				err = writeHeapProfile(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", heaps)))
			} else {
				cpus++
				err = writeCPUProfile(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", cpus)), 20*time.Second)
			}
			if err != nil {
				log.Printf("xiangqi: profile: %v", err)
			}
		}
	}()
}

// writeCPUProfile profiles the next span into path (the signal's goroutine waits meanwhile).
func writeCPUProfile(path string, span time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	time.Sleep(span) // the length of the profile, not a wait for something
	pprof.StopCPUProfile()
	return f.Close()
}

// writeHeapProfile writes the profile, and logs the runtime's own figures beside it: what
// the heap holds, what it keeps from the system and what it gave back.
func writeHeapProfile(path string) error {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	mb := func(b uint64) float64 { return float64(b) / (1 << 20) }
	log.Printf("xiangqi: %s: heap in use %.1f MB, idle %.1f MB, released %.1f MB; from the system %.1f MB; next GC at %.1f MB",
		filepath.Base(path), mb(m.HeapInuse), mb(m.HeapIdle), mb(m.HeapReleased), mb(m.Sys), mb(m.NextGC))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
