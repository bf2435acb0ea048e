package gui

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play"
)

// levelOptions lists the level names for a Select, plus "Custom".
func levelOptions() []string {
	var opts []string
	for _, l := range play.Levels() {
		opts = append(opts, levelLabel(l))
	}
	return append(opts, tr("level.custom"))
}

// levelLabel names a level with its time and approximate rating.
func levelLabel(l play.Level) string {
	name := tr(l.Key, map[string]any{"Grade": l.Grade})
	return tr("level.rated", map[string]any{"Name": name, "Seconds": formatSeconds(l.Seconds), "Rating": l.Rating})
}

// longest returns the widest of labels as the theme's text measures them.
func longest(labels []string) string {
	widest, w := "", float32(0)
	for _, l := range labels {
		if lw := fyne.MeasureText(l, theme.TextSize(), fyne.TextStyle{}).Width; lw > w {
			widest, w = l, lw
		}
	}
	return widest
}

func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// levelPicker is a difficulty Select tied to an exact seconds entry.
type levelPicker struct {
	level   *widget.Select
	seconds *widget.Entry
}

func newLevelPicker(seconds float64) *levelPicker {
	p := &levelPicker{seconds: widget.NewEntry()}
	p.seconds.SetText(formatSeconds(seconds))
	p.level = widget.NewSelect(levelOptions(), func(choice string) {
		for _, l := range play.Levels() {
			if levelLabel(l) == choice {
				p.seconds.SetText(formatSeconds(l.Seconds))
			}
		}
	})
	// A Select is as wide as its placeholder; the picker always shows a choice, so the
	// widest label as placeholder makes room for each without cutting it.
	p.level.PlaceHolder = longest(p.level.Options)
	p.seconds.OnChanged = func(text string) { p.syncLevel(text) }
	p.syncLevel(p.seconds.Text)
	return p
}

// showError shows why the typed seconds were refused under the seconds field of form.
func (p *levelPicker) showError(form *widget.Form, err error) {
	for _, item := range form.Items {
		if item.Widget == p.seconds {
			item.HintText = err.Error()
		}
	}
	form.Refresh()
}

// syncLevel shows the level that matches the typed seconds, or Custom.
func (p *levelPicker) syncLevel(text string) {
	v, err := parseSeconds(text)
	want := tr("level.custom")
	if l, ok := play.LevelFor(v); err == nil && ok {
		want = levelLabel(l)
	}
	if p.level.Selected != want {
		p.level.Selected = want
		p.level.Refresh()
	}
}

func parseSeconds(text string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.ReplaceAll(text, ",", ".")), 64)
	if err != nil || play.CheckSeconds(v) != nil {
		return 0, errors.New(tr("settings.badSeconds", map[string]any{"Min": play.MinSeconds, "Max": play.MaxSeconds}))
	}
	return v, nil
}

// choice is a value as a settings field offers it, by its label.
type choice[T comparable] struct {
	value T
	label string
}

// notationChoices name each move notation with an example.
func notationChoices() []choice[game.Notation] {
	return []choice[game.Notation]{
		{game.Chinese, tr("notation.chinese") + " (炮二平五)"},
		{game.WXF, tr("notation.wxf") + " (C2=5)"},
		{game.ICCS, tr("notation.iccs") + " (h2e2)"},
	}
}

func evaluationChoices() []choice[play.Evaluation] {
	return []choice[play.Evaluation]{
		{play.ClassicalEval, tr("evaluation.classical")},
		{play.NeuralEval, tr("evaluation.neural")},
	}
}

// choiceSelect offers the choices' labels with cur's selected.
func choiceSelect[T comparable](choices []choice[T], cur T) *widget.Select {
	s := widget.NewSelect(nil, nil)
	for _, c := range choices {
		s.Options = append(s.Options, c.label)
		if c.value == cur {
			s.Selected = c.label
		}
	}
	return s
}

// chosen is the value whose label s shows, or keep when it shows none of them.
func chosen[T comparable](choices []choice[T], s *widget.Select, keep T) T {
	for _, c := range choices {
		if c.label == s.Selected {
			return c.value
		}
	}
	return keep
}

