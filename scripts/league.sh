#!/usr/bin/env bash
# A league of this engine against ElephantEye refereed by UCCILEAG, ElephantEye's own league
# program, on a clock (default 12 s + 0.2 s a move, 20 games, each engine with each colour
# in turn). UCCILEAG and ElephantEye come from ../shared/tools/build-eleeye.sh, outside the
# repository; nothing of them or of the games goes into it.
# Prints the games' results and reasons, this engine's W/D/L with the score, time losses, and
# how much of its clock it had left before its last move of each game.
# Usage: scripts/league.sh [ELEEYE_DIR]   (default /tmp/ref/eleeye-src/eleeye, the folder with
# eleeye, uccileag and BOOK.DAT); GAMES (even), BASE and INC (seconds; BASE must be a whole
# multiple of 60 x INC, e.g. 12 + 0.2 or 60 + 1), OUT (default /tmp/xq-league) override.
# The referee's clock is real time: run it on an otherwise idle machine, or load shows up as
# time losses (ElephantEye lost one on time with a second match running beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
ee=${1:-/tmp/ref/eleeye-src/eleeye}
games=${GAMES:-20}
base=${BASE:-12}
inc=${INC:-0.2}
out=${OUT:-/tmp/xq-league}
for f in eleeye uccileag BOOK.DAT; do
  [ -e "$ee/$f" ] || { echo "no $ee/$f: run ../shared/tools/build-eleeye.sh first" >&2; exit 1; }
done
# UCCILEAG counts time in units of StandardCpuTime milliseconds: the base in minutes of units
# and the increment in units. One unit of the increment's size gives base/inc/60 minutes.
unit=$(awk -v i="$inc" 'BEGIN{printf "%d", i*1000}')
minutes=$(awk -v b="$base" -v u="$unit" 'BEGIN{m=b*1000/(u*60); if (m != int(m) || m < 1) exit 1; print m}') ||
  { echo "BASE $base s is not a whole number of minutes of ${unit}-ms units" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
go build -o "$out/xqengine" ./cmd/xqengine
# The referee and the engines find their files beside the referee's binary.
cp "$ee/eleeye" "$ee/uccileag" "$ee/BOOK.DAT" "$out/"
printf '%s\r\n' '[League]' 'Event=xqengine against ElephantEye' 'Site=local' 'Teams=2' 'Processors=1' \
  "Roundrobins=$((games / 2))" "InitialTime=$minutes" 'IncrementalTime=1' 'StoppingTime=200' \
  "StandardCpuTime=$unit" '' '[Teams]' 'Team=XQE,xqengine,2000,20,xqengine,xqengine.opt' \
  'Team=ELE,ElephantEye,2000,20,eleeye' >"$out/UCCILEAG.INI"
# The referee draws a game after 100 plies without a capture, checks and the replies to them
# not counted (ElephantEye's rule), and finds only chases made by the piece that moved, so
# ElephantEye may chase perpetually with a piece it uncovers. The option file tells our
# engine both: the referee sends each of its lines after the handshake.
printf 'setoption movelimit 100\nsetoption opponentmaychase true\n' >"$out/xqengine.opt"
(cd "$out" && ./uccileag >league.log 2>&1)

# Each game: its PGN (result, the referee's comment) and its log (the times sent to us).
w=0 d=0 l=0 ours=0 theirs=0
for pgn in "$out"/*.PGN; do
  text=$(iconv -f gbk -t utf-8 "$pgn" | tr -d '\r')
  red=$(sed -n 's/^\[Red "\(.*\)"\]/\1/p' <<<"$text")
  result=$(sed -n 's/^\[Result "\(.*\)"\]/\1/p' <<<"$text")
  reason=$(grep -o '{[^}]*}' <<<"$text" | tail -1 || true)
  log=${pgn%.PGN}.LOG
  left=$(iconv -f gbk -t utf-8 "$log" | tr -d '\r' | sed -n 's/^Emu->XQE([^)]*):go time \([0-9]*\) .*/\1/p' | tail -1)
  case "$result" in
    1/2-1/2) d=$((d + 1)) ;;
    1-0) if [ "$red" = xqengine ]; then w=$((w + 1)); else l=$((l + 1)); fi ;;
    0-1) if [ "$red" = xqengine ]; then l=$((l + 1)); else w=$((w + 1)); fi ;;
  esac
  # The referee's comment names the colour that lost on time (红方 Red, 黑方 Black).
  case "$reason" in
    *红方超时*) [ "$red" = xqengine ] && ours=$((ours + 1)) || theirs=$((theirs + 1)) ;;
    *黑方超时*) [ "$red" = xqengine ] && theirs=$((theirs + 1)) || ours=$((ours + 1)) ;;
  esac
  echo "$(basename "$pgn") red $red $result $reason; xqengine had ${left:-?} ms before its last move"
  echo "$left" >>"$out/left.txt"
done
n=$((w + d + l))
awk -v w="$w" -v d="$d" -v l="$l" -v n="$n" -v o="$ours" -v t="$theirs" -v b="$base" -v i="$inc" 'BEGIN{
  s = (w + d / 2) / n
  printf "xqengine W/D/L %d/%d/%d of %d at %s s + %s s: %.1f%%; lost on time: xqengine %d, ElephantEye %d\n", w, d, l, n, b, i, 100 * s, o, t }'
awk -v b="$base" '$1 != "" { sum += $1; k++; if (min == "" || $1 < min) min = $1 }
  END { if (k) printf "xqengine clock before its last move: mean %.1f%% of the base, least %d ms\n", 100 * sum / k / (b * 1000), min }' "$out/left.txt"
