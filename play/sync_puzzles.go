package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/xqfyne/xiangqi/puzzle"
)

// --- puzzle progress -------------------------------------------------------------

// syncPuzzles syncs the progress one puzzle at a time, merged by the best result: a
// puzzle solved on either device is solved, with the attempts of the device that made
// more, the most stars, and the refined rating of the more certain side.
type syncPuzzles struct {
	keeper ProgressKeeper
	work   *puzzle.Progress // the progress being changed by a page, until flush
}

type puzzleValue struct {
	Result puzzle.Result  `json:"result"`
	Stars  int            `json:"stars,omitempty"`
	Rating *puzzle.Glicko `json:"rating,omitempty"`
}

// progress is the progress a page changes: a copy of the keeper's, set back by flush.
func (p *syncPuzzles) progress() (*puzzle.Progress, error) {
	if p.work == nil {
		data, err := json.Marshal(p.keeper.Progress())
		if err != nil {
			return nil, err
		}
		if p.work, err = puzzle.UnmarshalProgress(data); err != nil {
			return nil, err
		}
	}
	return p.work, nil
}

func (p *syncPuzzles) valueOf(pr *puzzle.Progress, id string) puzzleValue {
	v := puzzleValue{Result: pr.Results[id], Stars: pr.Stars[id]}
	if g, ok := pr.Puzzles[id]; ok {
		v.Rating = &g
	}
	return v
}

// syncable is a puzzle id the protocol can name.
func syncable(id string) bool { return id != "" && len(id) <= 128 && printableASCII(id) }

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

func (p *syncPuzzles) scan() (map[string]string, error) {
	pr := p.keeper.Progress()
	ids := map[string]bool{}
	for id := range pr.Results {
		ids[id] = true
	}
	for id := range pr.Stars {
		ids[id] = true
	}
	out := map[string]string{}
	for id := range ids {
		if !syncable(id) {
			continue
		}
		d, err := digestOf(p.valueOf(pr, id))
		if err != nil {
			return nil, err
		}
		out[id] = d
	}
	return out, nil
}

func (p *syncPuzzles) read(key string) (json.RawMessage, error) {
	pr := p.keeper.Progress()
	if p.work != nil {
		pr = p.work
	}
	return json.Marshal(p.valueOf(pr, key))
}

func decodePuzzleValue(v json.RawMessage) (puzzleValue, error) {
	var pv puzzleValue
	if err := json.Unmarshal(v, &pv); err != nil {
		return pv, fmt.Errorf("not a puzzle's progress: %v", err)
	}
	if pv.Result.Attempts < 0 || pv.Stars < 0 || pv.Stars > 3 {
		return pv, errors.New("a puzzle's progress out of range")
	}
	return pv, nil
}

func (p *syncPuzzles) digest(_ string, v json.RawMessage) (string, error) {
	pv, err := decodePuzzleValue(v)
	if err != nil {
		return "", err
	}
	return digestOf(pv)
}

func (p *syncPuzzles) apply(key string, v json.RawMessage) error {
	pr, err := p.progress()
	if err != nil {
		return err
	}
	if v == nil {
		delete(pr.Results, key)
		delete(pr.Stars, key)
		delete(pr.Puzzles, key)
		return nil
	}
	pv, err := decodePuzzleValue(v)
	if err != nil {
		return err
	}
	if pr.Results == nil {
		pr.Results = map[string]puzzle.Result{}
	}
	pr.Results[key] = pv.Result
	if pv.Stars > 0 {
		if pr.Stars == nil {
			pr.Stars = map[string]int{}
		}
		pr.Stars[key] = pv.Stars
	} else {
		delete(pr.Stars, key)
	}
	if pv.Rating != nil {
		if pr.Puzzles == nil {
			pr.Puzzles = map[string]puzzle.Glicko{}
		}
		pr.Puzzles[key] = *pv.Rating
	}
	return nil
}

func (p *syncPuzzles) flush() error {
	if p.work == nil {
		return nil
	}
	pr := p.work
	p.work = nil
	return p.keeper.SetProgress(pr)
}

func (p *syncPuzzles) merge(_ string, local, remote syncValue) syncValue {
	if local.Deleted || remote.Deleted {
		return lastWriter(local, remote)
	}
	a, errA := decodePuzzleValue(local.V)
	b, errB := decodePuzzleValue(remote.V)
	if errA != nil || errB != nil {
		return lastWriter(local, remote)
	}
	m := puzzleValue{Result: puzzle.Result{Solved: a.Result.Solved || b.Result.Solved,
		Attempts:    max(a.Result.Attempts, b.Result.Attempts),
		FirstSolved: a.Result.FirstSolved || b.Result.FirstSolved}, Stars: max(a.Stars, b.Stars), Rating: b.Rating}
	if a.Rating != nil && (b.Rating == nil || a.Rating.Deviation < b.Rating.Deviation) {
		m.Rating = a.Rating
	}
	v, err := json.Marshal(m)
	if err != nil {
		return remote
	}
	return syncValue{At: max(local.At, remote.At), V: v}
}

