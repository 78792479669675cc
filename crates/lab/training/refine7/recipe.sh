#!/usr/bin/env bash
# Issue 18, crates/lab/training/refine7: standard-v1 re-rolled and pooled, the nets
# judged on all three pooled Standard sets, and the choice of net to ship.
# Run from the repository root after `cargo build --release`. Nothing here
# needs a device machine; the times are on this machine's 2 cores.
set -euo pipefail
P=target/release/plakoto
R=runs/reroll2
mkdir -p "$R"

# 1. standard-v1's own decisions and candidates rolled out again on rollout
#    seed 2 by the net that rolled it out (82fe2015), in two shards (one a
#    core; each resumes where it stopped): about 60 minutes.
for k in 1 2; do
  "$P" benchmark reroll --from crates/lab/benchmarks/standard-v1.jsonl.gz --weights crates/lab/weights/82fe2015.net \
    --rollout-seed 2 --shard $k/2 --out "$R/v1-rs2-$k-of-2.jsonl" 2> "$R/v1-rs2-$k.log" &
done
wait
"$P" benchmark merge --out crates/lab/benchmarks/rerolls/standard-v1-rs2.jsonl.gz "$R"/v1-rs2-*-of-2.jsonl
"$P" benchmark pool --out crates/lab/benchmarks/standard-v1-x2.jsonl.gz crates/lab/benchmarks/standard-v1.jsonl.gz \
  crates/lab/benchmarks/rerolls/standard-v1-rs2.jsonl.gz
# Does the re-roll value the candidates as the first rollout did (per phase)?
python3 scripts/benchmark_rollout_shift.py crates/lab/benchmarks/standard-v1.jsonl.gz \
  crates/lab/benchmarks/rerolls/standard-v1-rs2.jsonl.gz > crates/lab/training/refine7/logs/rollout-shift-v1.txt
python3 scripts/benchmark_rollout_shift.py crates/lab/benchmarks/standard.jsonl.gz \
  crates/lab/benchmarks/rerolls/standard-rs2.jsonl.gz > crates/lab/training/refine7/logs/rollout-shift-standard.txt

# 2. The nets at 0 ply on the three pooled sets, 82fe2015 first (the ratios
#    are to its choices), about 3 minutes a net.
export MEASURE_DIR=crates/lab/training/refine7/benchmark
for net in 82fe2015:crates/lab/weights/82fe2015.net m1-avg:crates/lab/training/refine5/nets/m1-avg.net \
  w2-avg:crates/lab/training/refine3/nets/w2-avg.net rF-avg:crates/lab/training/refine5/nets/rF-avg.net \
  4ccbb6b8:crates/engine/weights/default.net; do
  crates/lab/training/refine6/measure-x2.sh "${net%%:*}" "${net#*:}" > "crates/lab/training/refine7/logs/measure-${net%%:*}.txt"
done

# 3. soup4: the mean of refine5's four best fits (two recipes, two shuffle
#    seeds each, all from w2-avg; runs/refine holds them after
#    crates/lab/training/refine5/recipe.sh), judged like the others.
"$P" refine average --out runs/refine/soup4.net runs/refine/m1-avg.net \
  runs/refine/m1s2-avg.net runs/refine/rA-avg.net runs/refine/rF-avg.net
crates/lab/training/refine6/measure-x2.sh soup4 runs/refine/soup4.net > crates/lab/training/refine7/logs/measure-soup4.txt
B=crates/lab/training/refine7/benchmark
python3 scripts/choices_ratio.py $B/standard-soup4.tsv $B/standard-4ccbb6b8.tsv \
  $B/standard-r3-soup4.tsv $B/standard-r3-4ccbb6b8.tsv $B/standard-v1-soup4.tsv $B/standard-v1-4ccbb6b8.tsv

# 4. The arena: soup4 at 0 ply against 82fe2015 and against 4ccbb6b8 (about
#    30 s each on 2 cores), and its 2 ply against its own 0 ply (about 35
#    minutes; resumes from --out with --resume).
"$P" arena --a builtin:net@runs/refine/soup4.net --b builtin:net@crates/lab/weights/82fe2015.net \
  --games 20000 --seed 2020 > crates/lab/training/refine7/arena/arena-soup4-vs-82fe2015.txt
"$P" arena --a builtin:net@runs/refine/soup4.net --b builtin:net@crates/lab/weights/4ccbb6b8.net \
  --games 20000 --seed 2021 > crates/lab/training/refine7/arena/arena-soup4-vs-4ccbb6b8.txt
"$P" arena --a builtin:net-ply2@runs/refine/soup4.net --b builtin:net@runs/refine/soup4.net \
  --games 2000 --seed 77 --jobs 2 --out "$R/arena-soup4-ply2.jsonl" > crates/lab/training/refine7/arena/arena-soup4-ply2.txt

# 5. Shipped: the net it replaces kept by its hash, soup4 embedded, then the
#    README's figures for it (heuristic arena, default set at 0-2 ply, bench
#    eval against 4ccbb6b8, alternated).
cp crates/engine/weights/default.net crates/lab/weights/4ccbb6b8.net
cp runs/refine/soup4.net crates/engine/weights/default.net
cargo build --release
crates/lab/training/refine7/measure-shipped.sh
