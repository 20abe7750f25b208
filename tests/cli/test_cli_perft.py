"""`plies perft` and the command line's handling of bad input, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]


def plies(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command in a subprocess, as `python -m game` from the repo."""
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_plain_output_is_the_number_alone():
    done = plies("perft", "othello", "4")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "244\n"  # published Othello perft(4), see tests/rules/test_othello.py


def test_json_output_has_the_promised_fields(capsys):
    assert main(["perft", "connect4", "3", "--moves", "44", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == {"game", "depth", "moves", "nodes", "seconds"}
    assert payload["game"] == "connect4" and payload["moves"] == "44"
    assert payload["nodes"] == 7 ** 3 and payload["depth"] == 3


def test_variant_options_reach_the_board(capsys):
    assert main(["perft", "connect4", "2", "--width", "5", "--height", "4"]) == 0
    assert capsys.readouterr().out.strip() == "25"
    assert main(["perft", "gomoku", "2", "--size", "9", "--rule", "standard"]) == 0
    assert capsys.readouterr().out.strip() == str(81 * 80)


def test_depth_zero_counts_the_position_itself(capsys):
    assert main(["perft", "gomoku", "0"]) == 0
    assert capsys.readouterr().out.strip() == "1"


@pytest.mark.slow
@pytest.mark.parametrize("args, words", [
    (["perft", "chess", "3"], "unknown game"),
    (["perft", "othello", "-1"], "depth must be a whole number from 0 to 64"),
    (["perft", "othello", "three"], "whole number"),
    (["perft", "connect4", "2", "--moves", "4444444"], "move 7"),
    (["perft", "othello", "2", "--moves", "f5z9"], "z9"),
    (["perft", "othello", "2", "--size", "9"], "--size does not apply to othello"),
    (["perft", "connect4", "2", "--width", "30"], "4 to 10 columns wide"),
    (["perft", "gomoku", "2", "--rule", "pente"], "invalid choice"),
    (["frobnicate"], "neither a plies command"),
])
def test_bad_input_exits_2_with_one_line_on_stderr(args, words):
    done = plies(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("plies: error: ") and words in lines[0]
