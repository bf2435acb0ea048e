// Package play is the game controller: one game against the engine or between two people
// on one device. A Match is the game being played (the record with its cursor and rules,
// whose turn it is, the result, the clock and its flag) with no engine and no board marks,
// so a server can hold one per game. A Session plays a Match on this device: it adds the
// player's settings and levels, the board input (selection, targets, flashes), the engine
// thinking on a background goroutine, and the persistence policy (an atomic save after
// every change, written by one background writer). It imports no GUI toolkit: the view
// drives it through methods and learns what changed through listeners (Listen), always
// on the UI goroutine (results of background work come back through the post function).
package play
