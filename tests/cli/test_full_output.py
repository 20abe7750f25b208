"""A full disk under stdout (``> /dev/full``): one sentence on stderr, status 1, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.formats import save_record
from game.records import human, record_from_game
from game.rules import new_game
from tests.engines.helpers import ROOT

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

SENTENCE = "plies: error: the output could not be written: No space left on device\n"


def plies_into_full(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    with open("/dev/full", "wb") as full:
        return subprocess.run([sys.executable, "-m", "game", *args], input=stdin,
                              stdout=full, stderr=subprocess.PIPE, cwd=ROOT, timeout=120,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                              check=False)


@pytest.mark.parametrize("args, stdin", [
    (["perft", "connect4", "3"], b""),
    # The move comes from the search thread: its failed write ends the session too.
    (["engine", "gomoku"], b"START 15\r\nINFO max_depth 1\r\nBEGIN\r\nABOUT\r\nEND\r\n"),
    (["engine", "othello"], b"nboard 2\nping 1\nquit\n"),
])
def test_a_full_disk_is_one_sentence_and_status_1(args, stdin):
    done = plies_into_full(args, stdin)
    assert (done.returncode, done.stderr.decode()) == (1, SENTENCE)


def test_show_into_a_full_disk(tmp_path: Path):
    game = new_game("connect4")
    game.play_moves("4343434")
    path = tmp_path / "game.json"
    save_record(path, record_from_game(game, [human(), human()]))
    done = plies_into_full(["show", str(path)])
    assert (done.returncode, done.stderr.decode()) == (1, SENTENCE)
