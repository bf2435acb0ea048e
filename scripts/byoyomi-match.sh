#!/usr/bin/env bash
# The engine's use of a 读秒 (byo-yomi) period, measured by xqmatch: this engine against itself
# on 0 + 5 s a move (default), each move's share of the period and every loss on time. The
# openings are drawn from a book (BOOK, default the bundled one; -book, 8 plies) and the engines' own book is off,
# so every move after the opening is a search. To fit a machine's time the games stop at
# MAXPLIES (a draw at the ply limit: the result says nothing here, the moves' times do).
# Prints xqmatch's summary, whose "读秒:" lines give per engine the median, p90 and max share
# of the period and the losses on time; the PGN keeps the games.
# Usage: scripts/byoyomi-match.sh   with GAMES (default 100), BYOYOMI (0+5), PERIODS (1),
# CONCURRENCY (default: cores - 1), MAXPLIES (26: 8 opening + 18 searched), OUT (default
# /tmp/xq-byoyomi), BOOK (default resources/book.dat, which gives only 43 different 8-ply
# openings, enough for 86 games; ElephantEye's ../shared/testdata/eleeye-book.dat gives more), LIMIT (xqmatch's -stopafter, default 0: none; e.g. 7m: after it no new
# game starts and the games being played finish), and XQMATCH/XQENGINE (prebuilt binaries; default: built here).
# Needs one core per game: on a machine shared with other work load shows up as time losses.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-100}
byo=${BYOYOMI:-0+5}
periods=${PERIODS:-1}
conc=${CONCURRENCY:-$(($(nproc) > 1 ? $(nproc) - 1 : 1))}
plies=${MAXPLIES:-26}
out=${OUT:-/tmp/xq-byoyomi}
limit=${LIMIT:-0}
book=${BOOK:-resources/book.dat}
mkdir -p "$out"
xqmatch=${XQMATCH:-}
xqengine=${XQENGINE:-}
if [ -z "$xqmatch" ] || [ -z "$xqengine" ]; then
  go build -o "$out/xqmatch" ./cmd/xqmatch
  go build -o "$out/xqengine" ./cmd/xqengine
  xqmatch=$out/xqmatch xqengine=$out/xqengine
fi
rm -f "$out/byoyomi.pgn"
cmd=("$xqmatch" -engine1 "$xqengine" -options1 OwnBook=false -options2 OwnBook=false
  -byoyomi "$byo" -periods "$periods" -games "$games" -concurrency "$conc" -maxplies "$plies"
  -book "$book" -bookplies 8 -pgn "$out/byoyomi.pgn" -stopafter "$limit" -v)
echo "${cmd[*]}" | tee "$out/byoyomi.txt"
start=$(date +%s)
"${cmd[@]}" | tee -a "$out/byoyomi.txt"
echo "wall time $(($(date +%s) - start)) s, $conc games at once on $(nproc) cores" | tee -a "$out/byoyomi.txt"
