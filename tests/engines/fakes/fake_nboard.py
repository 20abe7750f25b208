"""A fake NBoard engine for the tests: plays the first legal square, or misbehaves.

Usage: python fake_nboard.py MODE [AFTER], modes as fake_pbrain.py (``illegal``
answers a square that flips nothing). It keeps the board with Plies' own rules (the
test suite's engines may use them: they are not under test here).
"""

import sys
import time


from game.formats.ggf import parse_game, replay  # noqa: E402

mode = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 1
game = None
moves_made = 0


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    line = raw.strip()
    word, _, rest = line.partition(" ")
    if word == "nboard":
        say("set myname Fake")
    elif word == "set" and rest.startswith("game "):
        game = replay(parse_game(rest[5:]))
    elif word == "ping":
        say(f"pong {rest}")
    elif word == "go":
        moves_made += 1
        fault = mode if moves_made >= after else "good"
        if fault == "slow":
            time.sleep(30)
        elif fault == "crash":
            sys.exit(3)
        elif fault == "silent":
            continue
        elif fault == "garbage":
            say("=== z0")
            continue
        elif fault == "illegal":
            empty = [s for s in range(64) if game.piece_at(s % 8, s // 8) is None
                     and s not in game.legal_moves()]
            say(f"=== {game.move_name(empty[0])}")
            continue
        say(f"=== {game.move_name(game.legal_moves()[0])}/0.00/0.0")
    elif word == "quit":
        break
