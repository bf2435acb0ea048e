package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgLine is a <line> of the placeholder board.
type svgLine struct {
	X1 int `xml:"x1,attr"`
	Y1 int `xml:"y1,attr"`
	X2 int `xml:"x2,attr"`
	Y2 int `xml:"y2,attr"`
}

// The loading page shows the board before the .wasm arrives: an inline SVG (nothing to
// fetch) at the top of Fyne's loading page, with the board's lines where the app draws them.
func TestLoadingPageShowsABoard(t *testing.T) {
	dir, icon := fakeBuild(t, "wasm bytes")
	if err := makeWebApp(dir, icon, io.Discard); err != nil {
		t.Fatal(err)
	}
	index := readFile(t, filepath.Join(dir, "index.html"))
	start := strings.Index(index, "<svg id=\""+placeholderID+"\"")
	end := strings.Index(index, "</svg>")
	if start < 0 || end < start {
		t.Fatalf("index.html has no placeholder board:\n%s", index)
	}
	if c, img := strings.Index(index, loadingContainer), strings.Index(index, "application-icon"); !(c < start && start < img) {
		t.Errorf("the board is not first in the loading page (container at %d, board at %d, icon at %d)", c, start, img)
	}
	var svg struct {
		XMLName xml.Name
		Rect    struct {
			Fill string `xml:"fill,attr"`
		} `xml:"rect"`
		Lines []svgLine `xml:"g>line"`
	}
	if err := xml.Unmarshal([]byte(index[start:end+len("</svg>")]), &svg); err != nil {
		t.Fatalf("the board is not well-formed SVG: %v", err)
	}
	if svg.Rect.Fill != themeColour {
		t.Errorf("the board's wood is %q, want %q", svg.Rect.Fill, themeColour)
	}
	var ranks, files, diagonals int
	crossesRiver := false
	for _, l := range svg.Lines {
		switch {
		case l.Y1 == l.Y2:
			ranks++
		case l.X1 == l.X2:
			files++
			// only the edge files cross the river (between y 45 and 55)
			if l.Y1 <= 45 && l.Y2 >= 55 && l.X1 != 5 && l.X1 != 85 {
				crossesRiver = true
			}
		default:
			diagonals++
			if (l.X1 != 35 && l.X1 != 55) || (l.X2 != 35 && l.X2 != 55) {
				t.Errorf("a diagonal %+v outside the palaces", l)
			}
		}
	}
	// ten ranks; two edge files whole and seven inner ones in two halves; two per palace
	if ranks != 10 || files != 2+7*2 || diagonals != 4 || crossesRiver {
		t.Errorf("%d ranks, %d file segments, %d diagonals, an inner file across the river: %v", ranks, files, diagonals, crossesRiver)
	}
}

// A loading page that is not Fyne's (no container to put the board in) is refused, not
// silently left without it.
func TestPlaceholderNeedsFynesLoadingPage(t *testing.T) {
	dir, icon := fakeBuild(t, "wasm bytes")
	plain := "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body></body></html>\n"
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(plain), 0o644); err != nil {
		t.Fatal(err)
	}
	err := makeWebApp(dir, icon, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "loading page") {
		t.Errorf("makeWebApp over a page without Fyne's loading page: %v", err)
	}
}
