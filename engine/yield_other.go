//go:build !js

package engine

import "time"

// yieldToHost is false wherever Go has real threads: the search never pauses.
const yieldToHost = false

const yieldInterval = time.Duration(0)
