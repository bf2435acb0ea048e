package main

import (
	"bytes"
	"strings"
	"testing"
)

// section is a wasm section: its id, its size and its body.
func section(id byte, body []byte) []byte { return append([]byte{id, byte(len(body))}, body...) }

func name(s string) []byte { return append([]byte{byte(len(s))}, s...) }

// tiny is a module with one imported function and two bodies (3 and 5 bytes), named in a
// "name" section as a function of github.com/a/b and one of fmt.
func tiny() []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, section(2, bytes.Join([][]byte{{1}, name("go"), name("debug"), {0, 0}}, nil))...)
	m = append(m, section(10, []byte{2, 3, 0, 0, 0, 5, 0, 0, 0, 0, 0})...)
	names := bytes.Join([][]byte{{2}, {1}, name("github.com_a_b.(*T).F"), {2}, name("fmt.Println")}, nil)
	custom := append(name("name"), append([]byte{1, byte(len(names))}, names...)...)
	return append(m, section(0, custom)...)
}

func TestReportSumsCodeByPackage(t *testing.T) {
	var out strings.Builder
	if err := report(&out, tiny(), 10); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"         5 fmt\n", "         3 github.com/a/b\n", "        11 section code\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestPackageOfWasmNames(t *testing.T) {
	for sym, want := range map[string]string{
		"github.com_xqfyne_xiangqi_gui.(*Window).show": "github.com/xqfyne/xiangqi/gui",
		"fyne.io_fyne_v2_widget.NewLabel":              "fyne.io/fyne/v2/widget",
		"runtime.mallocgc":                             "runtime",
		"net_http.(*Client).Do":                        "net/http",
	} {
		if got := pkgOf(sym); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", sym, got, want)
		}
	}
}

func TestParseRefusesBadInput(t *testing.T) {
	good := tiny()
	for name, data := range map[string][]byte{
		"empty": nil, "not wasm": []byte("\x7fELF\x02\x01\x01\x00"),
		"cut": good[:len(good)-3], "unknown section": append(good[:8:8], 99, 0),
	} {
		if _, err := parse(data); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Whatever the bytes, parse answers without panicking.
func FuzzParse(f *testing.F) {
	f.Add(tiny())
	f.Add([]byte("\x00asm\x01\x00\x00\x00\x0a\xff\xff\xff\xff\x0f"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if m, err := parse(data); err == nil && m == nil {
			t.Fatal("no module and no error")
		}
	})
}
