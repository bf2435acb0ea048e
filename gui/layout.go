package gui

import "fyne.io/fyne/v2"

// splitLayout puts the board on top of the controls in portrait (a phone) and beside them
// in landscape (a desktop window). Objects: board, controls.
type splitLayout struct{}

// maxBoardShare is the largest part of the window's width (landscape) or height
// (portrait) the board takes.
const maxBoardShare = 0.68

// landscape decides the orientation from the space available.
func landscape(size fyne.Size) bool { return size.Width > size.Height*1.05 }

func (splitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	board, controls := objs[0], objs[1]
	// The board gets all the room its proportions can use, up to a share that leaves the
	// controls usable; the move list scrolls in whatever is left.
	if landscape(size) {
		bw := min(size.Height*boardAspect(), size.Width*maxBoardShare)
		board.Move(fyne.NewPos(0, 0))
		board.Resize(fyne.NewSize(bw, size.Height))
		controls.Move(fyne.NewPos(bw, 0))
		controls.Resize(fyne.NewSize(size.Width-bw, size.Height))
		return
	}
	bh := min(size.Width/boardAspect(), size.Height*maxBoardShare)
	board.Move(fyne.NewPos(0, 0))
	board.Resize(fyne.NewSize(size.Width, bh))
	controls.Move(fyne.NewPos(0, bh))
	controls.Resize(fyne.NewSize(size.Width, size.Height-bh))
}

func (splitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.NewSize(0, 0)
	}
	b, c := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(b.Width, c.Width), b.Height+c.Height)
}
