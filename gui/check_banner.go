package gui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// checkBanner is the word "Check!" (将军！) in large type over the middle of the board for
// a moment after a move gives check (issue 51 item 14): the general's red glow alone was
// easy to miss. It fades out, and goes at once with the next move.
type checkBanner struct {
	text *canvas.Text
	back *canvas.Rectangle
	box  *fyne.Container // the banner, centred in the board's area
	fade *fyne.Animation
	// width is the board's width now, which the text's size follows.
	width func() float32
	// animate starts the fade: Fyne's animation; a test steps it by hand, as the test
	// driver runs an animation to its end at once.
	animate func(*fyne.Animation)
}

// checkBannerShown is how long the banner stays, its last third fading.
const checkBannerShown = 1500 * time.Millisecond

// checkBannerScale is the banner's least text size in body text sizes, and
// checkBannerShare its text size as a part of the board's width, where that is larger.
const (
	checkBannerScale = 2.6
	checkBannerShare = 0.12
)

func newCheckBanner(width func() float32) *checkBanner {
	b := &checkBanner{text: canvas.NewText(tr("status.check"), color.White), back: canvas.NewRectangle(color.Transparent),
		width: width, animate: (*fyne.Animation).Start}
	b.text.TextStyle = fyne.TextStyle{Bold: true}
	b.text.Alignment = fyne.TextAlignCenter
	b.back.CornerRadius = theme.InputRadiusSize() * 2
	pad := container.NewPadded(b.text)
	b.box = container.NewCenter(container.NewStack(b.back, pad))
	b.box.Hide()
	b.fade = fyne.NewAnimation(checkBannerShown, func(f float32) {
		alpha := float32(1)
		if f > 2.0/3 {
			alpha = (1 - f) * 3
		}
		b.paint(alpha)
		if f >= 1 {
			b.box.Hide()
		}
	})
	return b
}

// object is what is laid over the board.
func (b *checkBanner) object() fyne.CanvasObject { return b.box }

// shown reports whether the banner is up.
func (b *checkBanner) shown() bool { return b.box.Visible() }

// show puts the banner up, in the error colour at a size that follows the board's, and
// starts its fade.
func (b *checkBanner) show() {
	b.text.Text = tr("status.check")
	b.text.TextSize = max(theme.TextSize()*checkBannerScale, b.width()*checkBannerShare)
	b.fade.Stop()
	b.paint(1)
	b.box.Show()
	b.box.Refresh()
	b.animate(b.fade)
}

// hide takes the banner down.
func (b *checkBanner) hide() {
	b.fade.Stop()
	b.box.Hide()
}

// paint draws the banner at opacity alpha: white on the theme's error red.
func (b *checkBanner) paint(alpha float32) {
	r, g, bl, _ := theme.Color(theme.ColorNameError).RGBA()
	a := uint8(230 * alpha)
	scale := func(c uint32) uint8 { return uint8(float32(c>>8) * float32(a) / 255) } // premultiplied
	b.back.FillColor = color.RGBA{R: scale(r), G: scale(g), B: scale(bl), A: a}
	b.text.Color = color.NRGBA{R: 255, G: 255, B: 255, A: uint8(255 * alpha)}
	b.back.Refresh()
	b.text.Refresh()
}
