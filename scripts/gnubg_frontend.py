#!/usr/bin/env python3
"""Measures GNU Backgammon as our front-end (issue 61), at scale.

  scripts/gnubg_frontend.py external --games 200
      gnubg (0-ply) plays `plakoto external --plies 0` in cubeless matches
      to 15 until at least GAMES games are over, exporting each match as
      .mat; every play the listener sent must be the play gnubg recorded
      for it (gnubg plays an illegal answer as no move), and no answer may
      be an error. Prints games, boards, mismatches, errors.
  scripts/gnubg_frontend.py roundtrip --matches 200
      plays MATCHES Portes matches to 5 with our engine (heuristic, 0 ply,
      seeds 1..MATCHES), saves each as .mat, has gnubg import and export it
      again, and compares the plays and dice read back by our engine.
      Prints identical / total.
  scripts/gnubg_frontend.py latency --boards 300 --plies 1
      the boards of an `external` run (or of a fresh short run) answered by
      the listener over its socket, against the engine's own `hint` on the
      same boards at the same settings; prints mean milliseconds and the
      ratio.

Options: --plakoto PATH (default target/release/plakoto), --gnubg PATH.
Python 3 standard library only.
"""

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

TURN = re.compile(r"^\s*\d+ ([XO]) (\d)-(\d): (.*)$")


