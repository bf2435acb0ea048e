package game

import "github.com/xqfyne/xiangqi/rules"

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
	NameEN, NameZH               string
	DescriptionEN, DescriptionZH string
}

var ruleSetTexts = map[RuleSet]RuleSetText{
	AsianRules: {
		NameEN: "Asian (AXF)", NameZH: "亚洲规则",
		DescriptionEN: "Perpetual check and perpetual chase of one piece lose; checks mixed with chases, and chases by the king or a pawn, are allowed.",
		DescriptionZH: "长将、长捉同一子者判负；一将一捉以及将帅、兵卒的长捉允许。",
	},
	ChineseRules: {
		NameEN: "Chinese (CXA)", NameZH: "中国规则",
		DescriptionEN: "Perpetual check, mate threats and chases lose, also mixed (one check, one chase) or of several pieces in turn; chases by the king or a pawn are allowed.",
		DescriptionZH: "长将、长杀、长捉（一子或数子）以及一将一杀、一将一捉、一杀一捉判负；将帅、兵卒的长捉允许。",
	},
}

// RuleSetInfo returns the names and one-sentence descriptions of r.
func RuleSetInfo(r RuleSet) RuleSetText { return ruleSetTexts[r] }

// Rules returns the rule set the game is judged by (Asian unless set).
func (g *Game) Rules() RuleSet { return g.rules }

// SetRules changes the rule set the game is judged by. It can change the
// result of a game that ended by a repetition.
func (g *Game) SetRules(r RuleSet) {
	g.rules = r
	g.version++ // the cached result was judged under the old rules
}
