#!/usr/bin/env bash
# Issue 37's matches on a lent machine: the kept net (nnue/nets) against ElephantEye 3.31 and
# against the engine of 9fe8ef3, both at 10 s + 0.1 s, openings from ElephantEye's book, no
# own books, one game per core. Binaries come prebuilt (static) in .nnue-bin/: xqmatch,
# xqengine (this tree), xqengine-9fe8ef3, eleeye (built by ../shared/tools/build-eleeye.sh,
# linked with -static), BOOK.DAT (ElephantEye's book) and xq.nnue (the net).
#   PHASE=1: 100 games against ElephantEye (seed 37), then games against 9fe8ef3 (seed 38)
#            until STOP seconds after the start (the games being played finish);
#   PHASE=2: GAMES more games against 9fe8ef3 (seed 39) until STOP seconds after the start.
# Writes the summaries (*.txt) and PGNs to $OUT.
set -u
cd "$(dirname "$0")/../../.nnue-bin"
OUT=${OUT:-/tmp/device-matches}
mkdir -p "$OUT"
T0=$(date +%s)
CONC=${CONC:-$(nproc)}
STOP=${STOP:-500}
NET="usebook=false,evalfile=$PWD/xq.nnue,usennue=true"
common=(-proto ucci -engine1 ./xqengine -options1 "$NET" -tc 10+0.1 -book BOOK.DAT -concurrency "$CONC")
left() { local s=$(( STOP - ($(date +%s) - T0) )); [ $s -lt 1 ] && s=1; echo "${s}s"; }
echo "cores $(nproc), games at a time $CONC"
if [ "${PHASE:-1}" = 1 ]; then
  ./xqmatch "${common[@]}" -engine2 ./eleeye -options2 usebook=false -games 100 -seed 37 \
    -pgn "$OUT/eleeye.pgn" -v > "$OUT/eleeye.txt" 2>&1
  echo "eleeye rc $? at $(( $(date +%s) - T0 )) s"; tail -9 "$OUT/eleeye.txt"
  ./xqmatch "${common[@]}" -engine2 ./xqengine-9fe8ef3 -options2 usebook=false -games 400 -seed 38 \
    -stopafter "$(left)" -pgn "$OUT/orig-38.pgn" -v > "$OUT/orig-38.txt" 2>&1
  echo "9fe8ef3 (seed 38) rc $? at $(( $(date +%s) - T0 )) s"; tail -9 "$OUT/orig-38.txt"
else
  ./xqmatch "${common[@]}" -engine2 ./xqengine-9fe8ef3 -options2 usebook=false -games "${GAMES:-200}" -seed 39 \
    -stopafter "$(left)" -pgn "$OUT/orig-39.pgn" -v > "$OUT/orig-39.txt" 2>&1
  echo "9fe8ef3 (seed 39) rc $? at $(( $(date +%s) - T0 )) s"; tail -9 "$OUT/orig-39.txt"
fi
