#!/usr/bin/env bash
# One run on a lent GPU machine (16 cores + one H100, PyTorch, no Go, no
# network): phase A makes self-play training data with the prebuilt static
# datagen on every core, phase B trains the net on the GPU with train.py and
# exports it in the engine's format, phase C checks that the engine loads it
# and searches with it. Everything fits the device tool's 600 s limit.
#
# HOW TO CALL IT (the lead, from /work/main with branch nnue merged):
#
#   1. Build the static linux/amd64 binaries into the ignored folder .nnue-bin:
#        cd /work/main
#        grep -qx '/.nnue-bin/' .git/info/exclude || echo '/.nnue-bin/' >> .git/info/exclude
#        CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -o .nnue-bin/datagen ./cmd/datagen
#        CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -o .nnue-bin/xqengine ./cmd/xqengine
#        CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -o .nnue-bin/train ./cmd/train
#      (.gitignore already ignores /.nnue-bin/ once branch nnue is merged; the exclude line
#      is for a checkout without it.)
#   2. run(command="bash scripts/nnue/device-run.sh", carry=[".nnue-bin"], timeout_s=600)
#      (the three binaries are about 10 MB, under carry's 64 MiB; knobs go in front of the
#      command, e.g. "NODES=2048 bash scripts/nnue/device-run.sh")
#
#   The second net (2026-11-27) came from one call that also carried data made beforehand on
#   the development machine (datagen -seed 3, 2 cores, 27 minutes, shards packed with xz -9)
#   and played its first games against 9fe8ef3 in the time left: stripped binaries
#   (go build -trimpath -ldflags "-s -w") of datagen, xqengine, xqmatch and 9fe8ef3's
#   xqengine, with BOOK.DAT and the packed shards in data/, all in the ignored folder
#   .nnue-run, so that tree and carry stay under 64 MiB:
#     run(command="BIN=.nnue-run EXTRA=.nnue-run/data SEED=2 DG_SECONDS=240 SAMPLE=0
#          MATCH_STOP=530 bash scripts/nnue/device-run.sh", carry=[".nnue-run"], timeout_s=600)
#   A later call, even on the same warm machine, finds neither the net nor .nnue-run unless
#   it carries them again: copy $OUT's xq.nnue into the carried folder here first (without
#   the data, the folder travels in seconds).
#
#   Expected: phase 0 about 30 s, phase A 320 s making about 10 M positions at 1024 nodes
#   (2100 positions a CPU-second measured here; 2048 nodes would give about half as many,
#   searched about one ply deeper), phase B 145-160 s, phase C 10-20 s: done in about 560 s.
#   Data, not training time, limits a first net (a net from 287k positions trained here
#   overfitted within 10 epochs), so phase A gets the larger share.
#
#   What comes back under $OUT (5 files, each well under 16 MB):
#     xq.nnue        the quantised net (about 2 MB at H=128), nnue/doc.go's format
#     datagen.log    positions/s and counts of phase A
#     train.log      data size, fitted K, train and validation losses of phase B
#     check.log      phase C: the net loaded and searched by datagen and
#                    xqengine's bench with UseNNUE (nodes/s on this CPU)
#     sample.xqpos   the first 300k positions of one shard (15 MB), to check
#                    the data and train with cmd/train at home
#
# Knobs (environment; the defaults fit 600 s): DG_SECONDS=320 NODES=1024
# SEED=1 HIDDEN=128 L2=16 LAMBDA=0.75 DEADLINE=530 (seconds after the start
# by which training must end; training gets what is left, at most 160 s).
# EXTRA=DIR adds shards made beforehand elsewhere (DIR/*.xqpos.xz, xz -9 packs
# the 50-byte records about 8 to 1, so several million positions fit the
# carry's 64 MiB) to the training data; SAMPLE=0 skips sample.xqpos.
# MATCH_STOP=S (0: none) then plays the new net (UseNNUE) against
# $BIN/xqengine-9fe8ef3 at 10 s + 0.1 s, openings from $BIN/BOOK.DAT, own
# books off, one game a core, MATCH_SEED, until S seconds after the start
# (games under way finish: leave 60 s); PGN and summary to $OUT/match.*.
# Phase 0 first runs the whole pipeline for a few seconds, so that a broken
# step fails in under a minute instead of after the data is made; should
# train.py fail there (or in phase B), phase B falls back to the Go trainer
# (.nnue-bin/train, one core, a subset of the data), so a net still comes back.
set -euo pipefail
START=$(date +%s)
OUT=${OUT:?OUT must name the folder for the results}
BIN=${BIN:-.nnue-bin}
DG_SECONDS=${DG_SECONDS:-320}
NODES=${NODES:-1024}
SEED=${SEED:-1}
HIDDEN=${HIDDEN:-128}
L2=${L2:-16}
LAMBDA=${LAMBDA:-0.75}
DEADLINE=${DEADLINE:-530}
EXTRA=${EXTRA:-}
SAMPLE=${SAMPLE:-1}
MATCH_STOP=${MATCH_STOP:-0}
MATCH_SEED=${MATCH_SEED:-41}
WORKERS=$(nproc)
WORK=$(mktemp -d /tmp/xqnnue.XXXXXX)
PY=${PYTHON:-python3}
mkdir -p "$OUT"
for b in datagen xqengine; do
	[ -x "$BIN/$b" ] || { echo "missing $BIN/$b: build it (see this script's header) and carry $BIN" >&2; exit 2; }