class Engine:
    """A plakoto engine process driven line by line (replies end with an
    empty line)."""

    def __init__(self, plakoto, *args):
        self.proc = subprocess.Popen(
            [plakoto, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            reply = self.proc.stdout.readline()
            if reply == "":
                raise RuntimeError("the engine stopped")
            if reply.strip() == "" and lines:
                return "\n".join(lines)
            if reply.strip():
                lines.append(reply.rstrip("\n"))

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        self.proc.wait(timeout=30)


def gnubg(path, commands):
    """gnubg -t -q on COMMANDS; its output."""
    out = subprocess.run(
        [path, "-t", "-q"],
        input=commands,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    return out.stdout.replace("\r", "\n")


def mat_turns(engine, mat, work):
    """(game, side, dice larger first, play) of each turn of a .mat file,
    as our engine reads it (None: refused, with the reason)."""
    engine.send("set game portes")
    loaded = engine.send(f"load match {mat}")
    if not loaded.startswith("="):
        return None, loaded
    text = os.path.join(work, "read.txt")
    saved = engine.send(f"save match {text}")
    if not saved.startswith("="):
        return None, saved
    turns, game = [], 0
    with open(text) as f:
        for line in f:
            if line.startswith("Game "):
                game += 1
            m = TURN.match(line.rstrip("\n"))
            if m:
                a, b = sorted((int(m.group(2)), int(m.group(3))), reverse=True)
                turns.append((game, m.group(1), f"{a}{b}", m.group(4)))
    return turns, None


def our_match(engine, seed, length, path):
    """A Portes match to LENGTH played by ENGINE to its end, saved at PATH."""
    # gnubg scores a backgammon 3: the Portes `triple` scoring (P11).
    for line in ("set game portes", "set scoring triple", f"set seed {seed}", f"new match {length}"):
        engine.send(line)
    for _ in range(10000):
        dice = engine.send("show dice")
        if "over" in dice or "winner" in dice or "opening" in dice:
            if engine.send("new game").startswith("?"):
                break
            continue
        if "to roll" in dice:
            engine.send("roll")
            continue
        played = engine.send("play")
        if not played.startswith("="):
            raise RuntimeError(played)
    saved = engine.send(f"save match {path}")
    if not saved.startswith("="):
        raise RuntimeError(saved)


def roundtrip(args):
    work = tempfile.mkdtemp(prefix="plakoto-roundtrip-")
    player = Engine(args.plakoto, "--plies", "0", "--evaluator", "heuristic")
    reader = Engine(args.plakoto, "--plies", "0")
    identical = 0
    for seed in range(1, args.matches + 1):
        ours = os.path.join(work, f"ours{seed}.mat")
        theirs = os.path.join(work, f"theirs{seed}.mat")
        our_match(player, seed, 5, ours)
        gnubg(args.gnubg, f"import mat {ours}\nexport match mat {theirs}\nquit\ny\n")
        a, ea = mat_turns(reader, ours, work)
        b, eb = mat_turns(reader, theirs, work)
        if a is not None and a == b:
            identical += 1
        else:
            print(f"seed {seed}: differs ({ea or ''} {eb or ''})", file=sys.stderr)
    player.close()
    reader.close()
    print(f"roundtrip: {identical} / {args.matches} matches identical (plays and dice)")


def start_listener(args, log, plies):
    listener = subprocess.Popen(
        [args.plakoto, "external", "--plies", str(plies), "--listen", "127.0.0.1:0",
         "--connections", "1", "--log", log],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    first = listener.stdout.readline().strip()
    return listener, first.rsplit(":", 1)[1]


def external(args):
    work = tempfile.mkdtemp(prefix="plakoto-external-")
    log = os.path.join(work, "boards.log")
    listener, port = start_listener(args, log, 0)
    commands = (
        "set threads 1\nset cube use off\nset jacoby off\nset automatic game on\n"
        f"set player 0 name plakoto\nset player 0 external localhost:{port}\n"
        "set player 1 gnubg\nset player 1 chequerplay evaluation plies 0\n"
    )
    matches = max(1, args.games // 8)
    files = []
    for k in range(matches):
        mat = os.path.join(work, f"m{k}.mat")
        files.append(mat)
        commands += f"new match 15\nexport match mat {mat}\n"
    out = gnubg(args.gnubg, commands + "quit\ny\n")
    listener.wait(timeout=60)
    games = len(re.findall(r" wins an? .* and \d+ points?\.", out))
    reader = Engine(args.plakoto, "--plies", "0")
    recorded, refused = [], 0
    for mat in files:
        turns, error = mat_turns(reader, mat, work)
        if turns is None:
            refused += 1
            print(f"{mat}: {error}", file=sys.stderr)
            continue
        recorded += [t[3] for t in turns if t[1] == "X"]
    reader.close()
    sent, errors = [], 0
    with open(log) as f:
        for line in f:
            answer = line.rstrip("\n").split("\t", 1)[1]
            if answer.startswith("Error"):
                errors += 1
            if answer in ("roll", "take"):
                continue
            sent.append(answer or "pass")
    mismatches = sum(1 for a, b in zip(sent, recorded) if a != b) + abs(len(sent) - len(recorded))
    print(
        f"external: {games} games in {matches} matches, {len(sent)} boards answered, "
        f"{mismatches} plays not as recorded (illegal or refused), {errors} error answers, "
        f"{refused} exported matches our rules refused"
    )
    print(log)


def latency(args):
    work = tempfile.mkdtemp(prefix="plakoto-latency-")
    boards = []
    if args.boards_from:
        with open(args.boards_from) as f:
            boards = [l.split("\t", 1)[0] for l in f]
    boards = [b for b in boards if not re.search(r":-?1:0:0:0:0:", b)][: args.boards]
    if not boards:
        sys.exit("latency: give --boards-from LOG (the log of an external run)")
    log = os.path.join(work, "boards.log")
    listener, port = start_listener(args, log, args.plies)
    sock = socket.create_connection(("127.0.0.1", int(port)))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listened = []
    reader = sock.makefile("rb")
    for b in boards:
        t = time.perf_counter()
        sock.sendall((b + "\n\0").encode())
        reader.readline()
        listened.append(time.perf_counter() - t)
    reader.close()
    sock.close()
    listener.wait(timeout=60)
    engine = Engine(args.plakoto, "--plies", str(args.plies))
    engine.send("set game portes")
    hinted = []
    for b in boards:
        engine.send(f"set board fibs {b}")
        t = time.perf_counter()
        engine.send("hint 1")
        hinted.append(time.perf_counter() - t)
    engine.close()
    ml, mh = statistics.mean(listened) * 1e3, statistics.mean(hinted) * 1e3
    print(
        f"latency at {args.plies} ply over {len(boards)} boards: listener {ml:.2f} ms "
        f"(median {statistics.median(listened) * 1e3:.2f}), engine hint {mh:.2f} ms "
        f"(median {statistics.median(hinted) * 1e3:.2f}), ratio {ml / mh:.3f}"
    )


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--plakoto", default="target/release/plakoto")
    p.add_argument("--gnubg", default="/usr/games/gnubg")
    sub = p.add_subparsers(dest="what", required=True)
    e = sub.add_parser("external")
    e.add_argument("--games", type=int, default=200)
    r = sub.add_parser("roundtrip")
    r.add_argument("--matches", type=int, default=200)
    la = sub.add_parser("latency")
    la.add_argument("--boards", type=int, default=300)
    la.add_argument("--plies", type=int, default=1)
    la.add_argument("--boards-from", help="the log of an external run")
    args = p.parse_args()
    {"external": external, "roundtrip": roundtrip, "latency": latency}[args.what](args)


if __name__ == "__main__":
    main()
