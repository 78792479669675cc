#!/usr/bin/env python3
"""A fake engine for the arena tests: it speaks the protocol framing (a
first line starting with '=' or '?', payload, one empty line) but knows no
rules. Its answer to 'play' is set by the mode argument:

  fixed MOVE   answer '= MOVE' (e.g. an illegal play)
  garbage      answer an unframed line
  notation     answer '= ' followed by text that is no play notation
  hang         never answer
  crash        exit at once
  error        answer '? illegal_move: ...'
  noready      answer 'isready' with garbage (fails at start)
  plakoto_only answer 'set game ...' with '? unknown_command' (an engine
               from before Portes; 'play' as garbage)
  no_switches  answer 'set fevga.<switch> ...' with '? unknown_command' (an
               engine that plays only default Fevga; 'play' as garbage)
"""
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "garbage"
arg = " ".join(sys.argv[2:])


def reply(first, *more):
    sys.stdout.write(first + "\n")
    for line in more:
        sys.stdout.write(line + "\n")
    sys.stdout.write("\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "isready":
        if mode == "noready":
            reply("what?")
        else:
            reply("= readyok")
    elif cmd == "quit":
        reply("= bye")
        sys.exit(0)
    elif cmd == "set" and mode == "plakoto_only" and words[1:2] == ["game"]:
        reply("? unknown_command: set game")
    elif cmd == "set" and mode == "no_switches" and words[1:2] and words[1].startswith("fevga."):
        reply("? unknown_command: set " + words[1])
    elif cmd == "set":
        reply("=")
    elif cmd == "play":
        if mode == "fixed":
            reply("= " + arg, "some more payload")
        elif mode == "garbage":
            sys.stdout.write("thinking about it...\n")
            sys.stdout.flush()
        elif mode == "notation":
            reply("= the best move ever")
        elif mode == "hang":
            time.sleep(3600)
        elif mode == "crash":
            sys.exit(1)
        elif mode == "error":
            reply("? illegal_move: this fake engine refuses to play")
        else:
            reply("? unknown_command: play")
    else:
        reply("? unknown_command: " + cmd)
