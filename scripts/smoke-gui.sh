#!/usr/bin/env bash
# Smoke test of the real desktop app under Xvfb: start it on fresh storage, click the red
# cannon h2 and then e2 (炮二平五), wait for the engine's answer, and keep screenshots in
# $OUT (default dist/smoke/). Then the same with -tags mobile (the phone simulation), whose
# window must be resized once because there is no window manager.
# Needs xvfb, xdotool and imagemagick (make smoke installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/smoke}
mkdir -p "$OUT" dist

go build -o dist/xiangqi .
go build -tags mobile -o dist/xiangqi-mobile .

xvfb="" app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT

# start_xvfb: a virtual screen on the first free display from :97 on (or on $DISPLAY_NUM
# alone), waiting up to 30 s for it to answer: a display left locked by another X server,
# or a slow start on a loaded machine, must not fail the test.
start_xvfb() {
  local displays n
  displays=${DISPLAY_NUM:-$(seq -f ':%g' 97 140)}
  for n in $displays; do
    [ -e "/tmp/.X${n#:}-lock" ] && continue
    Xvfb "$n" -screen 0 1280x900x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 300); do
      if DISPLAY=$n xdpyinfo >/dev/null 2>&1; then
        export DISPLAY=$n
        echo "Xvfb on $n"
        return 0
      fi
      kill -0 "$xvfb" 2>/dev/null || break
      sleep 0.1
    done
    kill "$xvfb" 2>/dev/null || true
    xvfb=""
  done
  echo "smoke: Xvfb did not start"
  cat "$OUT/xvfb.log"
  return 1
}
start_xvfb

shot() { import -window root "$OUT/$1.png"; echo "screenshot $OUT/$1.png"; }

# board_rect X Y W H: the board widget's rectangle in screen pixels, found as the box of
# the board's wood colour (gui/board_render.go colorBoard) inside the window at X,Y of WxH.
board_rect() {
  import -window root png:- | convert - -crop "$3x$4+$1+$2" +repage \
    -fill black -fuzz 6% +opaque 'srgb(227,193,135)' -trim -format '%X %Y %w %h\n' info: |
    awk -v x="$1" -v y="$2" '{ printf "%d %d %d %d\n", x + $1, y + $2, $3, $4 }'
}

# point BX BY BW BH FILE RANK: screen pixel of a board point for the board rectangle
# BX,BY,BW,BH, by the board's proportions (gui/geometry.go): centred, cells of equal size.
point() {
  awk -v x="$1" -v y="$2" -v bw="$3" -v bh="$4" -v file="$5" -v rank="$6" 'BEGIN {
    margin = 0.62; band = 0.45
    uw = 8 + 2*margin; uh = 9 + 2*margin + 2*band
    cell = bw/uw; if (bh/uh < cell) cell = bh/uh
    left = (bw - cell*uw)/2; top = (bh - cell*uh)/2
    printf "%d %d\n", x + left + (margin + file)*cell, y + top + (margin + band + 9 - rank)*cell
  }'
}

run_case() { # name binary width height scale
  local name=$1 bin=$2 want_w=$3 want_h=$4 scale=$5 home
  home=$(mktemp -d)
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home FYNE_SCALE=$scale LANG=${SMOKE_LANG:-en_US.UTF-8} \
    "$bin" >"$OUT/$name.log" 2>&1 &
  app=$!
  local wid=""
  for _ in $(seq 300); do
    wid=$(xdotool search --onlyvisible --name '^(Xiangqi|中国象棋|App)$' 2>/dev/null | head -1 || true)
    [ -n "$wid" ] && break
    sleep 0.1
  done
  [ -n "$wid" ] || { echo "$name: no window"; cat "$OUT/$name.log"; exit 1; }
  xdotool windowsize "$wid" "$want_w" "$want_h"
  xdotool windowmove "$wid" 0 0
  sleep 1.5
  eval "$(xdotool getwindowgeometry --shell "$wid")"
  shot "$name-1-start"
  read -r bx by bw bh < <(board_rect "$X" "$Y" "$WIDTH" "$HEIGHT")
  echo "$name: window ${WIDTH}x$HEIGHT, board ${bw}x$bh at $bx,$by"
  read -r hx hy < <(point "$bx" "$by" "$bw" "$bh" 7 2)
  read -r ex ey < <(point "$bx" "$by" "$bw" "$bh" 4 2)
  xdotool mousemove "$hx" "$hy" click 1
  sleep 0.5
  shot "$name-2-selected"
  xdotool mousemove "$ex" "$ey" click 1
  sleep 0.3
  shot "$name-3-moved"
  # The default level thinks 1 s; give it time (a loaded machine may need more), then
  # check the save has two moves.
  # (Desktop builds save under $XDG_CONFIG_HOME/fyne/<id>, the phone simulation under
  # $TMPDIR/fyne-test/<id>; both are inside the fresh $home.)
  local save="" ok=""
  for _ in $(seq 150); do
    save=$(find "$home" -name game.json | head -1)
    if [ -n "$save" ] && grep -q '"ply": 2' "$save"; then ok=1; break; fi
    sleep 0.2
  done
  shot "$name-4-reply"
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  if [ -z "$ok" ]; then echo "$name: no engine reply in the save"; cat "$save" 2>/dev/null || true; exit 1; fi
  echo "$name: moved h2e2 and the engine replied; moves: $(tr -d '\n ' <"$save" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/')"
  rm -rf "$home"
}

run_case desktop dist/xiangqi 900 680 1
run_case mobile dist/xiangqi-mobile 400 720 1.5
run_case mobile-tall dist/xiangqi-mobile 390 844 1.5
echo "smoke: OK"
