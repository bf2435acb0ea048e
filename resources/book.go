package resources

import _ "embed" // for the book bytes below

// bookData is the bundled opening book in ElephantEye's BOOK.DAT layout, compiled from
// openings.txt by cmd/bookgen.
//
//go:generate go run ../cmd/bookgen -in openings.txt -out book.dat
//go:embed book.dat
var bookData []byte

// Book returns a copy of the bundled opening book; load it with book.LoadBook.
func Book() []byte { return append([]byte(nil), bookData...) }
