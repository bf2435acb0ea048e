#!/usr/bin/env bash
# Nodes/s of engine builds on bench (depth 8, one thread) with the kept net and with the
# classical evaluation, REPS runs of each, the builds interleaved so that a busy moment hits
# them alike. Prints every run, then per build the median and spread of each and the ratio
# net/classical (the figure issue 37 asks for on each platform).
# Usage: REPS=5 scripts/nnue/speed.sh name=command ...
#   e.g. scripts/nnue/speed.sh before=/tmp/xqengine-main after=dist/xqengine \
#        "sse2=env GODEBUG=cpu.avx2=off dist/xqengine" "arm64=qemu-aarch64-static /tmp/xqengine-arm64"
set -euo pipefail
cd "$(dirname "$0")/../.."
reps="${REPS:-5}"
net="$PWD/nnue/nets/$(sed -n 's/^const DefaultName = "\(.*\)"/\1/p' nnue/nets/nets.go)"
[ $# -gt 0 ] || { sed -n '2,9p' "$0"; exit 2; }
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for r in $(seq "$reps"); do
	for build in "$@"; do
		name="${build%%=*}"
		for mode in net classical; do
			if [ "$mode" = net ]; then
				in=$(printf 'setoption name EvalFile value %s\nsetoption name UseNNUE value true\nbench\nquit\n' "$net")
			else
				in=$(printf 'setoption name UseNNUE value false\nbench\nquit\n')
			fi
			out=$(echo "$in" | ${build#*=})
			nps=$(echo "$out" | awk '/Nodes\/second/ {print $3}')
			nodes=$(echo "$out" | awk '/Nodes searched/ {print $4}')
			echo "$name $mode $nodes nodes $nps nodes/s"
			echo "$name $mode $nps" >>"$runs"
		done
	done
done
awk '
	{ v[$1" "$2] = v[$1" "$2] " " $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
	function median(s,   a, k, i, j, t) {
		k = split(s, a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		lo = a[1]; hi = a[k]
		return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	END {
		for (i = 1; i <= n; i++) {
			b = order[i]
			mn = median(v[b " net"]); nlo = lo; nhi = hi
			mc = median(v[b " classical"])
			printf "%s: net %d nodes/s [%d-%d], classical %d [%d-%d], net/classical %.3f\n", b, mn, nlo, nhi, mc, lo, hi, mn / mc
		}
	}' "$runs"
