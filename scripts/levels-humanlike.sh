#!/bin/sh
# Prints the levels' table of docs/levels.md ("Do the levels play like people?"): per level its
# shuffles, free captures taken, mates in one taken and let through, its score against the next
# level up and against the full engine at 100 ms, 200 games of each by default. Flags are
# cmd/levelstat's and override the defaults, e.g.
#   scripts/levels-humanlike.sh -levels 1-6 -games 40 -fullgames 20
# LEVELSTAT names a prebuilt binary (a machine without Go); otherwise it is built here.
set -eu
cd "$(dirname "$0")/.."
bin=${LEVELSTAT:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/levelstat
	go build -o "$bin" ./cmd/levelstat
fi
exec "$bin" -games 200 -fullgames 200 "$@"
