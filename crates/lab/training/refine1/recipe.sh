#!/usr/bin/env bash
# Issue 18, first refinement (2026-11-25): expert iteration on 2-ply
# decision targets. Each round labels the positions that 80,000 decisions'
# candidate plays reach with the 2-ply ranking of the previous round's net,
# then fits. Deterministic (seeded sampling, single-threaded search and
# fits); run from the repository root after `cargo build --release`.
# About 25 minutes a round of labels on 2 cores, under 5 minutes a fit.
# Resumable: a stopped `refine targets` appends to its file and goes on.
set -euo pipefail
P=target/release/plakoto
R=runs/refine
mkdir -p "$R"
label() { # label SEED WEIGHTS NAME
  for k in 1 2; do
    "$P" refine targets --candidates --positions 80000 --seed "$1" --plies 2 --shard "$k/2" \
      --weights "$2" --out "$R/$3-$k-of-2.jsonl" &
  done
  wait
}
fit() { # fit INIT OUT LR EPOCHS FILES...
  local init=$1 out=$2 lr=$3 epochs=$4; shift 4
  "$P" refine fit "$@" --init "$init" --out "$out" --lr "$lr" --epochs "$epochs" --batch 128 --equity-weight 10
}
R1="$R/cand2-1-of-2.jsonl $R/cand2-2-of-2.jsonl"
R2="$R/cand2r2-1-of-2.jsonl $R/cand2r2-2-of-2.jsonl"
R3="$R/cand2r3-1-of-2.jsonl $R/cand2r3-2-of-2.jsonl"

# Round 1: labelled by the shipped net 82fe2015.
label 7001 crates/engine/weights/default.net cand2
fit crates/engine/weights/default.net "$R/r1-lr1e3.net" 1e-3 10 $R1
fit "$R/r1-lr1e3.net" "$R/r1-chainA.net" 3e-4 30 $R1            # 4cb5905a
# Round 2: labelled by round 1's net; fitted on both rounds.
label 7002 "$R/r1-chainA.net" cand2r2
fit "$R/r1-chainA.net" "$R/r2-both.net" 3e-4 20 $R1 $R2         # 49870703
# Round 3: labelled by round 2's net; fitted on rounds 2+3 (r3) and on all three.
label 7003 "$R/r2-both.net" cand2r3
fit "$R/r2-both.net" "$R/r3-r23.net" 3e-4 20 $R2 $R3            # r3.net, c4a306d5
fit "$R/r2-both.net" "$R/r3-all.net" 3e-4 15 $R1 $R2 $R3        # r3-all.net, 142735ef
