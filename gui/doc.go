// Package gui is the Fyne front end: the board widget of package gui/board wired to
// tap-to-select / tap-to-move, a game session that plays the engine on a background
// goroutine, controls, dialogs, translations and atomic persistence of the game.
//
// The window lays itself out by orientation (layout.go): the move list beside the board in
// a wide window, below the board and a row of icon buttons on a phone in portrait. A search
// that ends without a playable move is reported and never leaves the game waiting.
//
// Everything that touches widgets runs on the Fyne goroutine; search results come back
// through fyne.Do and are dropped when the game moved on while the engine was thinking.
package gui
