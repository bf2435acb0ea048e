// Command xqfsave writes a game file (XQF, PGN) as a save the app opens at launch, for the
// screenshot scenes (scripts/screenshots.sh) that show a third-party file which may not be
// copied into the repository: it is read at shoot time. The save has the envelope of the
// app's first versions ("xiangqi-session": the line shown beside the whole record), which
// the old builds and this one both read, so the same scene can be shot with each.
//
//	go run ./scripts/scenes/xqfsave FILE PLY > game.json
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/xqfyne/xiangqi/game"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "xqfsave:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: xqfsave FILE PLY")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := game.ImportXQF(f)
	if err != nil {
		return err
	}
	main := rec.MainLineMoves()
	ply, err := strconv.Atoi(args[1])
	if err != nil || ply < 0 || ply > len(main) {
		return fmt.Errorf("ply %q: 0..%d expected", args[1], len(main))
	}
	var recJSON bytes.Buffer
	if err := rec.SaveRecord(&recJSON); err != nil {
		return err
	}
	moves := make([]string, len(main))
	for i, m := range main {
		moves[i] = m.String()
	}
	// The line's metadata: the record's, and who plays (two players: no engine move).
	var meta map[string]any
	metaJSON, err := json.Marshal(rec.Meta)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(metaJSON, &meta); err != nil {
		return err
	}
	meta["human"] = "both"
	meta["difficultySeconds"] = 0.05
	line := map[string]any{
		"format": "xiangqi-game", "version": 1, "startFen": rec.StartFEN(),
		"moves": moves, "ply": ply, "metadata": meta,
		"settings": map[string]string{"boardStyle": "wood", "book": "false", "coords": "true",
			"faceToFace": "false", "flipped": "false", "notation": "chinese",
			"pieceSet": "calligraphy", "random": "false", "sound": "false", "theme": "system",
			"timeControl": "", "warnRepetition": "true"},
	}
	save := map[string]any{"format": "xiangqi-session", "version": 1, "game": line,
		"record": json.RawMessage(bytes.TrimSpace(recJSON.Bytes()))}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(save)
}
