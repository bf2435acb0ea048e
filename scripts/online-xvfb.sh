#!/usr/bin/env bash
# Online play end to end with the real app under Xvfb: `make server` on a port of its own,
# two app instances side by side with separate homes. A signs in as a guest and creates an
# invite, copies the code (read from the X clipboard), B enters it and joins; they play
# ten moves by clicking the boards; A is killed with kill -9 after the sixth and started
# again, opens Play online (signed in again by its kept token), resumes the game from the
# list and plays on; Black resigns (Resign, Yes). Both libraries must then hold the same
# ten moves and the result. Every step waits for what it can observe (the window, the
# server's event table, the library), never a fixed time. Screenshots and logs in $OUT
# (default dist/online-xvfb/). Needs xvfb, xdotool, imagemagick, xclip and PostgreSQL.
#
# SHOTS=1 also takes the acceptance's screenshots of app B, in $SHOTS_LANG (en_US.UTF-8;
# zh_CN.UTF-8 for Chinese): the lobby and the game in play in the 900x680 window and in a
# phone-shaped 400x860 one, and the abandonment countdown while A is killed (the server's
# grace is then 30 s, so that A is shown away 5 s after its last record). With SHOTS_PHONE=1
# as well, B is the phone simulation (the -tags mobile build, 390x844): A and B pair by a
# seek (B's server is set in its kept sign-in, as typing in the simulation is not what is
# shot), and the run ends after B's countdown, shot as lobby-phone, game-phone and
# away-phone.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/online-xvfb}
PORT=${ONLINE_PORT:-18089}
PG_PORT=${ONLINE_PG_PORT:-54391}
rm -rf "$OUT"
mkdir -p "$OUT" dist
# The apps' homes are under $OUT, given as it is or relative to the repository: an
# absolute OUT had made them "$PWD/$OUT/home-a", where the library check did not look
# (issue 51 item 11: "nothing in app a's library" with both libraries full).
OUT=$(cd "$OUT" && pwd)
export XVFB_SCREEN=1800x880x24 # two 900x680 windows side by side; B's phone form 400x860
SHOTS=${SHOTS:-}
PHONE=${SHOTS_PHONE:-}
if [ -n "$PHONE" ] && [ -z "$SHOTS" ]; then echo "online-xvfb: SHOTS_PHONE needs SHOTS"; exit 2; fi
APP_LANG=${SHOTS_LANG:-en_US.UTF-8}
. scripts/x11-lib.sh

go build -tags no_emoji -o dist/xiangqi .
# Each app's binary and window size; B is the phone simulation with SHOTS_PHONE.
declare -A bin=([a]=dist/xiangqi [b]=dist/xiangqi) wide=([a]=900 [b]=900) high=([a]=680 [b]=680)
if [ -n "$PHONE" ]; then
  go build -tags mobile,no_emoji -o dist/xiangqi-mobile .
  bin[b]=dist/xiangqi-mobile wide[b]=390 high[b]=844
fi

declare -A pid=() win=() left=([a]=0 [b]=900)
. scripts/online-lib.sh
trap online_cleanup EXIT

fail() { echo "online-xvfb: $*"; shot failure || true; exit 1; }

start_server "${SHOTS:+-grace 30s}"
moves_on_server() { psql "$db" -Atc "SELECT count(*) FROM events WHERE kind = 'move'"; }

start_xvfb

# start N: app N on its own home, its window placed at its left edge.
start() {
  local n=$1 w
  mkdir -p "$OUT/home-$n"
  if [ "${bin[$n]}" = dist/xiangqi-mobile ]; then # the simulation keeps its files under TMPDIR
    mkdir -p "$OUT/home-$n/fyne-test/io.github.xqfyne.xiangqi"
    echo "{\"server\":\"http://127.0.0.1:$PORT\"}" >"$OUT/home-$n/fyne-test/io.github.xqfyne.xiangqi/online.json"
  fi
  # A runs in English whatever is shot: its clicks (Create an invite, Copy code) are at
  # the English window's places, and Chinese rows are laid out otherwise (other line
  # heights, the code's label wrapping otherwise), the likely reason a Chinese run got no
  # code in 30 s (issue 51 item 11). B is what SHOTS_LANG shoots.
  local lang=$APP_LANG
  [ "$n" = a ] && lang=en_US.UTF-8
  launch_app "$n" "$lang" "${bin[$n]}"
  w=${win[$n]}
  xdotool windowsize "$w" "${wide[$n]}" "${high[$n]}"
  xdotool windowmove "$w" "${left[$n]}" 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "$w")"
    [ "$WIDTH" = "${wide[$n]}" ] && [ "$X" = "${left[$n]}" ] && break
    sleep 0.1
  done
  wait_board "${left[$n]}" 0 "${wide[$n]}" "${high[$n]}" >/dev/null || fail "app $n drew no board"
}

