#!/usr/bin/env bash
# Kill -9 soak test of the real app under Xvfb. On fresh storage: start the app, play Red's
# move by clicking (a legal move chosen by dist/xqengine), and kill -9 the app at a random
# moment: during the move, during the engine's search, during a save. After every restart
# the save must load (no file set aside as unreadable) and must still hold every move the
# script knew was made, but at most the last one. Usage: soak-kill.sh [KILLS] (default 20).
# Prints the number of kills and of moves lost. Needs xvfb, xdotool and imagemagick.
set -euo pipefail
cd "$(dirname "$0")/.."
KILLS=${1:-${SOAK_KILLS:-20}}
OUT=${OUT:-dist/soak}
mkdir -p "$OUT" dist
: >"$OUT/app.log"
. scripts/x11-lib.sh

go build -tags no_emoji -o dist/xiangqi . # as make build: the budget step after it measures this binary
go build -o dist/xqengine ./cmd/xqengine

app=""
home=$(mktemp -d)
cleanup() {
  [ -n "$app" ] && kill -9 "$app" 2>/dev/null || true
  stop_xvfb
  rm -rf "$home"
}
trap cleanup EXIT
start_xvfb

fail() {
  echo "soak: $*"
  kill -0 "$xvfb" 2>/dev/null || echo "soak: the X server is gone"
  # The app's last run: a panic's message comes first, its stack after it.
  if [ -s "$OUT/last-run.log" ]; then head -20 "$OUT/last-run.log"; fi
  shot soak-failure || true
  exit 1
}

# engine_move MOVES...: a legal move for the side to move after MOVES, or nothing.
engine_move() {
  printf 'position startpos moves %s\ngo depth 2\nquit\n' "$*" | timeout 60 dist/xqengine |
    sed -n 's/^bestmove \([a-i][0-9][a-i][0-9]\).*/\1/p' | head -1
}

# start_app: run the app on $home and wait until its board is drawn; sets wid and the
# board rectangle bx by bw bh.
start_app() {
  HOME=$home XDG_CONFIG_HOME=$home/.config TMPDIR=$home LANG=en_US.UTF-8 \
    dist/xiangqi >"$OUT/last-run.log" 2>&1 &
  app=$!
  wid=$(wait_window "$app") || fail "no window"
  place_window "$wid" 900 680
  read -r bx by bw bh < <(wait_board "$X" "$Y" "$WIDTH" "$HEIGHT")
}

# kill_app: kill -9 the app and keep its output in app.log.
kill_app() {
  kill -9 "$app"
  wait "$app" 2>/dev/null || true
  app=""
  cat "$OUT/last-run.log" >>"$OUT/app.log"
}

save=""
find_save() {
  for _ in $(seq 100); do
    save=$(find "$home" -name game.json | head -1)
    [ -n "$save" ] && return 0
    sleep 0.1
  done
  fail "no save file"
}

kills=0 lost=0 lost_moves=0 games=1 before=""
while [ "$kills" -lt "$KILLS" ]; do
  start_app
  find_save
  if ls "$(dirname "$save")"/*.corrupt-* >/dev/null 2>&1; then
    fail "after kill $kills the save was unreadable: $(ls "$(dirname "$save")")"
  fi
  # The app must go on from the game the save held when it was killed (the engine may
  # already have answered, when it was its turn).
  now=$(save_moves "$save")
  if [ -n "$before" ]; then
    case " $now " in " $before "*) ;; *) fail "after kill $kills the app holds '$now', the save held '$before'";; esac
  fi
  # Red (the player) moves on even plies; wait for the engine when it is Black's turn.
  ply=$(save_ply "$save")
  if [ $((ply % 2)) = 1 ]; then
    wait_save_ply "$save" $((ply + 1)) 60 || {
      [ -z "$(engine_move $(save_moves "$save"))" ] || fail "the engine did not answer"
      ply=-1
    }
  fi
  moves=$(save_moves "$save")
  move=""
  [ "$ply" -ge 0 ] && move=$(engine_move $moves)
  if [ -z "$move" ]; then
    # The game is over: the next one starts on fresh storage.
    kill_app
    rm -rf "$home"; home=$(mktemp -d); before=""; games=$((games + 1))
    continue
  fi
  known=$(echo $moves | wc -w)
  click_square "$bx" "$by" "$bw" "$bh" "${move:0:2}"
  click_square "$bx" "$by" "$bw" "$bh" "${move:2:2}"
  # Half the kills within 60 ms of the move (while it is made and saved), half later
  # (during the engine's search, its move and that save).
  if [ $((RANDOM % 2)) = 0 ]; then delay=$((RANDOM % 60)); else delay=$((60 + RANDOM % 1500)); fi
  sleep "$(awk -v d="$delay" 'BEGIN { printf "%.3f", d / 1000 }')"
  kill_app
  kills=$((kills + 1))
  before=$(save_moves "$save")
  # Moves the script knows were made: the saved ones before the click, and its own move
  # once the app had 300 ms to take the clicks.
  [ "$delay" -ge 300 ] && known=$((known + 1))
  got=$(echo $before | wc -w)
  if [ -n "$moves" ]; then
    case " $before " in " $moves "*) ;; *) fail "kill $kills: the save '$before' does not extend '$moves'";; esac
  fi
  if [ "$got" -lt "$known" ]; then
    lost=$((lost + 1)); lost_moves=$((lost_moves + known - got))
    [ $((known - got)) -le 1 ] || fail "kill $kills after ${delay} ms: the save lost $((known - got)) moves"
  fi
  echo "kill $kills after ${delay} ms: save has $got plies (knew of $known)"
done
echo "soak: $kills kills over $games game(s); $lost kills lost a move ($lost_moves moves in all); every save loaded"
