// Package present turns values of the game and the session into the texts the window
// shows: the status line, scores, move-list rows, library rows, results and clocks, the
// online game's and the lobby's status (offers, the abandonment countdown, the end), and
// where the review chart puts a score (its scale and axis). It imports no Fyne, so that
// each text is a pure function tested with tables in every language; the Fyne code in
// gui/ calls these and puts the texts into widgets.
package present

// Translate returns the text of a translation key in the UI language, its template filled
// from data (nil when the text has no fields). gui/ passes Fyne's catalog lookup; tests
// pass the same catalogs read without Fyne.
type Translate func(key string, data map[string]any) string
