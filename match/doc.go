// Package match is the match domain that the app, the server and the match referee share:
// a Match (one game being played: the record with its cursor, whose turn it is, the result
// and the running clock), time controls and each side's clock as a pure value, the flag,
// declared endings, and the tokens of results and reasons. It stands on rules and game
// only: no engine, no storage, no UI.
package match
