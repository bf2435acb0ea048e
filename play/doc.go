// Package play is the game controller: one game against the engine or between two people
// on one device. A Session plays a match (match.Match: the record with its cursor and
// rules, whose turn it is, the result, the clock and its flag) on this device. It is the
// composition root that owns the match, the settings and the save writer, and its parts
// are small components reached through it, one concern each, as a controller per context:
// BoardInput (Input: taps, drops, selection, targets, the reject flash), EngineTurn
// (Engine: the engine's moves and hints as background jobs), Analysis, Reviewer (Review),
// Browser (the cursor and edits of the record), Clocks (when the clock runs, its saves
// between moves) and Endings (resign, draw offers). It imports no GUI toolkit: the view
// drives it through these parts and learns what changed through listeners (Listen), always
// on the UI goroutine (results of background work come back through the post function).
// Saves are atomic, after every change, written by one background writer.
package play
