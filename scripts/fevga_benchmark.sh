#!/bin/sh
# Builds the Fevga benchmark (crates/lab/benchmarks/fevga.jsonl.gz) in the
# background-friendly way: two shards run one after the other on one
# thread, each resuming its work file where it stopped, then merged.
# Run it again after a stop and it goes on (a shard that is done returns at
# once). Two machines (or two free cores) can run the shards at the same
# time instead: `SHARDS="1/2"` on one and `SHARDS="2/2"` on the other.
#
#   nohup scripts/fevga_benchmark.sh > runs/fevga-bench/build.log 2>&1 &
#   echo $! > runs/fevga-bench/build.pid
#
# The options are recorded in the file's header; a work file of other
# options is refused. Why these (crates/lab/benchmarks/FORMAT.md, "The
# Fevga sets"): 750 decisions sampled so that about 500 are kept, stages of
# 144 games up to MAX_TRIALS a candidate (720 for the net, 864 for the
# heuristic, whose games cost half as much), rolled out by EVALUATOR.
set -eu

BIN=${BIN:-target/release/plakoto}
WORK=${WORK:-runs/fevga-bench}
OUT=${OUT:-crates/lab/benchmarks/fevga.jsonl.gz}
SHARDS=${SHARDS:-"1/2 2/2"}
EVALUATOR=${EVALUATOR:-net}
MAX_TRIALS=${MAX_TRIALS:-720}

mkdir -p "$WORK"
for shard in $SHARDS; do
    name=$(echo "$shard" | tr / -)
    "$BIN" benchmark build --game fevga --evaluator "$EVALUATOR" --weak pipcount \
        --decisions 750 --seed 1 --candidates 4 \
        --trials 144 --max-trials "$MAX_TRIALS" --target-error 0.02 \
        --player-plies 0 --max-turns 500 --rollout-seed 1 \
        --threads 1 --shard "$shard" --out "$WORK/fevga-$name.jsonl"
done
"$BIN" benchmark merge --out "$OUT" "$WORK"/fevga-*.jsonl
