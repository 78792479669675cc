#!/usr/bin/env python3
"""How much of a benchmark's loss is its rollouts' noise: players' losses
judged on a benchmark, on an independent re-roll of the same decisions, and
on the two pooled.

A decision's loss is the best candidate's rolled-out equity less the chosen
one's. The best candidate is picked by the same noisy rollouts, so even a
player that always chooses the truly best play is charged a positive loss
on average (the winner's curse). That floor is the same for every player:
it adds to both sides of a loss ratio and pulls the ratio towards 1.
Pooling two independent rollouts halves the noise's variance and lowers the
floor; the drop in each player's loss from one rollout to the pool shows
how much of its loss was noise.

B is a `plakoto benchmark build` of the same decisions (same `--seed` and
options) with another `--rollout-seed`, for all or some of A's decisions
(`--shard`). Only decisions in both, with the same candidates (in any order), at which
every player's choice is a candidate, are judged. Each choices file is a
`bench strength --choices` file judged on A.

It also prints the floor a simulation expects: each candidate's equity taken
as true and noise of its `loss_std_error` added, the truly best candidate's
expected loss (on A, and on the pool with the errors divided by the root of
2).

  scripts/benchmark_replicate.py A.jsonl.gz B.jsonl[.gz] NAME=CHOICES.tsv ...
"""
import argparse
import gzip
import json
import math
import random

from choices_ratio import read_choices


def decisions(path):
    """Decision id -> decision, from a benchmark or a build's work file."""
    opener = gzip.open if path.endswith(".gz") else open
    out = {}
    with opener(path, "rt") as f:
        for line in f:
            d = json.loads(line)
            if "candidates" in d:
                out[d["id"]] = d
    return out


def choices(path):
    """Decision id -> position ID after the chosen play."""
    return {decision: after for decision, (after, _loss) in read_choices(path).items()}


def pooled(a, b):
    """Each candidate's equity over both rollouts' games (trial-weighted)."""
    in_b = {c["after"]: c for c in b["candidates"]}
    out = {}
    for ca in a["candidates"]:
        cb = in_b[ca["after"]]
        ta, tb = ca["trials"], cb["trials"]
        out[ca["after"]] = (ca["equity"] * ta + cb["equity"] * tb) / (ta + tb)
    return out


def equities(d):
    return {c["after"]: c["equity"] for c in d["candidates"]}


def simulated_floor(d, rng, scale, draws=400):
    """The truly best candidate's expected loss when each candidate's loss
    carries noise of its `loss_std_error` times `scale`."""
    cands = d["candidates"]
    best = max(range(len(cands)), key=lambda i: cands[i]["equity"])
    total = 0.0
    for _ in range(draws):
        seen = [
            c["equity"] + (0.0 if i == best else rng.gauss(0.0, c["loss_std_error"] * scale))
            for i, c in enumerate(cands)
        ]
        total += max(seen) - seen[best]
    return total / draws


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("players", nargs="+", help="NAME=CHOICES.tsv")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    da, db = decisions(args.a), decisions(args.b)
    players = [(p.split("=", 1)[0], choices(p.split("=", 1)[1])) for p in args.players]
    common = []
    for i in sorted(set(da) & set(db)):
        plays_a = {c["after"] for c in da[i]["candidates"]}
        plays_b = {c["after"] for c in db[i]["candidates"]}
        if plays_a != plays_b:
            continue
        if all(ch.get(i) in plays_a for _, ch in players):
            common.append(i)
    print(f"{len(common)} decisions in both rollouts with every choice a candidate "
          f"({len(set(da) & set(db))} in both)")
    judges = {
        "A": {i: equities(da[i]) for i in common},
        "B": {i: equities(db[i]) for i in common},
        "A+B": {i: pooled(da[i], db[i]) for i in common},
    }
    table = {}
    for name, ch in players:
        row = {}
        for judge, eq in judges.items():
            row[judge] = 1000 * sum(max(eq[i].values()) - eq[i][ch[i]] for i in common) / len(common)
        table[name] = row
    # A's best play, judged on B: what choosing by one noisy rollout costs
    # on an independent one.
    best_a = {i: max(judges["A"][i], key=judges["A"][i].get) for i in common}
    on_b = 1000 * sum(max(judges["B"][i].values()) - judges["B"][i][best_a[i]] for i in common)
    print(f"A's best candidate judged on B loses {on_b / len(common):.2f} milli-points a decision")
    print(f"{'player':<14}{'on A':>8}{'on B':>8}{'on A+B':>8}")
    for name, row in table.items():
        print(f"{name:<14}{row['A']:8.2f}{row['B']:8.2f}{row['A+B']:8.2f}")
    if len(players) > 1:
        base = players[-1][0]
        for name, row in table.items():
            if name == base:
                continue
            ratios = "  ".join(f"{j} {row[j] / table[base][j]:.3f}" for j in judges)
            print(f"{name} / {base}: {ratios}")
    rng = random.Random(args.seed)
    floor_a = sum(simulated_floor(da[i], rng, 1.0) for i in common) / len(common)
    floor_ab = sum(simulated_floor(da[i], rng, 1 / math.sqrt(2)) for i in common) / len(common)
    print(f"simulated floor (the truly best play's expected loss): one rollout "
          f"{1000 * floor_a:.2f}, pooled {1000 * floor_ab:.2f} milli-points a decision")


if __name__ == "__main__":
    main()