// syncPlayer syncs the puzzle player's own numbers as one item: the later change's
// rating, streak and history, with the best streak of both and the days of both.
type syncPlayer struct{ p *syncPuzzles }

const playerKey = "player"

type playerValue struct {
	Player     puzzle.Glicko `json:"player"`
	Streak     int           `json:"streak"`
	BestStreak int           `json:"best_streak"`
	Days       []string      `json:"days,omitempty"`
	History    []float64     `json:"history,omitempty"`
}

// maxSyncDays bounds the solve days merged (the day streak reads the latest).
const maxSyncDays = 1000

func playerOf(pr *puzzle.Progress) playerValue {
	return playerValue{Player: pr.Player, Streak: pr.Streak, BestStreak: pr.BestStreak, Days: pr.Days, History: pr.History}
}

func (s *syncPlayer) scan() (map[string]string, error) {
	d, err := digestOf(playerOf(s.p.keeper.Progress()))
	return map[string]string{playerKey: d}, err
}

func (s *syncPlayer) read(string) (json.RawMessage, error) {
	pr := s.p.keeper.Progress()
	if s.p.work != nil {
		pr = s.p.work
	}
	return json.Marshal(playerOf(pr))
}

func decodePlayer(key string, v json.RawMessage) (playerValue, error) {
	var pv playerValue
	if key != playerKey {
		return pv, errors.New("the puzzle player's item is named " + playerKey)
	}
	if err := json.Unmarshal(v, &pv); err != nil {
		return pv, fmt.Errorf("not a puzzle player: %v", err)
	}
	if len(pv.Days) > maxSyncDays {
		pv.Days = pv.Days[len(pv.Days)-maxSyncDays:]
	}
	return pv, nil
}

func (s *syncPlayer) digest(key string, v json.RawMessage) (string, error) {
	pv, err := decodePlayer(key, v)
	if err != nil {
		return "", err
	}
	return digestOf(pv)
}

func (s *syncPlayer) apply(key string, v json.RawMessage) error {
	if v == nil {
		return nil // the player's numbers are never deleted
	}
	pv, err := decodePlayer(key, v)
	if err != nil {
		return err
	}
	pr, err := s.p.progress()
	if err != nil {
		return err
	}
	pr.Player, pr.Streak, pr.BestStreak, pr.Days, pr.History = pv.Player, pv.Streak, pv.BestStreak, pv.Days, pv.History
	return nil
}

func (s *syncPlayer) flush() error { return s.p.flush() }

func (s *syncPlayer) merge(key string, local, remote syncValue) syncValue {
	a, errA := decodePlayer(key, local.V)
	b, errB := decodePlayer(key, remote.V)
	if local.Deleted || remote.Deleted || errA != nil || errB != nil {
		return lastWriter(local, remote)
	}
	m := b
	if local.At > remote.At {
		m = a
	}
	m.BestStreak = max(a.BestStreak, b.BestStreak)
	days := map[string]bool{}
	for _, d := range append(slices.Clone(a.Days), b.Days...) {
		days[d] = true
	}
	m.Days = slices.Sorted(maps.Keys(days))
	if len(m.Days) > maxSyncDays {
		m.Days = m.Days[len(m.Days)-maxSyncDays:]
	}
	v, err := json.Marshal(m)
	if err != nil {
		return remote
	}
	return syncValue{At: max(local.At, remote.At), V: v}
}

// StoredProgress is the progress file as a ProgressKeeper, for a sync while the trainer
// is not open: each Progress reads the file, SetProgress writes it.
func StoredProgress(ps *PuzzleStore) ProgressKeeper { return storedProgress{ps} }

type storedProgress struct{ ps *PuzzleStore }

func (s storedProgress) Progress() *puzzle.Progress {
	pr, _ := s.ps.Load() // an unreadable file reads as a new player's, as the trainer does
	return pr
}

func (s storedProgress) SetProgress(pr *puzzle.Progress) error { return s.ps.Save(pr) }

// SetProgress replaces the trainer's progress (a sync's) and saves it.
func (t *Puzzles) SetProgress(pr *puzzle.Progress) error {
	t.progress = pr
	if t.cfg.Store == nil {
		return nil
	}
	return t.cfg.Store.Save(pr)
}
