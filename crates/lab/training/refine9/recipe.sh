#!/usr/bin/env bash
# Issue 18, crates/lab/training/refine9: two ways of teaching the net where it is
# wrong, each judged on the three pooled Standard sets against soup4
# (2b337032), shipped until this round; the second gave the shipped
# dgsoup8 (6ff433cf). Run from the repository root after
# `cargo build --release` (soup4 is named as crates/lab/weights/2b337032.net, the
# file of its weights, the same as the embedded net of the commit the
# rollouts ran at). The fits need
# refine5's in runs/refine (crates/lab/training/refine5/recipe.sh) and refine8's
# target lines (crates/lab/training/refine8/recipe.sh, step 2). Nothing needs a
# device machine; the times are on this machine's 2 cores.
set -euo pipefail
source crates/lab/training/refine-lib.sh
R=runs/refine9 # fit() of refine-lib.sh writes here
mkdir -p "$R"
W2=crates/lab/training/refine3/nets/w2-avg.net
SOUP4_FITS=(runs/refine/m1-avg.net runs/refine/m1s2-avg.net runs/refine/rA-avg.net runs/refine/rF-avg.net)
EXCLUDE=(--exclude crates/lab/benchmarks/standard.jsonl.gz --exclude crates/lab/benchmarks/standard-r3.jsonl.gz
  --exclude crates/lab/benchmarks/standard-v1.jsonl.gz)
export MEASURE_DIR=crates/lab/training/refine9/benchmark
mkdir -p "$MEASURE_DIR" crates/lab/training/refine9/logs
# 82fe2015's choices, the reference, are refine7's (the measuring script
# looks for them in MEASURE_DIR).
cp crates/lab/training/refine7/benchmark/standard*-82fe2015.tsv "$MEASURE_DIR/"
measure() { # measure NAME NET: 0 ply on the pooled sets, then paired with soup4's choices
  local name=$1 B7=crates/lab/training/refine7/benchmark B9=crates/lab/training/refine9/benchmark
  crates/lab/training/refine6/measure-x2.sh "$name" "$2" > "crates/lab/training/refine9/logs/measure-$name.txt"
  python3 scripts/choices_ratio.py $B9/standard-"$name".tsv $B7/standard-soup4.tsv \
    $B9/standard-r3-"$name".tsv $B7/standard-r3-soup4.tsv $B9/standard-v1-"$name".tsv \
    $B7/standard-v1-soup4.tsv > "crates/lab/training/refine9/logs/paired-$name-soup4.txt"
}

# 1. The decisions the start net gets wrong, weighted up: refine8's lines
#    (all 13,401 rolled-out training decisions, tilted from w2-avg), with
#    each decision whose w2-avg choice loses more than 0.04 by its rollout
#    (1,296 of them) three more times. Four fits from w2-avg with refine5's
#    rF recipe (1e-4, 6 epochs, averaged from the 2nd), shuffle seeds 1-4,
#    two at a time (about 2 minutes a pair).
python3 scripts/repeat_wrong_decisions.py runs/refine8/roll-w2.jsonl "$R/roll-w2-bw.jsonl" \
  --threshold 0.04 --repeat 3
for pair in "1 2" "3 4"; do
  for s in $pair; do
    AVERAGE_FROM=2 fit "$W2" "bw$s" 1e-4 6 "$R/roll-w2-bw.jsonl" --seed "$s" > "crates/lab/training/refine9/logs/fit-bw$s.log" 2>&1 &  # bw1-4-avg: 13725dbe ffa1db2b 7ade43cb f3c692de
  done
  wait
done
"$P" refine average --out "$R/bw4.net" "$R"/bw{1,2,3,4}-avg.net             # 14c0936c
"$P" refine average --out "$R/bwsoup8.net" "${SOUP4_FITS[@]}" "$R"/bw{1,2,3,4}-avg.net  # db878cc4
measure bw4 "$R/bw4.net"
measure bwsoup8 "$R/bwsoup8.net"

