#!/usr/bin/env bash
# Makes the kept net (nnue/nets/README.md) again from its seeds: the three data sets of
# cmd/datagen, then cmd/train on the CPU. datagen with -games N makes the same games and the
# same shards with any number of workers, and the trainer is seeded, so the result should be
# the same net, byte for byte, where the same Go builds run (the full run has not been
# repeated yet: it ends by comparing). The third run of datagen scores its searches with the
# second net, which git keeps in the history of nnue/nets.
#
#   scripts/nnue/make-net.sh                 # the whole recipe: on two cores about 80
#                                            # minutes of datagen (16 cores: about 20) and
#                                            # 31 minutes of training on one
#   SCALE=2000 scripts/nnue/make-net.sh      # the same steps on 1/2000 of the games: seconds
#
# Checked (2026-11-27): with SCALE=2000 each data set's shard is, byte for byte, the start of
# the kept net's own shard of that seed, and two trainings on the same data give the same net.
#
# Knobs: OUT (default /tmp/xq-make-net), WORKERS (default: every core), SCALE (divides the
# game counts), EPOCHS (default 8). Prints the net's sha256 and compares it with the kept
# net's when SCALE is 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/xq-make-net}
SCALE=${SCALE:-1}
WORKERS=${WORKERS:-$(nproc)}
EPOCHS=${EPOCHS:-8}
GO=${GO:-go}
mkdir -p "$OUT/bin"
rm -rf "$OUT/data"
"$GO" build -o "$OUT/bin/datagen" ./cmd/datagen
"$GO" build -o "$OUT/bin/train" ./cmd/train
# The second net, as commit 4f030f0 added it.
git show 4f030f0:nnue/nets/xq-2026-11-27.nnue > "$OUT/second.nnue" ||
	{ echo "make-net.sh: the second net comes from git's history: run it in a full clone"; exit 1; }

# gen SEED GAMES SHARD [datagen flags]: one data set, as the kept net's README lists it.
gen() {
	local seed=$1 games=$(( ($2 + SCALE - 1) / SCALE )) shard=$3
	shift 3
	echo "== datagen seed $seed: $games games"
	"$OUT/bin/datagen" -out "$OUT/data/seed$seed" -workers "$WORKERS" -games "$games" -nodes 1024 \
		-seed "$seed" -shard "$shard" -progress 10m "$@"
}
gen 3 55194 1000000
gen 4 65067 1000000
gen 5 42561 1048576 -evalfile "$OUT/second.nnue"

echo "== train"
"$OUT/bin/train" -data "$OUT/data" -out "$OUT/xq.nnue" -epochs "$EPOCHS" -batch 16384 -seed 6
sum=$(sha256sum "$OUT/xq.nnue" | cut -d' ' -f1)
echo "net: $OUT/xq.nnue sha256 $sum"
if [ "$SCALE" = 1 ] && [ "$EPOCHS" = 8 ]; then
	kept=$(sha256sum "nnue/nets/$(sed -n 's/^const DefaultName = "\(.*\)"/\1/p' nnue/nets/nets.go)" | cut -d' ' -f1)
	[ "$sum" = "$kept" ] && echo "the kept net, byte for byte" || { echo "differs from the kept net ($kept)"; exit 1; }
fi
