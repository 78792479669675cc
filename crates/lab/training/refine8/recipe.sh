#!/usr/bin/env bash
# Issue 18, crates/lab/training/refine8: more rollout targets, rolled out by the
# shipped net soup4 (2b337032) rather than by 4ccbb6b8 as refine5's were,
# and two nets fitted on all rollout targets, judged on the three pooled
# Standard sets. Nothing here is shipped. Run from the repository root after
# `cargo build --release`, at a commit whose crates/engine/weights/default.net is
# 2b337032 (the net the build embeds rolls out step 1). Step 3's second net
# needs refine5's fits in runs/refine (crates/lab/training/refine5/recipe.sh). Nothing
# needs a device machine; the times are on this machine's 2 cores.
set -euo pipefail
source crates/lab/training/refine-lib.sh
R=runs/refine8 # fit() of refine-lib.sh writes here
mkdir -p "$R"
SOUP4=$R/soup4.net
cp crates/engine/weights/default.net "$SOUP4"
W2=crates/lab/training/refine3/nets/w2-avg.net
EXCLUDE=(--exclude crates/lab/benchmarks/standard.jsonl.gz --exclude crates/lab/benchmarks/standard-r3.jsonl.gz
  --exclude crates/lab/benchmarks/standard-v1.jsonl.gz)

# 1. Training decisions sampled as a Standard set's are, on seed 14 (20,000
#    decisions in two shards, each shard's list shuffled so that a build
#    stopped early is a fair sample), every candidate rolled out by soup4 at
#    0 ply with --max-trials 576: two shards of one core each, 1.5 s a
#    decision a shard. The session stopped them by time after 64 minutes,
#    with 2,480 and 2,398 decisions done; --limit builds the same ones.
LIMIT=(0 2480 2398)
for k in 1 2; do
  "$P" benchmark build --out "$R/s14-$k-of-2.jsonl" --decisions 20000 --seed 14 --shard "$k/2" \
    --max-trials 576 --limit "${LIMIT[$k]}" > "$R/log14-$k.txt" 2>&1 &
done
wait
"$P" benchmark merge --out crates/lab/training/refine8/rollouts/train-s14.jsonl.gz "$R"/s14-*-of-2.jsonl

# 2. Target lines (`refine from-benchmark`: each candidate taught its
#    rollout equity, the three Standard sets' decisions left out) from
#    refine5's rollouts (seeds 11-13, rolled out by 4ccbb6b8) and seed
#    14's, tilted from the distributions of the net each fit starts from:
#    54,873 lines of 13,401 decisions each (173 decisions excluded).
ROLLED=(crates/lab/training/refine5/rollouts/train-s11.jsonl.gz crates/lab/training/refine5/rollouts/train-s12.jsonl.gz
  crates/lab/training/refine5/rollouts/train-s13.jsonl.gz crates/lab/training/refine8/rollouts/train-s14.jsonl.gz)
"$P" refine from-benchmark "${ROLLED[@]}" --weights "$SOUP4" --out "$R/roll-soup4.jsonl" "${EXCLUDE[@]}"
"$P" refine from-benchmark "${ROLLED[@]}" --weights "$W2" --out "$R/roll-w2.jsonl" "${EXCLUDE[@]}"

# 3. Two nets, both decided before either was judged, each a mean of fits
#    with refine5's rF recipe (1e-4, 6 epochs, weights averaged from the
#    2nd) on two shuffle seeds; about a minute a fit.
#    p8soup: fitted on from soup4 itself.
AVERAGE_FROM=2 fit "$SOUP4" p8 1e-4 6 "$R/roll-soup4.jsonl"                 # p8-avg 11fb1e86
AVERAGE_FROM=2 fit "$SOUP4" p8s2 1e-4 6 "$R/roll-soup4.jsonl" --seed 2      # p8s2-avg b0e754fd
"$P" refine average --out "$R/p8soup.net" "$R/p8-avg.net" "$R/p8s2-avg.net"  # 6e27a47f
#    soup6: soup4's recipe with two more fits from w2-avg on all the lines.
AVERAGE_FROM=2 fit "$W2" q8 1e-4 6 "$R/roll-w2.jsonl"                       # q8-avg 8bc04b30
AVERAGE_FROM=2 fit "$W2" q8s2 1e-4 6 "$R/roll-w2.jsonl" --seed 2            # q8s2-avg f6e7d8e1
"$P" refine average --out "$R/soup6.net" runs/refine/m1-avg.net runs/refine/m1s2-avg.net \
  runs/refine/rA-avg.net runs/refine/rF-avg.net "$R/q8-avg.net" "$R/q8s2-avg.net"  # 825d8e31

# 4. Judged at 0 ply on the three pooled sets (about 2.5 minutes a net), and
#    paired with soup4's choices of refine7 on the same decisions.
#    82fe2015's choices, the reference, are refine7's (measured again here
#    they were byte-identical), copied where the measuring script looks.
export MEASURE_DIR=crates/lab/training/refine8/benchmark
mkdir -p "$MEASURE_DIR"
cp crates/lab/training/refine7/benchmark/standard*-82fe2015.tsv "$MEASURE_DIR/"
for net in p8soup:$R/p8soup.net soup6:$R/soup6.net; do
  crates/lab/training/refine6/measure-x2.sh "${net%%:*}" "${net#*:}" > "crates/lab/training/refine8/logs/measure-${net%%:*}.txt"
done
B7=crates/lab/training/refine7/benchmark B8=crates/lab/training/refine8/benchmark
for n in p8soup soup6; do
  python3 scripts/choices_ratio.py $B8/standard-$n.tsv $B7/standard-soup4.tsv \
    $B8/standard-r3-$n.tsv $B7/standard-r3-soup4.tsv $B8/standard-v1-$n.tsv $B7/standard-v1-soup4.tsv \
    > "crates/lab/training/refine8/logs/paired-$n-soup4.txt"
done
# soup4's blunder ratio with its bootstrap interval (new in choices_ratio.py).
python3 scripts/choices_ratio.py $B7/standard-soup4.tsv $B7/standard-82fe2015.tsv \
  $B7/standard-r3-soup4.tsv $B7/standard-r3-82fe2015.tsv $B7/standard-v1-soup4.tsv \
  $B7/standard-v1-82fe2015.tsv > crates/lab/training/refine8/logs/soup4-blunder-interval.txt

# 5. The cost of a stronger rollout player (probes; times on 2 cores).
for plies in 0 1; do
  printf 'new game\nset dice 6 4\nset rollout seed 5\nset rollout plies %s\nrollout %s\n' \
    "$plies" "$([ "$plies" = 0 ] && echo 1296 || echo 72)" | (time "$P" --plies 0) > /dev/null
done
time "$P" benchmark build --out "$R/probe-0ply.jsonl" --decisions 2000 --seed 21 --limit 2 --threads 2
time "$P" benchmark build --out "$R/probe-1ply-t10.jsonl" --decisions 2000 --seed 21 --limit 2 \
  --threads 2 --player-plies 1 --max-turns 10
