package play

import (
	"slices"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/playtest"
)

// soundRecorder is a SoundPlayer that remembers what it was asked to play.
type soundRecorder struct{ played []Sound }

func (r *soundRecorder) Play(k Sound) { r.played = append(r.played, k) }

// take returns the sounds played since the last take.
func (r *soundRecorder) take() []Sound {
	out := r.played
	r.played = nil
	return out
}

// soundSession opens a session with a recording player on the game of fen played with
// set (fen "": a new game), saved in fs (nil: a new memFS).
func soundSession(t *testing.T, fs *memFS, fen string, set Settings, search SearchFunc) (*Session, *playtest.UIQueue, *soundRecorder) {
	t.Helper()
	if fs == nil {
		fs = newMemFS()
	}
	rec := &soundRecorder{}
	s, q := recordedSession(t, fs, rec, Language(0), fen, set, search)
	return s, q, rec
}

// recordedSession opens a session playing its sounds on sound, in lang, on the game of fen
// played with set ("": a new game; "saved": the game saved in fs), saved in fs.
func recordedSession(t *testing.T, fs *memFS, sound SoundPlayer, lang Language, fen string, set Settings, search SearchFunc) (*Session, *playtest.UIQueue) {
	t.Helper()
	if fen != "" && fen != "saved" {
		g, err := game.New(fen)
		if err != nil {
			t.Fatal(err)
		}
		if err := NewStore(fs).Save(g, set); err != nil {
			t.Fatal(err)
		}
	}
	q := &playtest.UIQueue{}
	s, notice := NewSession(Config{Store: NewStore(fs), Post: q.Post, Search: search, Sound: sound, Language: lang})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() {
		s.Close()
		q.Drain()
	})
	if fen == "" {
		if err := s.NewGame(set); err != nil {
			t.Fatal(err)
		}
	}
	return s, q
}

func wantSounds(t *testing.T, what string, rec *soundRecorder, want ...Sound) {
	t.Helper()
	if got := rec.take(); !slices.Equal(got, want) {
		t.Fatalf("%s: sounds %v, want %v", what, got, want)
	}
}

// Taps on the board sound as what they did: a move, a capture, a check, an illegal move;
// selecting a piece is silent.
func TestTapsSound(t *testing.T) {
	s, _, rec := soundSession(t, nil, "", fastSettings(game.HumanBoth), nil)
	s.Input().Tap(sq(t, "h2"))
	wantSounds(t, "selecting", rec)
	s.Input().Tap(sq(t, "e2"))
	wantSounds(t, "炮二平五", rec, SoundMove)
	tapMove(t, s, "h9g7")
	wantSounds(t, "马8进7", rec, SoundMove)
	tapMove(t, s, "e2e6")
	wantSounds(t, "the cannon takes the central pawn", rec, SoundCapture)
	tapMove(t, s, "a9a5") // the rook jumps its own pawn
	wantSounds(t, "an illegal rook move", rec, SoundIllegal)
	if s.Game().Ply() != 3 {
		t.Fatalf("the illegal move was played: ply %d", s.Game().Ply())
	}

	s2, _, rec2 := soundSession(t, nil, "3k5/9/9/9/p8/9/9/9/9/R4K3 w - - 0 1", fastSettings(game.HumanBoth), nil)
	tapMove(t, s2, "a0a5")
	wantSounds(t, "the rook takes the pawn", rec2, SoundCapture)
	tapMove(t, s2, "d9d8")
	wantSounds(t, "the general steps down", rec2, SoundMove)
	tapMove(t, s2, "a5d5")
	wantSounds(t, "the rook checks", rec2, SoundCheck)
	tapMove(t, s2, "d8d7") // the general stays on the rook's file
	wantSounds(t, "a move into check", rec2, SoundIllegal)
}

