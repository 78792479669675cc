#!/usr/bin/env python3
"""Measures the engine's peak memory (peak RSS) over long sessions.

Drives the engine (default target/release/plakoto) over pipes at its
default settings and reads its peak resident set size (VmHWM in
/proc/PID/status, Linux) before it quits. Runs:

- play:GAME  -- `set game GAME`, `new game`, then `roll`, `hint`, `play`
  for the given number of plays (default 300), a new game after each one;
- tavli      -- `new match 7 tavli` played out the same way to its end;
- fuzz:GAME  -- `set game GAME`, `set search time 150` (so that every
  `play`, and a rollout's ranking, ends in time whatever the plies the
  lines set), `new game`, then the given number of random lines (default
  25,000) drawn from a generator seeded by --seed and the game. The line
  kinds (names for --kinds) and their weights:
    roll 8, play 8: the game moves on;
    hint 6 (`hint N time MS`, N 1-20, MS 20-300), eval 3 (`eval time MS`),
    rollout 2 (`rollout N`, N 1-6 trials of the best 5 candidates);
    plies 4 (`set evaluation plies 0-4`), movefilter 3 (tiny ... huge,
    off), replyfilter 2, rolloutplies 2 (0-1), luckadjust 1, threads 1
    (`set threads 1-4`), seed 2, dice 3 (`set dice A B`);
    newgame 3, undo 2, move 2 (random, mostly illegal steps), legal 4
    (`legal`: in Express the count of a low double's millions of plays),
    board 4 (`show board`), options 2 (`show options`), isready 1;
    garbage 2 (random letters, digits and `/-*`: refused lines);
    rules 1, Plakoto only (`set rules standard|express`).

A fuzz line whose reply has not come within --stop-after seconds (default
2) gets a `stop`, as a GUI's Stop button would send it: `hint`, `eval` and
`rollout` then answer with what they have (a Plakoto Express rollout at
`rollout plies 1` otherwise takes minutes), other commands (`legal`'s
count of an Express low double, `play`) still complete; either way the
reply must come framed, then `stop`'s own `stopped`, or the run fails.
The run's summary counts the lines stopped, by command, and the replies
marked stopped.

Prints one line a run: the lines sent, the peak RSS in MB (VmHWM: file-
backed pages count, as a user's `top` shows them), then the RSS at the
end split into anonymous and file-backed (RssAnon, RssFile) and the run's
time; with --trace the RSS every 1,000 lines; --jumps MB prints each line after which
the RSS (or the peak) grew by MB or more, --slow S each line that took S seconds or more,
--kinds restricts the fuzz to some kinds (to bisect what holds memory), and
--max-seconds ends a fuzz early (its line then says how many were sent).
Exits 1 when a peak passes --limit-mb (default 64), or the engine died.

    python3 scripts/memory_probe.py [--engine PATH] [--runs play:plakoto,tavli,fuzz:portes]
        [--plays 300] [--lines 25000] [--seed 1] [--trace] [--jumps MB] [--slow S]
        [--kinds roll,play,legal,...] [--stop-after 2] [--max-seconds S] [--limit-mb 64]
"""

import argparse
import os
import random
import select
import subprocess
import sys
import time
from collections import Counter

DEFAULT_RUNS = "play:plakoto,play:portes,play:fevga,tavli,fuzz:plakoto,fuzz:portes,fuzz:fevga"


