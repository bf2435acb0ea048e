//go:build android || ios || mobile || js

package play

// sessionHashMB is the playing engine's transposition table on phones and in the browser
// (docs/budget.md): 4 MB, a quarter of the desktop's. The levels think at most a few
// seconds a move on one thread, and a table that fills is only replaced sooner; the
// memory it takes becomes resident as the search writes it, and phones kill apps that
// hold much.
const sessionHashMB = 4

// phoneBuild tells the tests which budget this build keeps.
const phoneBuild = true