// newGameDialog asks for side, opponent, clock and difficulty, then starts the game.
type newGameDialog struct {
	parent  fyne.Window
	current play.Settings             // the choices it starts from
	start   func(play.Settings) error // starts a game with the settings chosen
}

func (ng newGameDialog) show() {
	cur := ng.current
	red, black := tr("side.red"), tr("side.black")
	side := widget.NewRadioGroup([]string{red, black}, nil)
	side.Horizontal = true
	side.Required = true
	side.SetSelected(red)
	if cur.Human == game.HumanBlack {
		side.SetSelected(black)
	}
	engineOpp, humanOpp := tr("opponent.engine"), tr("opponent.human")
	opponent := widget.NewRadioGroup([]string{engineOpp, humanOpp}, nil)
	opponent.Required = true
	opponent.SetSelected(engineOpp)
	if cur.Human == game.HumanBoth {
		opponent.SetSelected(humanOpp)
	}
	// Face to face sits with the players: it only means something for two of them.
	faceToFace := checked(tr("settings.faceToFace"), cur.Appearance.FaceToFace)
	faceNote := widget.NewLabel("")
	faceNote.Wrapping = fyne.TextWrapWord
	faceNote.Importance = widget.LowImportance
	showFaceToFace := func(string) {
		if opponent.Selected == humanOpp {
			faceToFace.Enable()
			faceNote.SetText(tr("faceToFace.on"))
		} else {
			faceToFace.Disable()
			faceNote.SetText(tr("faceToFace.off"))
		}
	}
	showFaceToFace("")
	picker := newLevelPicker(cur.Seconds)
	clocks := map[string]match.TimeControl{}
	clock := widget.NewSelect(nil, nil)
	for _, tc := range match.TimeControls() {
		clocks[timeControlText(tc)] = tc
		clock.Options = append(clock.Options, timeControlText(tc))
	}
	clock.Selected = timeControlText(cur.TimeControl)
	// Between two players there is no engine: the side "you" play and its level do not
	// apply, and are greyed out (issue 35).
	forEngine := func(choice string) {
		for _, o := range []fyne.Disableable{side, picker.level, picker.seconds} {
			if choice == humanOpp {
				o.Disable()
			} else {
				o.Enable()
			}
		}
	}
	opponent.OnChanged = func(choice string) {
		showFaceToFace(choice)
		forEngine(choice)
	}
	forEngine(opponent.Selected)
	items := []*widget.FormItem{
		widget.NewFormItem(tr("newgame.side"), side),
		widget.NewFormItem(tr("newgame.opponent"), opponent),
		widget.NewFormItem("", container.NewVBox(faceToFace.row, faceNote)),
		widget.NewFormItem(tr("newgame.clock"), clock),
		widget.NewFormItem(tr("settings.level"), picker.level),
		widget.NewFormItem(tr("settings.seconds"), picker.seconds),
	}
	formDialog(ng.parent, tr("action.new"), tr("action.start"), items, nil, picker, func(secs float64) error {
		set := cur
		set.Seconds = secs
		set.TimeControl = clocks[clock.Selected]
		switch {
		case opponent.Selected == humanOpp:
			set.Human = game.HumanBoth
			set.Appearance.FaceToFace = faceToFace.Checked
		case side.Selected == black:
			set.Human = game.HumanBlack
		default:
			set.Human = game.HumanRed
		}
		return ng.start(set)
	}).Show()
}

// dialogChrome is the height a dialog needs besides its content: title, buttons, padding.
const dialogChrome = 150

// dialogSides is the width a dialog needs besides its content: Fyne's dialog pads its
// content by 32 and the pop-up around it by 8.
const dialogSides = 40

