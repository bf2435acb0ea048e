package resources

import (
	"bytes"
	"testing"
)

// The toolbar icons are bundled and are SVG.
func TestUIIconsAreBundled(t *testing.T) {
	for _, name := range []string{"flip", "hint", "resign", "draw"} {
		data, err := UIIcon(name)
		if err != nil || !bytes.HasPrefix(data, []byte("<svg")) {
			t.Fatalf("icon %s: %v", name, err)
		}
	}
	if _, err := UIIcon("missing"); err == nil {
		t.Fatal("a missing icon was found")
	}
}
