//go:build js

package engine

import "time"

// yieldToHost: in a browser the search must pause now and then so that the page can run.
const yieldToHost = true

// yieldInterval is how long the search runs between two pauses.
const yieldInterval = 30 * time.Millisecond
