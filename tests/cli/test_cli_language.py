"""``plies`` in a language Plies has no catalog for: English, silently (issue 29).

The desktop may ask for any language (``LANGUAGE=xx``); where ``game/locale`` holds no
catalog for it, ``plies --help`` and the errors are the English texts, with nothing on
stderr about the missing catalog. The expected texts are written here as a person reads
them in the README and in ``plies --help``, not taken from the code.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def plies(language: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command, as ``python -m game``, asking for ``language`` the desktop's way;
    the other locale variables are cleared so that only ``LANGUAGE`` speaks."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(LANGUAGE=language, COLUMNS="200")  # wide: argparse wraps nothing
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("language", ["xx", "xx_YY.UTF-8", "tlh:xx"])
def test_help_in_a_language_without_a_catalog_is_english_and_says_nothing_else(language):
    done = plies(language, "--help")
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "usage: plies [FILE | COMMAND ...]"
    assert ("Gomoku, Othello and Connect-4 against an alpha-beta computer opponent. With no "
            "command, opens the window; with a saved game FILE (.json or .txt), opens the "
            "window on that game.") in lines
    assert "options:" in lines
    summaries = " ".join(done.stdout.split())  # the columns' spacing aside
    assert "-h, --help show this help message and exit" in summaries
    assert "perft count the legal move sequences of a depth" in summaries
    assert "solve exact game-theoretic value (Connect-4, tic-tac-toe; Othello near the end)" \
        in summaries


def test_a_sub_command_help_and_an_error_in_a_language_without_a_catalog_are_english():
    done = plies("xx", "perft", "--help")
    assert done.returncode == 0 and done.stderr == ""
    text = " ".join(done.stdout.split())
    assert "count the legal move sequences of a depth" in text
    assert "variant options:" in text
    assert "--width WIDTH Connect-4 columns (4-10, default 7)" in text

    done = plies("xx", "perft", "checkers", "1")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == ("plies: error: unknown game 'checkers'; choose one of connect4, "
                           "othello, gomoku, tictactoe\n")
