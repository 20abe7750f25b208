"""The README's plugin sections show the example files complete, and document every
member a plugin game writes or gets."""

from __future__ import annotations

import inspect

from game.rules.base import GridGame
from tests.plugins.helpers import EXAMPLES

README = EXAMPLES.parents[1] / "README.md"


def section(title: str) -> str:
    return README.read_text(encoding="utf-8").split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def indented(text: str) -> str:
    return "\n".join(("    " + line) if line else "" for line in text.rstrip("\n").split("\n"))


def test_the_readme_shows_the_example_files_complete():
    assert indented((EXAMPLES / "connect4_homework.py").read_text()) in section(
        "Writing your own evaluator")
    assert indented((EXAMPLES / "nim.py").read_text()) in section("Writing your own game")


def test_the_game_table_names_every_member_a_grid_game_asks_for_or_gives():
    text = section("Writing your own game")
    abstract = set(GridGame.__abstractmethods__)
    assert abstract == {"legal_moves", "apply", "outcome"}
    helpers = {name for name, _v in inspect.getmembers(GridGame)
               if name in ("place", "step", "cells", "start_board")}
    for name in abstract | helpers | {"name", "title", "width", "height", "side_names",
                                      "evaluate", "board", "turn"}:
        assert f"`{name}" in text or f"`self.{name}" in text, name
