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
}

func newRankButton(prefix func(proto.Account) string) *rankButton {
	r := &rankButton{prefix: prefix}
	r.Button = widget.NewButton("", func() { r.number = !r.number; r.show() })
	r.Importance = widget.LowImportance
	return r
}

// set shows account's rank (its number once more, if that was shown for the same account).
func (r *rankButton) set(a proto.Account) {
	if a.ID != r.account.ID {
		r.number = false
	}
	r.account = a
	r.show()
}

func (r *rankButton) show() {
	text := present.RankText(trData, r.account)
	if r.number {
		text = present.RankNumber(trData, r.account)
	}
	if r.prefix != nil {
		text = r.prefix(r.account) + " · " + text
	}
	if r.Text != text {
		r.SetText(text)
	}
}
