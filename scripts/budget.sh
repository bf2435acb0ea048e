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
#    names a folder, profile_unix.go) and the Go heap held at each;
#  - web (WEB=1, the default): the browser build's smoke run (scripts/smoke-web.sh): the .wasm
#    raw and brotli sizes, how often the server sent the .wasm, the first and offline load times;
#    WEB_DIR=wasm reuses a build instead of building (make web takes minutes).
# It prints every figure, then fails when one is past its budget. Phases: PHASES="desktop web".
# Needs what make smoke and make smoke-web install. Output and profiles go to $OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/xiangqi-budget}
PHASES=${PHASES:-desktop web}
GAMES=${GAMES:-2}
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
OFFLINE_LOAD_S=${OFFLINE_LOAD_S:-1.5}
mkdir -p "$OUT" dist
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT"/heap-*.pprof "$OUT"/*.png
over=()
figure() { printf '%-34s %s\n' "$1:" "$2" | tee -a "$OUT/figures.txt"; }
: >"$OUT/figures.txt"
# budget NAME VALUE LIMIT: a figure past its limit fails the run (at the end).
budget() { awk -v v="$2" -v l="$3" 'BEGIN { exit !(v > l) }' && over+=("$1 $2 > $3") || true; }

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
# heap PID N: heap profile N of the app, and the Go heap it holds (in use, MB).
heap() {
  kill -USR1 "$1"
  for _ in $(seq 100); do [ -s "$OUT/heap-$2.pprof" ] && break; sleep 0.1; done
  sleep 0.5
  go tool pprof -sample_index=inuse_space -top -nodecount=1 "$OUT/heap-$2.pprof" 2>/dev/null |
    sed -n 's/^Showing nodes accounting for .* of \([0-9.]*\)\([kMG]B\) total$/\1 \2/p' |
    awk '{ v = $1; if ($2 == "kB") v /= 1024; if ($2 == "GB") v *= 1024; printf "%.1f\n", v }'
}

