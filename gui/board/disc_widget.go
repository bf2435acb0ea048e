package board

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/xqfyne/xiangqi/rules"
)

// discMargin is the room around a lone disc, in cells, for its shadow.
const discMargin = 0.15

// Disc is one piece drawn as the board draws it in the wood style with the calligraphy
// set, as large as the widget's size allows: the board editor's palette shows its pieces
// so.
type Disc struct {
	widget.BaseWidget
	piece rules.Piece
}

// NewDisc returns a widget that draws p; rules.NoPiece draws nothing.
func NewDisc(p rules.Piece) *Disc {
	d := &Disc{piece: p}
	d.ExtendBaseWidget(d)
	return d
}

// MinSize is a disc as large as on the board at its least size.
func (d *Disc) MinSize() fyne.Size { return fyne.NewSquareSize(minCell * (2*pieceRadius + discMargin)) }

// CreateRenderer implements fyne.Widget.
func (d *Disc) CreateRenderer() fyne.WidgetRenderer {
	r := &discRenderer{widget: d, disc: newDisc(newBrushArt(), newPictogramArt())}
	r.Refresh()
	return r
}

type discRenderer struct {
	widget *Disc
	disc   *disc
}

func (r *discRenderer) Layout(size fyne.Size) {
	cell := min(size.Width, size.Height) / (2*pieceRadius + discMargin)
	r.disc.place(fyne.NewPos(size.Width/2, size.Height/2), cell)
}

func (r *discRenderer) MinSize() fyne.Size { return r.widget.MinSize() }

func (r *discRenderer) Refresh() {
	if p := r.widget.piece; p == rules.NoPiece {
		r.disc.hide()
	} else {
		r.disc.setPiece(p, pieceLook{colors: discColorsFor(Wood, Calligraphy, p.Color())})
	}
	r.Layout(r.widget.Size())
	r.disc.refresh()
}

func (r *discRenderer) Objects() []fyne.CanvasObject { return r.disc.objects() }

func (r *discRenderer) Destroy() {}
