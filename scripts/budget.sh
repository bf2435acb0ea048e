#!/usr/bin/env bash
# The phone budget (docs/budget.md), measured on this machine:
#  - desktop: the real app under Xvfb on fresh storage; its resident memory (VmRSS, less the
#    software OpenGL renderer a phone does not have; both are printed) 20 s after
#    start, the CPU seconds it uses idle over the next IDLE_SECONDS (60), then its memory after
#    GAMES (2) full games against the engine at the default level, the player's moves chosen
#    by the native engine (dist/xqengine, MOVETIME ms a move) and clicked on the board;
#    and the same figures of the smallest Fyne app (scripts/fynefloor), the toolkit's floor,
#    idle beside it over the same minute;
#    heap profiles at both points (the app writes them on SIGUSR1 when XIANGQI_HEAP_PROFILES
#    names a folder, profile_unix.go) and the Go heap held at each, and the process's
#    mappings at both (/proc/PID/smaps, as smaps-1.txt and smaps-2.txt);
#  - phone: the same figures of the phone simulation (the app built with -tags mobile: Fyne's
#    mobile driver in a 390x844 window), its games played and a new game started through the
#    phone's own screens (it has no keyboard shortcuts), the floor app built with the same
#    tags; figures named "phone:", its profiles and log in $OUT/phone;
#  - web: the browser build's smoke run (scripts/smoke-web.sh): the .wasm
#    raw and brotli sizes, how often the server sent the .wasm, the first and offline load times;
#    WEB_DIR=wasm reuses a build instead of building (make web takes minutes).
# It prints every figure, then fails when one is past its budget. Phases (all by default):
# PHASES="desktop phone web". BIN_DESKTOP and BIN_PHONE measure binaries built elsewhere.
# Needs what make smoke and make smoke-web install. Output and profiles go to $OUT.
#
# --ci: the quick check CI runs after its smoke tests (about 2.5 minutes): the binaries CI built
# (dist/xiangqi, dist/xqengine, and dist/xiangqi-mobile from make smoke) instead of new builds,
# CI_MOVES (10) moves against the engine instead of two games (the figure "after games" is
# then after those moves, against the same 180 MB), the phone without its idle minute (the
# desktop's is measured; the phone's would add a minute to CI's), and the web figures read
# from the smoke run CI made (WEB_LOG, its output, and
# WEB_BUILD, the build it served) instead of a smoke run of its own. The targets not met today
# (the raw .wasm, the load times: docs/budget.md) fail there only past a ceiling that keeps
# today's figures from growing (CI_WASM_MB and the CI_*_S below); both are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
CI_MODE=""
[ "${1:-}" = "--ci" ] && CI_MODE=1
OUT=${OUT:-/tmp/xiangqi-budget}
PHASES=${PHASES:-desktop phone web}
GAMES=${GAMES:-2}
CI_MOVES=${CI_MOVES:-10}
MOVETIME=${MOVETIME:-150}
IDLE_SECONDS=${IDLE_SECONDS:-60}
# The budgets (docs/budget.md).
RSS_START_MB=${RSS_START_MB:-150}
RSS_GAMES_MB=${RSS_GAMES_MB:-180}
IDLE_CPU_S=${IDLE_CPU_S:-0.5}
IDLE_OVER_FLOOR_S=${IDLE_OVER_FLOOR_S:-0.15}
WASM_MB=${WASM_MB:-30}
WASM_BR_MB=${WASM_BR_MB:-10}
FIRST_LOAD_S=${FIRST_LOAD_S:-1.5}
ENGINE_READY_S=${ENGINE_READY_S:-3}
OFFLINE_LOAD_S=${OFFLINE_LOAD_S:-1.5}
# The ceilings --ci fails past for the targets above that are not met yet (a loaded CI
# machine's Chromium compiles the 43 MB .wasm in 5-30 s), or that a loaded machine's
# Chromium misses by a little (the placeholder board: 1.46 s here with a load of 10).
CI_WASM_MB=${CI_WASM_MB:-45}
CI_PLACEHOLDER_S=${CI_PLACEHOLDER_S:-5}
CI_FIRST_LOAD_S=${CI_FIRST_LOAD_S:-60}
CI_ENGINE_READY_S=${CI_ENGINE_READY_S:-70}
CI_OFFLINE_LOAD_S=${CI_OFFLINE_LOAD_S:-30}
mkdir -p "$OUT" dist
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT"/heap-*.pprof "$OUT"/smaps-*.txt "$OUT"/phone/heap-*.pprof "$OUT"/phone/smaps-*.txt "$OUT"/*.png
over=()
unmet=()
figure() { printf '%-45s %s\n' "$1:" "$2" | tee -a "$OUT/figures.txt"; }
: >"$OUT/figures.txt"
past() { awk -v v="$1" -v l="$2" 'BEGIN { exit !(v > l) }'; }
# budget NAME VALUE LIMIT: a figure past its limit fails the run (at the end).
budget() { past "$2" "$3" && over+=("$1 $2 > $3") || true; }
# target NAME VALUE TARGET CEILING: with --ci, a figure past its target is reported and
# fails only past the ceiling; otherwise the target is the budget.
target() {
  if [ -z "$CI_MODE" ]; then budget "$1" "$2" "$3"; return; fi
  past "$2" "$3" && unmet+=("$1 $2 > $3 (CI ceiling $4)") || true
  budget "$1" "$2" "$4"
}

