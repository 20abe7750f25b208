"""Every command-line value is checked: status 2 and one line, before any work starts."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ai.search import MAX_SEARCH_DEPTH
from game import cli
from game.cli import MAX_DEPTH, join_dash_values, main

FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
"""FFORUM problem 1 (tests/ai/data/othello_ffo_1_19.txt): Black to move, +18 by g8; its
first square is empty, so the board starts with ``-``."""


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def refused(capsys, *argv: str, contains: str = "") -> str:
    """``plies ARGV`` exits 2 with one line on stderr and nothing on stdout."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 2, (status, err)
    assert out == "", out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("plies: error: "), err
    assert contains in lines[0], lines[0]
    return lines[0]


TIMES = ["nan", "NaN", "inf", "-inf", "-1", "0", "1e9", "abc", ""]

TIMED_COMMANDS = {
    "analyse": ["analyse", "connect4", "--time"],
    "solve": ["solve", "connect4", "--time"],
    "bench": ["bench", "connect4", "--seconds"],
    "review": ["review", "nosuch.json", "--time"],
}


@pytest.mark.slow
@pytest.mark.parametrize("command", TIMED_COMMANDS)
@pytest.mark.parametrize("value", TIMES)
def test_times_must_be_finite_positive_and_at_most_a_day(capsys, command, value):
    line = refused(capsys, *TIMED_COMMANDS[command], value)
    assert "time must be" in line


@pytest.mark.parametrize("value", TIMES[:-1])
def test_match_spec_times_are_checked(capsys, value):
    refused(capsys, "match", "connect4", "--a", f"time={value}", "--b", "level=1",
            contains="player spec")


@pytest.mark.parametrize("spec, words", [
    ("depth=0", "depth must be a whole number from 1 to 64"),
    ("depth=65", "depth must be a whole number from 1 to 64"),
    ("nodes=0", "nodes must be"),
    ("level=9", "level must be"),
    ("random=nan,level=1", "random must be"),
    ("random=-1,level=1", "random must be"),
    ("eval=/dev/zero,level=1", "device"),
    ("eval=nosuch,level=1", "unknown evaluator 'nosuch' for connect4"),
])
def test_match_specs_are_checked(capsys, spec, words):
    refused(capsys, "match", "connect4", "--a", spec, "--b", "level=1", "--games", "2",
            contains=words)


@pytest.mark.parametrize("argv, words", [
    (["analyse", "connect4", "--level", "0"], "level must be a whole number from 1 to 8"),
    (["analyse", "connect4", "--level", "9"], "level must be"),
    (["analyse", "connect4", "--depth", "0"], "depth must be"),
    (["analyse", "connect4", "--depth", str(MAX_DEPTH + 1)], "depth must be"),
    (["analyse", "connect4", "--depth", "9" * 400], "depth must be"),
    (["analyse", "connect4", "--moves", "44", "--file", "x.txt"], "either --moves or --file"),
    (["perft", "connect4", "65"], "depth must be"),
    (["play", "--level", "0"], "level must be"),
    (["play", "--eval", "../../etc/passwd"], "takes a name, not a file"),
    (["play", "--eval", "strongest"], "unknown evaluator 'strongest' for connect4"),
    (["demo", "--levels", "1", "9"], "level must be"),
    (["match", "connect4", "--a", "level=1", "--b", "level=1", "--games", "0"], "--games"),
    (["match", "connect4", "--a", "level=1", "--b", "level=1", "--games", "2",
      "--jobs", "3"], "more than the 2 games"),
    (["match", "connect4", "--a", "level=1", "--b", "level=1", "--games", "9999",
      "--jobs", str((os.cpu_count() or 1) * 4 + 1)], "per core"),
    (["match", "connect4", "--a", "level=1", "--b", "level=1", "--jobs", "0"], "at least 1"),
    (["match", "connect4", "--a", "level=1", "--b", "level=1",
      "--openings", "random:999"], "random:K"),
    (["solve", "othello", "--turn", "X"], "--turn goes with --board"),
    (["solve", "connect4", "--board", FFO_1, "--turn", "X"], "the diagram's board"),
    (["solve", "connect4", "--board", "X.../X.O./X.O./X.O."], "Red already has four"),
    (["solve", "othello", "--board", FFO_1, "--turn", "X", "--moves", "a1"], "a1"),
    (["solve", "othello", "--board", FFO_1, "--turn", "X", "--file", "x"], "either --file"),
    (["bench", "--runs", "0"], "--runs"),
])
def test_bad_values_exit_2(capsys, argv, words):
    refused(capsys, *argv, contains=words)


