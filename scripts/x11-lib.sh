#!/usr/bin/env bash
# Helpers for scripts that drive the real app under Xvfb (smoke, soak and screenshot scripts):
# a virtual screen, screenshots, the board's place on screen, and waits that poll what can
# be observed (a window, the save file, the screen) instead of sleeping fixed times.
# Source it after setting OUT (where logs and screenshots go); it sets xvfb, the server's pid.

xvfb=""
app="" # the pid of the app a script runs, killed if the script exits early

# app_session: build the desktop app and the phone simulation into dist/ and start a
# virtual screen; when the script exits, the app in $app is killed and the screen ended.
# BIN_DESKTOP and BIN_PHONE, when set, name binaries built elsewhere (an older commit's,
# to compare): that one is not built.
app_session() {
  BIN_DESKTOP=${BIN_DESKTOP:-} BIN_PHONE=${BIN_PHONE:-}
  [ -n "$BIN_DESKTOP" ] || { go build -tags no_emoji -o dist/xiangqi . && BIN_DESKTOP=dist/xiangqi; }
  [ -n "$BIN_PHONE" ] || { go build -tags mobile,no_emoji -o dist/xiangqi-mobile . && BIN_PHONE=dist/xiangqi-mobile; }
  trap end_app_session EXIT
  start_xvfb
}

end_app_session() {
  [ -n "$app" ] && kill -9 "$app" 2>/dev/null || true
  stop_xvfb
}

# start_xvfb: a virtual screen on the first free display from :97 on (or on $DISPLAY_NUM
# alone), waiting up to 30 s for it: a display left locked by another X server, or a slow
# start on a loaded machine, must not fail the test. The server is ready when it writes its
# display number to -displayfd; asking the display with xdpyinfo instead was once answered
# by the previous script's server while it was still shutting down, and the app then found
# no display. -noreset: by default the server resets when its last client leaves, and an app
# started again right after a kill -9 then sometimes found no display ("X11: Failed to open
# display", a GLFW panic in the app).
start_xvfb() {
  local displays n ready
  displays=${DISPLAY_NUM:-$(seq -f ':%g' 97 140)}
  ready=$(mktemp)
  for n in $displays; do
    [ -e "/tmp/.X${n#:}-lock" ] && continue
    : >"$ready"
    Xvfb "$n" -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x900x24}" -nolisten tcp -noreset 3>"$ready" >"$OUT/xvfb.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 300); do
      if [ -s "$ready" ] && DISPLAY=$n xdpyinfo >/dev/null 2>&1; then
        export DISPLAY=$n
        rm -f "$ready"
        echo "Xvfb on $n"
        return 0
      fi
      # A display another server holds makes Xvfb exit at once (it stays a zombie child).
      kill -0 "$xvfb" 2>/dev/null && ! grep -q 'already active' "$OUT/xvfb.log" || break
      sleep 0.1
    done
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    xvfb=""
  done
  rm -f "$ready"
  echo "Xvfb did not start"
  cat "$OUT/xvfb.log"
  return 1
}

# stop_xvfb: end the X server and wait until it has gone, so that a script started right
# after this one finds its display free.
stop_xvfb() {
  [ -n "$xvfb" ] || return 0
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  xvfb=""
}

shot() { import -window root "$OUT/$1.png"; echo "screenshot $OUT/$1.png"; }

# screen_sum: a checksum of what the screen shows now.
screen_sum() { import -window root rgb:- | md5sum | cut -d' ' -f1; }

# wait_screen_change SUM: wait up to 15 s until the screen differs from SUM.
wait_screen_change() {
  for _ in $(seq 150); do
    [ "$(screen_sum)" != "$1" ] && return 0
    sleep 0.1
  done
  echo "the screen did not change"
  return 1
}

# wait_window [PID]: the id of the app's window, waiting up to 30 s for it (and no longer
# than process PID lives, when given).
wait_window() {
  local wid=""
  for _ in $(seq 300); do
    wid=$(xdotool search --onlyvisible --name '^(Xiangqi|中国象棋|App)$' 2>/dev/null | head -1 || true)
    [ -n "$wid" ] && { echo "$wid"; return 0; }
    # An app that has exited will show no window: no need to wait the full 30 s.
    [ -z "${1:-}" ] || kill -0 "$1" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# place_window WID W H: the window moved to the top left corner and resized (there is no
# window manager to do it), once it has that size; sets X, Y, WIDTH and HEIGHT.
place_window() {
  xdotool windowsize "$1" "$2" "$3"
  xdotool windowmove "$1" 0 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "$1")"
    [ "$WIDTH" = "$2" ] && [ "$HEIGHT" = "$3" ] && return 0
    sleep 0.1
  done
}

