#!/usr/bin/env bash
# Issue 18, fifth refinement (2026-11-25): rollout targets. Decisions
# sampled like the benchmark's (other seeds), their candidates rolled out
# like the benchmark's by the shipped net 4ccbb6b8, turned into target lines
# (`refine from-benchmark`: each candidate taught its rollout equity, the
# benchmarks' own decisions left out) and fitted from refine3's w2-avg.
# None of the nets here is shipped.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
source crates/lab/training/refine-lib.sh
W2=crates/lab/training/refine3/nets/w2-avg.net
EXCLUDE=(--exclude crates/lab/benchmarks/standard.jsonl.gz --exclude crates/lab/benchmarks/standard-r3.jsonl.gz
  --exclude crates/lab/benchmarks/standard-v1.jsonl.gz)

# 1. The rolled-out decisions (committed in rollouts/; each line one call of
#    about 9 minutes on a lent 16-core machine; on 2 cores, run the same
#    builds with --shard K/2 for hours). Not deterministic in extent: a build
#    is stopped by time, and what it finished is kept.
# crates/lab/training/refine5/roll.sh target/release/plakoto 11 500 rollouts/train-s11.jsonl.gz
# crates/lab/training/refine5/roll.sh target/release/plakoto 12 540 rollouts/train-s12.jsonl.gz --max-trials 576
# crates/lab/training/refine5/roll.sh target/release/plakoto 13 550 rollouts/train-s13.jsonl.gz --max-trials 576
ROLLED=(crates/lab/training/refine5/rollouts/train-s1{1,2,3}.jsonl.gz)

# 2. Target lines: 36,159 lines of 8,808 decisions (108 decisions left out
#    because a benchmark holds them, dice in either order; 1,452 candidates
#    skipped: game over or exact in the race database).
"$P" refine from-benchmark "${ROLLED[@]}" --weights "$W2" --out "$R/roll-w2.jsonl" "${EXCLUDE[@]}"
"$P" refine from-benchmark "${ROLLED[@]}" --out "$R/roll-d.jsonl" "${EXCLUDE[@]}"

# 3. Fits on the rollout lines alone.
AVERAGE_FROM=2 fit "$W2" rA 1e-4 6 "$R/roll-w2.jsonl"                    # rA-avg ca1136d1
AVERAGE_FROM=2 fit "$W2" rF 1e-4 6 "$R/roll-w2.jsonl" --seed 2           # rF-avg 857d937b (nets/)
AVERAGE_FROM=3 fit "$W2" rB 3e-4 8 "$R/roll-w2.jsonl"                    # rB-avg 85ddb67e
fit_dw() { # fit_dw INIT OUT TARGETS EQUITY_WEIGHT DECISION_WEIGHT
  "$P" refine fit "$3" --init "$1" --out "$R/$2.net" --lr 1e-4 --epochs 10 --batch 128 \
    --equity-weight "$4" --decision-weight "$5" --average-out "$R/$2-avg.net" --average-from 3
}
fit_dw "$W2" rC "$R/roll-w2.jsonl" 10 100                                 # rC-avg 30128230
fit_dw "$W2" rD "$R/roll-w2.jsonl" 3 300                                  # rD-avg 42a35308
fit_dw crates/engine/weights/default.net rE "$R/roll-d.jsonl" 10 100                    # rE-avg 1a1874e8

# Each net is judged as in refine3/refine4:
#   MEASURE_DIR=crates/lab/training/refine5/benchmark crates/lab/training/refine3/measure3.sh NAME runs/refine/NAME.net

# 4. Rollout lines mixed into 2-ply labels. Round c10 of
#    crates/lab/training/refine3/recipe.sh (relabelled this session, deterministic:
#    about 40 minutes on 2 cores, 397,237 lines), fitted from w2-avg with
#    the rollout lines three or six times over, and controls without them.
X8B=crates/lab/training/refine2/nets/x8b-avg.net
[ -s "$R/c10-2-of-2.jsonl" ] ||
  label_shards 7010 "$X8B" c10 --players self --phases natural --positions 80000
RL="$R/roll-w2.jsonl"
AVERAGE_FROM=2 fit "$W2" m1 1e-4 6 $(shards c10) "$RL" "$RL" "$RL"                 # m1-avg 89290c34 (nets/)
AVERAGE_FROM=2 fit "$W2" ctl5 1e-4 6 $(shards c10)                                 # ctl5-avg 3c55b10f
AVERAGE_FROM=2 fit "$W2" m1s2 1e-4 6 $(shards c10) "$RL" "$RL" "$RL" --seed 2      # m1s2-avg e8564850
AVERAGE_FROM=2 fit "$W2" ctl5s2 1e-4 6 $(shards c10) --seed 2                      # ctl5s2-avg a691d699
AVERAGE_FROM=2 fit "$W2" m2 1e-4 6 $(shards c10) "$RL" "$RL" "$RL" "$RL" "$RL" "$RL"   # m2-avg a27fba41
AVERAGE_FROM=3 fit "$W2" m3 2e-4 8 $(shards c10) "$RL" "$RL" "$RL"                 # m3-avg 43925970
