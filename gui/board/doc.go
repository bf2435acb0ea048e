// Package board is the Xiangqi board widget: a value-type View of what the board shows, a
// Board widget that reports taps and drags on its points to callbacks the app wires, and a
// renderer that draws the view from canvas primitives and redraws only what changed since
// the view it drew last.
//
// The board decides nothing about the rules: the app fills the view (pieces, selection,
// legal targets, marks, arrows) and answers the callbacks. It knows its own styles (Style,
// PieceSet), so that it needs nothing of the app's settings or theme.
//
// The renderer is split by concern: the lines of the board and its texts (lines.go), the
// pieces (discs.go), the marks under and over them (marks.go), the analysis arrows
// (arrows.go), the mapping of points to pixels (geometry.go) and the colours of each style
// (styles.go). Text turned to face the player across the board is drawn into images
// (turned_text.go), pictogram pieces from SVG (pictogram.go).
package board
