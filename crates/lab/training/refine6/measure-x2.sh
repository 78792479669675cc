#!/usr/bin/env bash
# Benchmark one net at 0 ply on the three pooled Standard sets
# (crates/lab/benchmarks/SET-x2.jsonl.gz: each set's first rollout pooled with its
# re-roll on rollout seed 2), keeping its choices in crates/lab/training/refine6/benchmark,
# and print its loss ratio to 82fe2015's on each set and pooled over the
# 4,500 decisions, with the blunder ratio. Measure 82fe2015 first (NAME
# 82fe2015): the others are compared with its choices there.
#   crates/lab/training/refine6/measure-x2.sh NAME NET
# Run from the repository root after `cargo build --release`; a few minutes
# a net on 2 cores (unlisted plays are rolled out on both seeds' dice).
set -euo pipefail
SUFFIX=-x2 REFERENCE=82fe2015 MEASURE_DIR=${MEASURE_DIR:-training/refine6/benchmark} \
  exec crates/lab/training/refine3/measure3.sh "$@"
