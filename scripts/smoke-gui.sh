#!/usr/bin/env bash
# Smoke test of the real desktop app under Xvfb: start it on fresh storage, click the red
# cannon h2 and then e2 (炮二平五), wait for the engine's answer, take both moves back with
# Ctrl+Z and replay them with Ctrl+Y (desktop only; checked in the save file), keep screenshots in
# $OUT (default dist/smoke/). Then the same with -tags mobile (the phone simulation), whose
# window must be resized once because there is no window manager. Every step waits for
# something it can observe (the window, the board, the screen, the save), never a fixed time.
# Needs xvfb, xdotool and imagemagick (make smoke installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/smoke}
mkdir -p "$OUT" dist
. scripts/x11-lib.sh

app_session

run_case() { # name binary width height scale keys|nokeys (a phone has no keyboard shortcuts)
  local name=$1 bin=$2 want_w=$3 want_h=$4 scale=$5 keys=$6 home wid save="" sum
  home=$(mktemp -d)
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home FYNE_SCALE=$scale LANG=${SMOKE_LANG:-en_US.UTF-8} \
    "$bin" >"$OUT/$name.log" 2>&1 &
  app=$!
  wid=$(wait_window) || { echo "$name: no window"; cat "$OUT/$name.log"; exit 1; }
  place_window "$wid" "$want_w" "$want_h"
  read -r bx by bw bh < <(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
  shot "$name-1-start"
  echo "$name: window ${WIDTH}x$HEIGHT, board ${bw}x$bh at $bx,$by"
  # The new game is saved at launch (desktop builds under $XDG_CONFIG_HOME/fyne/<id>, the
  # phone simulation under $TMPDIR/fyne-test/<id>; both inside the fresh $home).
  for _ in $(seq 100); do
    save=$(find "$home" -name game.json | head -1)
    [ -n "$save" ] && break
    sleep 0.1
  done
  [ -n "$save" ] || { echo "$name: no save file"; exit 1; }
  sum=$(screen_sum)
  click_square "$bx" "$by" "$bw" "$bh" h2
  wait_screen_change "$sum"
  shot "$name-2-selected"
  click_square "$bx" "$by" "$bw" "$bh" e2
  wait_save_ply "$save" 1 15 min
  shot "$name-3-moved"
  wait_save_ply "$save" 2 60 || { echo "$name: no engine reply in the save"; cat "$save"; exit 1; }
  shot "$name-4-reply"
  echo "$name: moved h2e2 and the engine replied; moves: $(save_moves "$save")"
  if [ "$keys" = keys ]; then
    xdotool key --window "$wid" ctrl+z
    wait_save_ply "$save" 0 15 || { echo "$name: Ctrl+Z did not take both moves back"; exit 1; }
    xdotool key --window "$wid" ctrl+y
    wait_save_ply "$save" 2 15 || { echo "$name: Ctrl+Y did not replay both moves"; exit 1; }
    echo "$name: Ctrl+Z took both moves back and Ctrl+Y replayed them"
  fi
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  rm -rf "$home"
}

run_case desktop dist/xiangqi 900 680 1 keys
run_case mobile dist/xiangqi-mobile 400 720 1.5 nokeys
run_case mobile-tall dist/xiangqi-mobile 390 844 1.5 nokeys
echo "smoke: OK"