# click N X Y: click app N at X,Y of its 900x680 English window, or its 390x844 phone
# simulation's (where the layout puts the control), then give Fyne a frame to handle it.
click() { xdotool mousemove $(( ${left[$1]} + $2 )) "$3" click 1; sleep 0.2; }

# form N W H: app N's window in W x H at its left edge, once the window has that size.
form() {
  xdotool windowsize "${win[$1]}" "$2" "$3"
  xdotool windowmove "${win[$1]}" "${left[$1]}" 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "${win[$1]}")"
    [ "$WIDTH" = "$2" ] && [ "$HEIGHT" = "$3" ] && break
    sleep 0.1
  done
  sleep 0.5 # a frame or two for the new layout
}

# shot_app N NAME: app N's window alone, as $OUT/NAME.png (SHOTS only).
shot_app() {
  [ -n "$SHOTS" ] || return 0
  eval "$(xdotool getwindowgeometry --shell "${win[$1]}")"
  import -window root png:- | convert - -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$OUT/$2.png"
  echo "screenshot $OUT/$2.png"
}

# shot_forms N NAME: app N's window in its desktop and phone forms (SHOTS only); the phone
# simulation in its one form.
shot_forms() {
  [ -n "$SHOTS" ] || return 0
  if [ "${wide[$1]}" = 390 ]; then shot_app "$1" "$2-phone"; return 0; fi
  shot_app "$1" "$2-desktop"
  form "$1" 400 860
  shot_app "$1" "$2-phone"
  form "$1" 900 680
}

# Where the controls are in the 900x680 English layout (the Chinese one's rows are the same)
# and in the phone simulation (2 pixels a unit).
more() { # More, Play online…
  if [ "${wide[$1]}" = 390 ]; then click "$1" 364 606; sleep 0.3; click "$1" 156 679; return 0; fi
  click "$1" 859 242; sleep 0.3; click "$1" 787 662
}

# online N: open the Online screen of app N and sign in as a guest on the test server.
online() {
  more "$1"
  if [ "${wide[$1]}" = 390 ]; then click "$1" 196 204; return 0; fi # Sign in as a guest: the server is kept
  click "$1" 450 62
  xdotool key --window "${win[$1]}" ctrl+a
  xdotool type --window "${win[$1]}" "http://127.0.0.1:$PORT"
  click "$1" 876 62  # Use
  click "$1" 450 102 # Sign in as a guest
}

# square N NAME: click the board point NAME (h2) of app N, whose board is drawn from
# Black's side when FLIP_N is set.
square() {
  local n=$1 file rank bx by bw bh px py
  file=$(( $(printf '%d' "'${2:0:1}") - 97 ))
  rank=${2:1:1}
  if [ "${flip[$n]}" = 1 ]; then file=$(( 8 - file )); rank=$(( 9 - rank )); fi
  read -r bx by bw bh < <(board_rect "${left[$n]}" 0 "${wide[$n]}" "${high[$n]}")
  read -r px py < <(point "$bx" "$by" "$bw" "$bh" "$file" "$rank")
  xdotool mousemove "$px" "$py" click 1
  sleep 0.2
}

# move N MOVE: app N plays MOVE (h2e2) by clicking, until the server has taken it (a click
# before the app has seen the previous move selects nothing, so it is clicked again).
move() {
  local before now
  before=$(moves_on_server)
  for _ in $(seq 10); do
    square "$1" "${2:0:2}"
    square "$1" "${2:2:2}"
    for _ in $(seq 20); do
      now=$(moves_on_server)
      [ "$now" -gt "$before" ] && return 0
      sleep 0.1
    done
  done
  fail "app $1 could not play $2"
}

start a
start b a
online a
if [ -n "$PHONE" ]; then # pairing by a seek of each (10+5)
  online b
  for _ in $(seq 100); do
    [ "$(psql "$db" -Atc "SELECT count(*) FROM accounts")" = 2 ] && break
    sleep 0.1
  done
  [ "$(psql "$db" -Atc "SELECT count(*) FROM accounts")" = 2 ] || fail "app b did not sign in"
  sleep 0.5
  shot_forms b lobby
  click a 430 304 # Find an opponent
  click b 156 608