# 2. Decisions chosen where the net is likely wrong, rolled out:
#    `benchmark build --disagreements-only` (new) samples as a Standard
#    set does (seed 15) but rolls out only the decisions where soup4's
#    0-ply choice is not its 2-ply search's best play, by soup4 at 0 ply
#    with --max-trials 576, in two shards of one core each. The session
#    stopped them by time; --limit looks at the same decisions again.
LIMIT=(0 8680 8466)
for k in 1 2; do
  "$P" benchmark build --out "$R/s15-$k-of-2.jsonl" --decisions 20000 --seed 15 --shard "$k/2" \
    --max-trials 576 --disagreements-only --limit "${LIMIT[$k]}" --weights crates/lab/weights/2b337032.net \
    > "$R/log15-$k.txt" 2>&1 &
done
wait
"$P" benchmark merge --out crates/lab/training/refine9/rollouts/train-s15.jsonl.gz "$R"/s15-*-of-2.jsonl

# 3. All rolled-out training decisions (seeds 11-15) as target lines,
#    tilted from w2-avg, and two nets decided before either was judged:
#    dg4, the mean of four fits from w2-avg (the rF recipe, shuffle seeds
#    1-4); dgsoup8, the mean of soup4's four fits and dg4's four.
ROLLED=(crates/lab/training/refine5/rollouts/train-s11.jsonl.gz crates/lab/training/refine5/rollouts/train-s12.jsonl.gz
  crates/lab/training/refine5/rollouts/train-s13.jsonl.gz crates/lab/training/refine8/rollouts/train-s14.jsonl.gz
  crates/lab/training/refine9/rollouts/train-s15.jsonl.gz)
"$P" refine from-benchmark "${ROLLED[@]}" --weights "$W2" --out "$R/roll-w2-s15.jsonl" "${EXCLUDE[@]}"
for pair in "1 2" "3 4"; do
  for s in $pair; do
    AVERAGE_FROM=2 fit "$W2" "dg$s" 1e-4 6 "$R/roll-w2-s15.jsonl" --seed "$s" > "crates/lab/training/refine9/logs/fit-dg$s.log" 2>&1 &
  done
  wait
done
"$P" refine average --out "$R/dg4.net" "$R"/dg{1,2,3,4}-avg.net            # ac8c7306
"$P" refine average --out "$R/dgsoup8.net" "${SOUP4_FITS[@]}" "$R"/dg{1,2,3,4}-avg.net  # 6ff433cf
measure dg4 "$R/dg4.net"
measure dgsoup8 "$R/dgsoup8.net"
rm "$MEASURE_DIR"/standard*-82fe2015.tsv
#    What the rollouts say where soup4's 0 ply and 2 ply disagree.
"$P" bench strength --benchmark crates/lab/training/refine9/rollouts/train-s15.jsonl.gz --weights crates/lab/weights/2b337032.net \
  --choices "$R/s15-soup4.tsv" > /dev/null
python3 scripts/disagreements.py crates/lab/training/refine9/rollouts/train-s15.jsonl.gz "$R/s15-soup4.tsv" \
  > crates/lab/training/refine9/logs/disagreements-s15.txt

# 4. The rule fixed before judging: ship the one of dg4 and dgsoup8 with
#    the lower pooled loss if it meets both benchmark targets (dgsoup8),
#    then the arenas (about 30 s each, 35 minutes for the 2-ply one).
A=crates/lab/training/refine9/arena
NET=$R/dgsoup8.net
"$P" arena --a builtin:net@"$NET" --b builtin:net@crates/lab/weights/82fe2015.net --games 20000 --seed 2020 > $A/arena-dgsoup8-vs-82fe2015.txt
"$P" arena --a builtin:net@"$NET" --b builtin:net@crates/lab/weights/2b337032.net --games 20000 --seed 2021 > $A/arena-dgsoup8-vs-soup4.txt
"$P" arena --a builtin:net@"$NET" --b builtin:heuristic --games 20000 --seed 2027 > $A/arena-dgsoup8-vs-heuristic.txt
"$P" arena --a builtin:net-ply2@"$NET" --b builtin:net@"$NET" --games 2000 --seed 77 > $A/ply2-vs-ply0.txt
cp crates/engine/weights/default.net crates/lab/weights/2b337032.net   # soup4, kept
cp "$NET" crates/engine/weights/default.net                 # then cargo build --release and measure-shipped.sh
