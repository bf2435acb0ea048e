#!/usr/bin/env bash
# Issue 37's matches on a lent machine: the kept net (nnue/nets, built into xqengine) against
# ElephantEye 3.31 and against the engine of 9fe8ef3, both at 10 s + 0.1 s, openings from
# ElephantEye's book, no own books, one game per core. Binaries come prebuilt (static) in
# .nnue-bin/ (or the folder BIN names, relative to the repository): xqmatch, xqengine (this
# tree, which embeds the net), xqengine-9fe8ef3, eleeye (built by
# ../shared/tools/build-eleeye.sh, linked with -static) and BOOK.DAT (ElephantEye's book).
# The seeds are the ones docs/engine-log.md registered for the second net
# (xq-2026-11-27): 41 and 42 were played when it was trained; ElephantEye's 100 games are 51.
#   PHASE=1: 100 games against ElephantEye (seed 51), then games against 9fe8ef3 (seed 43)
#            until STOP seconds after the start (the games being played finish);
#   PHASE=ee: only the 100 games against ElephantEye, none started after STOP seconds;
#   PHASE=2: GAMES more games against 9fe8ef3 (SEED, default 44) until STOP seconds after
#            the start; the 400 games end when the games of seeds 41 and up reach 400.
# (The first net's runs used seeds 37, 38 and 39, with the net in .nnue-bin/xq.nnue.)
# The third net's seeds (docs/engine-log.md): SEED=61 and up against 9fe8ef3, EE_SEED=71.
# Writes the summaries (*.txt) and PGNs to $OUT.
set -u
cd "$(dirname "$0")/../../${BIN:-.nnue-bin}"
OUT=${OUT:-/tmp/device-matches}
mkdir -p "$OUT"
T0=$(date +%s)
CONC=${CONC:-$(nproc)}
STOP=${STOP:-500}
NET="usebook=false,usennue=true"
common=(-proto ucci -engine1 ./xqengine -options1 "$NET" -tc 10+0.1 -book BOOK.DAT -concurrency "$CONC")
left() { local s=$(( STOP - ($(date +%s) - T0) )); [ $s -lt 1 ] && s=1; echo "${s}s"; }
echo "cores $(nproc), games at a time $CONC"
ee() {
  ./xqmatch "${common[@]}" -engine2 ./eleeye -options2 usebook=false -games 100 -seed "${EE_SEED:-51}" \
    "$@" -pgn "$OUT/eleeye.pgn" -v > "$OUT/eleeye.txt" 2>&1
  echo "eleeye rc $? at $(( $(date +%s) - T0 )) s"; tail -9 "$OUT/eleeye.txt"
}
# orig GAMES SEED: games against 9fe8ef3, none started after STOP seconds.
orig() {
  ./xqmatch "${common[@]}" -engine2 ./xqengine-9fe8ef3 -options2 usebook=false -games "$1" -seed "$2" \
    -stopafter "$(left)" -pgn "$OUT/orig-$2.pgn" -v > "$OUT/orig-$2.txt" 2>&1
  echo "9fe8ef3 (seed $2) rc $? at $(( $(date +%s) - T0 )) s"; tail -9 "$OUT/orig-$2.txt"
}
if [ "${PHASE:-1}" = ee ]; then
  ee -stopafter "$(left)"
elif [ "${PHASE:-1}" = 1 ]; then
  ee
  orig 400 "${SEED:-43}"
else
  orig "${GAMES:-200}" "${SEED:-44}"
fi
