// Command puzzlegen builds and checks the puzzle files in resources/puzzles.
//
//	puzzlegen -check [-all] [-dir resources/puzzles]
//	    verify every line: legal moves; proven mates proved again, proven
//	    material puzzles searched again. Without -all, the proofs run on a
//	    deterministic sample (every line is still parsed and played through).
//	puzzlegen -classics FEN_FILE -xqf DIR [-dir …]
//	    import 《适情雅趣》 (FEN file with number and title) and the
//	    classical manuals (XQF files under DIR, one folder a book):
//	    positions and main lines only.
//	puzzlegen -mine -seed N -games G [-dir …]
//	    play G self-play games from seed N and append the tactics found to
//	    mined.tsv (see mine.go).
//	puzzlegen -endgames -seed N [-dir …]
//	    write endgames.tsv: practical endings set up at random from seed N
//	    and kept when the engine agrees with their result (see endgames.go).
//	puzzlegen -simulate [-solvers N] [-seed N] [-dir …]
//	    run N solvers of known strength through the puzzles as the trainer
//	    rates them and print how fast their ratings converge (simulate.go).
//	puzzlegen -retag [-dir …]
//	    tag every line again with puzzle.Themes and rewrite the files
//	    whose themes changed (see retag.go).
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("dir", "resources/puzzles", "folder of the puzzle files")
	check := flag.Bool("check", false, "verify the puzzle files")
	all := flag.Bool("all", false, "with -check: prove every line, not a sample")
	classics := flag.String("classics", "", "《适情雅趣》 FEN file to import")
	xqfDir := flag.String("xqf", "", "with -classics: folder of the classical manuals' XQF files")
	mine := flag.Bool("mine", false, "mine tactics from self-play games")
	simulate := flag.Bool("simulate", false, "simulate solvers of known strength and print the rating errors")
	solvers := flag.Int("solvers", 1000, "with -simulate: number of solvers")
	retag := flag.Bool("retag", false, "tag every puzzle's themes again")
	endgames := flag.Bool("endgames", false, "set up and verify endgame-training positions")
	seed := flag.Uint64("seed", 1, "with -mine: seed of the first game; with -endgames: of the set-ups")
	games := flag.Int("games", 10, "with -mine: number of games")
	budget := flag.Uint64("budget", 2_000_000, "mate prover node budget per puzzle")
	flag.Parse()

	var err error
	switch {
	case *check:
		err = runCheck(os.Stdout, *dir, *all, *budget)
	case *classics != "":
		err = runClassics(os.Stdout, *dir, *classics, *xqfDir, *budget)
	case *simulate:
		err = runSimulate(os.Stdout, *dir, *solvers, *seed)
	case *retag:
		err = runRetag(os.Stdout, *dir)
	case *endgames:
		err = runEndgames(os.Stdout, *dir, *seed)
	case *mine:
		err = runMine(os.Stdout, *dir, *seed, *games, *budget)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "puzzlegen:", err)
		os.Exit(1)
	}
}
