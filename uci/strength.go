package uci

// strengthOption holds UCI_LimitStrength and UCI_Elo (the Stockfish and
// Pikafish convention): the rating counts only while the limit is on.
type strengthOption struct {
	limit  bool
	rating int // 0 until set: defaultElo
}

// elo is the searcher's setting: 0 (full strength) unless the limit is on.
func (o *strengthOption) elo() int {
	if !o.limit {
		return 0
	}
	if o.rating == 0 {
		return defaultElo
	}
	return o.rating
}
