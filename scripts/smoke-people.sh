#!/usr/bin/env bash
# People online end to end with the real app under Xvfb: `make server` on a port of its
# own and three app instances side by side with separate homes. A signs in as a guest and
# seeks a game (Find an opponent); B signs in, opens People online from the lobby's title
# row, and clicks Play on A's seek in the list: the game starts. C signs in, opens People
# online and clicks Watch on the game in play; the players make three moves by clicking
# their boards and C's board must show each of them (the pieces' places read from the
# screen), and the server must count C as the game's watcher. Every step waits for what it
# can observe (the server's tables, the screen), never a fixed time, and fails the script
# when it does not come. Logs and screenshots in $OUT (default dist/smoke-people/). Needs
# xvfb, xdotool, imagemagick and PostgreSQL.
#
# SHOTS=1 also keeps the acceptance's screenshots of B's lobby and people online (the seek
# list), C's people online (the game in play) and C's watched game, desktop (900x680) and
# phone-shaped (400x860), in $SHOTS_LANG (en_US.UTF-8; zh_CN.UTF-8 for Chinese; A always
# runs in English).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/smoke-people}
PORT=${PEOPLE_PORT:-18091}
PG_PORT=${PEOPLE_PG_PORT:-54393}
rm -rf "$OUT"
mkdir -p "$OUT" dist
OUT=$(cd "$OUT" && pwd)
export XVFB_SCREEN=2700x880x24 # three 900x680 windows side by side
SHOTS=${SHOTS:-}
APP_LANG=${SHOTS_LANG:-en_US.UTF-8}
. scripts/x11-lib.sh

go build -tags no_emoji -o dist/xiangqi .

declare -A pid=() win=() left=([a]=0 [b]=900 [c]=1800)
. scripts/online-lib.sh
trap online_cleanup EXIT

fail() { echo "smoke-people: $*"; shot failure || true; exit 1; }

start_server

# until_ok WHAT COMMAND...: run COMMAND every 0.1 s until it succeeds, for up to 30 s.
until_ok() {
  local what=$1 end=$((SECONDS + 30)); shift
  while [ $SECONDS -lt $end ]; do "$@" && return 0; sleep 0.1; done
  fail "waited in vain for $what"
}

start_xvfb

# start N: app N on its own home, its 900x680 window placed at its left edge.
start() {
  local n=$1 lang=$APP_LANG
  [ "$n" = a ] && lang=en_US.UTF-8
  launch_app "$n" "$lang"
  form "$n" 900 680
  wait_board "${left[$n]}" 0 900 680 >/dev/null || fail "app $n drew no board"
}

# form N W H: app N's window in W x H at its left edge, once the window has that size.
form() {
  xdotool windowsize "${win[$1]}" "$2" "$3"
  xdotool windowmove "${win[$1]}" "${left[$1]}" 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "${win[$1]}")"
    [ "$WIDTH" = "$2" ] && [ "$HEIGHT" = "$3" ] && [ "$X" = "${left[$1]}" ] && break
    sleep 0.1
  done
  sleep 0.5 # a frame or two for the new layout
}

# click N X Y: click app N at X,Y of its 900x680 window, then give Fyne a frame.
click() { xdotool mousemove $(( ${left[$1]} + $2 )) "$3" click 1; sleep 0.2; }

shot_app() {
  [ -n "$SHOTS" ] || return 0
  eval "$(xdotool getwindowgeometry --shell "${win[$1]}")"
  import -window root png:- | convert - -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$OUT/$2.png"
  echo "screenshot $OUT/$2.png"
}

# shot_forms N NAME: app N's window as NAME-desktop, then phone-shaped as NAME-phone.
shot_forms() {
  [ -n "$SHOTS" ] || return 0
  shot_app "$1" "$2-desktop"
  form "$1" 400 860
  shot_app "$1" "$2-phone"
  form "$1" 900 680
}

# Where the controls are in the 900x680 layout (scripts/online-xvfb.sh has the lobby's).
more() { click "$1" 859 242; sleep 0.3; click "$1" 787 662; } # More, Play online…
online() {
  more "$1"
  click "$1" 450 62
  xdotool key --window "${win[$1]}" ctrl+a
  xdotool type --window "${win[$1]}" "http://127.0.0.1:$PORT"
  click "$1" 876 62  # Use
  click "$1" 450 102 # Sign in as a guest
}
PEOPLE_X=824 PEOPLE_Y=22 # the lobby's title row: People online, left of Back
PLAY_X=862 PLAY_Y=110    # the first seek's Play in the people online
WATCH_X=866 WATCH_Y=183  # the first game's Watch, under "No open seeks"

# square_at N NAME: the screen pixel of board point NAME (h2) of app N, from Red's side
# (FLIP_N: from Black's).
square_at() {
  local n=$1 file rank bx by bw bh
  file=$(( $(printf '%d' "'${2:0:1}") - 97 ))
  rank=${2:1:1}
  if [ "${flip[$n]:-0}" = 1 ]; then file=$(( 8 - file )); rank=$(( 9 - rank )); fi
  read -r bx by bw bh < <(board_rect "${left[$n]}" 0 900 680)
  point "$bx" "$by" "$bw" "$bh" "$file" "$rank"
}

