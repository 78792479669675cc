#!/usr/bin/env python3
"""Measures how long `stop` takes to end a running `hint` or `rollout`.

Drives the engine (default target/release/plakoto) over pipes. For each
game and each case (rollout at plies 0-3, hint at plies 1-4) it starts one
engine, sets a position and long search settings, then repeats: send the
command, wait a random 0.1-0.5 s, send `stop`, and time from writing
`stop` to the end of the command's reply. The reply must be marked as
stopped (`stopped after` for a rollout, `(stopped:` for a hint) and the
board (`show board`) must be the same as before; a command that finished
before the stop is counted apart and not timed.

Prints p50 / p90 / max in milliseconds a case, and exits 1 when a reply
was not marked or the state changed.

    python3 scripts/stop_latency.py [--engine PATH] [--trials 20]
        [--games plakoto,portes,fevga] [--cases rollout0,...,hint4]
"""

import argparse
import queue
import random
import subprocess
import sys
import threading
import time

ALL_CASES = ["rollout0", "rollout1", "rollout2", "rollout3", "hint1", "hint2", "hint3", "hint4"]


class NoReply(Exception):
    """The engine did not answer within the time allowed."""


class Engine:
    """One engine process; replies read up to their closing empty line,
    by a reader thread so that a reply that never comes times out."""

    def __init__(self, path, timeout):
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.alive = True
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def reply(self):
        lines = []
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                raise NoReply(f"no reply in {self.timeout} s") from None
            if line == "":
                raise RuntimeError("the engine closed its output")
            line = line.rstrip("\n")
            if line == "":
                return lines
            lines.append(line)

    def ask(self, line):
        self.send(line)
        lines = self.reply()
        if lines and lines[0].startswith("?"):
            raise RuntimeError(f"{line!r} refused: {lines[0]}")
        return lines

    def close(self):
        if self.proc.poll() is None and not self.alive:
            self.proc.kill()
            self.proc.wait()
            return
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def setup(engine, game, case):
    """The position and settings of `case`: long enough to be stopped."""
    engine.ask(f"set game {game}")
    engine.ask("set seed 7")
    engine.ask("new game")
    engine.ask("set dice 1 5")
    if case.startswith("rollout"):
        engine.ask(f"set rollout plies {case[len('rollout'):]}")
        engine.ask("set evaluation replyfilter skip")
        engine.ask("set rollout trials 1000000")
        return "rollout"
    engine.ask(f"set evaluation plies {case[len('hint'):]}")
    engine.ask("set evaluation movefilter huge")
    engine.ask("set evaluation replyfilter skip")
    return "hint"


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def run_case(path, game, case, trials, rng, timeout):
    engine = Engine(path, timeout)
    latencies, finished_first, failures = [], 0, []
    try:
        command = setup(engine, game, case)
        board = engine.ask("show board")
        for _ in range(trials):
            engine.send(command)
            time.sleep(rng.uniform(0.1, 0.5))
            start = time.monotonic()
            engine.send("stop")
            answer = engine.reply()
            elapsed = (time.monotonic() - start) * 1000.0
            stopped = engine.reply()
            if stopped != ["= stopped"]:
                failures.append(f"stop answered {stopped}")
            text = "\n".join(answer)
            marked = "stopped after" in text or "(stopped:" in text
            if answer[0].startswith("?"):
                failures.append(f"{command} refused: {answer[0]}")
            elif marked:
                latencies.append(elapsed)
            elif command == "hint" and "(stopped" not in text:
                finished_first += 1
            else:
                failures.append(f"{command} answer not marked stopped: {answer[:2]}")
            if engine.ask("show board") != board:
                failures.append("the board changed")
            if engine.ask("isready") != ["= readyok"]:
                failures.append("isready not answered")
    except NoReply as e:
        engine.alive = False
        failures.append(f"{e}: the engine was killed, the case abandoned")
    finally:
        engine.close()
    return latencies, finished_first, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/plakoto")
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--games", default="plakoto,portes,fevga")
    parser.add_argument("--cases", default=",".join(ALL_CASES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for a reply")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bad = False
    print(f"{'game':8} {'case':9} {'timed':>5} {'done':>4} {'p50':>8} {'p90':>8} {'max':>8}  (ms)")
    for game in args.games.split(","):
        for case in args.cases.split(","):
            latencies, finished_first, failures = run_case(
                args.engine, game, case, args.trials, rng, args.timeout
            )
            values = sorted(latencies)
            print(
                f"{game:8} {case:9} {len(values):5} {finished_first:4} "
                f"{percentile(values, 0.5):8.1f} {percentile(values, 0.9):8.1f} "
                f"{(values[-1] if values else float('nan')):8.1f}",
                flush=True,
            )
            for failure in failures:
                bad = True
                print(f"  FAIL {failure}", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
