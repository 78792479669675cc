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
import tempfile
import time


def games_in(path):
    """Finished games in an arena results file (a header line, then one line a game)."""
    try:
        with open(path, "rb") as f:
            return max(0, sum(1 for _ in f) - 1)
    except OSError:
        return 0


def clock(seconds):
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


class Progress:
    """One line on stderr, rewritten in place, with the games played of the
    whole gauntlet and the time left; only when stderr is a terminal."""

    def __init__(self, total_games):
        self.shown = sys.stderr.isatty()
        self.total = total_games
        self.done = 0          # games of finished pairs
        self.resumed = 0       # games found already played (not timed)
        self.start = time.monotonic()

    def update(self, label, pair_done, pair_resumed):
        if not self.shown:
            return
        done = self.done + pair_done
        fresh = done - self.resumed - pair_resumed
        elapsed = time.monotonic() - self.start
        eta = "?" if fresh <= 0 else clock(elapsed / fresh * (self.total - done))
        line = f"{label}: {done}/{self.total} games, {clock(elapsed)} elapsed, eta {eta}"
        print(f"\r\x1b[2K{line}", end="", file=sys.stderr, flush=True)

    def pair_over(self, games, resumed):
        self.done += games
        self.resumed += resumed
        if self.shown:
            print("\r\x1b[2K", end="", file=sys.stderr, flush=True)


def arena(plakoto, a, b, args, out_file, progress, label):
    cmd = [plakoto, "arena", "--a", a, "--b", b, "--games", str(args.games),
           "--seed", str(args.seed), "--rules", args.rules, "--scoring", args.scoring,
           "--json", "--quiet"]
    if args.jobs:
        cmd += ["--jobs", str(args.jobs)]
    if args.move_timeout_ms:
        cmd += ["--move-timeout-ms", str(args.move_timeout_ms)]
    if args.start_timeout_ms:
        cmd += ["--start-timeout-ms", str(args.start_timeout_ms)]
    cmd += ["--out", out_file]
    resumed = 0
    if os.path.exists(out_file) and os.path.getsize(out_file) > 0:
        cmd += ["--resume"]
        resumed = games_in(out_file)
    # The results file grows a line a game: counted every second for the
    # progress line while the arena runs.
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(cmd, stdout=out, stderr=err, text=True)
        while child.poll() is None:
            progress.update(label, min(games_in(out_file), args.games), resumed)
            time.sleep(1)
        progress.pair_over(args.games, resumed)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if child.returncode != 0:
        sys.exit(f"gauntlet: {a} vs {b} failed:\n{stderr}")
    return json.loads(stdout)


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
    count = n * (n - 1) // 2
    progress = Progress(count * args.games)
    # Without --out-dir the results files (read for the progress line) are
    # temporary.
    scratch = tempfile.TemporaryDirectory(prefix="gauntlet-")
    results_dir = args.out_dir or scratch.name
    for i in range(n):
        for j in range(i + 1, n):
            out_file = os.path.join(results_dir, f"{i}-{slug(engines[i])}__{j}-{slug(engines[j])}.jsonl")
            print(f"{engines[i]}  vs  {engines[j]} ...", file=sys.stderr, flush=True)
            label = f"pair {len(pairs) + 1}/{count}"
            s = arena(plakoto, engines[i], engines[j], args, out_file, progress, label)
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