// The engine's moves sound too, and a game the engine wins ends with the loss sound,
// the player's mate with the win sound.
func TestGameEndSounds(t *testing.T) {
	const mateIn1 = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" // Red mates with b0b9
	calls := 0
	s, q, rec := soundSession(t, nil, mateIn1, fastSettings(game.HumanBlack), answer(&calls, mv(t, "b0b9")))
	s.Resume()
	q.WaitFor(t, 10*time.Second, "the engine's mate", func() bool { return s.Game().Result().Decided() })
	wantSounds(t, "the engine mates", rec, SoundLoss)

	s2, _, rec2 := soundSession(t, nil, mateIn1, fastSettings(game.HumanRed), nil)
	tapMove(t, s2, "b0b9")
	wantSounds(t, "the player mates", rec2, SoundWin)

	s3, _, rec3 := soundSession(t, nil, mateIn1, fastSettings(game.HumanBoth), nil)
	tapMove(t, s3, "b0b9")
	wantSounds(t, "a player mates the other", rec3, SoundWin)

	s4, q4, rec4 := soundSession(t, nil, "", fastSettings(game.HumanRed), answer(&calls, mv(t, "h9g7")))
	tapMove(t, s4, "h2e2")
	q4.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s4.Game().Ply() == 2 })
	wantSounds(t, "the player's move and the engine's", rec4, SoundMove, SoundMove)
	s4.Endings().Resign()
	wantSounds(t, "resigning", rec4, SoundLoss)

	s5, _, rec5 := soundSession(t, nil, "", fastSettings(game.HumanBoth), nil)
	if s5.Endings().OfferDraw() != DrawAskOpponent {
		t.Fatal("two players: the offer was not passed on")
	}
	s5.Endings().AcceptDraw()
	wantSounds(t, "a draw agreed", rec5, SoundDraw)
}

// Taking moves back, replaying them and restoring a saved game are silent, and so is
// everything with the sound setting off.
func TestSilentWhenNothingIsPlayed(t *testing.T) {
	fs := newMemFS()
	s, _, rec := soundSession(t, fs, "", fastSettings(game.HumanBoth), nil)
	tapMove(t, s, "h2e2")
	tapMove(t, s, "h9g7")
	rec.take()
	s.Takeback().Undo()
	s.Takeback().Undo()
	s.Takeback().Redo()
	s.Takeback().Redo()
	wantSounds(t, "undo and redo", rec)
	s.Close()

	rec2 := &soundRecorder{}
	q := &playtest.UIQueue{}
	s2, notice := NewSession(Config{Store: NewStore(fs), Post: q.Post, Sound: rec2})
	if s2 == nil {
		t.Fatal(notice)
	}
	defer s2.Close()
	s2.Resume()
	q.Drain()
	if s2.Game().Ply() != 2 {
		t.Fatalf("restored ply %d", s2.Game().Ply())
	}
	wantSounds(t, "restoring", rec2)

	set := fastSettings(game.HumanBoth)
	set.Sound = false
	s3, _, rec3 := soundSession(t, nil, "", set, nil)
	tapMove(t, s3, "h2e2")
	tapMove(t, s3, "a9a5")
	s3.Endings().Resign()
	wantSounds(t, "sound off", rec3)
}

// The sound setting is saved with the game; a save from before the setting existed
// has sound on.
func TestSoundSettingIsSaved(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	set := fastSettings(game.HumanBoth)
	set.Sound = false
	if err := s.ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, _, _ := openSession(t, fs, nil)
	if s2.Settings().Sound {
		t.Fatal("sound off was not restored")
	}

	saved := fastSettings(game.HumanRed).encode()
	delete(saved, keySound)
	if !settingsFrom(saved, English).Sound {
		t.Fatal("a save without the sound setting restored sound off")
	}
}

func TestSoundNames(t *testing.T) {
	var names []string
	for _, k := range Sounds() {
		names = append(names, k.String())
	}
	want := []string{"move", "capture", "check", "illegal", "win", "loss", "draw", "countdown"}
	if !slices.Equal(names, want) || Sound(len(want)).String() != "unknown" {
		t.Fatalf("names %v", names)
	}
}
