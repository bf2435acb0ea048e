package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// DecodeJSONStrict reads data as exactly one JSON value into v. Unknown fields and
// anything after the value are errors, so that a damaged or foreign file is refused
// instead of half read.
func DecodeJSONStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the end")
	}
	return nil
}
