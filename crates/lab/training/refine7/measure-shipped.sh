#!/usr/bin/env bash
# The figures README.md quotes for the shipped net (soup4, 2b337032), run
# after the arenas of recipe.sh on a quiet machine: its strength against
# the heuristic, its benchmark losses at 0-2 ply on the default set (rolled
# out by 4ccbb6b8, found as crates/lab/weights/4ccbb6b8.net for --roll-unlisted), and
# its evaluation speed against 4ccbb6b8's, back to back.
set -euo pipefail
P=target/release/plakoto
D=crates/lab/training/refine7
"$P" arena --a builtin:net --b builtin:heuristic --games 20000 --seed 2027 > $D/arena/arena-soup4-vs-heuristic.txt
for plies in 0 1 2; do
  "$P" bench strength --threads 2 --json --roll-unlisted --plies $plies > $D/benchmark/json/default-set-soup4-ply$plies.json
done
for round in 1 2 3; do
  "$P" bench eval --json > $D/logs/bench-eval-soup4-$round.json
  "$P" bench eval --json --weights crates/lab/weights/4ccbb6b8.net > $D/logs/bench-eval-4ccbb6b8-$round.json
done
