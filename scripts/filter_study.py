#!/usr/bin/env python3
"""Replays root move filters on the decisions that
`crates/benches/examples/filter_study.rs` wrote (each decision: the
candidates GNU Backgammon's `large` filter keeps, best at 0 plies first,
with their 0-ply and 2-ply equities).

A filter keeps the best candidate and up to EXTRA more within THRESHOLD
of it at 0 plies; the 2-ply search then plays the kept candidate of best
2-ply value. For each filter this prints, per decision: the candidates
searched, and the 2-ply equity given up against `large`'s choice (in
milli-points), with the share of decisions where the choice differs.

    python3 scripts/filter_study.py F.jsonl [EXTRA:THRESHOLD[/EXTRA:THRESHOLD] ...]

A second level (after the slash) keeps, of the first level's survivors
searched at 1 ply, the best and up to EXTRA within THRESHOLD at 1 ply:
only those are searched at 2 plies.
"""

import json
import sys

DEFAULT_FILTERS = ["8:0.16", "8:0.12", "5:0.08", "8:0.08", "8:0.06", "8:0.05", "8:0.04", "8:0.03"]


def kept(e0, extra, threshold):
    """How many candidates a filter keeps of `e0` (best first)."""
    keep = 1
    while keep < min(len(e0), extra) and e0[0] - e0[keep] <= threshold:
        keep += 1
    return keep


def replay(decisions, extra, threshold, second=None):
    """Per decision: candidates searched at 1 ply (0 without a second
    level) and at 2 plies, milli-points given up, share of choices that
    differ from `large`'s. `second` = (extra, threshold) of a level
    applied to the survivors' 1-ply values."""
    searched1 = searched2 = loss = differ = 0.0
    for d in decisions:
        e0, e2 = d["e0"], d["e2"]
        best_wide = max(e2)
        k = kept(e0, extra, threshold)
        survivors = list(range(k))
        if second is not None:
            searched1 += k
            e1 = d["e1"]
            survivors.sort(key=lambda i: (-e1[i], i))
            k2 = kept([e1[i] for i in survivors], *second)
            survivors = survivors[:k2]
        best = max(e2[i] for i in survivors)
        searched2 += len(survivors)
        loss += best_wide - best
        differ += best < best_wide
    n = len(decisions)
    return searched1 / n, searched2 / n, 1000 * loss / n, differ / n


def main():
    path = sys.argv[1]
    filters = sys.argv[2:] or DEFAULT_FILTERS
    with open(path) as f:
        decisions = [json.loads(line) for line in f if line.strip()]
    gaps = sorted(d["e0"][0] - d["e0"][1] for d in decisions if len(d["e0"]) > 1)
    print(f"{path}: {len(decisions)} decisions; median 0-ply gap of the best two {gaps[len(gaps) // 2]:.3f}")
    print(f"{'filter':>18} {'1-ply':>6} {'2-ply':>6} {'mp lost':>8} {'differ':>7}")
    for spec in filters:
        levels = spec.split("/")
        extra, threshold = levels[0].split(":")
        second = None
        if len(levels) > 1:
            e, t = levels[1].split(":")
            second = (int(e), float(t))
        s1, s2, lost, differ = replay(decisions, int(extra), float(threshold), second)
        print(f"{spec:>18} {s1:6.2f} {s2:6.2f} {lost:8.3f} {100 * differ:6.1f}%")


if __name__ == "__main__":
    main()
