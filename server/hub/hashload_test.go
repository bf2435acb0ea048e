package hub

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/client"
)

// peakHeap samples the heap in use until stop is closed and returns the highest figure.
func peakHeap(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var ms runtime.MemStats
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			case <-t.C:
			}
		}
	}()
	return out
}

type storm struct {
	peak, base uint64
	took       time.Duration
	health     time.Duration
	codes      map[string]int
}

// hashStorm sends n concurrent calls of f and measures the heap and the time.
func hashStorm(t *testing.T, base string, n int, f func(i int) error) storm {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s := storm{base: ms.HeapInuse, codes: map[string]int{}}
	stop := make(chan struct{})
	peak := peakHeap(stop)
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := f(i)
			mu.Lock()
			s.codes[fmt.Sprint(code(err), err == nil)]++
			mu.Unlock()
		}()
	}
	h0 := time.Now()
	if resp, err := http.Get(base + "/healthz"); err == nil {
		resp.Body.Close()
	}
	s.health = time.Since(h0)
	wg.Wait()
	s.took = time.Since(start)
	close(stop)
	s.peak = <-peak
	return s
}

func TestHashStormBaseline(t *testing.T) {
	bases := instances(t, 1, Config{AccountRate: 1000, AccountBurst: 1000})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	named, err := client.Guest(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Register(ctx, bases[0], named.Token, "stormy", "password1"); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{30, 60} {
		s := hashStorm(t, bases[0], n, func(int) error {
			return client.Register(ctx, bases[0], named.Token, "stormy2", "password1")
		})
		t.Logf("register x%d: heap %d -> peak %d MiB, all answered in %v, healthz %v, %v", n, s.base>>20, s.peak>>20, s.took, s.health, s.codes)
		s = hashStorm(t, bases[0], n, func(int) error {
			_, err := client.Login(ctx, bases[0], "stormy", "wrongpass")
			return err
		})
		t.Logf("login x%d: heap %d -> peak %d MiB, all answered in %v, healthz %v, %v", n, s.base>>20, s.peak>>20, s.took, s.health, s.codes)
	}
}
