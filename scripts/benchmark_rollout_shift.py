#!/usr/bin/env python3
"""Whether two rollouts of the same benchmark decisions value the candidates
alike: per phase, the mean of each candidate's equity in A less its equity
in B, with a naive standard error.

A and B are benchmark files (`.jsonl.gz`) of the same decisions and
candidates on other rollout seeds (`plakoto benchmark reroll`). Rollouts by
the same player differ only by noise, so the means stay within a few
standard errors of 0; a player that changed between them (a database it
did not have before) shows as a shift in the phases it plays differently.
The candidates of one decision share their dice, so the naive standard
error (candidates taken as independent) is too small, by about a factor
of 2 on the Standard sets.

    python3 scripts/benchmark_rollout_shift.py A B
"""
import gzip
import json
import sys
from collections import defaultdict


def decisions(path):
    with gzip.open(path, "rt") as f:
        lines = f.read().splitlines()[1:]
    return {d["id"]: d for d in map(json.loads, lines)}


def main():
    a, b = decisions(sys.argv[1]), decisions(sys.argv[2])
    shifts = defaultdict(list)
    for id_, d in a.items():
        other = b.get(id_)
        if other is None:
            continue
        theirs = {c["after"]: c["equity"] for c in other["candidates"]}
        for c in d["candidates"]:
            if c["after"] in theirs:
                shifts[d["phase"]].append(c["equity"] - theirs[c["after"]])
    print("phase         candidates  mean A-B (milli)  naive s.e.")
    for phase, v in sorted(shifts.items()):
        mean = sum(v) / len(v)
        sd = (sum((x - mean) ** 2 for x in v) / (len(v) - 1)) ** 0.5
        print(f"{phase:12s} {len(v):11d} {1000 * mean:+17.2f} {1000 * sd / len(v) ** 0.5:11.2f}")


if __name__ == "__main__":
    main()
