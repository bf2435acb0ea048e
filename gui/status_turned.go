package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// faceStatus shows the status line turned 180° while it speaks to the player across the
// board (face-to-face, the upper side to move), in the status line's own slot.
type faceStatus struct {
	label *widget.Label
	image *canvas.Image
	size  fyne.Size // the turned text's natural size
	art   *board.TextArt
	box   *fyne.Container
}

func newFaceStatus(label *widget.Label) *faceStatus {
	s := &faceStatus{label: label, image: &canvas.Image{FillMode: canvas.ImageFillContain}, art: board.NewTextArt(resources.UIFontBytes())}
	s.image.Hide()
	s.box = container.New(s, s.label, s.image)
	return s
}

// slot is what the window lays out as its status line: the label, or the turned text.
func (s *faceStatus) slot() fyne.CanvasObject { return s.box }

// update shows the label's text turned when turn holds, else the label.
func (s *faceStatus) update(turn bool) {
	if turn {
		s.art.Reset(board.PixelScale(s.label)) // one text at a time: keep only the current one
		ti, ok := s.art.Image(s.label.Text, theme.Color(theme.ColorNameForeground), theme.TextSize(), true)
		if ok {
			s.image.Image, s.size = ti.Image, ti.Size
			showIf(false, s.label)
			showIf(true, s.image)
			s.Layout(nil, s.label.Size())
			canvas.Refresh(s.image)
			return
		}
	}
	showIf(true, s.label)
	showIf(false, s.image)
}

// Layout lets the label fill the slot and centres the turned text in it, at its natural
// size or smaller when the slot is narrower.
func (s *faceStatus) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	s.label.Move(fyne.NewPos(0, 0))
	s.label.Resize(size)
	w, h := s.size.Width, s.size.Height
	if w > size.Width && w > 0 {
		w, h = size.Width, h*size.Width/w
	}
	s.image.Resize(fyne.NewSize(w, h))
	s.image.Move(fyne.NewPos((size.Width-w)/2, (size.Height-h)/2))
}

func (s *faceStatus) MinSize([]fyne.CanvasObject) fyne.Size { return s.label.MinSize() }

// statusTurned says whether the status speaks to the player across the board now.
func statusTurned(v board.View, toMove rules.Color, decided bool) bool {
	return v.FaceToFace && !decided && toMove == v.TopSide()
}
