package match

import "github.com/xqfyne/xiangqi/match/matchtest"

// The record helpers the match and play tests share (match/matchtest).
var (
	mv         = matchtest.Move
	playedGame = matchtest.PlayedGame
)
