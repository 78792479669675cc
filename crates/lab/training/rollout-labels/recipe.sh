#!/usr/bin/env bash
# One round of rollout labels and a supervised fit (issue 60) for the Portes
# or the Fevga net, run from the repository root. Deterministic: the same
# seed and net give the same labels and the same fit, on any number of
# threads and shards. Every step resumes or is cheap to run again: run the
# script again after a stop. See README.md beside it.
#
#   GAME=portes ROUND=1 crates/lab/training/rollout-labels/recipe.sh
#
# Settings (environment): GAME (portes|fevga), ROUND (1, 2, …: the seed and
# the run's folder), NET (the labelling net and the fit's start: the shipped
# net in round 1, the previous round's choice later), POSITIONS, TRIALS,
# THREADS, P (the binary), DIR (the run's folder, never committed).
set -euo pipefail

GAME=${GAME:-portes}
ROUND=${ROUND:-1}
P=${P:-target/release/plakoto}
NET=${NET:-crates/engine/weights/$GAME.net}
POSITIONS=${POSITIONS:-20000}
TRIALS=${TRIALS:-1296}
THREADS=${THREADS:-$(nproc)}
DIR=${DIR:-runs/rollout-labels/$GAME-r$ROUND}
# Seeds of their own, apart from the benchmarks' and the arena checks'.
SEED=$((60000 + ROUND))
ARENA_SEED=$((61000 + ROUND))
mkdir -p "$DIR"

# 1. Labels: positions from the net's games (5% random plays, one turn in
#    ten, the 0-ply/2-ply disagreements too), each rolled out TRIALS times.
#    Resumes labels.txt; on a cluster, run the same options as a Slurm array
#    (README.md) and put the merged labels.txt here instead.
"$P" refine labels --game "$GAME" --weights "$NET" --out "$DIR/labels.txt" \
    --positions "$POSITIONS" --seed "$SEED" --epsilon 0.05 --share 0.1 --disagreements \
    --trials "$TRIALS" --threads "$THREADS" 2>&1 | tee -a "$DIR/labels.log"

# 2. The fit, from the labelling net: 5% of the positions held out, the
#    training and held-out loss each epoch in fit.log, the mean of the last
#    four epochs' weights beside the last epoch's.
"$P" refine fit --game "$GAME" --init "$NET" --out "$DIR/fit.net" \
    --average-out "$DIR/fit-avg.net" --average-from 5 \
    --epochs 8 --lr 1e-4 --batch 128 --holdout 0.05 --seed "$SEED" \
    "$DIR/labels.txt" 2>&1 | tee "$DIR/fit.log"

# 3. Judge at 0 ply on a seed that chose nothing: each fit against the
#    labelling net, duplicate dice. A net ships only if it also wins on a
#    fresh seed and on a rolled-out benchmark that took no part in choosing
#    it (issue 60).
for net in fit fit-avg; do
    "$P" arena --game "$GAME" --a "builtin:net@$DIR/$net.net" --b "builtin:net@$NET" \
        --games 4000 --seed "$ARENA_SEED" --jobs "$THREADS" 2>&1 | tee "$DIR/arena-$net.txt"
done
