package resources

import _ "embed" // for the book bytes below

// BookData is the bundled opening book in ElephantEye's BOOK.DAT layout, compiled from
// openings.txt by cmd/bookgen. Load it with engine.LoadBook(resources.BookData).
//
//go:generate go run ../cmd/bookgen -in openings.txt -out book.dat
//go:embed book.dat
var BookData []byte
