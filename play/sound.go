package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Sound is something that happened in the game that the player may want to hear.
type Sound uint8

const (
	SoundMove      Sound = iota // a move that captures nothing and gives no check
	SoundCapture                // a move that takes a piece
	SoundCheck                  // a move that attacks the general
	SoundIllegal                // a tapped move the rules do not allow
	SoundWin                    // the game ended and the player won (between two players: someone won)
	SoundLoss                   // the game ended and the engine won
	SoundDraw                   // the game ended in a draw
	SoundCountdown              // a second of the last 10 s of a 读秒 (byo-yomi) period
)

// soundNames are the sounds' names, which are also the names of their sound files.
var soundNames = [...]string{
	SoundMove: "move", SoundCapture: "capture", SoundCheck: "check", SoundIllegal: "illegal",
	SoundWin: "win", SoundLoss: "loss", SoundDraw: "draw", SoundCountdown: "countdown",
}

// Sounds lists every sound, in order.
func Sounds() []Sound {
	out := make([]Sound, len(soundNames))
	for i := range out {
		out[i] = Sound(i)
	}
	return out
}

// String is the sound's name: "move", "capture", "check", "illegal", "win", "loss",
// "draw" or "countdown".
func (k Sound) String() string {
	if int(k) < len(soundNames) {
		return soundNames[k]
	}
	return "unknown"
}

// SoundPlayer plays the session's sounds. Play is called on the UI goroutine and must
// return at once; a player that cannot play (no audio device) stays silent.
type SoundPlayer interface {
	Play(Sound)
}

// sound plays k when the player wants sounds.
func (s *Session) sound(k Sound) {
	if s.sounds != nil && s.settings.Sound {
		s.sounds.Play(k)
	}
}

// countdown follows the clock's 读秒 count: a beep each second in the last 10 s of a
// period, on a clock a person plays (the engine needs no reminder, and a count on its
// clock would only distract the player thinking along).
func (s *Session) countdown(side rules.Color, _ int) {
	if s.settings.Human.Plays(side) {
		s.sound(SoundCountdown)
	}
}

// moveSound is the sound of the move just played, the one that says most: the end of
// the game, then check, then a capture.
func moveSound(g *game.Game, human game.HumanSide, captured bool) Sound {
	switch {
	case g.Result().Decided():
		return endSound(g.Result(), human)
	case g.View().InCheck():
		return SoundCheck
	case captured:
		return SoundCapture
	}
	return SoundMove
}

// endSound is the sound of a decided game, told from the player's side.
func endSound(r game.Result, human game.HumanSide) Sound {
	switch {
	case r.Status == game.Draw:
		return SoundDraw
	case human == game.HumanBoth || human.Plays(r.Winner):
		return SoundWin
	}
	return SoundLoss
}

// captures reports whether m takes a piece in pos.
func captures(pos rules.PositionView, m rules.Move) bool { return pos.At(m.To()) != rules.NoPiece }
