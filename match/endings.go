package match

// ReasonAbandoned is the reason key of a game lost (or drawn) by a player who left it and
// did not come back in time. The board's reasons and the declared ones (resignation,
// agreement, time) are game's (game.ParseReasonKey reads their keys); this one is the
// match's alone, since only whoever watches both players' presence — the server — can
// declare it. The app's catalogs translate it like the others.
const ReasonAbandoned = "reason.abandoned"
