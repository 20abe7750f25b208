"""Difficulty levels: each level is a search depth per game (the README has the table).

The low levels also pick at random among root moves within some evaluator units of
the best (from half a unit up to 100, Gomoku's level 1, which is almost any candidate
move), so that a line that beat the computer once does not win every time; the
choice is never random between a proven win and anything else, and wins in one and
blocks of a win in one are found at every level (the evaluators' forced-move logic).
Each level is placed to score at least 65% against the one below (ai/TUNING.md).

>>> level("connect4", 5).label
'Level 5 — depth 4'
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
            The easiest levels play without it, so a beginner can still win a
            lost-looking endgame; they still never miss a win or block in one.
        solver_reach: the top levels let the solver try positions with up to this
            many empty cells (more than its own threshold) within their time budget.
        threats: the solver's deeper proof and the root's defence against the
            opponent's (Gomoku: victory by continuous threats, VCT) within the time.
        evaluator: the evaluator preset the level plays with unless the player names
            another (the new-game dialog shows it when the level is chosen;
            ``plies match level=N`` and ``plies play --level N`` use it without ``eval``).
    """

    number: int
    depth: int
    seconds: float | None = None
    randomness: float = 0.0
    solver: bool = True
    solver_reach: int | None = None
    threats: bool = False
    evaluator: str = "default"

    @property
    def label(self) -> str:
        """How the new-game dialog names it: ``"Level 4 — depth 4"``; short, to fit
        the level selector at the smallest window (the README's table has the rest)."""
        return f"Level {self.number} — depth {self.depth}"

    def limits(self, unit: int = 100) -> Limits:
        """Search limits for an evaluator whose ``unit`` is ``unit`` points."""
        return Limits(depth=self.depth, seconds=self.seconds,
                      randomness=round(self.randomness * unit), use_solver=self.solver,
                      solver_reach=self.solver_reach, threats=self.threats)


def _row(game_name: str, *levels: tuple) -> tuple[Level, ...]:
    """Levels 1-8 of one game from ``(depth, seconds, randomness, solver[, reach[,
    threats[, evaluator]]])``."""
    assert len(levels) == len(LEVEL_NUMBERS), game_name
    return tuple(Level(n, *spec) for n, spec in zip(LEVEL_NUMBERS, levels))


LEVELS: dict[str, tuple[Level, ...]] = {
    # (depth, seconds, randomness in evaluator units, solver[, solver reach in empty
    # cells[, threat search[, evaluator preset]]]) per level; ai/TUNING.md has the
    # matches that placed each row (Connect-4 3-4 also their value keeping: TUNING.md,
    # "Session 7"; Othello 7-8 play the learned "patterns" evaluator:
    # TUNING.md, "Session 6: learned Othello evaluator").
    "connect4": _row(
        "connect4",
        (1, None, 2.0, False),
        (1, None, 0.5, False),
        (2, None, 1.0, False),
        (3, None, 0.75, True),
        (4, None, 0.5, True),
        (5, None, 0.0, True),
        (8, None, 0.0, True),
        (16, 3.0, 0.0, True, 30),
    ),
    "othello": _row(
        "othello",
        (1, None, 3.0, False),
        (1, None, 0.5, False),
        (2, None, 0.5, True),
        (3, None, 0.0, True),
        (4, None, 0.0, True),
        (6, None, 0.0, True),
        (8, 4.0, 0.0, True, 18, False, "patterns"),
        (10, 6.0, 0.0, True, 18, False, "patterns"),
    ),
    "gomoku": _row(
        "gomoku",
        (1, None, 100.0, False),
        (1, None, 25.0, False),
        (1, None, 4.0, False),
        (1, None, 0.5, True),
        (4, None, 0.0, True),
        (5, None, 0.0, True),
        (6, None, 0.0, True),
        (9, 6.0, 0.0, True, None, True),
    ),
    # Tic-tac-toe's static scores swing with the parity of the depth (the side that
    # moved last has one more open line), so odd depths play worse than the even
    # depth below them: the levels sit on even depths, then the whole tree (9), then
    # the exact solver; ai/TUNING.md, "Tic-tac-toe levels", has the matches.
    "tictactoe": _row(
        "tictactoe",
        (2, None, 3.0, False),
        (2, None, 1.5, False),
        (2, None, 0.5, False),
        (2, None, 0.0, False),
        (4, None, 0.0, False),
        (6, None, 0.0, False),
        (9, None, 0.0, False),
        (9, None, 0.0, True),
    ),
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


def level_evaluator(game_name: str | None, number: int) -> str:
    """The evaluator preset level ``number`` plays ``game_name`` with
    (``Level.evaluator``; ``default`` when there is no such game or level).

    >>> level_evaluator("connect4", 8), level_evaluator(None, 4)
    ('default', 'default')
    """
    try:
        return level(game_name or "", number).evaluator
    except ValueError:
        return "default"


def markdown_table() -> str:
    """The README's level table, made from ``LEVELS`` (a test keeps the README equal)."""
    games = list(LEVELS)
    lines = ["| level | " + " | ".join(games) + " |",
             "|---|" + "---|" * len(games)]
    for index, number in enumerate(LEVEL_NUMBERS):
        cells = [_cell(LEVELS[name][index]) for name in games]
        default = " (default)" if number == DEFAULT_LEVEL else ""
        lines.append(f"| {number}{default} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cell(chosen: Level) -> str:
    """``depth 4, ≤ 2 s, random 0.5, no solver``: only what differs from plain depth."""
    parts = [f"depth {chosen.depth}"]
    if chosen.seconds is not None:
        parts.append(f"≤ {chosen.seconds:g} s")
    if chosen.randomness:
        parts.append(f"random {chosen.randomness:g}")
    if not chosen.solver:
        parts.append("no solver")
    if chosen.solver_reach is not None:
        parts.append(f"exact from {chosen.solver_reach} empty")
    if chosen.threats:
        parts.append("threat search (VCT)")
    if chosen.evaluator != "default":
        parts.append(f"{chosen.evaluator} evaluator")
    return ", ".join(parts)
