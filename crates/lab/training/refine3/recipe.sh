#!/usr/bin/env bash
# Issue 18, third refinement (2026-11-25): one more round of expert
# iteration from crates/lab/training/refine2's x8b-avg (98b7b515), and the experiments
# the README reports. None of the nets here is shipped.
# Deterministic (seeded sampling, single-threaded search and fits); run from
# the repository root after `cargo build --release`. A round of 2-ply labels
# took about 45 minutes on this session's 2 cores; a fit 2-6 minutes.
# Resumable: a stopped `refine targets` appends to its file and goes on.
set -euo pipefail
source crates/lab/training/refine-lib.sh
X8B=crates/lab/training/refine2/nets/x8b-avg.net

# Round 10: the net's own games as they come, labelled by x8b-avg at 2 ply.
label_shards 7010 "$X8B" c10 --players self --phases natural --positions 80000
# Round 11: the net's own games in the benchmark's phase shares.
label_shards 7011 "$X8B" c11 --players self --phases benchmark --positions 80000
# 160,000 decisions labelled at 1 ply (one process; about 13 minutes).
"$P" refine targets --candidates --players self --phases natural --positions 160000 --seed 8001 \
  --plies 1 --weights "$X8B" --out "$R/p1a.jsonl"

fit "$X8B" y10 3e-4 12 $(shards c10)                     # y10-avg 7461e9ac
fit "$X8B" y10lo 5e-5 8 $(shards c10)                    # y10lo-avg 192d6148
fit "$X8B" z3 3e-4 10 "$R/p1a.jsonl" $(shards c10)       # z3-avg 05f1fcbf (1-ply labels too)
# The mean of the previous shipped net and x8b-avg.
"$P" refine average "$X8B" crates/engine/weights/default.net --out "$R/soup-x8b-new.net"   # edb625b6
# Both 2-ply rounds together, from x8b-avg (w1) and, as x8b-avg itself was
# made, from the shipped net (w2).
fit "$X8B" w1 3e-4 8 $(shards c10) $(shards c11)                  # w1-avg 27e68b82
fit crates/engine/weights/default.net w2 3e-4 12 $(shards c10) $(shards c11)    # w2-avg bb22cc93 (nets/w2-avg.net)
# The choice term (refine fit --choice-weight, temperature 0.02), like w1.
fit "$X8B" v2 3e-4 8 $(shards c10) $(shards c11) --choice-weight 2   # v2-avg 7908d646
fit "$X8B" v5 3e-4 8 $(shards c10) $(shards c11) --choice-weight 5   # v5-avg afc5d8c3
