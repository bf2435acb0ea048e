package gui

import (
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/server/proto"
)

// rankButton shows a player's rank ("2级", "定级中") and, tapped, the rating behind it;
// tapped again, the rank.
type rankButton struct {
	*widget.Button
	account proto.Account
	number  bool
	prefix  func(proto.Account) string // the text before the rank (a name), or nil
	// relayout lays out the row holding the button again (its width changes with the
	// text); set by the row's maker.
	relayout func()
}

func newRankButton(prefix func(proto.Account) string) *rankButton {
	r := &rankButton{prefix: prefix, relayout: func() {}}
	r.Button = widget.NewButton("", func() { r.number = !r.number; r.show(); r.relayout() })
	r.Importance = widget.LowImportance
	return r
}

// set shows account's rank (its number once more, if that was shown for the same account);
// it reports whether the text changed, so that the row holding it is laid out again.
func (r *rankButton) set(a proto.Account) bool {
	if a.ID != r.account.ID {
		r.number = false
	}
	r.account = a
	return r.show()
}

func (r *rankButton) show() bool {
	text := present.RankText(trData, r.account)
	if r.number {
		text = present.RankNumber(trData, r.account)
	}
	if r.prefix != nil {
		text = r.prefix(r.account) + " · " + text
	}
	if r.Text == text {
		return false
	}
	r.SetText(text)
	return true
}