// fitted is content in a vertical scroll as tall as content wrapped to width, or as room
// if that is less: then it scrolls. A word-wrapped label knows
// its height only once it has a width, so the content is laid out at that width first;
// measured before (issue 35), the last row of New game hid under the buttons.
func fitted(content fyne.CanvasObject, width, room float32) *container.Scroll {
	for range 3 { // a wrapped label's height settles after its width does
		content.Resize(fyne.NewSize(width, content.MinSize().Height))
	}
	body := container.NewVScroll(content)
	body.SetMinSize(fyne.NewSize(width, max(min(content.MinSize().Height, room), 0)))
	return body
}

// dialogButtons lays out a dialog's buttons side by side, or one above the other where
// side by side they are wider than the window (a phone with large text: issue 35).
func dialogButtons(win fyne.Size, buttons ...fyne.CanvasObject) []fyne.CanvasObject {
	row := container.NewGridWithRows(1, buttons...)
	if row.MinSize().Width <= win.Width-dialogSides {
		return buttons
	}
	return []fyne.CanvasObject{container.NewGridWithColumns(1, buttons...)}
}

// tapLabel is a word-wrapped label that acts when tapped: a check's text that wraps.
type tapLabel struct {
	widget.Label
	onTap func()
}

func newTapLabel(text string, onTap func()) *tapLabel {
	l := &tapLabel{onTap: onTap}
	l.Text, l.Wrapping = text, fyne.TextWrapWord
	l.ExtendBaseWidget(l)
	return l
}

func (l *tapLabel) Tapped(*fyne.PointEvent) { l.onTap() }

// wrapCheck is a check whose text wraps to the width it is given, where a check's own text
// stays on one line, wider than a phone (issue 35). Tapping the text toggles the check;
// the text greys when the check is disabled.
type wrapCheck struct {
	*widget.Check
	text *tapLabel
	row  fyne.CanvasObject // the check and its text, to show
}

func newWrapCheck(text string) *wrapCheck {
	c := &wrapCheck{Check: widget.NewCheck("", nil)}
	c.text = newTapLabel(text, func() {
		if !c.Disabled() {
			c.SetChecked(!c.Checked)
		}
	})
	c.row = container.NewBorder(nil, nil, c.Check, nil, c.text)
	return c
}

// checked is a wrapping check with text, ticked when on.
func checked(text string, on bool) *wrapCheck {
	c := newWrapCheck(text)
	c.SetChecked(on)
	return c
}

func (c *wrapCheck) Enable() {
	c.Check.Enable()
	c.text.Importance = widget.MediumImportance
	c.text.Refresh()
}

func (c *wrapCheck) Disable() {
	c.Check.Disable()
	c.text.Importance = widget.LowImportance
	c.text.Refresh()
}

// formDialog is a form, then the objects in below (checks that need no label), with
// confirm and cancel buttons. In a narrow (portrait) window the labels go above their
// fields, because side by side the form is wider than a phone. On confirm the seconds
// typed into picker are checked and handed to apply; an error is shown under the seconds
// field and the dialog stays open, so nothing typed is lost.
func formDialog(parent fyne.Window, title, confirm string, items []*widget.FormItem, below []fyne.CanvasObject,
	picker *levelPicker, apply func(secs float64) error) dialog.Dialog {
	form := widget.NewForm(items...)
	if !landscape(parent.Canvas().Size()) {
		form.Orientation = widget.Vertical
		// A phone has no room for the longest level label: the choice is as wide as the
		// screen and a long label is shortened there.
		picker.level.PlaceHolder = " "
	}
	content := container.NewVBox(append([]fyne.CanvasObject{form}, below...)...)
	// On a short screen the fields scroll between the title and the buttons. On a phone
	// the form takes the screen's width: its checks' texts wrap, and the narrowest width
	// their words allow broke "coordinates" in two.
	win := parent.Canvas().Size()
	width := min(content.MinSize().Width, win.Width-dialogSides)
	if !landscape(win) {
		width = win.Width - dialogSides
	}
	body := fitted(content, width, win.Height-dialogChrome)
	d := dialog.NewCustomWithoutButtons(title, body, parent)
	cancel := widget.NewButtonWithIcon(tr("action.cancel"), theme.CancelIcon(), d.Hide)
	ok := widget.NewButtonWithIcon(confirm, theme.ConfirmIcon(), func() {
		secs, err := parseSeconds(picker.seconds.Text)
		if err == nil {
			err = apply(secs)
		}
		if err != nil {
			picker.showError(form, err)
			return
		}
		d.Hide()
	})
	ok.Importance = widget.HighImportance
	d.SetButtons(dialogButtons(win, cancel, ok))
	return d
}

