"""`plies forbidden` (renju), and `--rule renju` reaching perft and analyse."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]

NESTED = ("........./..X.O..../.XXX.OO../.X..O..../.OXXXO.../.X......./......O../"
          ".OO.X.O../.........")
"""A depth-two recursive case (tests/rules/test_renju.py): d4 and d6 are double-threes.

    .........   9
    ..X.O....   8
    .XXX.OO..   7
    .X..O....   6
    .OXXXO...   5
    .X.......   4
    ......O..   3
    .OO.X.O..   2
    .........   1
"""


def test_text_lists_each_point_and_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["forbidden", "--board", NESTED]) == 0
    assert capsys.readouterr().out == "d4 double-three\nd6 double-three\n"


def test_json_has_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    overline = "/".join(["." * 9] * 4 + ["XXX.XX..."] + ["." * 9] * 2 + ["O.O.O.O.O", "." * 9])
    assert main(["forbidden", "--board", overline, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload == {"size": 9, "forbidden": [{"move": "d5", "kind": "overline"}],
                       "counts": {"double-three": 0, "double-four": 0, "overline": 1}}


def test_moves_and_size(capsys: pytest.CaptureFixture[str]) -> None:
    # Black c5 d5 e6 e7: e5 is a double-three (White's stones far away).
    assert main(["forbidden", "--moves", "c5 a1 d5 a9 e6 i9 e7 i1", "--size", "9"]) == 0
    assert capsys.readouterr().out == "e5 double-three\n"
    assert main(["forbidden", "--moves", "h8"]) == 0
    assert capsys.readouterr().out == "no forbidden points\n"


@pytest.mark.parametrize(("args", "fragment"), [
    (["--board", "X..../"], "9 to 25"),
    (["--board", NESTED.replace("X", "#", 1)], "'#' at column c"),
    (["--board", NESTED, "--size", "9"], "--size goes with --moves"),
    (["--moves", "c5 a1 d5 a9 e6 i9 e7 i1 e5", "--size", "9"], "double-three: forbidden"),
    ([], "one of the arguments --board --moves is required"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], fragment: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["forbidden", *args]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


@pytest.mark.slow
def test_perft_counts_forbidden_points_out() -> None:
    """After c5 a1 d5 a9 e6 i9 e7 i1 on 9x9, Black has 73 empty cells, e5 forbidden."""
    moves = "c5 a1 d5 a9 e6 i9 e7 i1"
    out = {}
    for rule in ("standard", "renju"):
        done = subprocess.run([sys.executable, "-m", "game", "perft", "gomoku", "1", "--size",
                               "9", "--rule", rule, "--moves", moves],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        out[rule] = int(done.stdout)
    assert out == {"standard": 73, "renju": 72}


def test_doctests() -> None:
    import doctest

    import game.commands.forbidden as module

    assert doctest.testmod(module).failed == 0


def test_the_readme_example_prints_what_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    text = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    lines = text.split("## Renju", 1)[1].splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("plies forbidden"))
    command, shown = lines[index].split()[1:], lines[index + 1].strip()
    assert main(command) == 0
    assert capsys.readouterr().out.strip() == shown


def test_a_diagram_may_use_line_breaks_and_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    spaced = "\n".join(" ".join(row) for row in NESTED.split("/"))
    assert main(["forbidden", "--board", spaced]) == 0
    assert capsys.readouterr().out == "d4 double-three\nd6 double-three\n"


FULL = "/".join("".join("XO"[(col // 2 + row) % 2] for col in range(9)) for row in range(9))
"""A full 9x9 board, 41 black and 40 white, runs of two across, one down: no five."""


def _has_five(diagram: str, stone: str) -> bool:
    """Five of ``stone`` in a row on the diagram, by a plain scan of the four directions."""
    rows = diagram.split("/")
    n = len(rows)
    return any(all(0 <= r + k * dr < n and 0 <= c + k * dc < n
                   and rows[r + k * dr][c + k * dc] == stone for k in range(5))
               for r in range(n) for c in range(n)
               for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


@pytest.mark.parametrize(("diagram", "fragment"), [
    ("........./" * 4 + "...OOO.../" + "........./" * 3 + ".........",
     "0 black and 3 white stones cannot come from alternate moves"),
    ("........./" * 4 + "..XXXXX../" + "..OOOO.../" + "........./" * 2 + ".........",
     "Black already has five in a row"),
    (FULL, "the board is full"),
])
def test_impossible_positions_are_refused_as_every_board_option_refuses_them(
        diagram: str, fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert not _has_five(FULL, "X") and not _has_five(FULL, "O")
    assert main(["perft", "gomoku", "1", "--rule", "renju", "--board", diagram]) == 2
    elsewhere = capsys.readouterr().err
    assert main(["forbidden", "--board", diagram]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1
    assert err == elsewhere  # the same sentence: one check for every --board
