package game

import "testing"

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
	// A saved game with something after it is refused as a whole.
	g, _ := New("")
	data, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Unmarshal(append(data, " {}"...)); err == nil {
		t.Errorf("a save with data after it: %v", err)
	}
}
