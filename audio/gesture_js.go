//go:build js

package audio

import (
	"sync"
	"syscall/js"
)

// gestureEvents are the page's events that count as the player's first touch: the
// browser lets the audio start only after one (Oto then resumes its context on the
// release that follows).
var gestureEvents = []string{"pointerdown", "keydown", "touchstart"}

// beforeOpen waits, in a browser, for the player's first touch or key press. Creating
// the Web Audio context took 0.19 s of the browser build's start (headless Chromium,
// docs/budget.md), work the first board does not need, and no sound can play before that
// touch anyway. Without a document (Node) it returns at once.
func beforeOpen() {
	doc := js.Global().Get("document")
	if doc.Type() != js.TypeObject {
		return
	}
	touched := make(chan struct{})
	var once sync.Once
	var listener js.Func
	listener = js.FuncOf(func(js.Value, []js.Value) any {
		once.Do(func() {
			for _, e := range gestureEvents {
				doc.Call("removeEventListener", e, listener, true)
			}
			close(touched)
		})
		return nil
	})
	for _, e := range gestureEvents {
		doc.Call("addEventListener", e, listener, true)
	}
	<-touched
	listener.Release()
}
