#!/usr/bin/env bash
# The engine's bench with the kept net gives one node count on every build: amd64 (its
# fastest kernels, and SSE2 with AVX2 turned off through x/sys/cpu's GODEBUG), the pure-Go
# build (purego tag), arm64 under qemu-user and WebAssembly in Node. The same scores make the same tree, so a kernel that scored differently on one
# platform would change the count there. Prints each build's count and nodes/s.
# Usage: scripts/nnue/same-bench.sh [depth] (default 6); needs qemu-aarch64-static and node.
set -euo pipefail
cd "$(dirname "$0")/../.."
depth="${1:-6}"
go="${GO:-go}"
net="$PWD/nnue/nets/$(sed -n 's/^const DefaultName = "\(.*\)"/\1/p' nnue/nets/nets.go)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$go" build -o "$tmp/xqengine" ./cmd/xqengine
"$go" build -tags purego -o "$tmp/xqengine-purego" ./cmd/xqengine
GOARCH=arm64 "$go" build -o "$tmp/xqengine-arm64" ./cmd/xqengine
GOOS=js GOARCH=wasm "$go" build -o "$tmp/xqengine.wasm" ./cmd/xqengine
wasm_exec="$("$go" env GOROOT)/lib/wasm/go_js_wasm_exec"
counts=""
for build in "amd64:$tmp/xqengine" "amd64-sse2:env GODEBUG=cpu.avx2=off $tmp/xqengine" "purego:$tmp/xqengine-purego" \
	"arm64-qemu:qemu-aarch64-static $tmp/xqengine-arm64" "wasm-node:$wasm_exec $tmp/xqengine.wasm"; do
	name="${build%%:*}"
	out=$(printf 'setoption name EvalFile value %s\nsetoption name UseNNUE value true\nbench %s\nquit\n' "$net" "$depth" | ${build#*:})
	echo "$out" | grep -q 'evaluation NNUE' || { echo "$name: the bench did not use the net"; echo "$out"; exit 1; }
	nodes=$(echo "$out" | awk '/Nodes searched/ {print $4}')
	echo "$name: $nodes nodes, $(echo "$out" | awk '/Nodes\/second/ {print $3}') nodes/s"
	counts="$counts $nodes"
done
if [ "$(echo $counts | tr ' ' '\n' | sort -u | wc -l)" -ne 1 ]; then
	echo "the node counts differ:$counts"
	exit 1
fi
