#!/usr/bin/env bash
# Size report of a Go binary (native or .wasm) per package: the bytes of its symbols as
# `go tool nm -size` lists them (in the file: zero-filled memory left out), summed by import path (the embedded data of resources/ and
# nnue/nets show under their package's go:embed symbols), largest first.
#
#   bash scripts/size-report.sh dist/xiangqi [N]   # the N (30) largest packages
set -euo pipefail
bin=${1:?usage: size-report.sh BINARY [N]}
n=${2:-30}
# Zero-filled memory (.bss, .noptrbss) takes no room in an ELF file: symbols from there on are left out.
bss=0
if command -v readelf >/dev/null && readelf -h "$bin" >/dev/null 2>&1; then
  bss=$(readelf -SW "$bin" | awk '$2 == ".bss" { print $4 }')
fi
go tool nm -size -sort size "$bin" | awk -v bss="$((16#${bss:-0}))" '
  function hex(s,   i, v) { v = 0; s = tolower(s); for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
  NF >= 4 && !(bss > 0 && hex($1) >= bss) {
    size = $2; name = $4
    for (i = 5; i <= NF; i++) name = name " " $i
    sub(/^go:(itab|type|cuinfo|info)\./, "", name); sub(/^type:/, "", name); sub(/^\*/, "", name)
    # the import path: up to the first dot after the last slash
    slash = match(name, /.*\//); rest = substr(name, RLENGTH + 1)
    dot = index(rest, "."); pkg = (slash ? substr(name, 1, RLENGTH) : "") (dot ? substr(rest, 1, dot - 1) : rest)
    bytes[pkg] += size; total += size
  }
  END { for (p in bytes) printf "%10d %s\n", bytes[p], p; printf "%10d TOTAL (symbols)\n", total }' |
  sort -rn | head -n "$((n + 1))"
ls -l "$bin" | awk '{ printf "%10d FILE %s\n", $5, $9 }'
