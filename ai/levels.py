"""Difficulty levels: each level is a search depth per game (the README has the table).

The low levels also pick at random among root moves within a few evaluator units of
the best, so that a line that beat the computer once does not win every time; the
choice is never random between a proven win and anything else, and wins in one and
blocks of a win in one are found at every level (the evaluators' forced-move logic).

>>> level("connect4", 4).label
'Level 4 — depth 9'
"""

from __future__ import annotations

import dataclasses

from ai.search import Limits

LEVEL_NUMBERS = range(1, 9)
DEFAULT_LEVEL = 4


@dataclasses.dataclass(frozen=True)
class Level:
    """One difficulty level of one game.

    Attributes:
        number: 1 (easiest) to 8.
        depth: the search depth in plies.
        seconds: a time budget on top of the depth (the top levels), else ``None``.
        randomness: choose among moves this many evaluator units below the best.
        solver: use the exact solver (Connect-4, Othello endgames; Gomoku's VCF).
            The two easiest levels play without it, so a beginner can still win a
            lost-looking endgame; they still never miss a win or block in one.
    """

    number: int
    depth: int
    seconds: float | None = None
    randomness: float = 0.0
    solver: bool = True

    @property
    def label(self) -> str:
        """How the new-game dialog names it: ``"Level 4 — depth 6"``."""
        return f"Level {self.number} — depth {self.depth}"

    def limits(self, unit: int = 100) -> Limits:
        """Search limits for an evaluator whose ``unit`` is ``unit`` points."""
        return Limits(depth=self.depth, seconds=self.seconds,
                      randomness=round(self.randomness * unit), use_solver=self.solver)


def _table(depths: tuple[int, ...], seconds: tuple[float | None, ...]) -> tuple[Level, ...]:
    noise = (1.5, 1.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0)
    return tuple(Level(n, d, s, r, solver=n > 2)
                 for n, d, s, r in zip(LEVEL_NUMBERS, depths, seconds, noise))


LEVELS: dict[str, tuple[Level, ...]] = {
    "connect4": _table((1, 2, 4, 9, 10, 11, 14, 20), (None,) * 5 + (2.0, 3.0, 6.0)),
    "othello": _table((1, 2, 3, 6, 8, 9, 10, 12), (None,) * 4 + (2.0, 2.5, 4.0, 6.0)),
    "gomoku": _table((1, 2, 4, 6, 8, 10, 12, 14), (None,) * 4 + (2.0, 2.5, 4.0, 6.0)),
}
"""Level tables per game (the numbers are calibrated with ``plies match``)."""


def level(game_name: str, number: int) -> Level:
    """Level ``number`` (1-8) of ``game_name``; raises ``ValueError`` with a sentence."""
    if number not in LEVEL_NUMBERS:
        raise ValueError(f"level must be 1 to 8, not {number}")
    try:
        return LEVELS[game_name][number - 1]
    except KeyError:
        raise ValueError(f"no levels for game {game_name!r}") from None


def markdown_table() -> str:
    """The README's level table, made from ``LEVELS`` (a test keeps the README equal)."""
    games = list(LEVELS)
    lines = ["| level | " + " | ".join(games) + " | randomness |",
             "|---|" + "---|" * len(games) + "---|"]
    for index, number in enumerate(LEVEL_NUMBERS):
        cells = []
        for name in games:
            chosen = LEVELS[name][index]
            cell = f"depth {chosen.depth}"
            if chosen.seconds is not None:
                cell += f", ≤ {chosen.seconds:g} s"
            cells.append(cell)
        first = LEVELS[games[0]][index]
        plural = "" if first.randomness == 1 else "s"
        noise = f"{first.randomness:g} unit{plural}" if first.randomness else "none"
        if not first.solver:
            noise += ", no solver"
        lines.append(f"| {number}{' (default)' if number == DEFAULT_LEVEL else ''} | "
                     + " | ".join(cells) + f" | {noise} |")
    return "\n".join(lines)
