// Package play is the game controller: one game against the engine or between two people
// on one device. A Session holds the record, the player's settings and levels, the engine
// thinking on a background goroutine, and the persistence policy (an atomic save after
// every change, written by one background writer). It imports no GUI toolkit: the view
// drives it through methods and learns what changed through an OnChange callback, always
// on the UI goroutine (results of background work come back through the post function).
package play