rss_mb() { awk '/^VmRSS:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$1/status"; }
# gl_mb PID: the resident part of the software OpenGL renderer Xvfb needs (Mesa's llvmpipe:
# libLLVM, the *_dri.so driver, libgallium, its shader cache), which a phone, drawing with
# its GPU's driver, does not load. The budget is for the rest (docs/budget.md).
gl_mb() {
  awk '/^[0-9a-f]+-[0-9a-f]+ / { name = $6 }
    /^Rss:/ && name ~ /libLLVM|_dri\.so|libgallium|mesa_shader_cache/ { kb += $2 }
    END { printf "%.1f\n", kb / 1024 }' "/proc/$1/smaps"
}
# app_mb PID: the resident memory less the software renderer's.
app_mb() { awk -v r="$(rss_mb "$1")" -v g="$(gl_mb "$1")" 'BEGIN { printf "%.1f\n", r - g }'; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# heap PID DIR N: heap profile N of the app (DIR/heap-N.pprof, DIR its XIANGQI_HEAP_PROFILES),
# and the Go heap it holds (in use, MB).
heap() {
  kill -USR1 "$1"
  for _ in $(seq 100); do [ -s "$2/heap-$3.pprof" ] && break; sleep 0.1; done
  sleep 0.5
  go tool pprof -sample_index=inuse_space -top -nodecount=1 "$2/heap-$3.pprof" 2>/dev/null |
    sed -n 's/^Showing nodes accounting for .* of \([0-9.]*\)\([kMG]B\) total$/\1 \2/p' |
    awk '{ v = $1; if ($2 == "kB") v /= 1024; if ($2 == "GB") v *= 1024; printf "%.1f\n", v }'
}

# button_at X Y H COLOUR [N]: the middle (screen y) of the N-th band (default the first) of
# COLOUR (hex, like 296FF6), 30 px or taller, down the screen from Y for H pixels in the strip
# 160 px wide centred on X: a button of that colour the strip crosses. A row is of the colour
# where a fifth of its pixels are (a label and an icon cover the rest). Nothing when none is.
button_at() {
  import -window root png:- |
    convert - -crop "160x$3+$(($1 - 80))+$2" +repage -fuzz 1% -fill black +opaque "#$4" \
      -fill white -opaque "#$4" -scale "1x$3!" -colorspace gray -depth 8 txt:- |
    sed -n 's/^0,\([0-9]*\): (\([0-9.]*\).*/\1 \2/p' |
    awk -v y0="$2" -v n="${5:-1}" '
      function band_end() {
        if (!found && len >= 30 && ++seen == n) { printf "%d\n", y0 + first + len / 2; found = 1 }
        len = 0
      }
      $2 >= 51 { if (!len) first = $1; len++; next }
      { band_end() }
      END { band_end() }'
}

# The colours of the phone's buttons (the theme's primary and its button grey).
BLUE=296FF6
GREY=F5F5F5

# desktop_new_game: after a game, a new one with the same settings: the result dialog closes
# with Escape, Ctrl+N asks for the new game, and Start is the dialog's confirm button (900x680,
# English).
desktop_new_game() {
  xdotool key --window "$wid" Escape
  sleep 0.5
  xdotool key --window "$wid" ctrl+n
  sleep 1
  shot "$shots-new-game-$g"
  xdotool mousemove "${START_X:-494}" "${START_Y:-521}" click 1
}

# phone_new_game: the same through the phone's own screens, which have no keys: the result
# dialog's New game (its buttons Rematch, the blue one, Review, New game, Close, one under the
# other), then the new game dialog's Start (its blue button). Both dialogs are centred, so
# their buttons are found down the window's middle column.
phone_new_game() {
  local cx=$((X + WIDTH / 2)) rematch="" at="" start="" prev=""
  for _ in $(seq 100); do
    rematch=$(button_at "$cx" "$Y" "$HEIGHT" "$BLUE")
    [ -n "$rematch" ] && break
    sleep 0.1
  done
  [ -n "$rematch" ] || { echo "budget: phone: no result dialog"; shot "$shots-no-result"; exit 1; }
  at=$(button_at "$cx" "$rematch" $((Y + HEIGHT - rematch)) "$GREY" 2)
  [ -n "$at" ] || { echo "budget: phone: no New game under Rematch"; shot "$shots-no-result"; exit 1; }
  xdotool mousemove "$cx" "$at" click 1
  # Start, once the dialog stands still (the same place twice) and not where Rematch was.
  for _ in $(seq 100); do
    sleep 0.1
    start=$(button_at "$cx" "$Y" "$HEIGHT" "$BLUE")
    [ -n "$start" ] && [ "$start" != "$rematch" ] && [ "$start" = "$prev" ] && break
    prev=$start
    start=""
  done
  shot "$shots-new-game-$g"
  [ -n "$start" ] || { echo "budget: phone: no Start in the new game dialog"; exit 1; }
  xdotool mousemove "$cx" "$start" click 1
}

# measure FORM: the app in one form, desktop (the desktop build, 900x680) or phone (the phone
# simulation, -tags mobile: Fyne's mobile driver in a phone-sized window, 390x844 like
# scripts/screenshots.sh, with the phone's screens and no keyboard shortcuts), measured the
# same way: its memory 20 s after start, its idle minute beside the floor app built with
# the same tags, its memory after the games. The phone's figures, screenshots and profiles
# are named phone (profiles and log in $OUT/phone).
measure() {
  local form=$1 bin tags w h dir label shots new_game
  # app_session (x11-lib.sh) builds each binary not named: only the one measured here.
  local BIN_DESKTOP=${BIN_DESKTOP:-} BIN_PHONE=${BIN_PHONE:-}
  . scripts/x11-lib.sh
  case $form in
  desktop)
    BIN_PHONE=${BIN_PHONE:-none} tags=no_emoji w=900 h=680 dir=$OUT label="" shots=budget new_game=desktop_new_game
    # CI built it (.ci/run, "build every binary"): measure that.
    [ -n "$CI_MODE" ] && [ -x dist/xiangqi ] && BIN_DESKTOP=${BIN_DESKTOP:-dist/xiangqi} ;;
  phone)
    BIN_DESKTOP=${BIN_DESKTOP:-none} tags=mobile,no_emoji w=390 h=844 dir=$OUT/phone label="phone: " shots=budget-phone new_game=phone_new_game
    # CI's smoke test (make smoke) built it.
    [ -n "$CI_MODE" ] && [ -x dist/xiangqi-mobile ] && BIN_PHONE=${BIN_PHONE:-dist/xiangqi-mobile} ;;
  *) echo "budget: no form $form"; exit 1 ;;
  esac
  if [ -n "$CI_MODE" ]; then
    [ -x dist/xqengine ] || go build -o dist/xqengine ./cmd/xqengine
  else
    go build -o dist/xqengine ./cmd/xqengine
  fi
  mkdir -p "$dir"
  app_session
  bin=$BIN_DESKTOP
  [ "$form" = phone ] && bin=$BIN_PHONE
  floor=""
  trap '[ -z "$floor" ] || kill "$floor" 2>/dev/null; end_app_session' EXIT
  local home wid save t0 c0 c1 f0 f1 hz lib before n moves mv p fhome fwid rss_start rss_games idle_cpu floor_cpu
  # In CI the phone's idle minute is left out (CI measures the desktop's, and Fyne's drivers
  # both sit at the toolkit's floor): the phone's memory is checked in about 35 s more.
  local idle=$IDLE_SECONDS
  if [ -n "$CI_MODE" ] && [ "$form" = phone ]; then idle=0; fi
  if [ "$idle" -gt 0 ]; then go build -tags "$tags" -o "dist/fynefloor-$form" ./scripts/fynefloor; fi
  home=$(mktemp -d)
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=en_US.UTF-8 XIANGQI_HEAP_PROFILES=$dir \
    "$bin" >"$dir/app.log" 2>&1 &
  app=$!
  t0=$(date +%s)
  wid=$(wait_window "$app") || { echo "budget: $form: no window"; cat "$dir/app.log"; exit 1; }
  place_window "$wid" "$w" "$h"
  read -r bx by bw bh < <(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
  save=$(wait_save_file "$home")
  if [ "$idle" -gt 0 ]; then
    # The floor: the smallest Fyne app, started now beside the app and measured the same way over
    # the same minute, so that both see the same load. Fyne's desktop and mobile drivers wake 60
    # times a second whether or not anything is drawn.
    fhome=$(mktemp -d)
    HOME=$fhome XDG_CONFIG_HOME=$fhome/.config TMPDIR=$fhome "dist/fynefloor-$form" >"$dir/floor.log" 2>&1 &
    floor=$!
    fwid=""
    for _ in $(seq 300); do
      fwid=$(xdotool search --onlyvisible --name '^App$' 2>/dev/null | grep -vx "$wid" | head -1 || true)
      [ -n "$fwid" ] && break
      sleep 0.1
    done
    [ -n "$fwid" ] || { echo "budget: $form: the floor app shows no window"; exit 1; }
    xdotool windowsize "$fwid" 300 200
    xdotool windowmove "$fwid" 950 0 # beside the app's window, not over it
  fi
  sleep $((t0 + 20 - $(date +%s))) || true # the 20 s after start are the measurement
  rss_start=$(app_mb "$app")
  cat "/proc/$app/smaps" >"$dir/smaps-1.txt" # the mappings behind the figure, to compare
  figure "${label}RSS 20 s after start, all (MB)" "$(rss_mb "$app")"
  figure "${label}  of it software GL (MB)" "$(gl_mb "$app")"
  figure "${label}RSS 20 s after start (MB)" "$rss_start"
  figure "${label}Go heap in use at 20 s (MB)" "$(heap "$app" "$dir" 1)"
  shot "$shots-start"
  if [ "$idle" -gt 0 ]; then
    hz=$(getconf CLK_TCK)
    figure "${label}floor app: RSS, all (MB)" "$(rss_mb "$floor")"
    figure "${label}floor app: RSS less software GL (MB)" "$(app_mb "$floor")"
    c0=$(cpu_ticks "$app")
    f0=$(cpu_ticks "$floor")
    sleep "$idle"
    c1=$(cpu_ticks "$app")
    f1=$(cpu_ticks "$floor")
    idle_cpu=$(awk -v t=$((c1 - c0)) -v hz="$hz" 'BEGIN { printf "%.2f\n", t / hz }')
    floor_cpu=$(awk -v t=$((f1 - f0)) -v hz="$hz" 'BEGIN { printf "%.2f\n", t / hz }')
    figure "${label}idle CPU over ${idle} s (s)" "$idle_cpu"
    figure "${label}floor app: idle CPU, same minute (s)" "$floor_cpu"
    kill "$floor"; wait "$floor" 2>/dev/null || true
    floor=""
    rm -rf "$fhome"
  fi
  finished() { grep -o '"result": *"[^"]*"' "$1" 2>/dev/null | grep -vc '"\*"' || true; }
  local games=$GAMES limit=200 played=0 g
  [ -n "$CI_MODE" ] && games=1 limit=$CI_MOVES
  for g in $(seq "$games"); do
    lib=$(find "$home" -name library.json | head -1)
    before=$(finished "$lib")
    for n in $(seq "$limit"); do
      moves=$(save_moves "$save")
      mv=$( (printf 'uci\nposition startpos moves %s\ngo movetime %s\n' "$moves" "$MOVETIME"; sleep "$(awk -v m="$MOVETIME" 'BEGIN { print m / 1000 + 0.4 }')"; echo quit) |
        dist/xqengine | sed -n 's/^bestmove \([a-i][0-9][a-i][0-9]\).*/\1/p')
      [ -n "$mv" ] || break
      p=$(save_ply "$save")
      click_square "$bx" "$by" "$bw" "$bh" "${mv:0:2}"
      sleep 0.3
      click_square "$bx" "$by" "$bw" "$bh" "${mv:2:2}"
      # the reply, or the end of the game (the library records it)
      for _ in $(seq 600); do
        lib=$(find "$home" -name library.json | head -1)
        [ "$(save_ply "$save")" -ge $((p + 2)) ] && break
        [ -n "$lib" ] && [ "$(finished "$lib")" -gt "${before:-0}" ] && break
        sleep 0.1
      done
      [ -n "$lib" ] && [ "$(finished "$lib")" -gt "${before:-0}" ] && break
      [ "$(save_ply "$save")" -ge $((p + 2)) ] || { echo "budget: $form: game $g: no reply to $mv"; shot "$shots-stuck"; exit 1; }
      played=$n
    done
    if [ -n "$CI_MODE" ]; then
      [ "$played" -ge 1 ] || { echo "budget: $form: no move was played"; exit 1; }
      echo "budget: $form: $played moves played, $(save_ply "$save") plies, RSS $(rss_mb "$app") MB, less software GL $(app_mb "$app") MB"
      shot "$shots-moves"
      break
    fi
    lib=$(find "$home" -name library.json | head -1)
    [ -n "$lib" ] && [ "$(finished "$lib")" -gt "${before:-0}" ] || { echo "budget: $form: game $g did not end in 200 moves"; exit 1; }
    echo "budget: $form: game $g over after $(save_ply "$save") plies, RSS $(rss_mb "$app") MB, less software GL $(app_mb "$app") MB"
    shot "$shots-game-$g"
    [ "$g" = "$GAMES" ] && break
    "$new_game"
    wait_save_ply "$save" 0 15 || { echo "budget: $form: no new game"; shot "$shots-no-new-game"; exit 1; }
  done
  rss_games=$(app_mb "$app")
  cat "/proc/$app/smaps" >"$dir/smaps-2.txt"
  local after="$GAMES games"
  [ -n "$CI_MODE" ] && after="$played moves"
  figure "${label}RSS after $after, all (MB)" "$(rss_mb "$app")"
  figure "${label}  of it software GL (MB)" "$(gl_mb "$app")"
  figure "${label}RSS after $after (MB)" "$rss_games"
  figure "${label}Go heap in use after $after (MB)" "$(heap "$app" "$dir" 2)"
  budget "${label}RSS at 20 s (MB)" "$rss_start" "$RSS_START_MB"
  budget "${label}RSS after games (MB)" "$rss_games" "$RSS_GAMES_MB"
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  rm -rf "$home"
  # Idle, the app may use IDLE_CPU_S, or the floor and IDLE_OVER_FLOOR_S where the floor
  # alone is past that (a loaded machine): what the app itself does while nothing changes.
  [ "$idle" -eq 0 ] ||
    budget "${label}idle CPU (s)" "$idle_cpu" "$(awk -v a="$IDLE_CPU_S" -v f="$floor_cpu" -v o="$IDLE_OVER_FLOOR_S" 'BEGIN { print (f + o > a ? f + o : a) }')"
  end_app_session
  trap - EXIT
}

