#!/usr/bin/env bash
# Smoke test of the real desktop app under Xvfb: start it on fresh storage, click the red
# cannon h2 and then e2 (炮二平五), wait for the engine's answer, take both moves back with
# Ctrl+Z and replay them with Ctrl+Y (desktop only; checked in the save file), keep screenshots in
# $OUT (default dist/smoke/). On the desktop, a game taken back, played on and resigned must
# then be recorded as played (record_case). Then the same with -tags mobile (the phone
# simulation), whose window must be resized once because there is no window manager. Every step waits for
# something it can observe (the window, the board, the screen, the save), never a fixed time.
# Needs xvfb, xdotool, imagemagick and xclip (make smoke installs them).
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

# record_case: the game as played is the game recorded. Play h2e2 and wait for the reply, take
# both back with Ctrl+Z, play h0g2 and i0h0 with the engine's replies, resign (Resign, Yes,
# Close on the result screen), copy the game as PGN (More, Copy game (PGN)) and read the clipboard: its main line
# must be the four moves played, not the two taken back, and the library's entry four plies
# long. The buttons are clicked where the 900x680 English desktop layout puts them.
record_case() {
  go build -o dist/xqconvert ./cmd/xqconvert
  local home wid save pgn iccs want lib
  home=$(mktemp -d)
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=en_US.UTF-8 \
    dist/xiangqi >"$OUT/record.log" 2>&1 &
  app=$!
  wid=$(wait_window) || { echo "record: no window"; cat "$OUT/record.log"; exit 1; }
  place_window "$wid" 900 680
  read -r bx by bw bh < <(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
  save=$(wait_save_file "$home") || exit 1
  play_and_wait() { # FROM TO PLY: click a move, wait for the save to reach PLY (the reply)
    click_square "$bx" "$by" "$bw" "$bh" "$1"
    sleep 0.3
    click_square "$bx" "$by" "$bw" "$bh" "$2"
    wait_save_ply "$save" "$3" 60 || { echo "record: $1$2 or the reply is missing"; cat "$save"; exit 1; }
  }
  press() { # X Y: click there and wait until the screen shows the result
    local sum
    sum=$(screen_sum)
    xdotool mousemove "$1" "$2" click 1
    wait_screen_change "$sum"
    sleep 0.3 # a dialog's or menu's opening animation
  }
  play_and_wait h2 e2 2
  xdotool key --window "$wid" ctrl+z
  wait_save_ply "$save" 0 15 || { echo "record: Ctrl+Z did not take both moves back"; exit 1; }
  play_and_wait h0 g2 2
  play_and_wait i0 h0 4
  press 601 162 # Resign
  press 483 377 # Yes
  shot record-1-resigned
  press 619 396 # Close (the result screen's last button)
  press 858 281 # More (below the result line the finished game shows)
  shot record-2-more
  xdotool mousemove 800 378 click 1 # Copy game (PGN) (the menu fits a 680-high window with tighter rows)
  for _ in $(seq 50); do
    pgn=$(xclip -selection clipboard -o 2>/dev/null || true)
    [ -n "$pgn" ] && break
    sleep 0.1
  done
  [ -n "$pgn" ] || { echo "record: nothing on the clipboard"; exit 1; }
  printf '%s\n' "$pgn" >"$OUT/record.pgn"
  iccs=$(dist/xqconvert -to iccs "$OUT/record.pgn" | sed -n 2p)
  want="h0g2 $(save_move_at "$save" 2) i0h0 $(save_move_at "$save" 4)"
  echo "record: main line of the copied PGN: $iccs"
  [ "$iccs" = "$want" ] || { echo "record: the PGN's main line is not the game played ($want)"; cat "$OUT/record.pgn"; exit 1; }
  grep -q '^\[Result "0-1"\]' "$OUT/record.pgn" || { echo "record: the PGN does not say Black won"; exit 1; }
  for _ in $(seq 50); do
    lib=$(find "$home" -name library.json | head -1)
    [ -n "$lib" ] && grep -q '"plies": 4' "$lib" && break
    sleep 0.1
  done
  grep -q '"plies": 4' "$lib" || { echo "record: the library does not list the game as 4 plies"; cat "$lib"; exit 1; }
  echo "record: the PGN and the library hold the game as played"
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  rm -rf "$home"
}

run_case desktop dist/xiangqi 900 680 1 keys
record_case
run_case mobile dist/xiangqi-mobile 400 720 1.5 nokeys
run_case mobile-tall dist/xiangqi-mobile 390 844 1.5 nokeys
echo "smoke: OK"