def test_match_out_must_be_writable(capsys, tmp_path):
    a_file = tmp_path / "records"
    a_file.write_text("")
    refused(capsys, "match", "connect4", "--a", "depth=1", "--b", "depth=1", "--games", "2",
            "--out", str(a_file), contains="is a file, not a folder")
    refused(capsys, "match", "connect4", "--a", "depth=1", "--b", "depth=1", "--games", "2",
            "--out", str(a_file / "below"), contains="cannot be written")
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        refused(capsys, "match", "connect4", "--a", "depth=1", "--b", "depth=1",
                "--games", "2", "--out", str(locked), contains="cannot be written")


def test_match_default_jobs_never_exceed_the_games(capsys, tmp_path):
    status = main(["match", "connect4", "--a", "depth=1", "--b", "depth=2", "--games", "1",
                   "--openings", "random:0", "--out", str(tmp_path / "out"), "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)["games"] == 1


def test_the_depth_cap_is_the_search_s_own():
    assert MAX_DEPTH == MAX_SEARCH_DEPTH


@pytest.mark.slow
def test_board_values_may_start_with_a_dash(capsys, monkeypatch):
    """Both spellings reach FFO #1 and answer +18 by g8. The endgame is solved once: the
    second command's solve is the first one's when, and only when, it asks the same
    solver about the same position (board, side to move, moves); any other position
    would be solved afresh (and answer otherwise)."""
    from game.commands import solve as solve_command

    real, solved = solve_command.solve_within, {}

    def solve_once(solver, game, seconds):
        key = (type(solver).__name__, game.name, game.diagram(), game.turn,
               tuple(game.move_stack), seconds)
        if key not in solved:
            solved[key] = real(solver, game, seconds)
        return solved[key]

    monkeypatch.setattr(solve_command, "solve_within", solve_once)
    for argv in (["solve", "othello", "--board", FFO_1, "--turn", "X", "--json"],
                 ["solve", "othello", f"--board={FFO_1}", "--turn", "X", "--json"]):
        assert main(argv) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["score"] == 18 and answer["best_moves"][0] == "g8"
    assert len(solved) == 1  # the two spellings gave the same position


def test_moves_are_played_after_the_board(capsys):
    assert main(["solve", "othello", "--board", FFO_1, "--turn", "X", "--moves", "g8",
                 "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["moves"] == "g8"
    assert answer["score"] == -18  # White to move after Black's best: the same value


def test_join_dash_values_leaves_everything_else_alone():
    assert join_dash_values(["solve", "othello", "--moves", "f5", "--", "--board", "-X"]) == [
        "solve", "othello", "--moves", "f5", "--", "--board", "-X"]
    assert join_dash_values(["x", "--board"]) == ["x", "--board"]


def test_help_says_what_runs_until_ctrl_c():
    parser = cli.build_parser()
    helps = {name: sub.format_help() for name, sub in
             parser._subparsers._group_actions[0].choices.items()}  # noqa: SLF001
    assert "Ctrl-C" in helps["perft"] and "Ctrl-C" in helps["solve"]
    assert "Ctrl-C" in helps["analyse"]


def test_values_at_the_limits_are_accepted(capsys, tmp_path: Path):
    assert main(["analyse", "connect4", "--level", "1", "--json"]) == 0
    assert main(["analyse", "connect4", "--moves", "4444", "--time", "0.05", "--json"]) == 0
    capsys.readouterr()