# pieces_on_c SQUARE...: for each board point (h2), how many of two spots beside it
# (off the board's lines, the points' marks and the frame's double line, towards the
# board's middle, inside a piece's disc) are not the board's wood on C's screen, from one
# capture of C's window: 2 where a piece stands, 0 where none does. C watches from Red's
# side; CB is its board's rectangle on the screen.
pieces_on_c() {
  local img=$OUT/c-board.png sq file rank px py cell dx dy x y fx out=""
  import -window root -crop 900x680+${left[c]}+0 +repage "$img"
  cell=$(( CB[2] * 100 / 924 )) # the board is 9.24 cells wide (gui/board/geometry.go)
  for sq in "$@"; do
    file=$(( $(printf '%d' "'${sq:0:1}") - 97 ))
    rank=${sq:1:1}
    read -r px py < <(point "${CB[0]}" "${CB[1]}" "${CB[2]}" "${CB[3]}" "$file" "$rank")
    dy=$(( cell * 17 / 100 )); [ "$rank" -lt 5 ] && dy=$(( -dy )) # ranks 5-9 are above the river
    fx=""
    for dx in $(( cell * 32 / 100 )) $(( -cell * 32 / 100 )); do
      (( file == 0 && dx < 0 || file == 8 && dx > 0 )) && dx=$(( -dx / 2 ))
      x=$(( px - left[c] + dx )) y=$(( py + dy ))
      fx+=$(printf '(abs(p{%d,%d}.r-0.890)>0.06||abs(p{%d,%d}.g-0.757)>0.06||abs(p{%d,%d}.b-0.529)>0.06)+' $x $y $x $y $x $y)
    done
    out+="$(convert "$img" -format "%[fx:${fx}0]" info:) "
  done
  echo "$out"
}

# seen_on_c FROM TO: C's board shows the move FROM-TO: a piece on TO, none on FROM.
seen_on_c() {
  local from to
  read -r from to < <(pieces_on_c "$1" "$2")
  [ "$to" = 2 ] && [ "$from" = 0 ]
}

# move N MOVE: app N plays MOVE (h2e2) by clicking, until the server has taken it.
move() {
  local before now
  before=$(sql "SELECT count(*) FROM events WHERE kind = 'move'")
  for _ in $(seq 10); do
    xdotool mousemove $(square_at "$1" "${2:0:2}") click 1; sleep 0.2
    xdotool mousemove $(square_at "$1" "${2:2:2}") click 1; sleep 0.2
    for _ in $(seq 20); do
      now=$(sql "SELECT count(*) FROM events WHERE kind = 'move'")
      [ "$now" -gt "$before" ] && return 0
      sleep 0.1
    done
  done
  fail "app $1 could not play $2"
}

start a
start b
start c
online a
until_ok "A's sign-in" test "$(sql "SELECT count(*) FROM accounts")" = 1
click a 430 304 # Find an opponent
until_ok "A's seek" test "$(sql "SELECT count(*) FROM seeks")" = 1
online b
until_ok "B's sign-in" test "$(sql "SELECT count(*) FROM accounts")" = 2
shot_forms b lobby # its title row's People online, left of Back
click b $PEOPLE_X $PEOPLE_Y
sleep 1 # the lists' answer
shot_forms b people
started=""
for _ in $(seq 20); do # Play on A's seek, until the game has started
  click b $PLAY_X $PLAY_Y
  for _ in $(seq 10); do
    [ "$(sql "SELECT count(*) FROM events WHERE kind = 'start'")" = 1 ] && { started=1; break; }
    sleep 0.1
  done
  [ -n "$started" ] && break
done
[ -n "$started" ] || fail "B's click on Play did not start a game from A's seek"
echo "B accepted A's seek from the list"
red=$(sql "SELECT data->'red'->>'id' FROM events WHERE kind = 'start'")
first=$(sql "SELECT id FROM accounts ORDER BY id LIMIT 1") # A signed in first
declare -A flip=([a]=0 [b]=1 [c]=0) side=([red]=a [black]=b)
if [ "$red" != "$first" ]; then flip=([a]=1 [b]=0 [c]=0); side=([red]=b [black]=a); fi
wait_board "${left[a]}" 0 900 680 >/dev/null && wait_board "${left[b]}" 0 900 680 >/dev/null || fail "no game board"
move "${side[red]}" h2e2

online c
until_ok "C's sign-in" test "$(sql "SELECT count(*) FROM accounts")" = 3
c_id=$(sql "SELECT max(id) FROM accounts")
click c $PEOPLE_X $PEOPLE_Y
sleep 1 # the lists' answer
shot_forms c games # the game in play in the list
watching=""
for _ in $(seq 20); do # Watch on the game in play, until C's board shows it
  click c $WATCH_X $WATCH_Y
  for _ in $(seq 10); do
    read -r _ _ bw _ < <(board_rect "${left[c]}" 0 900 680 2>/dev/null || echo "0 0 0 0")
    [ "${bw:-0}" -gt 300 ] && { watching=1; break; }
    sleep 0.1
  done
  [ -n "$watching" ] && break
done
[ -n "$watching" ] || fail "C's click on Watch opened no game"
read -r -a CB < <(wait_board "${left[c]}" 0 900 680) || fail "C's board"
echo "C's board at ${CB[*]}; h2 e2 a0 a2: $(pieces_on_c h2 e2 a0 a2)"
until_ok "the first move on C's board" seen_on_c h2 e2
until_ok "the server counting C as a watcher" test "$(sql "SELECT count(*) FROM spectators WHERE account_id = $c_id")" -ge 1
echo "C watches the game from its start"
move "${side[black]}" h9g7
until_ok "black's move on C's board" seen_on_c h9 g7
move "${side[red]}" h0g2
until_ok "red's second move on C's board" seen_on_c h0 g2
echo "C saw the three moves as they were made"
sleep 1.5 # the watcher count's push (once a second)
shot_forms c watch
shot 0-all
echo "smoke-people: A's seek accepted from B's list, C watched all three moves"