desktop() {
  . scripts/x11-lib.sh
  BIN_PHONE=${BIN_PHONE:-none} # only the desktop build is measured
  app_session
  floor=""
  trap '[ -z "$floor" ] || kill "$floor" 2>/dev/null; end_app_session' EXIT
  go build -o dist/xqengine ./cmd/xqengine
  go build -tags no_emoji -o dist/fynefloor ./scripts/fynefloor
  local home wid save t0 c0 c1 ticks hz lib before n moves mv p
  home=$(mktemp -d)
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=en_US.UTF-8 XIANGQI_HEAP_PROFILES=$OUT \
    "$BIN_DESKTOP" >"$OUT/app.log" 2>&1 &
  app=$!
  t0=$(date +%s)
  wid=$(wait_window "$app") || { echo "budget: no window"; cat "$OUT/app.log"; exit 1; }
  place_window "$wid" 900 680
  read -r bx by bw bh < <(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
  save=$(wait_save_file "$home")
  # The floor: the smallest Fyne app, started now beside the app and measured the same way over
  # the same minute, so that both see the same load. Fyne's desktop and mobile drivers wake 60
  # times a second whether or not anything is drawn.
  fhome=$(mktemp -d)
  HOME=$fhome XDG_CONFIG_HOME=$fhome/.config TMPDIR=$fhome dist/fynefloor >"$OUT/floor.log" 2>&1 &
  floor=$!
  fwid=""
  for _ in $(seq 300); do
    fwid=$(xdotool search --onlyvisible --name '^App$' 2>/dev/null | head -1 || true)
    [ -n "$fwid" ] && break
    sleep 0.1
  done
  [ -n "$fwid" ] || { echo "budget: the floor app shows no window"; exit 1; }
  xdotool windowsize "$fwid" 300 200
  xdotool windowmove "$fwid" 950 0 # beside the app's window, not over it
  sleep $((t0 + 20 - $(date +%s))) || true # the 20 s after start are the measurement
  rss_start=$(app_mb "$app")
  figure "RSS 20 s after start, all (MB)" "$(rss_mb "$app")"
  figure "  of it software GL (MB)" "$(gl_mb "$app")"
  figure "RSS 20 s after start (MB)" "$rss_start"
  figure "Go heap in use at 20 s (MB)" "$(heap "$app" 1)"
  shot budget-start
  hz=$(getconf CLK_TCK)
  figure "floor app: RSS, all (MB)" "$(rss_mb "$floor")"
  figure "floor app: RSS less software GL (MB)" "$(app_mb "$floor")"
  c0=$(cpu_ticks "$app")
  f0=$(cpu_ticks "$floor")
  sleep "$IDLE_SECONDS"
  c1=$(cpu_ticks "$app")
  f1=$(cpu_ticks "$floor")
  idle_cpu=$(awk -v t=$((c1 - c0)) -v hz="$hz" 'BEGIN { printf "%.2f\n", t / hz }')
  floor_cpu=$(awk -v t=$((f1 - f0)) -v hz="$hz" 'BEGIN { printf "%.2f\n", t / hz }')
  figure "idle CPU over ${IDLE_SECONDS} s (s)" "$idle_cpu"
  figure "floor app: idle CPU, same minute (s)" "$floor_cpu"
  kill "$floor"; wait "$floor" 2>/dev/null || true
  floor=""
  rm -rf "$fhome"
  finished() { grep -o '"result": *"[^"]*"' "$1" 2>/dev/null | grep -vc '"\*"' || true; }
  for g in $(seq "$GAMES"); do
    lib=$(find "$home" -name library.json | head -1)
    before=$(finished "$lib")
    for n in $(seq 200); do
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
      [ "$(save_ply "$save")" -ge $((p + 2)) ] || { echo "budget: game $g: no reply to $mv"; shot budget-stuck; exit 1; }
    done
    lib=$(find "$home" -name library.json | head -1)
    [ -n "$lib" ] && [ "$(finished "$lib")" -gt "${before:-0}" ] || { echo "budget: game $g did not end in 200 moves"; exit 1; }
    echo "budget: game $g over after $(save_ply "$save") plies, RSS $(rss_mb "$app") MB, less software GL $(app_mb "$app") MB"
    shot "budget-game-$g"
    [ "$g" = "$GAMES" ] && break
    # The result dialog closes with Escape; Ctrl+N asks for a new game with the same
    # settings, and Start is the dialog's confirm button (900x680, English).
    xdotool key --window "$wid" Escape
    sleep 0.5
    xdotool key --window "$wid" ctrl+n
    sleep 1
    shot "budget-new-game-$g"
    xdotool mousemove "${START_X:-494}" "${START_Y:-521}" click 1
    wait_save_ply "$save" 0 15 || { echo "budget: no new game"; exit 1; }
  done
  rss_games=$(app_mb "$app")
  figure "RSS after $GAMES games, all (MB)" "$(rss_mb "$app")"
  figure "  of it software GL (MB)" "$(gl_mb "$app")"
  figure "RSS after $GAMES games (MB)" "$rss_games"
  figure "Go heap in use after games (MB)" "$(heap "$app" 2)"
  budget "RSS at 20 s (MB)" "$rss_start" "$RSS_START_MB"
  budget "RSS after games (MB)" "$rss_games" "$RSS_GAMES_MB"
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  rm -rf "$home"
  # Idle, the app may use IDLE_CPU_S, or the floor and IDLE_OVER_FLOOR_S where the floor
  # alone is past that (a loaded machine): what the app itself does while nothing changes.
  budget "idle CPU (s)" "$idle_cpu" "$(awk -v a="$IDLE_CPU_S" -v f="$floor_cpu" -v o="$IDLE_OVER_FLOOR_S" 'BEGIN { print (f + o > a ? f + o : a) }')"
  end_app_session
  trap - EXIT
}

web() {
  local log=$OUT/smoke-web.log wasm raw br fetched first offline
  OUT=$OUT/web RELEASE=1 BROTLI_QUALITY=${BROTLI_QUALITY:-11} bash scripts/smoke-web.sh 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" = 0 ] || over+=("the browser smoke run failed")
  wasm=$(ls "$OUT"/web/web/*.wasm | head -1)
  raw=$(stat -c %s "$wasm")
  br=$(stat -c %s "$wasm.br" 2>/dev/null || echo 0)
  fetched=$(sed -n 's/^the .wasm was fetched \([0-9]*\) time.*/\1/p' "$log")
  first=$(sed -n 's/^first load: board drawn \([0-9.]*\) s.*/\1/p' "$log")
  offline=$(sed -n 's/^offline reload: board drawn after \([0-9.]*\) s.*/\1/p' "$log")
  figure ".wasm raw (MB)" "$(awk -v b="$raw" 'BEGIN { printf "%.1f", b / 1e6 }')"
  figure ".wasm brotli (MB)" "$(awk -v b="$br" 'BEGIN { printf "%.1f", b / 1e6 }')"
  figure ".wasm fetches in the smoke run" "${fetched:-?}"
  figure "first load, board drawn (s)" "${first:-?}"
  figure "offline load, board drawn (s)" "${offline:-?}"
  budget ".wasm raw (MB)" "$(awk -v b="$raw" 'BEGIN { print b / 1e6 }')" "$WASM_MB"
  budget ".wasm brotli (MB)" "$(awk -v b="$br" 'BEGIN { print b / 1e6 }')" "$WASM_BR_MB"
  budget "first load (s)" "${first:-99}" "$FIRST_LOAD_S"
  budget "offline load (s)" "${offline:-99}" "$OFFLINE_LOAD_S"
}

for phase in $PHASES; do "$phase"; done
echo "== budget figures ($OUT/figures.txt)"
cat "$OUT/figures.txt"
if [ "${#over[@]}" -gt 0 ]; then
  printf 'over budget: %s\n' "${over[@]}"
  exit 1
fi
echo "budget: OK"
