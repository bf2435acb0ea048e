//go:build !(android || ios || mobile || js)

package play

import "github.com/xqfyne/xiangqi/engine"

// sessionHashMB is the playing engine's transposition table on the desktop: the engine's
// default (phones take less, budget_phone.go).
const sessionHashMB = engine.DefaultHashMB

// phoneBuild tells the tests which budget this build keeps.
const phoneBuild = false
