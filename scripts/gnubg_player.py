#!/usr/bin/env python3
"""GNU Backgammon as a Portes engine for `plakoto arena --game portes`.

Speaks the plakoto protocol as the arena's referee uses it
(crates/protocol/protocol.md, section 9) and answers `play` with the move
gnubg's `hint` ranks first. One `gnubg -t -q` process runs for the whole
session: money play, cube off, Jacoby off, chequer play evaluated at
--plies N (default 0). Portes positions and Match IDs are gnubg's own, and
so is the move notation, so IDs and moves pass through unchanged.

Commands:
  isready                      = readyok
  name / version / protocol_version
  known_command WORDS          = true / = false
  list_commands                the commands below, one a line
  set game portes              = (any other game: ? invalid_argument)
  set position POSID:MATCHID   the board and the dice (from the Match ID)
  set board POSID / set matchid MATCHID   the same in two steps
  set dice A B                 the dice
  play                         gnubg's best move (`pass` with none)
  quit                         = bye, then gnubg is stopped
Anything else: `? unknown_command: ...`.

  scripts/gnubg_player.py [--plies N] [--gnubg PATH]

Python 3 standard library only.
"""

import argparse
import base64
import re
import subprocess
import sys

GNUBG = "/usr/games/gnubg"
# An unknown word: gnubg answers "Unknown keyword `...'." once every
# command before it is done, which marks the end of their output.
MARK = "plakotomarkzz"
MOVE_LINE = re.compile(r"^\s*1\.\s+\S+\s+\S+-ply\s+(.*?)\s+Eq\.:")
COMMANDS = [
    "isready",
    "name",
    "version",
    "protocol_version",
    "known_command",
    "list_commands",
    "set game",
    "set position",
    "set board",
    "set matchid",
    "set dice",
    "play",
    "quit",
]


class GnubgError(Exception):
    """gnubg stopped or answered something unreadable."""


class Gnubg:
    """One gnubg process in text mode, driven command by command."""

    def __init__(self, path, plies):
        self.proc = subprocess.Popen(
            [path, "-t", "-q"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
        )
        self.run(
            [
                "set threads 1",
                "set player 0 human",
                "set player 1 human",
                "set cube use off",
                "set jacoby off",
                "new game",
                f"set evaluation chequerplay evaluation plies {plies}",
            ]
        )

    def run(self, commands):
        """Sends `commands`; returns gnubg's output up to the mark."""
        for command in commands + [MARK]:
            self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise GnubgError("gnubg exited")
            if MARK in line:
                return lines
            lines.append(line.rstrip("\n"))

    def best_move(self, position_id, dice):
        """The move gnubg ranks first for the side on roll, or `pass`."""
        out = self.run([f"set board {position_id}", f"set dice {dice[0]} {dice[1]}", "hint 1"])
        for line in out:
            found = MOVE_LINE.match(line)
            if found:
                return found.group(1).strip()
        if any("no legal moves" in line.lower() for line in out):
            return "pass"
        raise GnubgError("no move in gnubg's hint: " + " | ".join(out[-3:]))

    def close(self):
        try:
            self.proc.stdin.write("quit\ny\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def match_id_dice(match_id):
    """The dice of a gnubg Match ID (bits 15-20), or None before a roll."""
    try:
        raw = base64.b64decode(match_id, validate=True)
    except Exception:
        return None
    if len(match_id) != 12 or len(raw) != 9:
        return None
    key = int.from_bytes(raw, "little")
    a, b = (key >> 15) & 7, (key >> 18) & 7
    if 1 <= a <= 6 and 1 <= b <= 6:
        return (a, b)
    return None


POSITION_ID = re.compile(r"^[A-Za-z0-9+/]{14}$")


class Adapter:
    """The protocol side: the position and dice held, gnubg behind."""

    def __init__(self, gnubg_path, plies):
        self.gnubg_path = gnubg_path
        self.plies = plies
        self.gnubg = None
        self.position = None
        self.dice = None

    def engine(self):
        if self.gnubg is None:
            self.gnubg = Gnubg(self.gnubg_path, self.plies)
        return self.gnubg

    def answer(self, words):
        """(ok, payload lines) for one command's words."""
        low = [w.lower() for w in words]
        if low == ["isready"]:
            self.engine()
            return True, ["readyok"]
        if low == ["name"]:
            return True, ["gnubg-player"]
        if low == ["version"]:
            return True, ["1"]
        if low == ["protocol_version"]:
            return True, ["1"]
        if low[:1] == ["known_command"]:
            return True, ["true" if " ".join(low[1:]) in COMMANDS else "false"]
        if low == ["list_commands"]:
            return True, COMMANDS
        if low[:2] == ["set", "game"] and len(low) == 3:
            if low[2] == "portes":
                return True, ["portes"]
            return False, [f"invalid_argument: gnubg plays portes, not {words[2]}"]
        if low[:2] == ["set", "position"] and len(words) == 3:
            position, _, match_id = words[2].partition(":")
            return self.set_position(position, match_id)
        if low[:2] == ["set", "board"] and len(words) == 3:
            return self.set_position(words[2], None)
        if low[:2] == ["set", "matchid"] and len(words) == 3:
            dice = match_id_dice(words[2])
            if dice is None:
                return False, ["invalid_position: a Match ID with the dice rolled is needed"]
            self.dice = dice
            return True, ["ok"]
        if low[:2] == ["set", "dice"] and len(words) == 4:
            try:
                dice = (int(words[2]), int(words[3]))
            except ValueError:
                dice = (0, 0)
            if not all(1 <= d <= 6 for d in dice):
                return False, ["invalid_argument: dice are two numbers 1-6"]
            self.dice = dice
            return True, ["ok"]
        if low == ["play"]:
            if self.position is None or self.dice is None:
                return False, ["state: set a position with its dice first"]
            try:
                return True, [self.engine().best_move(self.position, self.dice)]
            except GnubgError as e:
                self.gnubg = None
                return False, [f"state: {e}"]
        return False, ["unknown_command: " + " ".join(words)[:80]]

    def set_position(self, position, match_id):
        if not POSITION_ID.match(position):
            return False, [f"invalid_position: '{position}' is not a Position ID"]
        dice = None
        if match_id:
            dice = match_id_dice(match_id)
            if dice is None:
                return False, ["invalid_position: a Match ID with the dice rolled is needed"]
        self.position = position
        self.dice = dice
        return True, ["ok"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", type=int, default=0, help="gnubg's chequer play plies (0-4)")
    ap.add_argument("--gnubg", default=GNUBG, help="the gnubg binary")
    args = ap.parse_args()
    adapter = Adapter(args.gnubg, args.plies)
    try:
        for line in sys.stdin:
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            words = text.split()
            ident = ""
            if words[0].isdigit():
                ident, words = words[0], words[1:]
                if not words:
                    continue
            if [w.lower() for w in words] == ["quit"]:
                sys.stdout.write(f"={ident} bye\n\n")
                sys.stdout.flush()
                break
            ok, payload = adapter.answer(words)
            if ok:
                sys.stdout.write(f"={ident} " + "\n".join(payload) + "\n\n")
            else:
                sys.stdout.write(f"?{ident} {payload[0]}\n\n")
            sys.stdout.flush()
    finally:
        if adapter.gnubg is not None:
            adapter.gnubg.close()


if __name__ == "__main__":
    main()
