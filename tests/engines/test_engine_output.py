"""What an outside engine writes is read in bounded memory, and only answers are answers.

The fake engines here are a few lines each, written to a file by the test: one floods
Plies with 50 KB ``MESSAGE`` lines while Plies is not reading (its own player thinks),
one hides a coordinate at the end of a line longer than ``MAX_LINE``.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from game.engines import external
from game.engines.external import NBoardPlayer, PbrainPlayer
from game.rules import Gomoku, Othello
from tests.ui.xvfb import wait_for

FLOOD_LINES = 800
"""50 KB comment lines the flooding engine writes: 40 MB, which the old reader kept."""


def _rss_kb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def fake_engine(tmp_path: Path, body: str) -> str:
    script = tmp_path / "engine.py"
    script.write_text("import sys\n"
                      "def say(line):\n"
                      "    sys.stdout.write(line + '\\n')\n"
                      "    sys.stdout.flush()\n" + textwrap.dedent(body))
    return f"{sys.executable} {script}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_flood_of_comments_while_nobody_reads_stays_bounded_and_the_answer_comes(tmp_path):
    done = tmp_path / "flooded"
    command = fake_engine(tmp_path, f"""
        for line in sys.stdin:
            word = line.split()[0]
            if word == "START":
                say("OK")
                for _ in range({FLOOD_LINES}):   # chatter while the other side thinks
                    say("MESSAGE " + "x" * 50_000)
                open({str(done)!r}, "w").close()
            elif word == "TURN":
                say("MESSAGE thinking")
                say("9,9")
            elif word == "END":
                break
        """)
    game = Gomoku()
    game.play_moves("h8")
    with PbrainPlayer(command, seconds=5) as player:
        before = _rss_kb()
        player.start(game)
        wait_for(done.exists, 60, "the engine's flood")
        grown = _rss_kb() - before
        assert player.process.lines.qsize() <= external.QUEUED_LINES
        assert grown < 20_000, f"{grown} kB more after a 40 MB flood"
        move = player.best_move(game)
    assert game.move_name(move) == "j6"  # 9,9 is column j, row 15 - 9 = 6


@pytest.mark.parametrize("filler", ["MESSAGE ", "DEBUG ", "", "7"])
def test_the_tail_of_an_over_long_line_is_never_an_answer(tmp_path, filler):
    padding = " " * (external.MAX_LINE + 10 - len(filler) - 3)
    command = fake_engine(tmp_path, f"""
        for line in sys.stdin:
            word = line.split()[0]
            if word == "START":
                say("OK")
            elif word == "TURN":
                # One line of 100 KB whose last characters look like a move, then the move.
                say({filler!r} + {padding!r} + "0,0")
                say("9,9")
            elif word == "END":
                break
        """)
    game = Gomoku()
    game.play_moves("h8")
    with PbrainPlayer(command, seconds=5) as player:
        move = player.best_move(game)
    assert game.move_name(move) == "j6"


def test_nboard_status_chatter_while_nobody_reads_is_dropped_and_pong_and_the_move_kept(
        tmp_path):
    done = tmp_path / "flooded"
    command = fake_engine(tmp_path, f"""
        pings = 0
        for line in sys.stdin:
            word = line.split()[0]
            if word == "ping":
                say("pong " + line.split()[1])
                pings += 1
                if pings == 1:  # after the handshake, chatter while the other side thinks
                    for _ in range({FLOOD_LINES}):
                        say("status " + "busy " * 10_000)
                    open({str(done)!r}, "w").close()
            elif word == "go":
                say("nodestats 1 0.1")
                say("=== d3/0.0/0.1")
            elif word == "quit":
                break
        """)
    game = Othello()
    with NBoardPlayer(command, seconds=5) as player:
        player.start(game)
        wait_for(done.exists, 60, "the engine's flood")
        assert player.process.lines.qsize() <= external.QUEUED_LINES
        assert game.move_name(player.best_move(game)) == "d3"
