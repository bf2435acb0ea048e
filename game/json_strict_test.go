package game

import (
	"bytes"
	"testing"
)

func TestDecodeJSONStrictRefusesExtrasAndTrailingData(t *testing.T) {
	var v struct {
		A int `json:"a"`
	}
	if err := DecodeJSONStrict([]byte(` {"a": 3} `), &v); err != nil || v.A != 3 {
		t.Fatalf("a plain value: %v, %+v", err, v)
	}
	for _, bad := range []string{`{"a": 1, "b": 2}`, `{"a": 1} {"a": 2}`, `{"a": 1} x`, `{"a": 1`, ``} {
		if err := DecodeJSONStrict([]byte(bad), &v); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// A saved record with something after it is refused as a whole.
	r, _ := NewRecord("")
	var data bytes.Buffer
	if err := r.SaveRecord(&data); err != nil {
		t.Fatal(err)
	}
	data.WriteString(" {}")
	if _, err := LoadRecord(&data); err == nil {
		t.Error("a record with data after it was read")
	}
}
