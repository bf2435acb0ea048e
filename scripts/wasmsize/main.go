// Command wasmsize reports where a Go WebAssembly binary's bytes go: the code of each
// package (function bodies, named by the binary's "name" section, so build without -s) and
// the data and other sections as wholes, largest first.
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags=-w -o /tmp/app.wasm . && go run ./scripts/wasmsize /tmp/app.wasm
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("n", 30, "how many packages to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-n N] FILE.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		err = report(os.Stdout, data, *top)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// module is what report needs of a binary: its sections' sizes, the size of each function
// body in order, how many functions are imported (they come first in the index space), and
// the names the "name" section gives.
type module struct {
	sections map[string]int
	bodies   []int
	imported int
	names    map[int]string
}

func report(w io.Writer, data []byte, top int) error {
	m, err := parse(data)
	if err != nil {
		return err
	}
	byPkg := map[string]int{}
	for i, n := range m.bodies {
		name, ok := m.names[m.imported+i]
		if !ok {
			name = "(unnamed: built with -s)"
		}
		byPkg[pkgOf(name)] += n
	}
	fmt.Fprintf(w, "%10d bytes in all\n", len(data))
	for _, kv := range sorted(m.sections) {
		fmt.Fprintf(w, "%10d section %s\n", kv.n, kv.name)
	}
	fmt.Fprintln(w, "code by package:")
	for i, kv := range sorted(byPkg) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%10d %s\n", kv.n, kv.name)
	}
	return nil
}

type entry struct {
	name string
	n    int
}

func sorted(m map[string]int) []entry {
	var out []entry
	for k, v := range m {
		out = append(out, entry{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].n > out[j].n || out[i].n == out[j].n && out[i].name < out[j].name })
	return out
}

// pkgOf is the import path of a function's name as Go's wasm linker writes it: the path's
// slashes turned into underscores ("github.com_xqfyne_xiangqi_gui.(*Window).show"), so the
// path ends at the first dot after its first element (whose dots, as in github.com, stay).
func pkgOf(sym string) string {
	start := 0
	if first := strings.IndexByte(sym, '_'); first > 0 && strings.Contains(sym[:first], ".") {
		start = first // a domain: github.com_..., fyne.io_..., golang.org_...
	}
	if dot := strings.IndexByte(sym[start:], '.'); dot >= 0 {
		return strings.ReplaceAll(sym[:start+dot], "_", "/")
	}
	return sym
}

var sectionNames = map[byte]string{0: "custom", 1: "type", 2: "import", 3: "function", 4: "table",
	5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

func parse(data []byte) (*module, error) {
	if len(data) < 8 || !bytes.Equal(data[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary")
	}
	m := &module{sections: map[string]int{}, names: map[int]string{}}
	r := bufio.NewReader(bytes.NewReader(data[8:]))
	for {
		id, err := r.ReadByte()
		if err == io.EOF {
			return m, nil
		}
		size, err := uleb(r)
		if err != nil {
			return nil, err
		}
		if size > uint64(len(data)) {
			return nil, fmt.Errorf("section %d claims %d bytes", id, size)
		}
		body := make([]byte, size)
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, fmt.Errorf("section %d: %w", id, err)
		}
		name, ok := sectionNames[id]
		if !ok {
			return nil, fmt.Errorf("unknown section id %d", id)
		}
		br := bufio.NewReader(bytes.NewReader(body))
		switch id {
		case 0:
			n, err := uleb(br)
			if err != nil || n > uint64(len(body)) {
				return nil, errors.New("custom section: bad name")
			}
			custom := make([]byte, n)
			if _, err := io.ReadFull(br, custom); err != nil {
				return nil, err
			}
			name = "custom " + string(custom)
			if string(custom) == "name" {
				if err := m.readNames(br); err != nil {
					return nil, fmt.Errorf("name section: %w", err)
				}
			}
		case 2:
			if err := m.readImports(br); err != nil {
				return nil, fmt.Errorf("import section: %w", err)
			}
		case 10:
			if err := m.readBodies(br); err != nil {
				return nil, fmt.Errorf("code section: %w", err)
			}
		}
		m.sections[name] += len(body)
	}
}

func (m *module) readImports(r *bufio.Reader) error {
	count, err := uleb(r)
	if err != nil {
		return err
	}
	for i := uint64(0); i < count; i++ {
		for range 2 { // module and field names
			if _, err := readName(r); err != nil {
				return err
			}
		}
		kind, err := r.ReadByte()
		if err != nil {
			return err
		}
		switch kind {
		case 0: // function: a type index
			m.imported++
			_, err = uleb(r)
		case 1: // table: element type and limits
			if _, err = r.ReadByte(); err == nil {
				err = skipLimits(r)
			}
		case 2: // memory: limits
			err = skipLimits(r)
		case 3: // global: value type and mutability
			_, err = r.Discard(2)
		default:
			return fmt.Errorf("import kind %d", kind)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func skipLimits(r *bufio.Reader) error {
	flags, err := r.ReadByte()
	if err != nil {
		return err
	}
	if _, err := uleb(r); err != nil {
		return err
	}
	if flags&1 != 0 {
		_, err = uleb(r)
	}
	return err
}

func (m *module) readBodies(r *bufio.Reader) error {
	count, err := uleb(r)
	if err != nil {
		return err
	}
	for i := uint64(0); i < count; i++ {
		n, err := uleb(r)
		if err != nil {
			return err
		}
		if _, err := r.Discard(int(n)); err != nil {
			return err
		}
		m.bodies = append(m.bodies, int(n))
	}
	return nil
}

// readNames reads subsection 1 (function names) of a "name" section and skips the others.
func (m *module) readNames(r *bufio.Reader) error {
	for {
		id, err := r.ReadByte()
		if err == io.EOF {
			return nil
		}
		size, err := uleb(r)
		if err != nil {
			return err
		}
		if id != 1 {
			if _, err := r.Discard(int(size)); err != nil {
				return err
			}
			continue
		}
		count, err := uleb(r)
		if err != nil {
			return err
		}
		for i := uint64(0); i < count; i++ {
			idx, err := uleb(r)
			if err != nil {
				return err
			}
			name, err := readName(r)
			if err != nil {
				return err
			}
			m.names[int(idx)] = name
		}
	}
}

func readName(r *bufio.Reader) (string, error) {
	n, err := uleb(r)
	if err != nil {
		return "", err
	}
	if n > 1<<20 {
		return "", fmt.Errorf("a name of %d bytes", n)
	}
	b := make([]byte, n)
	_, err = io.ReadFull(r, b)
	return string(b), err
}

// uleb reads an unsigned LEB128 number of at most 64 bits.
func uleb(r io.ByteReader) (uint64, error) {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b, err := r.ReadByte()
		if err != nil {
			return 0, err
		}
		v |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errors.New("LEB128 number too long")
}
