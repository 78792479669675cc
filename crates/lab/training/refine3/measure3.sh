#!/usr/bin/env bash
# Benchmark one net at 0 ply on all three Standard sets (each rolled out by
# a different net: standard by 4ccbb6b8, standard-r3 by refine1's r3,
# standard-v1 by 82fe2015), keeping its choices, and print its loss ratio to
# 82fe2015 on each and pooled over the 4,500 decisions, with the blunder ratio
# (scripts/choices_ratio.py, 95% bootstrap interval over decisions).
#   [MEASURE_DIR=DIR] crates/lab/training/refine3/measure3.sh NAME NET
# With SUFFIX=-x2 it judges the pooled sets (crates/lab/benchmarks/SET-x2.jsonl.gz,
# crates/lab/training/refine6) instead, and compares with the choices that the net named
# REFERENCE (82fe2015 unless given) made on them in MEASURE_DIR: measure that
# net first (crates/lab/training/refine6/measure-x2.sh does both).
# Run from the repository root after `cargo build --release`; about a
# minute on 2 cores.
set -euo pipefail
name=$1 net=$2
B=${MEASURE_DIR:-training/refine3/benchmark}  # where the choices and reports go
S=${SUFFIX:-}                                 # which sets: the first rollouts, or -x2
P=target/release/plakoto
mkdir -p "$B/json"
run() { # run SET ROLLOUT_WEIGHTS
  local set=$1 rollout=$2 args=()
  [ -n "$rollout" ] && args=(--rollout-weights "$rollout")
  "$P" bench strength --threads 2 --json --roll-unlisted --weights "$net" \
    --benchmark "crates/lab/benchmarks/$set$S.jsonl.gz" "${args[@]}" \
    --choices "$B/$set-$name.tsv" > "$B/json/$set-$name.json"
}
run standard ""
run standard-r3 crates/lab/weights/c4a306d5.net
run standard-v1 crates/lab/weights/82fe2015.net
python3 - "$B" "$name" "$S" <<'PY'
import json, sys
b, name, suffix = sys.argv[1:]
for s in ["standard", "standard-r3", "standard-v1"]:
    r = json.load(open(f"{b}/json/{s}-{name}.json"))
    phases = " ".join(f"{k} {v['mean_loss_milli']:.1f}" for k, v in r["by_phase"].items())
    print(f"{name} on {s}{suffix}: {r['mean_loss_milli']:.2f} +- {r['standard_error_milli']:.2f}, "
          f"blunders {100 * r['blunder_rate']:.2f}%; {phases}")
PY
O1=crates/lab/training/refine2/benchmark/std2-old0.tsv
O2=crates/lab/training/refine1/benchmark/r3set-82fe2015.tsv
O3=crates/lab/training/refine1/benchmark/std-82fe2015.tsv
if [ -n "$S" ]; then
  reference=${REFERENCE:-82fe2015}
  [ "$name" = "$reference" ] && exit 0
  O1=$B/standard-$reference.tsv O2=$B/standard-r3-$reference.tsv O3=$B/standard-v1-$reference.tsv
fi
for pair in "standard $O1" "standard-r3 $O2" "standard-v1 $O3"; do
  set -- $pair
  echo -n "$1$S vs 82fe2015: "
  python3 scripts/choices_ratio.py "$B/$1-$name.tsv" "$2" | tail -n 1
done
echo -n "pooled vs 82fe2015: "
python3 scripts/choices_ratio.py "$B/standard-$name.tsv" "$O1" "$B/standard-r3-$name.tsv" "$O2" \
  "$B/standard-v1-$name.tsv" "$O3" | tail -n 1
