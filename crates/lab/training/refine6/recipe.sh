#!/usr/bin/env bash
# Issue 18, sixth refinement (2026-11-25): a wider hidden layer (no gain),
# and the Standard sets rolled out again on other dice and pooled, which
# lowers the loss every player is charged for the rollouts' noise.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
source crates/lab/training/refine-lib.sh
W2=crates/lab/training/refine3/nets/w2-avg.net
EXCLUDE=(--exclude crates/lab/benchmarks/standard.jsonl.gz --exclude crates/lab/benchmarks/standard-r3.jsonl.gz
  --exclude crates/lab/benchmarks/standard-v1.jsonl.gz)

# 1. Wider nets: refine5's m1 recipe (c10 and the rollout lines x3 from
#    w2-avg), the hidden layer widened by --widen (new units with zero output
#    weights, revived). Needs round c10 (crates/lab/training/refine5/recipe.sh step 4).
"$P" refine from-benchmark crates/lab/training/refine5/rollouts/train-s1{1,2,3}.jsonl.gz --weights "$W2" \
  --out "$R/roll-w2.jsonl" "${EXCLUDE[@]}"
RL="$R/roll-w2.jsonl"
AVERAGE_FROM=2 fit "$W2" wd1 1e-4 6 $(shards c10) "$RL" "$RL" "$RL" --widen 512   # 1024 units: wd1-avg 5231014d
AVERAGE_FROM=2 fit "$W2" wd2 1e-4 6 $(shards c10) "$RL" "$RL" "$RL" --widen 256   # 768 units: wd2-avg 6c3f4599
AVERAGE_FROM=6 fit "$W2" wd3 1e-4 16 $(shards c10) "$RL" "$RL" "$RL" --widen 512  # 1024, 16 epochs: wd3-avg 2191a145
AVERAGE_FROM=6 fit "$W2" ctl6 1e-4 16 $(shards c10) "$RL" "$RL" "$RL"             # its 512-unit control: ctl6-avg 1c42d72d
# Judged as in refine5:
#   MEASURE_DIR=crates/lab/training/refine6/benchmark/wide crates/lab/training/refine3/measure3.sh NAME runs/refine/NAME.net

# 2. The re-rolls: each Standard set's decisions rolled out again with
#    --rollout-seed 2 (every other option as the set was built; a work file
#    resumes where it stopped), then merged and pooled with the first
#    rollout. On 2 cores a decision took about 4.5 s a process, two
#    processes at once (the shards as they were run this session).
RR=runs/reroll
mkdir -p "$RR"
std() { "$P" benchmark build --seed 3 --rollout-seed 2 --shard "$1/5" --out "$RR/std-rs2-$1-of-5.jsonl" "${@:2}"; }
r3() { "$P" benchmark build --seed 2 --decisions 500 --rollout-seed 2 --shard "$1/2" \
  --weights crates/lab/weights/c4a306d5.net --out "$RR/r3-rs2-$1-of-2.jsonl"; }
std 1 --threads 2
std 2 & std 3 & wait
std 4 & std 5 & wait
r3 1 & r3 2 & wait
"$P" benchmark merge --out crates/lab/benchmarks/rerolls/standard-rs2.jsonl.gz "$RR"/std-rs2-*-of-5.jsonl
"$P" benchmark merge --out crates/lab/benchmarks/rerolls/standard-r3-rs2.jsonl.gz "$RR"/r3-rs2-*-of-2.jsonl
"$P" benchmark pool --out crates/lab/benchmarks/standard-x2.jsonl.gz crates/lab/benchmarks/standard.jsonl.gz \
  crates/lab/benchmarks/rerolls/standard-rs2.jsonl.gz
"$P" benchmark pool --out crates/lab/benchmarks/standard-r3-x2.jsonl.gz crates/lab/benchmarks/standard-r3.jsonl.gz \
  crates/lab/benchmarks/rerolls/standard-r3-rs2.jsonl.gz
# (crates/lab/training/refine7/recipe.sh re-rolls it with `benchmark reroll`.)
# standard-v1 cannot be re-rolled this way: it was built by older code, and
# `v1 1 & v1 2` (50 minutes this session) sampled other decisions than the
# set's, which `benchmark pool` refuses. Its re-roll needs a build that takes
# the set's own decisions and candidates.

# 3. How much of the loss is noise: players judged on standard, on its
#    re-roll and on the two pooled (decisions where every choice is a
#    candidate), and the simulated floor.
B2=crates/lab/training/refine2/benchmark
python3 scripts/benchmark_replicate.py crates/lab/benchmarks/standard.jsonl.gz crates/lab/benchmarks/rerolls/standard-rs2.jsonl.gz \
  rF-avg=crates/lab/training/refine5/benchmark/standard-rF-avg.tsv m1-avg=crates/lab/training/refine5/benchmark/standard-m1-avg.tsv \
  w2-avg=crates/lab/training/refine3/benchmark/standard-w2-avg.tsv 4ccbb6b8=$B2/std2-new0.tsv \
  4ccbb6b8-2ply=$B2/std2-new2.tsv 82fe2015=$B2/std2-old0.tsv > crates/lab/training/refine6/replicate-standard.txt

# 4. The nets at 0 ply on the pooled sets (82fe2015 first: the ratios are
#    to its choices). Once standard-v1-x2 exists, measure-x2.sh does all
#    three sets and the pooled ratio:
#      crates/lab/training/refine6/measure-x2.sh NAME NET
#    This session, standard-x2 and standard-r3-x2 only:
judge() { # judge SET NAME NET [ROLLOUT WEIGHTS]
  local args=()
  [ -n "${4:-}" ] && args=(--rollout-weights "$4")
  "$P" bench strength --threads 2 --json --roll-unlisted --weights "$3" "${args[@]}" \
    --benchmark "crates/lab/benchmarks/$1-x2.jsonl.gz" --choices "crates/lab/training/refine6/benchmark/$1-$2.tsv" \
    > "crates/lab/training/refine6/benchmark/json/$1-$2.json"
}
for net in 82fe2015:crates/lab/weights/82fe2015.net 4ccbb6b8:crates/engine/weights/default.net w2-avg:"$W2" \
  rF-avg:crates/lab/training/refine5/nets/rF-avg.net m1-avg:crates/lab/training/refine5/nets/m1-avg.net; do
  judge standard "${net%%:*}" "${net#*:}"
  judge standard-r3 "${net%%:*}" "${net#*:}" crates/lab/weights/c4a306d5.net
done
# Ratios: scripts/choices_ratio.py crates/lab/training/refine6/benchmark/standard-NAME.tsv \
#   crates/lab/training/refine6/benchmark/standard-82fe2015.tsv [the -r3 pair]

# 5. The arena (0 ply against 82fe2015 at 0 ply, as refine3 measured w2-avg):
for net in rF-avg m1-avg; do
  "$P" arena --a "builtin:net@crates/lab/training/refine5/nets/$net.net" --b builtin:net@crates/lab/weights/82fe2015.net \
    --games 20000 --seed 2020 > "crates/lab/training/refine6/arena/arena-$net.txt"
done
# rF-avg's 2 ply against its own 0 ply, stopped at 380 of 2,000 games (resume with the same --out):
#   "$P" arena --a builtin:net-ply2@crates/lab/training/refine5/nets/rF-avg.net \
#     --b builtin:net@crates/lab/training/refine5/nets/rF-avg.net --games 2000 --seed 77 --jobs 1 \
#     --out runs/reroll/arena-rF-ply2.jsonl   (gunzip crates/lab/training/refine6/arena/arena-rF-ply2.jsonl.gz there first)
