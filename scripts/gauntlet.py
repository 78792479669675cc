#!/usr/bin/env python3
"""Round-robin gauntlet: plays every pair of a list of engines (or engine
settings) with `plakoto arena` and prints a table of points per game.

Each engine is a `builtin:NAME` or a shell command that starts an engine
speaking the plakoto protocol. Every pair plays --games games with
duplicate dice from the same --seed, so the run is reproducible.

Example:
    scripts/gauntlet.py --games 400 builtin:random builtin:pipcount builtin:heuristic
    scripts/gauntlet.py --plakoto target/release/plakoto --games 1000 --jobs 2 \
        --out-dir runs/ builtin:heuristic "target/release/plakoto --ply 1"

With --out-dir, each pair's games are kept in a results file and an
interrupted gauntlet continues where it stopped when run again.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys


def arena(plakoto, a, b, args, out_file):
    cmd = [plakoto, "arena", "--a", a, "--b", b, "--games", str(args.games),
           "--seed", str(args.seed), "--rules", args.rules, "--scoring", args.scoring,
           "--json", "--quiet"]
    if args.jobs:
        cmd += ["--jobs", str(args.jobs)]
    if args.move_timeout_ms:
        cmd += ["--move-timeout-ms", str(args.move_timeout_ms)]
    if args.start_timeout_ms:
        cmd += ["--start-timeout-ms", str(args.start_timeout_ms)]
    if out_file:
        cmd += ["--out", out_file]
        if os.path.exists(out_file) and os.path.getsize(out_file) > 0:
            cmd += ["--resume"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"gauntlet: {a} vs {b} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")[:40]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("engines", nargs="+", help="builtin:NAME or an engine command")
    p.add_argument("--games", type=int, default=200, help="games per pair (even)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard")
    p.add_argument("--scoring", default="standard")
    p.add_argument("--jobs", type=int, default=0, help="threads per arena (default: all cores)")
    p.add_argument("--move-timeout-ms", type=int, default=0)
    p.add_argument("--start-timeout-ms", type=int, default=0,
                   help="time an engine has to start (the arena's default: 10000)")
    p.add_argument("--plakoto", default=None,
                   help="the plakoto binary (default: plakoto on PATH, else target/release/plakoto)")
    p.add_argument("--out-dir", default=None, help="keep each pair's results file here")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args()

    plakoto = args.plakoto or shutil.which("plakoto") or "target/release/plakoto"
    engines = args.engines
    if len(engines) < 2:
        sys.exit("gauntlet: give at least two engines")
    if args.out_dir:
        os.makedirs(args.out_dir, exist_ok=True)

    n = len(engines)
    ppg = [[None] * n for _ in range(n)]
    ci = [[None] * n for _ in range(n)]
    pairs = []
    for i in range(n):
        for j in range(i + 1, n):
            out_file = None
            if args.out_dir:
                out_file = os.path.join(args.out_dir, f"{i}-{slug(engines[i])}__{j}-{slug(engines[j])}.jsonl")
            print(f"{engines[i]}  vs  {engines[j]} ...", file=sys.stderr, flush=True)
            s = arena(plakoto, engines[i], engines[j], args, out_file)
            ppg[i][j], ppg[j][i] = s["ppg"], -s["ppg"]
            ci[i][j] = ci[j][i] = s["ci95"]
            pairs.append({"a": engines[i], "b": engines[j], "games": s["games"],
                          "ppg": s["ppg"], "ci95": s["ci95"], "faults": len(s["faults"])})

    mean = [sum(ppg[i][j] for j in range(n) if j != i) / (n - 1) for i in range(n)]
    order = sorted(range(n), key=lambda i: -mean[i])
    if args.json:
        print(json.dumps({"pairs": pairs,
                          "ranking": [{"engine": engines[i], "mean_ppg": mean[i]} for i in order]},
                         indent=2))
        return

    names = [f"[{k + 1}] {engines[i]}" for k, i in enumerate(order)]
    width = max(len(s) for s in names)
    cell = 16
    print(f"ppg of the row engine against the column engine ({args.games} games a pair, "
          f"duplicate dice, seed {args.seed}; ± is the 95% CI)")
    print(" " * width + "  " + "".join(f"{'[' + str(k + 1) + ']':>{cell}}" for k in range(n))
          + f"{'mean':>9}")
    for k, i in enumerate(order):
        row = ""
        for j in order:
            if i == j:
                row += f"{'-':>{cell}}"
            else:
                c = ci[i][j]
                text = f"{ppg[i][j]:+.3f}" + (f"±{c:.3f}" if c is not None else "")
                row += f"{text:>{cell}}"
        print(f"{names[k]:<{width}}  {row}{mean[i]:+9.3f}")
    faults = sum(p["faults"] for p in pairs)
    if faults:
        print(f"faults: {faults} (see the arena summaries / results files)")


if __name__ == "__main__":
    main()
