# Shared by the online scripts (online-xvfb.sh, smoke-people.sh, smoke-social.sh), sourced
# after x11-lib.sh: `make server` on a port of its own with its own PostgreSQL, and app
# instances each on a home of its own. The caller sets OUT, PORT and PG_PORT, defines
# fail, and keeps its apps in the associative arrays pid, win and left (the x of each
# window's left edge).

server=""

# online_cleanup kills the apps, stops the server (make, go run and xqserver are one
# process group; xqserver stops its PostgreSQL on TERM) and Xvfb. The scripts trap it.
online_cleanup() {
  for n in "${!pid[@]}"; do kill -9 "${pid[$n]}" 2>/dev/null || true; done
  [ -n "$server" ] && kill -TERM -- "-$server" 2>/dev/null || true
  [ -n "$server" ] && wait "$server" 2>/dev/null || true
  stop_xvfb
}

# start_server [FLAGS]: the server on $PORT, its database under $OUT/pg, answering
# /healthz; then psql reaches its database as the generated superuser (sql QUERY).
start_server() {
  setsid make server SERVER_ADDR=127.0.0.1:$PORT SERVER_FLAGS="-pg-port $PG_PORT -data $OUT/pg${1:+ $1}" >"$OUT/server.log" 2>&1 &
  server=$!
  for _ in $(seq 600); do
    curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$OUT/server.log"; exit 1; }
    sleep 0.2
  done
  curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null || { cat "$OUT/server.log"; fail "the server did not start"; }
  echo "server on :$PORT"
  # The server's own PostgreSQL asks for the superuser's generated password (scram-sha-256).
  PGPASSWORD=$(cat "$OUT/pg/superuser.password") || fail "no superuser.password in $OUT/pg"
  export PGPASSWORD
  db="postgres://postgres@127.0.0.1:$PG_PORT/xiangqi?sslmode=disable"
}

sql() { psql "$db" -Atc "$1"; }

# launch_app N LANG [BIN]: app N (BIN, dist/xiangqi by default) in LANG on its own home
# under $OUT, logging to $OUT/app-N.log; win[N] is its window once shown, found as the
# one visible window that no other app here owns (N's own earlier window is not
# excluded: an app started again after kill -9 can get the very same window id).
# Placing it is the caller's.
launch_app() {
  local n=$1 lang=$2 bin=${3:-dist/xiangqi} w="" others="" k
  mkdir -p "$OUT/home-$n"
  for k in "${!win[@]}"; do [ "$k" = "$n" ] || others+="${win[$k]}"$'\n'; done
  HOME=$OUT/home-$n XDG_CONFIG_HOME=$OUT/home-$n/.config TMPDIR=$OUT/home-$n LANG=$lang LANGUAGE=${lang%%_*} \
    "$bin" >>"$OUT/app-$n.log" 2>&1 &
  pid[$n]=$!
  for _ in $(seq 300); do
    w=$(xdotool search --onlyvisible --name '^(Xiangqi|中国象棋|App)$' 2>/dev/null | grep -vxF "$others" | head -1 || true)
    [ -n "$w" ] && break
    kill -0 "${pid[$n]}" || fail "app $n exited"
    sleep 0.1
  done
  [ -n "$w" ] || fail "no window for app $n"
  win[$n]=$w
}
