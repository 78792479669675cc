#!/usr/bin/env python3
"""A faulty engine for the conformance tests: it runs a real engine (the
rest of its arguments, e.g. `target/debug/plakoto --plies 0`) and relays
commands and replies, breaking exactly one thing of protocol.md, chosen by
the mode (first argument):

  relay          nothing broken (the real engine, through the proxy)
  old            an engine from before `set position`: no `set position`,
                 `show posid`, `show matchid`, `legal`, `known_command`,
                 `list_commands` (answered `? unknown_command`)
  no-ids         replies without the command's id
  comment-reply  answers blank and comment lines with `=`
  wrong-code     `invalid_position` errors answered as `syntax`
  dirty-errors   after each refused command, the position changes
  bad-posid      `show posid` answers the initial position
  bad-legal      `legal` leaves out its last play
  illegal-play   `play` answers a play that is not legal
  slow-play      `play` answers after 3 s
  unframed       `name` answered with a line that is no reply
  no-exit        `quit` answered, but the proxy does not exit
  deaf-switches  `set fevga.<switch> <value>` accepted but not passed on:
                 the engine plays Fevga's default switches only
  no-fevga       `set game fevga` answered `? invalid_argument`: an engine
                 that plays Portes and Plakoto but not Fevga (the Tavli
                 arena tests: it faults `unsupported_game`)
"""
import re
import subprocess
import sys
import time

mode = sys.argv[1]
engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

OLD_ABSENT = ("set position", "show posid", "show matchid", "legal",
              "known_command", "list_commands")
INITIAL = "AAAg//DAAA8/fAAA"


def ask(line):
    """Sends one line to the real engine; returns its reply lines (without
    the empty line), or None when the line gets no reply."""
    engine.stdin.write((line + "\n").encode())
    engine.stdin.flush()
    if not line.split("#", 1)[0].strip():
        return None
    lines = []
    while True:
        out = engine.stdout.readline()
        if not out:
            sys.exit(0)
        out = out.decode().rstrip("\n")
        if out == "":
            return lines
        lines.append(out)


def write(lines):
    sys.stdout.write("".join(l + "\n" for l in lines) + "\n")
    sys.stdout.flush()


for raw in sys.stdin.buffer:
    line = raw.decode("utf-8", "replace").rstrip("\n")
    body = line.split("#", 1)[0].strip()
    m = re.match(r"^(\d+)\s+(.*)$", body)
    cid, cmd = (m.group(1), m.group(2)) if m else ("", body)
    words = " ".join(cmd.split())
    if not body:
        if mode == "comment-reply":
            write(["="])
        continue
    if mode == "old" and any(words == a or words.startswith(a + " ") for a in OLD_ABSENT):
        write(["?%s unknown_command: %s" % (cid, words.split()[0])])
        continue
    if mode == "slow-play" and words.startswith("play"):
        time.sleep(3)
    if mode == "deaf-switches" and words.startswith("set fevga."):
        parts = words.split()
        write(["=%s %s" % (cid, " ".join(parts[1:]))])
        continue
    if mode == "no-fevga" and words == "set game fevga":
        write(["?%s invalid_argument: this engine does not play fevga" % cid])
        continue
    if mode == "unframed" and words == "name":
        write(["my name is fake"])
        continue
    reply = ask(line)
    if reply is None:
        continue
    first = reply[0]
    if mode == "no-ids" and cid:
        first = first[0] + first[1 + len(cid):]
    if mode == "wrong-code":
        first = first.replace("invalid_position:", "syntax:")
    if mode == "bad-posid" and words == "show posid" and first.startswith("="):
        first = "=%s %s" % (cid, INITIAL)
    if mode == "bad-legal" and words.startswith("legal") and first.startswith("=") and len(reply) > 2:
        reply = reply[:-1]
    if mode == "illegal-play" and words.startswith("play") and first.startswith("="):
        first = "=%s 24/1" % cid
    reply[0] = first
    if mode == "dirty-errors" and first.startswith("?") and not words.startswith("set board"):
        ask("set board " + INITIAL)
    if words in ("quit", "exit"):
        write(reply)
        if mode == "no-exit":
            time.sleep(30)
        sys.exit(0)
    write(reply)
