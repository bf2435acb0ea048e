#!/bin/bash
# Plays the games cmd/tune fits the evaluation to, into PGN files under OUT (default
# /tmp/xq-tune; nothing of it belongs in the repository):
#   selfplay.pgn  the engine against itself at a fixed node count, with root randomness so
#                 that games differ (reproducible: fixed nodes, fixed seeds);
#   eleeye.pgn    the engine against ElephantEye over UCCI at a fixed move time, when ELEEYE
#                 names its binary (scripts: ../shared/tools/build-eleeye.sh builds it).
# Then: go run ./cmd/tune -out engine/pst_tables.go OUT/*.pgn, and accept the tables only
# when a fixed-nodes match against the old ones says so.
# Usage: scripts/gen-tune-data.sh [OUT]; GAMES, NODES, EGAMES, MOVETIME override the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/xq-tune}
games=${GAMES:-600}
nodes=${NODES:-20000}
egames=${EGAMES:-100}
movetime=${MOVETIME:-100}
mkdir -p "$out"
go build -o "$out/xqengine" ./cmd/xqengine
go build -o "$out/xqmatch" ./cmd/xqmatch
# Fresh files: xqmatch appends.
rm -f "$out/selfplay.pgn" "$out/eleeye.pgn"
"$out/xqmatch" -engine1 "$out/xqengine" -options1 Randomness=12 -options2 Randomness=12 \
  -games "$games" -nodes "$nodes" -pgn "$out/selfplay.pgn"
if [ -n "${ELEEYE:-}" ]; then
  # ElephantEye reads its book from the folder it runs in.
  (cd "$(dirname "$ELEEYE")" && "$out/xqmatch" -proto ucci -engine1 "$out/xqengine" -engine2 "$ELEEYE" \
    -games "$egames" -movetime "$movetime" -pgn "$out/eleeye.pgn")
fi
ls -l "$out"/*.pgn
