#!/usr/bin/env bash
# Screenshots of the real app under Xvfb, for looking at what was built: every scene below in
# English and Chinese, on the desktop (1280x900) and in the phone simulation (-tags mobile,
# 390x844), written to $OUT (default dist/screens/) as SCENE-LANG-FORM.png.
#
# A scene is a save file the app opens at launch (scripts/scenes/NAME.json, or the output of
# scripts/scenes/NAME.sh when the save is made at shoot time: exit status 3 skips the scene,
# for data that is not here) and, optionally:
#   NAME.library/   a game library, copied as the storage's library/
#   NAME.puzzles.json  a puzzle progress, copied as the storage's puzzles.json
#   NAME.home/      files copied into the app's home folder (what a file dialog shows)
#   NAME.clipboard  text put on the clipboard before the keys (xclip; the desktop build reads
#                   it, the phone simulation has a clipboard of its own)
#   NAME.forms      the forms the scene is shot in, when not every one (e.g. "desktop")
#   NAME.keys       keys typed once the board is drawn, one xdotool key per line
#   NAME.clicks     clicks after the keys, lines "FORM X Y": a click at X,Y of the desktop
#                   (1280x900) or phone (390x844) window, where FORM is desktop or phone
#   NAME.steps      after those, one step a line: "key K", "type TEXT" (typed as it is, with
#                   $HOME and $SHARED replaced), "click FORM X Y", "square FORM SQ" (a click on
#                   the board point SQ, e.g. h2, found on screen), "drag FORM X1 Y1 X2 Y2" (a press
#                   at X1,Y1 moved to X2,Y2: scrolls a list or dialog on either form), "wait SECONDS"; FORM may be
#                   "any" or one language's form ("desktop-zh"); "shoot NAME" takes SCENE-NAME-LANG-FORM.png
#                   at once (a banner or a search that does not wait for the screen to settle); "wheel
#                   FORM X Y N" turns the mouse wheel N steps down at X,Y (scrolls a desktop dialog)
# With VARIANT set (e.g. VARIANT=before), NAME.VARIANT.EXT is used where it exists instead of
# NAME.EXT: an older build may need a save in its own format or clicks where its buttons were.
#
# Usage: scripts/screenshots.sh [SCENE...]   (default: every scene)
# Environment: OUT; BIN_DESKTOP and BIN_PHONE to shoot binaries built elsewhere (an older
# commit's, for before/after pictures) instead of building this tree; LANGS (default
# "en_US.UTF-8 zh_CN.UTF-8"); FORMS (default "desktop phone"); VARIANT; DESKTOP_SIZE (default
# 1280x900; the app opens at 900x680, where a scene's desktop clicks need a variant of their own).
# Needs xvfb, xdotool, xclip and imagemagick (make smoke-deps installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/screens}
LANGS=${LANGS:-en_US.UTF-8 zh_CN.UTF-8}
FORMS=${FORMS:-desktop phone}
VARIANT=${VARIANT:-}
DESKTOP_SIZE=${DESKTOP_SIZE:-1280x900}
SHARED=$(cd .. && pwd)/shared
mkdir -p "$OUT" dist
. scripts/x11-lib.sh

scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then
  for f in scripts/scenes/*.json scripts/scenes/*.sh; do
    [ -e "$f" ] || continue
    f=$(basename "$f"); f=${f%.*}; f=${f%.*}
    [[ " ${scenes[*]:-} " == *" $f "* ]] || scenes+=("$f")
  done
fi

app_session

# scene_file NAME EXT: the scene's file with that extension, the variant's where there is one.
scene_file() {
  local v="scripts/scenes/$1.$VARIANT.$2"
  if [ -n "$VARIANT" ] && [ -e "$v" ]; then echo "$v"; else echo "scripts/scenes/$1.$2"; fi
}

clip=""
shoot() { # scene lang form binary width height
  local scene=$1 lang=$2 form=$3 bin=$4 w=$5 h=$6 home wid dir f save step a b c board
  home=$(mktemp -d)
  save=$home/scene-save.json
  f=$(scene_file "$scene" sh)
  if [ -f "$f" ]; then
    local rc=0
    SHARED=$SHARED bash "$f" >"$save" || rc=$?
    if [ "$rc" = 3 ]; then echo "$scene: skipped (its data is not here)"; rm -rf "$home"; return 0; fi
    [ "$rc" = 0 ] || { echo "$scene: $f failed"; exit 1; }
  else
    cp "$(scene_file "$scene" json)" "$save"
  fi
  # The desktop build keeps its files under XDG_CONFIG_HOME, the phone simulation under TMPDIR.
  for dir in "$home/.config/fyne/io.github.xqfyne.xiangqi" "$home/fyne-test/io.github.xqfyne.xiangqi"; do
    mkdir -p "$dir"
    cp "$save" "$dir/game.json"
    f=$(scene_file "$scene" library)
    if [ -d "$f" ]; then cp -r "$f" "$dir/library"; fi
    f=$(scene_file "$scene" puzzles.json)
    if [ -f "$f" ]; then cp "$f" "$dir/puzzles.json"; fi
  done
  f=$(scene_file "$scene" home)
  if [ -d "$f" ]; then cp -r "$f/." "$home/"; fi
  f=$(scene_file "$scene" clipboard)
  if [ -f "$f" ]; then
    xclip -quiet -selection clipboard -i "$f" >/dev/null 2>&1 &
    clip=$!
  fi
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=$lang LANGUAGE=${lang%%_*} \
    "$bin" >"$OUT/$scene-$form.log" 2>&1 &
  app=$!
  wid=$(wait_window) || { echo "$scene: no window"; cat "$OUT/$scene-$form.log"; exit 1; }
  place_window "$wid" "$w" "$h"
  board=$(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
  f=$(scene_file "$scene" keys)
  if [ -f "$f" ]; then
    while read -r key; do
      [ -n "$key" ] && xdotool key --window "$wid" "$key"
      sleep 0.5
    done <"$f"
  fi
  f=$(scene_file "$scene" clicks)
  if [ -f "$f" ]; then
    while read -r at x y; do
      [ "$at" = "$form" ] || continue
      xdotool mousemove "$x" "$y" click 1
      sleep 0.7
    done <"$f"
  fi
  # for_me FORM: whether a step for FORM (desktop, phone, any, or one language's: phone-zh)
  # is for this shot.
  for_me() { [ "$1" = "$form" ] || [ "$1" = any ] || [ "$1" = "$form-${lang%%_*}" ]; }
  f=$(scene_file "$scene" steps)
  if [ -f "$f" ]; then
    while read -r step a b c; do
      case $step in
      key) xdotool key --window "$wid" "$a" ;;
      type)
        a="$a${b:+ $b}${c:+ $c}"
        a=${a//\$HOME/$home}
        a=${a//\$SHARED/$SHARED}
        xdotool type --delay 20 "$a" ;;
      click) for_me "$a" && xdotool mousemove "$b" "$c" click 1 ;;
      drag)
        read -r x1 y1 x2 y2 <<<"$b $c"
        if for_me "$a"; then
          xdotool mousemove "$x1" "$y1" mousedown 1
          for i in 1 2 3 4 5 6 7 8; do # in steps, as a finger moves
            xdotool mousemove $((x1 + (x2 - x1) * i / 8)) $((y1 + (y2 - y1) * i / 8))
            sleep 0.05
          done
          xdotool mouseup 1
        fi ;;
      square)
        if for_me "$a"; then
          # shellcheck disable=SC2086
          click_square $board "$b"
        fi ;;
      wait) sleep "$a" ;;
      wheel)
        read -r x1 y1 n <<<"$b $c"
        if for_me "$a"; then xdotool mousemove "$x1" "$y1" click --repeat "$n" --delay 50 5; fi ;;
      shoot)
        import -window root -crop "${w}x${h}+0+0" +repage "$OUT/$scene-$a-${lang%%_*}-$form.png"
        echo "$OUT/$scene-$a-${lang%%_*}-$form.png" ;;
      "" | "#"*) ;;
      *) echo "$scene: unknown step $step"; exit 1 ;;
      esac
      sleep 0.7
    done <"$f"
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
  if [ -n "$clip" ]; then
    kill "$clip" 2>/dev/null || true
    wait "$clip" 2>/dev/null || true
    clip=""
  fi
  rm -rf "$home"
}

for scene in "${scenes[@]}"; do
  for lang in $LANGS; do
    for form in $FORMS; do
      f=$(scene_file "$scene" forms)
      if [ -f "$f" ] && ! grep -qw "$form" "$f"; then continue; fi
      case $form in
      desktop) shoot "$scene" "$lang" desktop "$BIN_DESKTOP" "${DESKTOP_SIZE%x*}" "${DESKTOP_SIZE#*x}" ;;
      phone) shoot "$scene" "$lang" phone "$BIN_PHONE" 390 844 ;;
      *) echo "unknown form $form"; exit 1 ;;
      esac
    done
  done
done