class Engine:
    """One engine process; replies read up to their closing empty line.

    The replies are read from the pipe's file descriptor directly, with a
    buffer of our own, so that a wait for a reply can time out (a buffered
    text stream would hide what it already read from `select`)."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.out = self.proc.stdout.fileno()
        self.pending = b""
        self.sent = 0

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        self.sent += 1

    def read_line(self, until=None):
        """The next output line without its newline; None when `until` (a
        time.monotonic() instant) passed first."""
        while b"\n" not in self.pending:
            wait = None if until is None else max(0.0, until - time.monotonic())
            ready, _, _ = select.select([self.out], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.out, 65536)
            if not chunk:
                raise RuntimeError("the engine closed its output")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def read_reply(self, first=None, until=None):
        """The lines of one framed reply (progress lines left out), up to
        its closing empty line; None when `until` passed before its first
        line. `first` is a line of it already read."""
        lines = [] if first is None else [first]
        while True:
            line = self.read_line(until if not lines else None)
            if line is None:
                return None
            if line == "":
                if not lines or lines[0][:1] not in ("=", "?"):
                    raise RuntimeError(f"a reply not framed as = or ?: {lines!r}")
                return lines
            if not lines and line.startswith("~"):
                continue  # a progress line, not part of the reply
            lines.append(line)

    def ask(self, line):
        self.send(line)
        if not line.strip() or line.lstrip().startswith("#"):
            return []  # the engine answers no blank or comment line
        return self.read_reply()

    def ask_or_stop(self, line, stop_after):
        """`ask`, but when no reply came within `stop_after` seconds, sends
        `stop` as a GUI's Stop button would; returns the reply and whether
        it was stopped. A stopped command must still answer in full, then
        `stop` must answer `stopped`."""
        self.send(line)
        if not line.strip() or line.lstrip().startswith("#"):
            return [], False
        reply = self.read_reply(until=time.monotonic() + stop_after)
        if reply is not None:
            return reply, False
        self.send("stop")
        reply = self.read_reply()
        answer = self.read_reply()
        if answer != ["= stopped"]:
            raise RuntimeError(f"`stop` after {line!r} answered {answer!r}")
        return reply, True

    def ok(self, line):
        lines = self.ask(line)
        return bool(lines) and lines[0].startswith("=")

    def status_mb(self, field):
        with open(f"/proc/{self.proc.pid}/status") as status:
            for row in status:
                if row.startswith(field + ":"):
                    return int(row.split()[1]) / 1024.0
        raise RuntimeError(f"no {field} in /proc/{self.proc.pid}/status")

    def close(self):
        try:
            self.ask("quit")
            self.proc.wait(timeout=10)
        except (OSError, RuntimeError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def play_turns(engine, plays, in_match):
    """`hint` and `play` while there are dice, else `roll`, until `plays`
    plays are made; a finished game is followed by `new game` outside a
    match (a Tavli match moves on by itself, and is over when nothing can
    be rolled or played)."""
    made = 0
    while made < plays:
        engine.ask("hint")
        if engine.ok("play"):
            made += 1
        elif not engine.ok("roll") and (in_match or not engine.ok("new game")):
            break
    return made


def fuzz_choices(rng, game):
    """The fuzz's line kinds: (name, weight, make a line), mostly valid
    commands with random arguments."""
    plies = rng.randint(0, 4)
    budget = rng.randint(20, 300)
    choices = [
        ("roll", 8, lambda: "roll"),
        ("play", 8, lambda: "play"),
        ("hint", 6, lambda: f"hint {rng.randint(1, 20)} time {budget}"),
        ("eval", 3, lambda: f"eval time {budget}"),
        ("rollout", 2, lambda: f"rollout {rng.randint(1, 6)}"),
        ("plies", 4, lambda: f"set evaluation plies {plies}"),
        ("movefilter", 3, lambda: "set evaluation movefilter " + rng.choice(["tiny", "narrow", "normal", "large", "huge", "off"])),
        ("replyfilter", 2, lambda: "set evaluation replyfilter " + rng.choice(["skip", "1 0 0.0", "2 3 0.1", "0 8 0.16"])),
        ("rolloutplies", 2, lambda: f"set rollout plies {rng.randint(0, 1)}"),
        ("luckadjust", 1, lambda: "set rollout luckadjust " + rng.choice(["on", "off"])),
        ("dice", 3, lambda: f"set dice {rng.randint(1, 6)} {rng.randint(1, 6)}"),
        ("newgame", 3, lambda: "new game"),
        ("legal", 4, lambda: "legal"),
        ("board", 4, lambda: "show board"),
        ("options", 2, lambda: "show options"),
        ("seed", 2, lambda: f"set seed {rng.randint(0, 10**6)}"),
        ("move", 2, lambda: "move " + " ".join(f"{rng.randint(1, 24)}/{rng.randint(0, 24)}" for _ in range(rng.randint(1, 4)))),
        ("undo", 2, lambda: "undo"),
        ("garbage", 2, lambda: "".join(rng.choice("abcdefghijklmnopqrstuvwxyz 0123456789/-*") for _ in range(rng.randint(1, 30)))),
        ("threads", 1, lambda: f"set threads {rng.randint(1, 4)}"),
        ("isready", 1, lambda: "isready"),
    ]
    if game == "plakoto":
        choices.append(("rules", 1, lambda: "set rules " + rng.choice(["standard", "express"])))
    return choices


FUZZ_KINDS = [name for name, _, _ in fuzz_choices(random.Random(0), "plakoto")]


def fuzz_line(rng, game, kinds=None):
    """One random line of the kinds in `kinds` (all when None)."""
    choices = [c for c in fuzz_choices(rng, game) if kinds is None or c[0] in kinds]
    total = sum(w for _, w, _ in choices)
    pick = rng.uniform(0, total)
    for _, weight, make in choices:
        pick -= weight
        if pick <= 0:
            return make()
    return choices[-1][2]()


def run(path, name, args):
    """One run; returns its peak RSS in MB, what it did, and the trace."""
    engine = Engine(path)
    samples = []
    notes = []
    began = time.monotonic()
    try:
        if name == "tavli":
            engine.ask("new match 7 tavli")
            done = play_turns(engine, 10**6, True)
            detail = f"{done} plays"
        elif name.startswith("play:"):
            engine.ask(f"set game {name[5:]}")
            engine.ask("new game")
            done = play_turns(engine, args.plays, False)
            detail = f"{done} plays"
        elif name.startswith("fuzz:"):
            game = name[5:]
            rng = random.Random(f"{args.seed}:{game}")
            engine.ask(f"set game {game}")
            # Every search within a budget (the lines never change it), so
            # that a 4-ply `play` or a rollout's ranking ends in time.
            engine.ask("set search time 150")
            engine.ask("new game")
            last = engine.status_mb("VmRSS") if args.jumps else 0.0
            last_peak = engine.status_mb("VmHWM") if args.jumps else 0.0
            ends = time.monotonic() + args.max_seconds if args.max_seconds else None
            sent = 0
            stopped = Counter()
            marked = 0
            for i in range(args.lines):
                if ends is not None and time.monotonic() >= ends:
                    break
                sent += 1
                line = fuzz_line(rng, game, args.kinds)
                started = time.monotonic()
                if args.stop_after:
                    reply, was_stopped = engine.ask_or_stop(line, args.stop_after)
                else:
                    reply, was_stopped = engine.ask(line), False
                took = time.monotonic() - started
                if was_stopped:
                    stopped[line.split()[0]] += 1
                    marked += any("stopped" in row for row in reply[:2])
                if args.slow and took >= args.slow:
                    how = " (stop sent)" if was_stopped else ""
                    print(f"   line {i + 1}: {line!r} took {took:.2f} s{how}", flush=True)
                if args.jumps:
                    now, now_peak = engine.status_mb("VmRSS"), engine.status_mb("VmHWM")
                    if now - last >= args.jumps or now_peak - last_peak >= args.jumps:
                        print(
                            f"   line {i + 1}: {line!r} RSS {last:.1f} -> {now:.1f} MB,"
                            f" peak {last_peak:.1f} -> {now_peak:.1f} MB",
                            flush=True,
                        )
                    last, last_peak = now, now_peak
                if args.trace and (i + 1) % 1000 == 0:
                    samples.append(f"{i + 1}:{engine.status_mb('VmRSS'):.0f}")
            detail = f"{sent} lines"
            if args.stop_after:
                kinds = " ".join(f"{kind} {count}" for kind, count in sorted(stopped.items()))
                notes.append(
                    f"stop sent after {args.stop_after:g} s to {sum(stopped.values())} commands"
                    f" ({kinds or 'none'}), each answered in full and then `stopped`;"
                    f" {marked} replies marked stopped"
                )
        else:
            raise SystemExit(f"unknown run {name!r}")
        peak = engine.status_mb("VmHWM")
        notes.append(
            f"at the end: RSS {engine.status_mb('VmRSS'):.1f} MB"
            f" (anonymous {engine.status_mb('RssAnon'):.1f}, file-backed {engine.status_mb('RssFile'):.1f})"
        )
    finally:
        engine.close()
    notes.append(f"{time.monotonic() - began:.0f} s")
    return peak, detail, samples, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/plakoto")
    parser.add_argument("--runs", default=DEFAULT_RUNS)
    parser.add_argument("--plays", type=int, default=300)
    parser.add_argument("--lines", type=int, default=25000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit-mb", type=float, default=64.0)
    parser.add_argument("--trace", action="store_true", help="print the RSS every 1,000 fuzz lines")
    parser.add_argument(
        "--kinds",
        type=lambda text: set(text.split(",")),
        help="fuzz only these line kinds, comma-separated: " + ",".join(FUZZ_KINDS),
    )
    parser.add_argument(
        "--jumps",
        type=float,
        metavar="MB",
        help="print each fuzz line after which the RSS grew by MB or more",
    )
    parser.add_argument(
        "--slow",
        type=float,
        metavar="SECONDS",
        help="print each fuzz line whose reply took SECONDS or more",
    )
    parser.add_argument(
        "--stop-after",
        type=float,
        default=2.0,
        metavar="S",
        help="send `stop` when a fuzz line's reply has not come within S seconds (0: never)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        metavar="S",
        help="end each fuzz after S seconds, whatever --lines says",
    )
    args = parser.parse_args()
    unknown = (args.kinds or set()) - set(FUZZ_KINDS)
    if unknown:
        parser.error(f"unknown fuzz kinds {sorted(unknown)}; known: {','.join(FUZZ_KINDS)}")
    over = False
    for name in args.runs.split(","):
        peak, detail, samples, notes = run(args.engine, name, args)
        over |= peak > args.limit_mb
        print(f"{name:14} {detail:>14}  peak RSS {peak:7.1f} MB", flush=True)
        for note in notes:
            print("   " + note, flush=True)
        if samples:
            print("   RSS MB by line: " + " ".join(samples), flush=True)
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
