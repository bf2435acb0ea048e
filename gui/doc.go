// Package gui is the Fyne front end: a window that shows a stack of screens over a game
// session that plays the engine on a background goroutine.
//
// Window (app.go) is the shell: it opens the session, the game library and the files,
// and wires them to the screens and dialogs. The screens are the game (game_screen.go:
// the board widget of package gui/board, clocks, status, controls, move list,
// navigation, analysis and review panels), the board editor and the library; Back pops
// the screen stack down to the game. Each screen and each dialog (dialogs.go,
// confirm.go, io.go) gets only what it needs: the session or a narrow interface of it,
// the language, its parent window and callbacks, never the Window. The texts they show
// come from package gui/present, which has no Fyne.
//
// The game screen lays itself out by orientation (layout.go): the move list beside the
// board in a wide window, below the board and a row of icon buttons on a phone in
// portrait. A search that ends without a playable move is reported and never leaves the
// game waiting.
//
// Everything that touches widgets runs on the Fyne goroutine; search results come back
// through fyne.Do and are dropped when the game moved on while the engine was thinking.
package gui
