// Package online plays on an xqserver from the app: the server's address and a guest
// sign-in kept in play's store, quick pairing by seek and private games by invite code,
// the games in play to resume, and the game itself as the server's numbered events tell
// it (the position, both clocks, draw offers, takebacks, the end), with moves and offers
// sent through package server/client. A dropped socket is dialled again with back-off and
// the missed events are replayed by number; a phone app back in the foreground dials at
// once (Foreground). Every finished game is filed in the library with both players, their
// ratings, the time control, the result and its reason, also one that ended while the app
// was not running: after each sign-in the account's ended games not yet filed from this
// device are replayed and filed, once each.
//
// It imports no GUI toolkit: the view calls a Controller's methods on its UI goroutine
// and learns of changes through the listener, also on the UI goroutine (network results
// come back through the post function, like play.Session's). What a server sends is
// checked before it is used: a bad answer is an error the view shows and never reaches
// the library or the offline game, which this package does not touch at all.
package online
