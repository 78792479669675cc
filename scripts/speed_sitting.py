#!/usr/bin/env python3
"""Issue 22's speed comparison in one sitting: a GNU Backgammon bench script
(`gnubg-bench`, named by --gnubg-bench or $PLAKOTO_GNUBG_BENCH) before and
after plakoto's own benches, and the ratios the issue's targets are stated
in, as one JSON object.

Run it on a machine doing nothing else (the benches are single-threaded but
share the cores with whatever runs); ratios, not absolute figures, are what
compare from sitting to sitting.

  scripts/speed_sitting.py [--binary target/release/plakoto] [--positions 10]
      [--gnubg-bench PATH] [--gnubg-positions 8] [--game portes]

The bench script is not part of the repository. Any executable will do that
runs /usr/games/gnubg and takes `--plies 0,1,2,3 --positions N`, printing as
its last line a JSON object with `static_evals_per_second` (gnubg's
calibrate, one thread) and `hint`, a list of {"plies": P, "mean_ms": MS};
for --game portes, a file `bg-contact-positions.txt` of gnubg Position IDs
(one a line) must stand beside it. docs/performance.md says the same.

With --game portes (issue 41) the comparison is on the same work: plakoto's
Portes benches time gnubg's own positions (bg-contact-positions.txt
beside the bench script, gnubg Position IDs) and, for hints, the same six
rolls gnubg-bench times.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

# Where the anchor script runs GNU Backgammon from (Debian's package).
GNUBG = "/usr/games/gnubg"
# The environment variable that names the bench script when
# --gnubg-bench is not given.
BENCH_ENV = "PLAKOTO_GNUBG_BENCH"
# The rolls gnubg-bench times each position with.
GNUBG_BENCH_ROLLS = "31,65,42,55,21,64"


def fail(message):
    """Stops with `message` on stderr, without a traceback."""
    sys.exit(f"speed_sitting.py: {message}")


def check_prerequisites(a):
    """Says what is missing, and how to get it, before anything runs."""
    if not a.gnubg_bench:
        fail("no GNU Backgammon bench script: pass --gnubg-bench PATH or set "
             f"{BENCH_ENV}. It is not part of the repository; this file's docstring "
             "says what it must do.")
    if not os.path.isfile(a.gnubg_bench):
        fail(f"GNU Backgammon's bench script is not at {a.gnubg_bench}: pass "
             f"--gnubg-bench PATH (or set {BENCH_ENV}) to a copy of it.")
    if not os.access(a.gnubg_bench, os.X_OK):
        fail(f"{a.gnubg_bench} is not executable: chmod +x it.")
    if not (os.path.exists(GNUBG) or shutil.which("gnubg")):
        fail(f"GNU Backgammon is not installed ({GNUBG} is missing): "
             "apt-get update && apt-get install gnubg")
    if not os.path.isfile(a.binary):
        fail(f"{a.binary} is missing: build it with cargo build --release, or pass --binary PATH.")


def run_json(command):
    """Runs `command` and returns the JSON object it prints last."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    except subprocess.CalledProcessError as e:
        fail(f"{' '.join(command)} failed (exit {e.returncode}):\n{e.stderr.strip()}")
    except OSError as e:
        fail(f"cannot run {command[0]}: {e}")
    lines = out.strip().splitlines()
    if not lines:
        fail(f"{' '.join(command)} printed nothing")
    return json.loads(lines[-1])


def gnubg(script, positions):
    return run_json([script, "--plies", "0,1,2,3", "--positions", str(positions)])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/plakoto")
    ap.add_argument("--positions", type=int, default=10, help="plakoto hint suite positions (x 21 rolls)")
    ap.add_argument("--gnubg-bench", default=os.environ.get(BENCH_ENV),
                    help=f"GNU Backgammon's bench script (default: ${BENCH_ENV})")
    ap.add_argument("--gnubg-positions", type=int, default=8)
    ap.add_argument("--game", choices=["plakoto", "portes"], default="plakoto",
                    help="portes: time gnubg's positions and rolls (issue 41)")
    a = ap.parse_args()
    check_prerequisites(a)

    before = gnubg(a.gnubg_bench, a.gnubg_positions)
    if a.game == "portes":
        positions = os.path.join(os.path.dirname(os.path.abspath(a.gnubg_bench)),
                                 "bg-contact-positions.txt")
        same = ["--game", "portes", "--positions-file", positions]
        evals = run_json([a.binary, "bench", "eval", "--json", "--rounds", "20", *same,
                          "--positions", "1000"])
        hint = run_json([a.binary, "bench", "hint", "--plies", "2,3", *same,
                         "--positions", str(a.gnubg_positions), "--rolls", GNUBG_BENCH_ROLLS,
                         "--json"])
    else:
        evals = run_json([a.binary, "bench", "eval", "--json"])
        hint = run_json([a.binary, "bench", "hint", "--plies", "2,3", "--positions",
                         str(a.positions), "--rollout-trials", "0", "--json"])
    after = gnubg(a.gnubg_bench, a.gnubg_positions)

    def gnubg_mean(plies):
        values = [next(h["mean_ms"] for h in g["hint"] if h["plies"] == plies) for g in (before, after)]
        return statistics.mean(values)

    gnubg_evals = statistics.mean(g["static_evals_per_second"] for g in (before, after))
    ours = {t["plies"]: t for t in hint["timings"]}
    report = {
        "game": a.game,
        "gnubg": {"before": before, "after": after},
        "plakoto": {"eval": evals, "hint": hint},
        "ratios": {
            # gnubg's calibrate counts wall time; plakoto reports both.
            "evals_per_second_vs_gnubg": evals["evals_per_second"] / gnubg_evals,
            "wall_evals_per_second_vs_gnubg": evals["wall_evals_per_second"] / gnubg_evals,
            "ply2_mean_vs_gnubg_ply2_mean": ours[2]["mean_ms"] / gnubg_mean(2),
            "ply2_p90_vs_gnubg_ply2_mean": ours[2]["p90_ms"] / gnubg_mean(2),
            "ply3_mean_vs_gnubg_ply3_mean": ours[3]["mean_ms"] / gnubg_mean(3),
        },
    }
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
