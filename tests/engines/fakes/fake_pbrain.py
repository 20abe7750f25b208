"""A fake Gomocup brain for the tests: plays the first empty cell, or misbehaves.

Usage: python fake_pbrain.py MODE [AFTER]. MODE is ``good``, ``slow`` (sleeps 30 s
before its move), ``illegal`` (plays an occupied cell), ``crash`` (exits with status
3), ``silent`` (never answers), ``garbage`` (answers nonsense), ``refuse`` (ERROR to
START) or ``offboard``; the fault comes at its AFTER-th move (default 1), good moves
before it. ``child`` starts a grandchild that sleeps, then stays silent (for the
orphan test: its answer is ``child PID``); ``stubborn`` plays well but
ignores END and SIGTERM..
"""

import signal
import subprocess
import sys
import time

mode = sys.argv[1]
if mode == "stubborn":  # ignores END and SIGTERM: only SIGKILL ends it
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
after = int(sys.argv[2]) if len(sys.argv) > 2 else 1
size = 15
stones = set()
moves_made = 0


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def answer():
    global moves_made
    moves_made += 1
    fault = mode if moves_made >= after else "good"
    if fault == "slow":
        time.sleep(30)
    elif fault == "crash":
        sys.exit(3)
    elif fault == "silent":
        return
    elif fault == "garbage":
        say("I resign, I think")
        return
    elif fault == "illegal" and stones:
        x, y = sorted(stones)[0]
        say(f"{x},{y}")
        return
    elif fault == "offboard":
        say(f"{size},{size}")
        return
    elif fault == "child":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        say(f"child {child.pid}")
        return
    for y in range(size):
        for x in range(size):
            if (x, y) not in stones:
                stones.add((x, y))
                say("MESSAGE thinking hard")
                say(f"{x},{y}")
                return


board = None
for raw in sys.stdin:
    line = raw.strip()
    if board is not None:
        if line == "DONE":
            stones = set(board)
            board = None
            answer()
        else:
            x, y, _ = line.split(",")
            board.append((int(x), int(y)))
        continue
    word, _, rest = line.partition(" ")
    if word == "START":
        if mode == "refuse":
            say("ERROR I only play on 20x20")
            continue
        size = int(rest)
        stones = set()
        say("OK")
    elif word == "RESTART":
        stones = set()
        say("OK")
    elif word == "BEGIN":
        answer()
    elif word == "TURN":
        x, y = rest.split(",")
        stones.add((int(x), int(y)))
        answer()
    elif word == "BOARD":
        board = []
    elif word == "END":
        if mode != "stubborn":
            break
    elif word == "INFO":
        pass
    else:
        say(f"UNKNOWN {word}")