done
elapsed() { echo $(($(date +%s) - START)); }

echo "== phase 0: smoke test of the pipeline ($(elapsed) s)" | tee "$OUT/check.log"
"$BIN/datagen" -out "$WORK/smoke" -workers "$WORKERS" -duration 6s -nodes 1024 -seed 999 -progress 1h 2>&1 | tee -a "$OUT/check.log"
TRAINER=python
if ! $PY scripts/nnue/train.py --data "$WORK/smoke" --out "$WORK/smoke.nnue" --seconds 4 --hidden "$HIDDEN" --l2 "$L2" --val 0.1 2>&1 | tee -a "$OUT/check.log"; then
	echo "train.py FAILED in the smoke test: phase B will use the Go trainer" | tee -a "$OUT/check.log"
	TRAINER=go
elif ! "$BIN/datagen" -out "$WORK/smoke-net" -workers 1 -games 1 -nodes 1024 -evalfile "$WORK/smoke.nnue" -progress 1h 2>&1 | tee -a "$OUT/check.log"; then
	echo "train.py's smoke net does NOT load in Go: phase B will use the Go trainer" | tee -a "$OUT/check.log"
	TRAINER=go
fi

if [ -n "$EXTRA" ]; then
	echo "== phase A0: unpacking the shards of $EXTRA ($(elapsed) s)" | tee "$OUT/extra.log"
	mkdir -p "$WORK/data/extra"
	for f in "$EXTRA"/*.xqpos.xz; do
		name=$(basename "$f" .xz)
		if command -v xz >/dev/null; then xz -dc "$f" > "$WORK/data/extra/$name"
		else $PY -c 'import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$f" "$WORK/data/extra/$name"; fi
	done
	ls -l "$WORK/data/extra" | tee -a "$OUT/extra.log"
fi

echo "== phase A: datagen, $WORKERS workers, $DG_SECONDS s, $NODES nodes per position ($(elapsed) s)" | tee "$OUT/datagen.log"
"$BIN/datagen" -out "$WORK/data/own" -workers "$WORKERS" -duration "${DG_SECONDS}s" -nodes "$NODES" -seed "$SEED" -shard 1000000 -progress 30s 2>&1 | tee -a "$OUT/datagen.log"
shards=("$WORK/data/own"/*.xqpos)
[ "$SAMPLE" = 0 ] || head -c $((16 + 300000 * 50)) "${shards[0]}" > "$OUT/sample.xqpos"
du -sh "$WORK/data" | tee -a "$OUT/datagen.log"

left=$((DEADLINE - $(elapsed) - 25))
TRAIN_SECONDS=$((left < 160 ? left : 160))
echo "== phase B: training $TRAIN_SECONDS s ($(elapsed) s)" | tee "$OUT/train.log"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>&1 | tee -a "$OUT/train.log" || true
if [ "$TRAINER" = python ] && ! $PY scripts/nnue/train.py --data "$WORK/data" --out "$OUT/xq.nnue" --log "$OUT/train.log" \
	--seconds "$TRAIN_SECONDS" --hidden "$HIDDEN" --l2 "$L2" --lambda "$LAMBDA" --seed "$SEED" 2>&1 | tail -5; then
	echo "train.py FAILED: falling back to the Go trainer" | tee -a "$OUT/train.log"
	TRAINER=go
fi
left=$((DEADLINE - $(elapsed) - 45))
if [ "$TRAINER" = go ] && [ "$left" -lt 20 ]; then
	echo "no time left for the Go trainer" | tee -a "$OUT/train.log"
elif [ "$TRAINER" = go ] && [ ! -x "$BIN/train" ]; then
	echo "no Go trainer in $BIN" | tee -a "$OUT/train.log"
elif [ "$TRAINER" = go ]; then
	echo "== phase B': cmd/train on one core for $left s ($(elapsed) s)" | tee -a "$OUT/train.log"
	"$BIN/train" -data "$WORK/data" -out "$OUT/xq.nnue" -time "${left}s" -epochs 100 -max 150000 \
		-hidden "$HIDDEN" -l2 "$L2" -lambda "$LAMBDA" -seed "$SEED" 2>&1 | tee -a "$OUT/train.log"
fi

echo "== phase C: the engine loads the net and searches ($(elapsed) s)" | tee -a "$OUT/check.log"
"$BIN/datagen" -out "$WORK/check" -workers 1 -games 1 -nodes 1024 -evalfile "$OUT/xq.nnue" -progress 1h 2>&1 | tee -a "$OUT/check.log"
printf 'setoption name EvalFile value %s\nsetoption name UseNNUE value true\nbench 8\nquit\n' "$OUT/xq.nnue" |
	timeout 60 "$BIN/xqengine" 2>&1 | tail -4 | tee -a "$OUT/check.log" || true
printf 'bench 8\nquit\n' | timeout 20 "$BIN/xqengine" 2>&1 | tail -3 | tee -a "$OUT/check.log" || true
if [ "$MATCH_STOP" -gt 0 ] && [ -s "$OUT/xq.nnue" ]; then
	left=$((MATCH_STOP - $(elapsed)))
	echo "== phase D: the new net against 9fe8ef3 at 10 s + 0.1 s, seed $MATCH_SEED, new games for $left s ($(elapsed) s)" | tee -a "$OUT/check.log"
	if [ "$left" -gt 0 ]; then
		"$BIN/xqmatch" -proto ucci -engine1 "$BIN/xqengine" -options1 "usebook=false,evalfile=$OUT/xq.nnue,usennue=true" \
			-engine2 "$BIN/xqengine-9fe8ef3" -options2 usebook=false -tc 10+0.1 -book "$BIN/BOOK.DAT" \
			-concurrency "$WORKERS" -games 400 -seed "$MATCH_SEED" -stopafter "${left}s" \
			-pgn "$OUT/match.pgn" -v > "$OUT/match.txt" 2>&1 || echo "xqmatch rc $?" | tee -a "$OUT/check.log"
		tail -9 "$OUT/match.txt" | tee -a "$OUT/check.log"
	fi
fi
ls -l "$OUT" | tee -a "$OUT/check.log"
echo "== done in $(elapsed) s" | tee -a "$OUT/check.log"