else
  click a 450 349 # Create an invite
  code=""
  for _ in $(seq 100); do
    click a 854 389 # Copy code
    code=$(xclip -selection clipboard -o 2>/dev/null || true)
    [[ "$code" =~ ^[A-Z0-9]{4,16}$ ]] && break
    sleep 0.1
  done
  [[ "$code" =~ ^[A-Z0-9]{4,16}$ ]] || fail "no invite code on the clipboard ($code)"
  echo "invite code $code"
  shot 0-invite
  online b
  for _ in $(seq 100); do # B's sign-in, before its lobby is shot
    [ "$(psql "$db" -Atc "SELECT count(*) FROM accounts")" = 2 ] && break
    sleep 0.1
  done
  sleep 0.5
  shot_forms b lobby
  click b 426 429 # the code field
  xdotool type --window "${win[b]}" "$code"
  click b 874 429 # Join
fi
for _ in $(seq 100); do
  [ "$(psql "$db" -Atc "SELECT count(*) FROM events WHERE kind = 'start'")" = 1 ] && break
  sleep 0.1
done
red=$(psql "$db" -Atc "SELECT data->'red'->>'id' FROM events WHERE kind = 'start'")
first=$(psql "$db" -Atc "SELECT id FROM accounts ORDER BY id LIMIT 1") # A signed in first
declare -A flip=([a]=0 [b]=1) side=([red]=a [black]=b)
if [ "$red" != "$first" ]; then flip=([a]=1 [b]=0); side=([red]=b [black]=a); fi
echo "red is app ${side[red]}"
shot 1-started

line=(h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b2c2 b7a7 b0a2 a9b9)
for i in 0 1 2 3 4 5; do
  if (( i % 2 == 0 )); then move "${side[red]}" "${line[$i]}"; else move "${side[black]}" "${line[$i]}"; fi
done
shot 2-six-moves
shot_forms b game
echo "six moves played; kill -9 of app a"
kill -9 "${pid[a]}"
wait "${pid[a]}" 2>/dev/null || true
pid[a]=""
if [ -n "$SHOTS" ]; then # B shows the countdown once the server has A away
  for _ in $(seq 300); do
    [ "$(psql "$db" -Atc "SELECT count(*) FROM events WHERE kind = 'away'")" -ge 1 ] && break
    sleep 0.1
  done
  sleep 1
  shot_app b away${PHONE:+-phone}
fi
if [ -n "$PHONE" ]; then echo "online-xvfb: the phone simulation's screenshots are taken"; exit 0; fi
start a b
more a # signed in again with the kept token
# Resume game N, the first of the games in play, once the welcome has listed it: clicked
# until the game's board is on screen (the lobby has none).
resumed=""
for _ in $(seq 100); do
  click a 450 515
  read -r _ _ bw _ < <(board_rect 0 0 900 680 2>/dev/null || echo "0 0 0 0")
  [ "${bw:-0}" -gt 300 ] && { resumed=1; break; }
  sleep 0.1
done
[ -n "$resumed" ] || fail "app a shows no game to resume"
shot 3-resumed
for i in 6 7 8 9; do
  if (( i % 2 == 0 )); then move "${side[red]}" "${line[$i]}"; else move "${side[black]}" "${line[$i]}"; fi
done
shot 4-ten-moves
click "${side[black]}" 602 149 # Resign
sleep 0.3 # the dialog's opening
shot 5-resign-question
click "${side[black]}" 482 378 # Yes
for _ in $(seq 100); do
  [ "$(psql "$db" -Atc "SELECT count(*) FROM events WHERE kind = 'end'")" = 1 ] && break
  sleep 0.1
done
shot 6-resigned

want="${line[*]}"
for n in a b; do
  lib=""
  for _ in $(seq 100); do
    lib=$(find "$OUT/home-$n" -name 'game-*.json' | head -1)
    [ -n "$lib" ] && break
    sleep 0.1
  done
  [ -n "$lib" ] || fail "nothing in app $n's library"
  # The record file: its main line (the first child of each node), result and tags.
  read -r got result termination < <(python3 - "$lib" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
first = {}
for i, n in enumerate(r["nodes"], 1):
    first.setdefault(n["parent"], (i, n["move"]))
line, at = [], 0
while at in first:
    at, mv = first[at]
    line.append(mv)
print(",".join(line), r["result"]["status"], r["metadata"].get("termination", ""))
PY
)
  got=${got//,/ }
  echo "app $n's library: $got ($result, $termination)"
  [ "$got" = "$want" ] || fail "app $n's library holds $got, not $want"
  [ "$result" = red-wins ] && [ "$termination" = resignation ] || fail "app $n's game is not Red's win by resignation"
done
echo "online-xvfb: both libraries hold the ten moves and Red's win by resignation"
