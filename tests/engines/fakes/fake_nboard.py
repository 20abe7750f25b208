"""A fake NBoard engine for the tests: plays the first legal square, or misbehaves.

Usage: python fake_nboard.py MODE [AFTER], modes as fake_pbrain.py (``illegal``
answers a square that flips nothing), and the answer forms real engines write:
``spaced`` (Edax 4.6: ``=== c6 0.00 0.0``, and its complaint about ``nboard 2``),
``bare`` (``=== C6``, upper case, no eval or time), ``edax`` (as Edax 4.4: its
complaint about ``nboard 2`` goes to stderr, and here it names itself ``Edax`` only when
told ``nboard 1``), ``good`` (the slash form of the
protocol page, ``=== c6/0.00/0.0``). ``nodepth`` plays well but exits with status 4
on a ``set depth`` (an engine meant to play at its own options). It keeps the board
with Plies' own rules (the test suite's engines may use them: they are not under test
here).
"""

import sys

from faults import Faults, misbehave, say

from game.formats.ggf import parse_game, replay

faults = Faults(sys.argv)
game = None


def illegal_square() -> str:
    empty = [s for s in range(64) if game.piece_at(s % 8, s // 8) is None
             and s not in game.legal_moves()]
    return f"=== {game.move_name(empty[0])}"


for raw in sys.stdin:
    line = raw.strip()
    word, _, rest = line.partition(" ")
    if word == "nboard":
        if faults.mode == "spaced" and rest != "1":
            say('Error: Edax expected "nboard 1" protocol')
        if faults.mode == "edax" and rest != "1":
            print('Error: Edax expected "nboard 1" protocol', file=sys.stderr, flush=True)
        say("set myname Edax" if faults.mode == "edax" and rest == "1" else "set myname Fake")
    elif word == "set" and rest.startswith("depth") and faults.mode == "nodepth":
        sys.exit(4)
    elif word == "set" and rest.startswith("game "):
        game = replay(parse_game(rest[5:]))
    elif word == "ping":
        say(f"pong {rest}")
    elif word == "go":
        if not misbehave(faults.next_move(), garbage="=== z0", illegal=illegal_square):
            move = game.move_name(game.legal_moves()[0])
            if faults.mode == "spaced":
                say(f"=== {move} 0.00 0.0")
            elif faults.mode == "bare":
                say(f"=== {move.upper()}")
            else:
                say(f"=== {move}/0.00/0.0")
    elif word == "quit":
        break