# board_rect X Y W H: the board widget's rectangle in screen pixels, found as the box of
# the board's wood colour (gui/board/styles.go colorBoard) inside the window at X,Y of WxH.
board_rect() {
  import -window root png:- | convert - -crop "$3x$4+$1+$2" +repage \
    -fill black -fuzz 6% +opaque 'srgb(227,193,135)' -trim -format '%X %Y %w %h\n' info: |
    awk -v x="$1" -v y="$2" '{ printf "%d %d %d %d\n", x + $1, y + $2, $3, $4 }'
}

# wait_board X Y W H: the board's rectangle once the window has drawn it at its size: the
# same rectangle found twice in a row, wider than half the smaller window side.
wait_board() {
  local prev="" cur min=$(( $3 < $4 ? $3 : $4 ))
  for _ in $(seq 150); do
    cur=$(board_rect "$@" 2>/dev/null || true)
    if [ -n "$cur" ] && [ "$cur" = "$prev" ] && [ "$(echo "$cur" | cut -d' ' -f3)" -gt $((min / 2)) ]; then
      echo "$cur"
      return 0
    fi
    prev=$cur
    sleep 0.1
  done
  echo "no board on screen" >&2
  return 1
}

# point BX BY BW BH FILE RANK: screen pixel of a board point for the board rectangle
# BX,BY,BW,BH, by the board's proportions (gui/board/geometry.go): centred, cells of equal size.
point() {
  awk -v x="$1" -v y="$2" -v bw="$3" -v bh="$4" -v file="$5" -v rank="$6" 'BEGIN {
    margin = 0.62; band = 0.45
    uw = 8 + 2*margin; uh = 9 + 2*margin + 2*band
    cell = bw/uw; if (bh/uh < cell) cell = bh/uh
    left = (bw - cell*uw)/2; top = (bh - cell*uh)/2
    printf "%d %d\n", x + left + (margin + file)*cell, y + top + (margin + band + 9 - rank)*cell
  }'
}

# click_square BX BY BW BH SQUARE: click the board point named like h2.
click_square() {
  local file rank px py
  file=$(( $(printf '%d' "'${5:0:1}") - 97 ))
  rank=${5:1:1}
  read -r px py < <(point "$1" "$2" "$3" "$4" "$file" "$rank")
  xdotool mousemove "$px" "$py" click 1
}

# save_ply FILE: the cursor ply written in a save file, or -1 when there is none.
save_ply() {
  local p
  p=$(grep -o '"ply": *[0-9]*' "$1" 2>/dev/null | grep -o '[0-9]*$' || true)
  echo "${p:--1}"
}

# save_moves FILE: the moves of the line the save shows, in ICCS, separated by spaces: the
# cursor's line of a save ("xiangqi-save"), or the moves of a save of the first shape.
save_moves() {
  local line
  line=$(grep -o '"line": *"[^"]*"' "$1" 2>/dev/null | head -1 | sed 's/.*: *"\(.*\)"/\1/')
  if [ -n "$line" ] || grep -q '"cursor"' "$1" 2>/dev/null; then echo "$line"; return; fi
  tr -d '\n ' <"$1" 2>/dev/null | sed -n 's/.*"moves":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' ' '
}

# save_move_at FILE N: the N-th move (from 1) of the line the save shows.
save_move_at() { save_moves "$1" | awk -v n="$2" '{ print $n }'; }

# wait_save_file HOME: the path of the app's save under HOME, waiting up to 10 s for it (the
# desktop build keeps it under $XDG_CONFIG_HOME/fyne/<id>, the phone simulation under
# $TMPDIR/fyne-test/<id>).
wait_save_file() {
  local save=""
  for _ in $(seq 100); do
    save=$(find "$1" -name game.json | head -1)
    [ -n "$save" ] && { echo "$save"; return 0; }
    sleep 0.1
  done
  echo "no save file" >&2
  return 1
}

# wait_save_ply FILE PLY [SECONDS [MIN]]: wait until the save's cursor is at PLY (default
# 60 s); with MIN set to "min", at PLY or beyond.
wait_save_ply() {
  local tries=$(( ${3:-60} * 10 )) p
  for _ in $(seq "$tries"); do
    p=$(save_ply "$1")
    [ "$p" = "$2" ] && return 0
    [ "${4:-}" = min ] && [ "$p" -gt "$2" ] && return 0
    sleep 0.1
  done
  echo "the save did not reach ply $2 (it is at $(save_ply "$1"))"
  return 1
}