desktop() { measure desktop; }
phone() { measure phone; }

web() {
  local log=$OUT/smoke-web.log build=$OUT/web/web wasm raw br fetched placeholder offline_placeholder first ready offline
  if [ -n "$CI_MODE" ]; then
    # The smoke run CI made (make smoke-web, its output in WEB_LOG); it failed CI already if
    # the page did not work.
    log=${WEB_LOG:-/tmp/xiangqi-smoke-web.log}
    build=${WEB_BUILD:-/tmp/xiangqi-smoke-web/web}
    [ -s "$log" ] && ls "$build"/*.wasm >/dev/null 2>&1 || { over+=("no smoke-web run to read: $log, $build"); return; }
    grep -q '^smoke-web: ok' "$log" || over+=("the browser smoke run in $log did not pass")
  else
    OUT=$OUT/web RELEASE=1 BROTLI_QUALITY=${BROTLI_QUALITY:-11} bash scripts/smoke-web.sh 2>&1 | tee "$log"
    [ "${PIPESTATUS[0]}" = 0 ] || over+=("the browser smoke run failed")
  fi
  wasm=$(ls "$build"/*.wasm | head -1)
  raw=$(stat -c %s "$wasm")
  br=$(stat -c %s "$wasm.br" 2>/dev/null || echo 0)
  fetched=$(sed -n 's/^the .wasm was fetched \([0-9]*\) time.*/\1/p' "$log")
  placeholder=$(sed -n 's/^first load: placeholder board painted \([0-9.]*\) s.*/\1/p' "$log")
  offline_placeholder=$(sed -n 's/^offline reload: placeholder board painted \([0-9.]*\) s.*/\1/p' "$log")
  first=$(sed -n 's/^first load: board drawn \([0-9.]*\) s.*/\1/p' "$log")
  ready=$(sed -n 's/^engine ready: first answer \([0-9.]*\) s.*/\1/p' "$log")
  offline=$(sed -n 's/^offline reload: board drawn after \([0-9.]*\) s.*/\1/p' "$log")
  figure ".wasm raw (MB)" "$(awk -v b="$raw" 'BEGIN { printf "%.1f", b / 1e6 }')"
  figure ".wasm brotli (MB)" "$(awk -v b="$br" 'BEGIN { printf "%.1f", b / 1e6 }')"
  figure ".wasm fetches in the smoke run" "${fetched:-?}"
  figure "first load, placeholder board (s)" "${placeholder:-?}"
  figure "first load, app's board drawn (s)" "${first:-?}"
  figure "engine ready, first answer (s)" "${ready:-?}"
  figure "offline, placeholder board (s)" "${offline_placeholder:-?}"
  figure "offline, app's board drawn (s)" "${offline:-?}"
  # smoke-web fails unless each of its two browser profiles fetched the .wasm once.
  [ "${fetched:-0}" = 2 ] || over+=(".wasm fetches ${fetched:-?} != 2 (one per browser profile)")
  target ".wasm raw (MB)" "$(awk -v b="$raw" 'BEGIN { print b / 1e6 }')" "$WASM_MB" "$CI_WASM_MB"
  budget ".wasm brotli (MB)" "$(awk -v b="$br" 'BEGIN { print b / 1e6 }')" "$WASM_BR_MB"
  # A board on screen within FIRST_LOAD_S (the issue allows a placeholder board): the loading
  # page's; the app's own board and its engine are targets until the .wasm compiles faster.
  target "first load, placeholder board (s)" "${placeholder:-99}" "$FIRST_LOAD_S" "$CI_PLACEHOLDER_S"
  target "offline, placeholder board (s)" "${offline_placeholder:-99}" "$OFFLINE_LOAD_S" "$CI_PLACEHOLDER_S"
  target "first load, app's board (s)" "${first:-99}" "$FIRST_LOAD_S" "$CI_FIRST_LOAD_S"
  target "engine ready (s)" "${ready:-99}" "$ENGINE_READY_S" "$CI_ENGINE_READY_S"
  target "offline, app's board (s)" "${offline:-99}" "$OFFLINE_LOAD_S" "$CI_OFFLINE_LOAD_S"
}

for phase in $PHASES; do "$phase"; done
echo "== budget figures ($OUT/figures.txt)"
cat "$OUT/figures.txt"
[ "${#unmet[@]}" -eq 0 ] || printf 'target not met yet (under its CI ceiling): %s\n' "${unmet[@]}"
if [ "${#over[@]}" -gt 0 ]; then
  printf 'over budget: %s\n' "${over[@]}"
  exit 1
fi
echo "budget: OK"