// settingsDialog edits difficulty, book, randomness, notation, rules, the evaluation,
// coordinates, sound, the spoken moves and the look of the app.
type settingsDialog struct {
	parent  fyne.Window
	say     present.Say // names and describes the rule sets
	current play.Settings
	apply   func(play.Settings) error
}

func (sd settingsDialog) show() {
	cur := sd.current
	picker := newLevelPicker(cur.Seconds)
	book := checked(tr("settings.book"), cur.Book)
	random := checked(tr("settings.random"), cur.Random)
	coords := checked(tr("settings.coords"), cur.Coords)
	notations := notationChoices()
	notation := choiceSelect(notations, cur.Notation)
	rules, rulesNote := rulesPicker(sd.say, cur.Rules)
	evals := evaluationChoices()
	evaluation := choiceSelect(evals, cur.Evaluation)
	evaluationNote := widget.NewLabel(tr("settings.evaluationNote"))
	evaluationNote.Wrapping = fyne.TextWrapWord
	warn := checked(tr("settings.warnRepetition"), cur.WarnRepetition)
	sound := checked(tr("settings.sound"), cur.Sound)
	speech := checked(tr("settings.speech"), cur.Speech)
	items := []*widget.FormItem{
		widget.NewFormItem(tr("settings.level"), picker.level),
		widget.NewFormItem(tr("settings.seconds"), picker.seconds),
		widget.NewFormItem(tr("settings.notation"), notation),
		widget.NewFormItem(tr("settings.rules"), rules.choice),
		widget.NewFormItem(tr("settings.evaluation"), evaluation),
	}
	checks := []fyne.CanvasObject{rulesNote, evaluationNote, book.row, random.row, coords.row, warn.row, sound.row, speech.row}
	look := newAppearancePicker(cur.Appearance, cur.Human == game.HumanBoth)
	items, checks = append(items, look.items()...), append(checks, look.checks()...)
	formDialog(sd.parent, tr("action.settings"), tr("action.apply"), items, checks, picker, func(secs float64) error {
		set := cur
		set.Seconds, set.Book, set.Random, set.Coords = secs, book.Checked, random.Checked, coords.Checked
		set.Rules, set.WarnRepetition = rules.selected(), warn.Checked
		set.Sound, set.Speech = sound.Checked, speech.Checked
		set.Appearance = look.selected()
		set.Notation = chosen(notations, notation, set.Notation)
		set.Evaluation = chosen(evals, evaluation, set.Evaluation)
		return sd.apply(set)
	}).Show()
}

// rulesChoice is a Select of the rule sets by name.
type rulesChoice struct {
	choice *widget.Select
	names  map[string]game.RuleSet
}

func (c rulesChoice) selected() game.RuleSet { return c.names[c.choice.Selected] }

// rulesPicker offers the rule sets, with the one-sentence description of the chosen one
// in a label below.
func rulesPicker(say present.Say, cur game.RuleSet) (rulesChoice, *widget.Label) {
	c := rulesChoice{choice: widget.NewSelect(nil, nil), names: map[string]game.RuleSet{}}
	note := widget.NewLabel("")
	note.Wrapping = fyne.TextWrapWord
	describe := func(r game.RuleSet) { note.SetText(say(game.RuleSetInfo(r).Description)) }
	for _, r := range game.RuleSets() {
		name := say(game.RuleSetInfo(r).Name)
		c.names[name] = r
		c.choice.Options = append(c.choice.Options, name)
		if r == cur {
			c.choice.Selected = name
		}
	}
	c.choice.OnChanged = func(string) { describe(c.selected()) }
	describe(cur)
	return c, note
}
