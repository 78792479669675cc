#!/usr/bin/env python3
"""The ratio of two players' mean losses on the same benchmark decisions,
with a bootstrap interval over decisions.

Each input is a `--choices` file of `plakoto bench strength` (lines of
decision id, position ID after the chosen play, loss; `#` lines are
comments). Pairs of files (A then B) from several benchmarks may be given:
their decisions are pooled. The ratio is A's summed loss over B's; the
interval resamples decisions (with replacement, seeded), each decision
keeping both players' losses, so the pairing is kept. It also counts each
player's blunders (decisions lost by more than 0.08, as `bench strength`
counts them) and their ratio, with a bootstrap interval from the same
resamples (a blunder count is small, so its ratio is far noisier than the
loss ratio).

  scripts/choices_ratio.py A1.tsv B1.tsv [A2.tsv B2.tsv ...] [--resamples 4000] [--seed 1]
"""
import argparse
import random

# A blunder loses more than this much equity (`bench strength`'s threshold).
BLUNDER = 0.08


def read_choices(path):
    """Decision id -> (position ID after the chosen play, loss), from a
    choices file."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            decision, after, loss = line.rstrip("\n").split("\t")
            out[int(decision)] = (after, float(loss))
    return out


def losses(path):
    """Decision id -> loss, from a choices file."""
    return {decision: loss for decision, (_after, loss) in read_choices(path).items()}


def interval(values):
    """The central 95% of bootstrap values: (2.5th, 97.5th percentile)."""
    values = sorted(values)
    return values[int(0.025 * len(values))], values[min(len(values) - 1, int(0.975 * len(values)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="pairs of choices files: A then B")
    ap.add_argument("--resamples", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if len(a.files) % 2:
        ap.error("give the choices files in pairs: A then B")
    pairs = []
    for a_path, b_path in zip(a.files[::2], a.files[1::2]):
        la, lb = losses(a_path), losses(b_path)
        if la.keys() != lb.keys():
            ap.error(f"{a_path} and {b_path} judge different decisions")
        pairs.extend((la[d], lb[d]) for d in sorted(la))
    if not pairs:
        ap.error("no decisions")
    total_b = sum(b for _, b in pairs)
    if total_b == 0:
        ap.error("B loses nothing: no ratio")
    ratio = sum(x for x, _ in pairs) / total_b
    rng = random.Random(a.seed)
    n = len(pairs)
    ratios = []
    blunder_ratios = []
    for _ in range(a.resamples):
        sample = [pairs[rng.randrange(n)] for _ in range(n)]
        denominator = sum(b for _, b in sample)
        if denominator > 0:
            ratios.append(sum(x for x, _ in sample) / denominator)
        sample_blunders_b = sum(1 for _, b in sample if b > BLUNDER)
        if sample_blunders_b:
            blunder_ratios.append(sum(1 for x, _ in sample if x > BLUNDER) / sample_blunders_b)
    low, high = interval(ratios)
    same = sum(1 for x, b in pairs if x == b)
    blunders_a = sum(1 for x, _ in pairs if x > BLUNDER)
    blunders_b = sum(1 for _, b in pairs if b > BLUNDER)
    if blunders_b:
        blunder_low, blunder_high = interval(blunder_ratios)
        blunder_ratio = (
            f"{blunders_a / blunders_b:.2f} (95% bootstrap interval "
            f"{blunder_low:.2f} to {blunder_high:.2f})"
        )
    else:
        blunder_ratio = "undefined"
    print(
        f"{n} decisions: A loses {1000 * sum(x for x, _ in pairs) / n:.2f}, "
        f"B {1000 * total_b / n:.2f} milli-points a decision; "
        f"ratio A/B {ratio:.3f} (95% bootstrap interval {low:.3f} to {high:.3f}, "
        f"{len(ratios)} resamples); equal losses at {same} decisions; "
        f"blunders A {blunders_a}, B {blunders_b}, ratio {blunder_ratio}"
    )


if __name__ == "__main__":
    main()
