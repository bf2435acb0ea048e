#!/usr/bin/env bash
# The people online end to end with the real app under Xvfb (issue 50 parts 3 and 4):
# `make server` on a port of its own, two app instances side by side with separate homes,
# both in English. Both sign in as guests; B registers a name by typing it (Register); A
# opens Friends, types B's name and follows B (the follows table has the row and A's list
# shows B online), sets 5+3 and taps Challenge in B's row (the challenges table has it);
# B's prompt is answered Accept (a game of 5+3 starts between them); A taps the phrase
# "Good move" in the game's chat panel (the server's chat_lines has it); B's chat panel
# then enables Report only once the line is on B's screen, and B taps it: the server's
# chat_reports row holding A's good_move is the screenshot-free proof that B's app showed
# it. Every step waits for what it can observe (the server's tables), never a fixed
# time; it fails at the first step that does not happen. Screenshots and logs in $OUT
# (default dist/smoke-social/). Needs xvfb, xdotool, imagemagick and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-dist/smoke-social}
PORT=${SOCIAL_PORT:-18117}
PG_PORT=${SOCIAL_PG_PORT:-54417}
rm -rf "$OUT"
mkdir -p "$OUT" dist
OUT=$(cd "$OUT" && pwd)
export XVFB_SCREEN=1800x700x24 # two 900x680 windows side by side
. scripts/x11-lib.sh

go build -tags no_emoji -o dist/xiangqi .

declare -A pid=() win=() left=([a]=0 [b]=900)
. scripts/online-lib.sh
trap online_cleanup EXIT

fail() { echo "smoke-social: FAILED: $*"; shot failure || true; exit 1; }
step() { echo "smoke-social: $*"; }

start_server
# until WHAT SQL: waits up to 15 s for the query to answer t (or a non-empty, non-0 value).
until_sql() {
  local what=$1 q=$2 v=""
  for _ in $(seq 150); do
    v=$(sql "$q" 2>/dev/null || true)
    [ -n "$v" ] && [ "$v" != 0 ] && [ "$v" != f ] && { echo "$v"; return 0; }
    sleep 0.1
  done
  fail "$what (the server's tables never showed it)"
}

start_xvfb

start() {
  local n=$1 w
  launch_app "$n" en_US.UTF-8
  w=${win[$n]}
  xdotool windowsize "$w" 900 680
  xdotool windowmove "$w" "${left[$n]}" 0
  for _ in $(seq 100); do
    eval "$(xdotool getwindowgeometry --shell "$w")"
    [ "$WIDTH" = 900 ] && [ "$X" = "${left[$n]}" ] && break
    sleep 0.1
  done
  wait_board "${left[$n]}" 0 900 680 >/dev/null || fail "app $n drew no board"
}

# click N X Y: click app N at X,Y of its 900x680 English window, then give Fyne a frame.
click() { xdotool mousemove $(( ${left[$1]} + $2 )) "$3" click 1; sleep 0.3; }
typein() { xdotool type --window "${win[$1]}" --delay 20 "$2"; sleep 0.2; }

# online N: More, Play online, the test server's address, Use, Sign in as a guest.
online() {
  click "$1" 859 242; sleep 0.3; click "$1" 787 662
  click "$1" 450 62
  xdotool key --window "${win[$1]}" ctrl+a
  typein "$1" "http://127.0.0.1:$PORT"
  click "$1" 876 62
  click "$1" 450 102
}

# Where the controls are in the 900x680 English window (x y): the lobby's log-in row and
# Friends, the friends list's name field, Follow, time control (its 5+3 item) and the first
# friend's Challenge, the challenge prompt's Accept, and the game's chat panel (Good move,
# and Report beside the opponent's rank).
NAME_FIELD=(225 141) PASSWORD_FIELD=(674 141) REGISTER=(674 181) FRIENDS=(40 522)
FOLLOW_FIELD=(418 61) FOLLOW=(865 61) TC_SELECT=(448 101) TC_5_3=(126 135) CHALLENGE_ROW1=(775 233)
PROMPT_ACCEPT=(496 378) PHRASE_GOOD_MOVE=(813 309) REPORT=(877 269)

start a
start b a
online a
until_sql "app a's sign-in" "SELECT count(*) FROM accounts" >/dev/null
online b
until_sql "app b's sign-in" "SELECT count(*) = 2 FROM accounts" >/dev/null
name="ben$RANDOM"
click b "${NAME_FIELD[@]}"; typein b "$name"
click b "${PASSWORD_FIELD[@]}"; typein b "secret-password-1"
click b "${REGISTER[@]}"
until_sql "B's registration as $name" "SELECT count(*) FROM accounts WHERE name = '$name'" >/dev/null
step "B registered as $name"
shot 1-registered

click a "${FRIENDS[@]}"
click a "${FOLLOW_FIELD[@]}"; typein a "$name"
click a "${FOLLOW[@]}"
until_sql "A following B" "SELECT count(*) FROM follows f JOIN accounts a ON a.id = f.followed WHERE a.name = '$name'" >/dev/null
step "A follows B"
shot 2-followed
click a "${TC_SELECT[@]}"; click a "${TC_5_3[@]}"
click a "${CHALLENGE_ROW1[@]}"
until_sql "A's challenge of B" "SELECT count(*) FROM challenges c JOIN accounts a ON a.id = c.challenged WHERE a.name = '$name'" >/dev/null
step "A challenged B"
shot 3-challenged
for _ in $(seq 20); do # the prompt: Accept, until the game starts
  click b "${PROMPT_ACCEPT[@]}"
  [ "$(sql "SELECT count(*) FROM games WHERE status = 'playing' AND base_ms = 300000")" = 1 ] && break
  sleep 0.3
done
until_sql "B accepting (a 5+3 game in play)" "SELECT count(*) FROM games WHERE status = 'playing' AND base_ms = 300000 AND increment_ms = 3000" >/dev/null
step "B accepted: the game is on"
sleep 1 # both boards drawn
shot 4-game
click a "${PHRASE_GOOD_MOVE[@]}"
until_sql "A's phrase stored" "SELECT count(*) FROM chat_lines WHERE phrase = 'good_move'" >/dev/null
step "A said Good move"
for _ in $(seq 30); do # Report is enabled on B only once B's chat shows a line
  click b "${REPORT[@]}"
  [ "$(sql "SELECT count(*) FROM chat_reports WHERE conversation @> '[{\"phrase\": \"good_move\"}]'")" = 1 ] && break
  sleep 0.3
done
shot 5-chat
until_sql "B's screen showing A's phrase (B's report of it)" \
  "SELECT count(*) FROM chat_reports WHERE conversation @> '[{\"phrase\": \"good_move\"}]'" >/dev/null
echo "smoke-social: A followed and challenged B, B accepted, B's screen showed A's phrase"
