#!/usr/bin/env bash
# Issue 18, second refinement (2026-11-25): expert iteration continued from
# crates/lab/training/refine1's r3, with the decision term (`refine fit
# --decision-weight`), stochastic weight averaging (`--average-out`) and,
# from round 5 on, positions from the net's own games (`refine targets
# --players self`) instead of the benchmark's mix of players. Round 7's
# r7b-avg (4ccbb6b8) is the shipped net, crates/engine/weights/default.net.
# Deterministic (seeded sampling, single-threaded search and fits); run from
# the repository root after `cargo build --release`. 14-18 minutes a round
# of labels on 2 cores, under 2 minutes a fit.
# Resumable: a stopped `refine targets` appends to its file and goes on.
set -euo pipefail
P=target/release/plakoto
R=runs/refine
mkdir -p "$R"
label() { # label SEED WEIGHTS NAME PLAYERS
  for k in 1 2; do
    "$P" refine targets --candidates --players "$4" --positions 80000 --seed "$1" --plies 2 \
      --shard "$k/2" --weights "$2" --out "$R/$3-$k-of-2.jsonl" &
  done
  wait
}
fit() { # fit INIT OUT DECISION_WEIGHT FILES...  (also writes OUT's -avg twin)
  local init=$1 out=$2 dw=$3; shift 3
  "$P" refine fit "$@" --init "$init" --out "$out.net" --lr 3e-4 --epochs 12 --batch 128 \
    --equity-weight 10 --decision-weight "$dw" --average-out "$out-avg.net" --average-from 4
}
shards() { echo "$R/$1-1-of-2.jsonl $R/$1-2-of-2.jsonl"; }

# Round 4: the benchmark's mix of players, labelled by refine1's r3
# (c4a306d5); fitted on round 4 alone with three decision weights.
label 7004 crates/lab/weights/c4a306d5.net cand2r4 varied
fit crates/lab/weights/c4a306d5.net "$R/r4a" 0 $(shards cand2r4)     # r4a-avg 86477510
fit crates/lab/weights/c4a306d5.net "$R/r4b" 30 $(shards cand2r4)    # r4b-avg 4d99a062 (nets/r4b-avg.net)
fit crates/lab/weights/c4a306d5.net "$R/r4c" 100 $(shards cand2r4)   # r4c-avg 5956c554
# Round 5: the net's own games, labelled by r4b-avg; fitted on round 5
# alone (a) and on rounds 4+5 (b).
label 7005 "$R/r4b-avg.net" cand2r5s self
fit "$R/r4b-avg.net" "$R/r5sa" 30 $(shards cand2r5s)                    # r5sa-avg 544423f4 (nets/)
fit "$R/r4b-avg.net" "$R/r5sb" 30 $(shards cand2r4) $(shards cand2r5s)  # r5sb-avg 657d3dab
# Round 6: labelled by r5sa-avg.
label 7006 "$R/r5sa-avg.net" cand2r6s self
fit "$R/r5sa-avg.net" "$R/r6a" 30 $(shards cand2r6s)                     # r6a-avg 9948671b (nets/)
fit "$R/r5sa-avg.net" "$R/r6b" 30 $(shards cand2r5s) $(shards cand2r6s)  # r6b-avg 77f7fb29
# Round 7: labelled by r6a-avg.
label 7007 "$R/r6a-avg.net" cand2r7s self
fit "$R/r6a-avg.net" "$R/r7a" 30 $(shards cand2r7s)                      # r7a-avg bcf8206b
fit "$R/r6a-avg.net" "$R/r7b" 30 $(shards cand2r6s) $(shards cand2r7s)   # r7b-avg 4ccbb6b8: crates/engine/weights/default.net
# After shipping (not shipped; the next session's start): refits from r7b-avg
# on more of the self-play rounds, no new labels.
fit "$R/r7b-avg.net" "$R/x8a" 30 $(shards cand2r4) $(shards cand2r6s) $(shards cand2r7s)   # x8a-avg 3134fdfc
fit "$R/r7b-avg.net" "$R/x8b" 30 $(shards cand2r5s) $(shards cand2r6s) $(shards cand2r7s)  # x8b-avg 98b7b515 (nets/)
