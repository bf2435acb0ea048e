package proto

// Error is a refusal: a code a program can act on and a sentence a person can read.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf makes an Error.
func Errorf(code, message string) *Error { return &Error{Code: code, Message: message} }

// Error codes.
const (
	CodeMalformed       = "malformed"       // the frame is not a request this protocol knows
	CodeUnauthenticated = "unauthenticated" // no valid hello yet, or the token is unknown
	CodeRateLimited     = "rate_limited"    // too many requests; slow down
	CodeNotFound        = "not_found"       // no such game or invite code
	CodeNotPlayer       = "not_player"      // only the game's players may do that (spectators read only)
	CodeNotYourTurn     = "not_your_turn"   // the other side is to move
	CodeStale           = "stale"           // the move was made for an earlier ply; catch up first
	CodeIllegal         = "illegal"         // the move is not legal in the position
	CodeGameOver        = "game_over"       // the game has ended (or has not started)
	CodeTimeUp          = "time_up"         // the mover's time had run out; the game ended on time
	CodeNoOffer         = "no_offer"        // no draw offer from the opponent to accept or decline
	CodeNotAway         = "not_away"        // a claim, but the opponent is connected (or came back)
	CodeTooEarly        = "too_early"       // a claim before the opponent's claim time (see KindAway)
	CodeBadRequest      = "bad_request"     // a value is out of range (time control, rules, name)
	CodeOwnGame         = "own_game"        // you cannot join your own invite
	CodeNameTaken       = "name_taken"      // the account name is in use
	CodeUnavailable     = "unavailable"     // the database did not answer; try again
	CodeInternal        = "internal"        // a fault on the server
)
