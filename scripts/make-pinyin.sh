#!/usr/bin/env bash
# Writes resources/puzzles/pinyin.txt: the pinyin, without tones, of every Chinese character
# in the puzzles' titles and books, which the English UI shows instead of characters it
# cannot read (issue 51 item 10). The readings come from github.com/mozillazg/go-pinyin
# (MIT licence; its data is pinyin-data, MIT), run in a module of its own in a temporary
# folder, so the app does not depend on it; a few characters read otherwise on a xiangqi
# board are set here (车 ju, the chariot).
# Usage: scripts/make-pinyin.sh   (needs Go and the module proxy)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/go.mod" <<'MOD'
module makepinyin

go 1.22

require github.com/mozillazg/go-pinyin v0.20.0
MOD
cat >"$tmp/main.go" <<'GO'
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"unicode"

	"github.com/mozillazg/go-pinyin"
)

// board are readings a xiangqi text takes where a character has several.
var board = map[rune]string{'车': "ju", '將': "jiang", '将': "jiang", '卒': "zu", '象': "xiang", '相': "xiang"}

func main() {
	seen := map[rune]bool{}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		for _, r := range in.Text() {
			if unicode.Is(unicode.Han, r) {
				seen[r] = true
			}
		}
	}
	var chars []rune
	for r := range seen {
		chars = append(chars, r)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i] < chars[j] })
	args := pinyin.NewArgs()
	fmt.Println("# character\tpinyin (scripts/make-pinyin.sh; readings from github.com/mozillazg/go-pinyin, MIT)")
	for _, r := range chars {
		read := board[r]
		if read == "" {
			if p := pinyin.SinglePinyin(r, args); len(p) > 0 {
				read = p[0]
			}
		}
		if read != "" {
			fmt.Printf("%c\t%s\n", r, strings.ToLower(read))
		}
	}
}
GO
(cd "$tmp" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 && go build -o makepinyin .)
grep -hv '^#' resources/puzzles/*.tsv | cut -f8,9 | "$tmp/makepinyin" >resources/puzzles/pinyin.txt
echo "resources/puzzles/pinyin.txt: $(grep -vc '^#' resources/puzzles/pinyin.txt) characters"
