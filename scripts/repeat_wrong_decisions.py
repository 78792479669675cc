#!/usr/bin/env python3
"""Weight a target file towards the decisions its net gets wrong.

A target file of `plakoto refine from-benchmark` holds, for each rolled-out
decision, one line per candidate: the position after the play (the
opponent on roll), the net's own 0-ply equity there (`equity0`) and the
rolled-out one (`equity`), both from the opponent's side. The net plays
the candidate whose `equity0` is lowest; the rollouts say the best is the
one whose `equity` is lowest; the difference of the two rolled-out
equities is what the net's choice loses.

This writes every line of the input, then each decision whose choice
loses more than `--threshold` again `--repeat` more times, each copy
under a new `index` (so `refine fit --decision-weight` sees it as a
decision of its own and shuffles it independently). A fit on the output
weighs those decisions `1 + repeat` times: the benchmark's blunders are
what keeps the net from issue 18's target, so the fit should pay most
attention where the net blunders.

Lines of one decision are consecutive and share an `index` (as
`refine fit` reads them); an index is only unique within one run of
lines, so decisions are found by runs, not by index values.

  scripts/repeat_wrong_decisions.py IN.jsonl OUT.jsonl [--threshold 0.04] [--repeat 3]
"""
import argparse
import json
import os


def decisions(path):
    """The runs of lines sharing an index, in file order: lists of
    (raw line, parsed object)."""
    runs, last = [], None
    with open(path) as f:
        for raw in f:
            if not raw.strip():
                continue
            line = json.loads(raw)
            if not runs or line["index"] != last:
                runs.append([])
                last = line["index"]
            runs[-1].append((raw.rstrip("\n"), line))
    return runs


def choice_loss(run):
    """What the net's 0-ply choice loses by the rolled-out equities."""
    chosen = min(run, key=lambda item: item[1]["equity0"])[1]["equity"]
    best = min(line["equity"] for _raw, line in run)
    return chosen - best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--threshold", type=float, default=0.04)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    runs = decisions(a.input)
    wrong = [run for run in runs if len(run) > 1 and choice_loss(run) > a.threshold]
    next_index = 1 + max(line["index"] for run in runs for _raw, line in run)
    tmp = a.output + ".tmp"
    with open(tmp, "w") as out:
        for run in runs:
            for raw, _line in run:
                out.write(raw + "\n")
        for _copy in range(a.repeat):
            for run in wrong:
                for _raw, line in run:
                    out.write(json.dumps(dict(line, index=next_index), separators=(",", ":")) + "\n")
                next_index += 1
    os.replace(tmp, a.output)
    lines = sum(len(run) for run in runs)
    print(
        f"{len(runs)} decisions ({lines} lines); {len(wrong)} lose more than {a.threshold} "
        f"and are repeated {a.repeat} more times: {lines + a.repeat * sum(len(r) for r in wrong)} lines"
    )


if __name__ == "__main__":
    main()
