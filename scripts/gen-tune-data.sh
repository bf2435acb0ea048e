#!/bin/bash
# Plays the games cmd/tune fits the evaluation to, into PGN files under OUT (default
# /tmp/xq-tune; nothing of it belongs in the repository):
#   selfplay.pgn  the engine against itself at a fixed node count, with root randomness so
#                 that games differ (reproducible: fixed nodes, fixed seeds);
#   eleeye.pgn    the engine against ElephantEye over UCCI at a fixed move time, when ELEEYE
#                 names its binary (scripts: ../shared/tools/build-eleeye.sh builds it), each
#                 game from its own opening drawn from BOOK (default ElephantEye's book in
#                 ../shared/testdata; without it the 30 built-in openings repeat).
# Then: go run ./cmd/tune -out engine/pst_tables.go OUT/*.pgn (-epochs 0 scores the current
# tables on games held out of a fit), and accept the tables only when a match says so (the
# current ones won theirs against ElephantEye at 100 ms a move: engine/pst.go).
# Usage: scripts/gen-tune-data.sh [OUT]; GAMES, NODES, EGAMES, MOVETIME, SEED override.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/xq-tune}
games=${GAMES:-600}
nodes=${NODES:-20000}
egames=${EGAMES:-100}
movetime=${MOVETIME:-100}
seed=${SEED:-1}
book=${BOOK:-$PWD/../shared/testdata/eleeye-book.dat}
mkdir -p "$out"
go build -o "$out/xqengine" ./cmd/xqengine
go build -o "$out/xqmatch" ./cmd/xqmatch
# Fresh files: xqmatch appends.
rm -f "$out/selfplay.pgn" "$out/eleeye.pgn"
"$out/xqmatch" -engine1 "$out/xqengine" -options1 Randomness=12 -options2 Randomness=12 \
  -games "$games" -nodes "$nodes" -pgn "$out/selfplay.pgn"
if [ -n "${ELEEYE:-}" ]; then
  openings=()
  if [ -f "$book" ]; then
    openings=(-book "$(cd "$(dirname "$book")" && pwd)/$(basename "$book")" -seed "$seed")
  else
    echo "no opening book $book: ElephantEye games use the 30 built-in openings" >&2
  fi
  # ElephantEye reads its own book from the folder it runs in.
  (cd "$(dirname "$ELEEYE")" && "$out/xqmatch" -proto ucci -engine1 "$out/xqengine" -engine2 "$ELEEYE" \
    -games "$egames" -movetime "$movetime" "${openings[@]}" -pgn "$out/eleeye.pgn")
fi
ls -l "$out"/*.pgn
