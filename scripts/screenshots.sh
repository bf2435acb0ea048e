#!/usr/bin/env bash
# Screenshots of the real app under Xvfb, for looking at what was built: every scene below in
# English and Chinese, on the desktop (1280x900) and in the phone simulation (-tags mobile,
# 390x844), written to $OUT (default dist/screens/) as SCENE-LANG-FORM.png.
# A scene is a save file the app opens at launch (scripts/scenes/NAME.json) and, optionally,
# keys typed once the board is drawn (scripts/scenes/NAME.keys, one xdotool key per line),
# a game library (scripts/scenes/NAME.library/, copied as the storage's library/), a puzzle
# progress (scripts/scenes/NAME.puzzles.json, copied as the storage's puzzles.json), and
# clicks after the keys (scripts/scenes/NAME.clicks, lines "FORM X Y": a click at X,Y of the
# desktop (1280x900) or phone (390x844) window, where FORM is desktop or phone).
# Usage: scripts/screenshots.sh [SCENE...]   (default: every scene)
# Needs xvfb, xdotool and imagemagick (make smoke-deps installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/screens}
mkdir -p "$OUT" dist
. scripts/x11-lib.sh

scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then
  for f in scripts/scenes/*.json; do scenes+=("$(basename "$f" .json)"); done
fi

app_session

shoot() { # scene lang form binary width height
  local scene=$1 lang=$2 form=$3 bin=$4 w=$5 h=$6 home wid dir
  home=$(mktemp -d)
  # The desktop build keeps its files under XDG_CONFIG_HOME, the phone simulation under TMPDIR.
  for dir in "$home/.config/fyne/io.github.xqfyne.xiangqi" "$home/fyne-test/io.github.xqfyne.xiangqi"; do
    mkdir -p "$dir"
    cp "scripts/scenes/$scene.json" "$dir/game.json"
    if [ -d "scripts/scenes/$scene.library" ]; then cp -r "scripts/scenes/$scene.library" "$dir/library"; fi
    if [ -f "scripts/scenes/$scene.puzzles.json" ]; then cp "scripts/scenes/$scene.puzzles.json" "$dir/puzzles.json"; fi
  done
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=$lang LANGUAGE=${lang%%_*} \
    "$bin" >"$OUT/$scene-$form.log" 2>&1 &
  app=$!
  wid=$(wait_window) || { echo "$scene: no window"; cat "$OUT/$scene-$form.log"; exit 1; }
  place_window "$wid" "$w" "$h"
  wait_board "$X" "$Y" "$WIDTH" "$HEIGHT" >/dev/null
  if [ -f "scripts/scenes/$scene.keys" ]; then
    while read -r key; do
      [ -n "$key" ] && xdotool key --window "$wid" "$key"
      sleep 0.5
    done <"scripts/scenes/$scene.keys"
  fi
  if [ -f "scripts/scenes/$scene.clicks" ]; then
    while read -r at x y; do
      [ "$at" = "$form" ] || continue
      xdotool mousemove "$x" "$y" click 1
      sleep 0.7
    done <"scripts/scenes/$scene.clicks"
  fi
  # Let a theme change for the window's size and any dialog settle: two equal screens.
  local prev="" cur
  for _ in $(seq 50); do
    sleep 0.3
    cur=$(screen_sum)
    [ "$cur" = "$prev" ] && break
    prev=$cur
  done
  import -window root -crop "${w}x${h}+0+0" +repage "$OUT/$scene-${lang%%_*}-$form.png"
  echo "$OUT/$scene-${lang%%_*}-$form.png"
  kill -9 "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=""
  rm -rf "$home"
}

for scene in "${scenes[@]}"; do
  for lang in en_US.UTF-8 zh_CN.UTF-8; do
    shoot "$scene" "$lang" desktop dist/xiangqi 1280 900
    shoot "$scene" "$lang" phone dist/xiangqi-mobile 390 844
  done
done
