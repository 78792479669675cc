#!/usr/bin/env python3
"""Who the rollouts side with where a net's 0-ply choice and its 2-ply
search's best play differ.

Input: a benchmark file built with `benchmark build --disagreements-only`
(every decision one where the two differ; the 2-ply best is the candidate
with the highest `ply2_equity`) and the `--choices` file of `plakoto bench
strength` at 0 ply of the net that built it (its 0-ply choice in each
decision). Prints, overall and by phase: decisions, the mean rolled-out
loss of the 0-ply choice and of the 2-ply best (x1000), and the share of
decisions where the rollouts rate the 2-ply best higher.

  scripts/disagreements.py SET.jsonl.gz CHOICES.tsv
"""
import argparse
import collections
import gzip
import json


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("benchmark")
    ap.add_argument("choices")
    a = ap.parse_args()
    chosen = {}
    with open(a.choices) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            decision, after, _loss = line.rstrip("\n").split("\t")
            chosen[int(decision)] = after
    rows = collections.defaultdict(list)
    with gzip.open(a.benchmark, "rt") as f:
        header = json.loads(f.readline())
        if not header.get("disagreements_only"):
            raise SystemExit(f"{a.benchmark} was not built with --disagreements-only")
        for line in f:
            d = json.loads(line)
            by_after = {c["after"]: c for c in d["candidates"]}
            best = max(c["equity"] for c in d["candidates"])
            at_2_ply = max(d["candidates"], key=lambda c: c["ply2_equity"])
            at_0_ply = by_after.get(chosen[d["id"]])
            if at_0_ply is None or at_0_ply is at_2_ply:
                continue  # not a candidate, or the net chose otherwise now
            row = (best - at_0_ply["equity"], best - at_2_ply["equity"],
                   at_2_ply["equity"] > at_0_ply["equity"])
            rows[d["phase"]].append(row)
            rows["all"].append(row)
    print("phase\tdecisions\t0-ply choice loss\t2-ply best loss\trollouts prefer 2-ply")
    for phase in sorted(rows, key=lambda p: (p == "all", p)):
        r = rows[phase]
        n = len(r)
        print(f"{phase}\t{n}\t{1000 * sum(x[0] for x in r) / n:.1f}\t"
              f"{1000 * sum(x[1] for x in r) / n:.1f}\t{sum(x[2] for x in r) / n:.2f}")


if __name__ == "__main__":
    main()
