#!/usr/bin/env bash
# Screenshots of the app's looks under Xvfb: each board style, piece set and theme, and
# face-to-face, in English and Chinese, desktop and phone simulation (-tags mobile), with
# the settings dialog open in some. Each case writes a save file with its settings and a
# few moves, then starts the real app on it. Screenshots go to $OUT (dist/style-shots).
# Usage: scripts/style-shots.sh   (DISPLAY_NUM=:57 to choose the X display)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/style-shots}
mkdir -p "$OUT"
. scripts/x11-lib.sh

app_session

app_id=io.github.xqfyne.xiangqi

# save_file HUMAN BOARD PIECES THEME FACE MOVES...: a save with these settings and moves.
save_file() {
  local human=$1 board=$2 pieces=$3 theme=$4 face=$5 moves="" m
  shift 5
  for m in "$@"; do moves="$moves${moves:+, }\"$m\""; done
  cat <<JSON
{
  "format": "xiangqi-game",
  "version": 1,
  "startFen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  "moves": [$moves],
  "ply": $#,
  "metadata": {"human": "$human", "difficultySeconds": 1},
  "settings": {"boardStyle": "$board", "pieceSet": "$pieces", "theme": "$theme", "faceToFace": "$face",
    "book": "true", "coords": "true", "flipped": "false", "random": "true", "warnRepetition": "true"}
}
JSON
}

# shoot NAME BIN W H SCALE LANG SETTINGS_CLICK HUMAN BOARD PIECES THEME FACE MOVES...: start
# the app on such a save in a window of WxH, screenshot it; with SETTINGS_CLICK "X,Y" (a
# fraction of the window), click there to open the settings and screenshot again.
shoot() {
  local name=$1 bin=$2 w=$3 h=$4 scale=$5 lang=$6 click=$7 home wid sum
  shift 7
  home=$(mktemp -d)
  for dir in "$home/.config/fyne/$app_id" "$home/fyne-test/$app_id"; do
    mkdir -p "$dir"
    save_file "$@" >"$dir/game.json"
  done
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home FYNE_SCALE=$scale LANG=$lang \
    "$bin" >"$OUT/$name.log" 2>&1 &
  app=$!
  wid=$(wait_window) || { echo "$name: no window"; cat "$OUT/$name.log"; exit 1; }
  xdotool windowsize "$wid" "$w" "$h"
  xdotool windowmove "$wid" 0 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "$wid")"
    [ "$WIDTH" = "$w" ] && [ "$HEIGHT" = "$h" ] && break
    sleep 0.1
  done
  xdotool mousemove 1279 899 # the pointer out of the picture
  sleep 1.5 # the window draws at its new size (no board colour to wait for: styles differ)
  import -window root -crop "${w}x${h}+0+0" +repage "$OUT/$name.png"
  echo "screenshot $OUT/$name.png"
  if [ "$click" != - ]; then
    sum=$(screen_sum)
    xdotool mousemove "$(awk -v f="${click%,*}" -v w="$w" 'BEGIN{printf "%d", f*w}')" \
      "$(awk -v f="${click#*,}" -v h="$h" 'BEGIN{printf "%d", f*h}')" click 1
    wait_screen_change "$sum"
    xdotool mousemove 1279 899
    sleep 0.5
    import -window root -crop "${w}x${h}+0+0" +repage "$OUT/$name-settings.png"
    echo "screenshot $OUT/$name-settings.png"
    # Scroll the form to its end, where the look's fields are.
    sum=$(screen_sum)
    # (the wheel on a desktop; a drag on the phone simulation, where a drag is a swipe)
    xdotool mousemove $((w / 2)) $((h / 2)) click --repeat 15 --delay 30 5
    xdotool mousemove $((w / 2)) $((h * 7 / 10)) mousedown 1
    for y in $(seq $((h * 7 / 10)) -20 $((h / 5))); do xdotool mousemove $((w / 2)) "$y"; sleep 0.02; done
    xdotool mouseup 1 mousemove 1279 899
    wait_screen_change "$sum" || true
    sleep 0.5
    import -window root -crop "${w}x${h}+0+0" +repage "$OUT/$name-settings-end.png"
    echo "screenshot $OUT/$name-settings-end.png"
  fi
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  rm -rf "$home"
}

en=en_US.UTF-8
zh=zh_CN.UTF-8
opening=(h2e2 h9g7 h0g2 i9h9)
shoot desktop-en-plain-pictogram dist/xiangqi 900 680 1 $en - red plain pictogram light false "${opening[@]}"
shoot desktop-zh-wood-dark-facetoface dist/xiangqi 900 680 1 $zh - both wood calligraphy dark true "${opening[@]}" i0h0
shoot desktop-en-pictogram-facetoface dist/xiangqi 900 680 1 $en - both wood pictogram light true "${opening[@]}" i0h0
shoot desktop-zh-plain-settings dist/xiangqi 900 680 1 $zh "${SETTINGS_DESKTOP:-0.93,0.15}" red plain calligraphy light false "${opening[@]}"
shoot desktop-en-dark-settings dist/xiangqi 900 680 1 $en "${SETTINGS_DESKTOP:-0.93,0.15}" red wood pictogram dark false "${opening[@]}"
shoot phone-en-pictogram-facetoface dist/xiangqi-mobile 400 720 1.5 $en - both wood pictogram dark true "${opening[@]}" i0h0
shoot phone-zh-plain dist/xiangqi-mobile 400 720 1.5 $zh "${SETTINGS_PHONE:-0.83,0.73}" red plain calligraphy light false "${opening[@]}"
shoot phone-zh-facetoface dist/xiangqi-mobile 400 720 1.5 $zh - both wood calligraphy light true "${opening[@]}" i0h0
echo "style shots: OK"
