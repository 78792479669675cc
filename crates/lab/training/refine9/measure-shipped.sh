#!/usr/bin/env bash
# The figures README.md quotes for the shipped net (dgsoup8, 6ff433cf), run
# after the arenas of recipe.sh on a quiet machine: its benchmark losses at
# 0-2 ply on the default set (rolled out by 4ccbb6b8, found as
# crates/lab/weights/4ccbb6b8.net for --roll-unlisted), and its evaluation speed
# against soup4's (2b337032, kept as crates/lab/weights/2b337032.net), back to back.
set -euo pipefail
P=target/release/plakoto
D=crates/lab/training/refine9
mkdir -p $D/benchmark/json
for plies in 0 1 2; do
  "$P" bench strength --threads 2 --json --roll-unlisted --plies $plies > $D/benchmark/json/default-set-dgsoup8-ply$plies.json
done
for round in 1 2 3; do
  "$P" bench eval --json > $D/logs/bench-eval-dgsoup8-$round.json
  "$P" bench eval --json --weights crates/lab/weights/2b337032.net > $D/logs/bench-eval-2b337032-$round.json
done
