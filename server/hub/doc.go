// Package hub is the online server's HTTP and WebSocket side: accounts over HTTP, and a
// socket per client that carries requests, acknowledgements, errors and the numbered
// events of the games it watches. It keeps no game state: every request is a transaction
// in package store, and every instance learns of every game's new events through
// PostgreSQL's LISTEN/NOTIFY, so any number of instances can serve the same games. Each
// instance also records its connected players and runs the sweeper (flags, players shown
// away, abandoned games); the database makes sure each ending happens once. Requests are
// rate-limited per socket, account and address.
package hub
