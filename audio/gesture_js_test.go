//go:build js

package audio

import (
	"runtime"
	"syscall/js"
	"testing"
	"time"
)

// In a browser the device opens only at the player's first touch or key press, and the
// listeners that waited for it are gone afterwards (a fake document under Node).
func TestBrowserOpensAtTheFirstTouch(t *testing.T) {
	// The fake document keeps its listeners by event name, in plain JavaScript.
	doc := js.Global().Get("Function").New(`
		const d = { listeners: {}, removed: [] };
		d.addEventListener = (e, f) => { d.listeners[e] = f; };
		d.removeEventListener = (e, f) => { if (d.listeners[e] === f) d.removed.push(e); };
		return d;`).Invoke()
	js.Global().Set("document", doc)
	defer js.Global().Delete("document")

	opened := make(chan struct{})
	go func() {
		beforeOpen()
		close(opened)
	}()
	registered := func() int { return js.Global().Get("Object").Call("keys", doc.Get("listeners")).Length() }
	deadline := time.Now().Add(10 * time.Second)
	for registered() < len(gestureEvents) && time.Now().Before(deadline) {
		runtime.Gosched()
	}
	if registered() != len(gestureEvents) {
		t.Fatalf("%d listeners on the page, want one for each of %v", registered(), gestureEvents)
	}
	select {
	case <-opened:
		t.Fatal("the device opened before any touch")
	default:
	}
	doc.Get("listeners").Get("pointerdown").Invoke(js.Null())
	select {
	case <-opened:
	case <-time.After(10 * time.Second):
		t.Fatal("the device did not open after a touch")
	}
	if got := doc.Get("removed").Length(); got != len(gestureEvents) {
		t.Errorf("%d of the %d listeners were removed after the touch", got, len(gestureEvents))
	}
}
