// Command xiangqi is the Xiangqi (Chinese chess) app: play the engine or a friend on one
// device, on the desktop or on a phone.
package main

import (
	"fmt"
	"log"
	"os"
	"runtime/debug"
	"time"

	"fyne.io/fyne/v2/app"

	"github.com/xqfyne/xiangqi/audio"
	"github.com/xqfyne/xiangqi/gui"
	"github.com/xqfyne/xiangqi/internal/starttrace"
)

// releaseAfterStart is when, after start, the start's garbage is given back: the window
// is drawn well within it, on a phone too.
const releaseAfterStart = 5 * time.Second

func main() {
	starttrace.Mark("main")
	if why := displayMissing(); why != "" {
		fmt.Fprintln(os.Stderr, "xiangqi:", why)
		os.Exit(1)
	}
	// The heap grows to 1.5 times what it holds between collections instead of twice: most
	// of what it holds is parsed fonts that live as long as the app, and the slack is
	// resident memory a phone counts against the app (docs/budget.md). GOGC, when set, decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	a := app.NewWithID(gui.AppID)
	starttrace.Mark("app.NewWithID")
	// The sounds' device opens in the background; without one the app is silent.
	sounds := audio.New(log.Printf)
	starttrace.Mark("audio.New")
	defer sounds.Close()
	// NewWindow opens even when the game cannot be saved or restored (it says so in the
	// window); an error here means the app cannot run at all.
	w, err := gui.NewWindow(a, gui.Config{Sound: sounds, ReleaseMemory: func() { go debug.FreeOSMemory() }})
	if err != nil {
		log.Fatalf("xiangqi: %v", err)
	}
	// The first layout and paint parse the fonts and leave garbage that makes the heap's
	// peak (22 MB of heap for 14 MB kept): once the window is up, its free pages go back
	// to the system instead of staying resident until the runtime's scavenger gets to
	// them (9 MB of resident memory on the desktop; docs/budget.md).
	time.AfterFunc(releaseAfterStart, debug.FreeOSMemory)
	starttrace.Mark("ShowAndRun")
	w.Fyne().ShowAndRun()
}
