package store

import (
	"strings"
	"testing"
)

// Look-alike spellings of one name share one key; distinct names do not.
func TestNameKeysFoldLookAlikes(t *testing.T) {
	_, admin, err := CheckName("admin")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Admin", "ADMIN", "\u0430dmin", "ａｄｍｉｎ", "  admin  "} {
		if _, k, err := CheckName(n); err != nil || k != admin {
			t.Errorf("%q: key %q %v, want %q", n, k, err, admin)
		}
	}
	_, nfc, err1 := CheckName("caf\u00e9")
	_, nfd, err2 := CheckName("cafe\u0301")
	if err1 != nil || err2 != nil || nfc != nfd {
		t.Errorf("NFC and NFD é: %q %v / %q %v", nfc, err1, nfd, err2)
	}
	if d, _, _ := CheckName("Wang   Lei"); d != "Wang Lei" {
		t.Errorf("display %q, want the words with single spaces", d)
	}
	_, other, _ := CheckName("admins")
	if other == admin {
		t.Error("admins and admin share a key")
	}
}

// Hostile names are refused with the reason.
func TestNamesRefusedWithReasons(t *testing.T) {
	cases := map[string]string{
		"admin\u200b":              "invisible",
		"\u200b":                   "invisible",
		"\u200b\u200b\u200b":       "invisible",
		"evil\u202egnp":            "direction",
		"a\x1b[31mred":             "control",
		"tab\there":                "control",
		"":                         "visible",
		"   ":                      "visible",
		strings.Repeat("x", 25):    "name too long (max 24",
		strings.Repeat("n", 10240): "name too long (max 24",
		"bad\xffutf8":              "UTF-8",
	}
	for name, want := range cases {
		if _, _, err := CheckName(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.30q: %v, want a refusal saying %q", name, err, want)
		}
	}
}

func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"admin", "ａｄｍｉｎ", "a\u200bb", "Wang Lei", "\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, k, err := CheckName(s)
		if err != nil {
			return
		}
		if d == "" || k == "" {
			t.Fatalf("%q: accepted with display %q key %q", s, d, k)
		}
		if _, k2, err := CheckName(d); err != nil || k2 != k {
			t.Fatalf("%q: its display %q gives %q %v, not key %q", s, d, k2, err, k)
		}
	})
}
