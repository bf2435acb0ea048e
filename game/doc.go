// Package game is the game model of the Xiangqi application: one game as a
// record of moves with variations (Record, a tree of Nodes from the start
// position; its main line is the game as played) and a cursor on it (Game:
// play, take back, browse, promote and delete lines), result judging
// (checkmate, stalemate, perpetual check and chase, repetition, material and
// move-limit draws, and the declared results: resignation, agreement, flag
// fall), move notation (Chinese, WXF and ICCS, both formatting and parsing),
// and the files a record is read from and written to: Xiangqi PGN in UTF-8
// or GBK, XQF (XQStudio's format, encrypted versions too), a versioned JSON
// record format, and ReadRecord, which recognises PGN, XQF, FEN and ICCS move
// lists by content for opening files and pasting.
//
// All rules come from package rules (rules.Position); this package never
// generates moves itself. It has no GUI dependency and keeps no app
// settings: who plays which side and the engine's strength are the app's.
//
// Typical use by a front end:
//
//	g, _ := game.New("")           // "" means the standard start position
//	err := g.Play(move)            // rejected with an error when illegal
//	g.Undo(); g.Redo(); g.GoTo(0)  // take back, replay, browse the line shown
//	r := g.Result()                // r.Status, r.Winner, r.Message() for package i18n
//	txt := g.MoveText(0, game.Chinese)
//	_ = g.Record().SaveRecord(w)   // versioned JSON; game.LoadRecord(r) reads it back
//	_ = g.Record().ExportPGN(w, game.PGNOptions{}) // game.ImportPGNRecord(r) reads UTF-8 or GBK
//
// The rule set used where Chinese and Asian (WXF) rules differ is described in
// RULES.md next to this file; README.md summarises the API and file formats.
package game
