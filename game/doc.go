// Package game is the game model of the Xiangqi application: a game record
// (start position, move list with an undo/redo cursor, metadata and
// settings), result judging (checkmate, stalemate, perpetual check and
// chase, repetition, material and move-limit draws, resignation), move
// notation (Chinese, WXF and ICCS, both formatting and parsing), a
// versioned JSON save format, Xiangqi PGN import/export in UTF-8 or GBK,
// game records with variations and comments (Record, a tree of moves) read
// from and written to PGN, XQF (XQStudio's format, encrypted versions too)
// and JSON, and ReadRecord, which recognises PGN, XQF, FEN and ICCS move
// lists by content for opening files and pasting.
//
// All rules come from package rules (rules.Position); this package never
// generates moves itself. It imports no other package of the project and
// has no GUI dependency.
//
// Typical use by a front end:
//
//	g, _ := game.New("")              // "" means the standard start position
//	err := g.Play(move)               // rejected with an error when illegal
//	g.Undo(); g.Redo(); g.GoTo(0)     // navigate the record; Play truncates the redo tail
//	r := g.Result()                   // r.Status, r.Winner, r.Message() for package i18n
//	txt := g.MoveText(0, game.Chinese)
//	_ = g.Save(w)                     // versioned JSON; game.Load(r) reads it back
//	_ = g.ExportPGN(w, game.PGNOptions{}) // game.ImportPGN(r) reads UTF-8 or GBK
//
// The rule set used where Chinese and Asian (WXF) rules differ is described in
// RULES.md next to this file; README.md summarises the API and file formats.
package game
