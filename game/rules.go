package game

import (
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// RuleSet is the rule book a game's repetitions are judged by: Asian
// (AXF/WXF) or Chinese (CXA). The judge itself lives in package rules so
// that the search, ForbiddenMoves and the results agree; see RULES.md.
type RuleSet = rules.RuleSet

// The rule sets a game can be played under.
const (
	AsianRules   = rules.RulesAsian
	ChineseRules = rules.RulesChinese
)

// RuleSets lists the rule sets in the order a settings menu shows them.
func RuleSets() []RuleSet { return []RuleSet{AsianRules, ChineseRules} }

// RuleSetText is how the app names and explains a rule set.
type RuleSetText struct {
	Name        i18n.Message // "Asian (AXF)"
	Description i18n.Message // one sentence on what loses
}

var ruleSetKeys = map[RuleSet]string{AsianRules: "rules.asian", ChineseRules: "rules.chinese"}

// RuleSetInfo returns the name and one-sentence description of r; they say nothing
// for a rule set RuleSets does not list.
func RuleSetInfo(r RuleSet) RuleSetText {
	key, ok := ruleSetKeys[r]
	if !ok {
		return RuleSetText{}
	}
	return RuleSetText{Name: i18n.Message{Key: key + ".name"}, Description: i18n.Message{Key: key + ".description"}}
}

// Rules returns the rule set the game is judged by (Asian unless set).
func (g *Game) Rules() RuleSet { return g.rules }

// SetRules changes the rule set the game is judged by. It can change the
// result of a game that ended by a repetition.
func (g *Game) SetRules(r RuleSet) {
	g.rules = r
	g.version++ // the cached result was judged under the old rules
}
