"""A fake Gomocup brain for the tests: plays the first empty cell, or misbehaves.

Usage: python fake_pbrain.py MODE [AFTER]. MODE is ``good``, ``slow`` (sleeps 30 s
before its move), ``illegal`` (plays an occupied cell), ``crash`` (exits with status
3), ``silent`` (never answers), ``garbage`` (answers nonsense), ``refuse`` (ERROR to
START) or ``offboard``; the fault comes at its AFTER-th move (default 1), good moves
before it. ``race`` plays well but loses the first word of the first line it reads
after each of its moves, as Rapfi does when a command comes while it still counts
itself as thinking (``TURN 7,8`` is then read as a command ``7,8``: ``ERROR``).
``nodepth`` plays well but exits with status 4 on ``INFO max_depth``. ``impatient`` plays well but exits with status 5 when a line comes within 45 ms of its
answer (the moment in which Rapfi would lose it). ``child`` starts a grandchild that sleeps, then stays silent (for the
orphan test: its answer is ``child PID``), ``setsid`` the same with a grandchild in a
session of its own; ``slowstart`` answers START only after a minute; ``stubborn`` plays well but
ignores END and SIGTERM.
"""

import signal
import subprocess
import sys
import time

from faults import Faults, misbehave, say

faults = Faults(sys.argv)
mode = faults.mode
if mode == "stubborn":  # ignores END and SIGTERM: only SIGKILL ends it
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
size = 15
stones = set()


def taken_cell():
    """An occupied cell, once there is one."""
    if not stones:
        return None
    x, y = sorted(stones)[0]
    return f"{x},{y}"


def answer():
    global just_moved, answered
    fault = faults.next_move()
    if misbehave(fault, garbage="I resign, I think", illegal=taken_cell):
        return
    if fault == "offboard":
        say(f"{size},{size}")
        return
    elif fault in ("child", "setsid"):
        # "setsid": the grandchild leaves the engine's session (its own process group),
        # out of reach of a signal to the engine's group
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                                 start_new_session=fault == "setsid")
        say(f"child {child.pid}")
        return
    for y in range(size):
        for x in range(size):
            if (x, y) not in stones:
                stones.add((x, y))
                say("MESSAGE thinking hard")
                say(f"{x},{y}")
                just_moved = mode == "race"
                answered = time.monotonic()
                return


board = None
just_moved = False
answered = -1.0  # time.monotonic() of its last move
for raw in sys.stdin:
    line = raw.strip()
    if mode == "impatient" and time.monotonic() - answered < 0.045:
        sys.exit(5)
    if just_moved:  # "race": the word read while still thinking is lost
        just_moved = False
        line = line.partition(" ")[2]
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
        if mode == "slowstart":  # takes its time to start: longer than any test waits
            time.sleep(60)
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
        if mode == "nodepth" and rest.startswith("max_depth"):
            sys.exit(4)
    elif mode == "race" and "," in word:
        say(f"ERROR Unknown command: {word}")
    else:
        say(f"UNKNOWN {word}")
