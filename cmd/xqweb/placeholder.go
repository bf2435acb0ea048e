package main

import (
	"bytes"
	"fmt"
	"strings"
)

// The loading page's board. Chromium needs seconds to download and compile the .wasm
// (tens on a busy phone); until the app draws its own board, Fyne's loading page shows
// this one, an inline SVG with no file to fetch, so it is painted with the page's first
// frame (docs/budget.md, "First load"). Fyne's loader hides the whole loading page when the
// app makes its canvas.
const (
	placeholderID = "xq-placeholder-board"
	// loadingContainer is the flex column of Fyne's loading page (icon, name, spinner);
	// the board goes first in it.
	loadingContainer = `<div class="centered-container">`
	boardLineColour  = "#5b3a1c"
)

// placeholderBoard is the SVG of an empty board, drawn as the app draws it: nine files and
// ten ranks, the river between ranks 4 and 5 cutting the inner files, the palaces'
// diagonals. Points are 10 units apart, 5 from the edge.
func placeholderBoard() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="%s" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 100" aria-hidden="true"`+
		` style="width:min(80vw,45vh);height:auto;display:block;margin:0 auto 12px auto">`, placeholderID)
	fmt.Fprintf(&b, `<rect width="90" height="100" rx="2" fill="%s"/>`, themeColour)
	fmt.Fprintf(&b, `<g stroke="%s" stroke-width="0.6" stroke-linecap="square" fill="none">`, boardLineColour)
	x := func(file int) int { return 5 + 10*file }
	y := func(rank int) int { return 5 + 10*rank }
	line := func(x1, y1, x2, y2 int) { fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`, x1, y1, x2, y2) }
	for r := 0; r < 10; r++ {
		line(x(0), y(r), x(8), y(r))
	}
	for f := 0; f < 9; f++ {
		if f == 0 || f == 8 {
			line(x(f), y(0), x(f), y(9))
			continue
		}
		line(x(f), y(0), x(f), y(4))
		line(x(f), y(5), x(f), y(9))
	}
	for _, top := range []int{0, 7} {
		line(x(3), y(top), x(5), y(top+2))
		line(x(5), y(top), x(3), y(top+2))
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

// addPlaceholder puts the board at the top of Fyne's loading page.
func addPlaceholder(index []byte) ([]byte, error) {
	if n := bytes.Count(index, []byte(loadingContainer)); n != 1 {
		return nil, fmt.Errorf("index.html: want exactly one %s (Fyne's loading page), found %d", loadingContainer, n)
	}
	return bytes.Replace(index, []byte(loadingContainer), []byte(loadingContainer+placeholderBoard()), 1), nil
}
