#!/usr/bin/env bash
# Times the 2-ply hint of two games in alternation on one binary, so that a
# noisy shared machine slows both alike: N pairs of
# `plakoto bench hint --game G --plies 2 --positions P`, then per pair the
# second game's mean and per-hint median over the first's, and the median
# of those ratios.
#
#   scripts/hint_pairs.sh N BINARY [GAME_A GAME_B]   (default plakoto fevga;
#   POSITIONS=50 by default)
set -euo pipefail
pairs=${1:?pairs}
binary=${2:?binary}
first=${3:-plakoto}
second=${4:-fevga}
positions=${POSITIONS:-50}
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
time_hint() {
    "$binary" bench hint --game "$1" --plies 2 --positions "$positions" --rollout-trials 0 --json 2>/dev/null |
        python3 -c "import json,sys; t=json.load(sys.stdin)['timings'][0]; print(t['mean_ms'], t['median_ms'])"
}
echo "$first mean, $second mean, ratio, $first median, $second median, ratio (ms)"
for _ in $(seq "$pairs"); do
    read -r a_mean a_median < <(time_hint "$first")
    read -r b_mean b_median < <(time_hint "$second")
    awk -v am="$a_mean" -v bm="$b_mean" -v ad="$a_median" -v bd="$b_median" \
        'BEGIN { printf "%.2f %.2f %.3f %.2f %.2f %.3f\n", am, bm, bm / am, ad, bd, bd / ad }' | tee -a "$rows"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median ratio of the means: $(cut -d' ' -f3 "$rows" | median)"
echo "median ratio of the per-hint medians: $(cut -d' ' -f6 "$rows" | median)"
