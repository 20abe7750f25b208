"""Difficulty levels: each level is a search depth per game (the README has the table).

The one home of the level range and of each level's limits: everything else asks
:func:`check_level` whether a number is a level and :func:`level` what it does.
It imports nothing heavy (the search's ``Limits`` only when limits are asked for),
so reading a game file or the settings never pulls in the search.

The low levels also pick at random among root moves within some evaluator units of
the best (from half a unit up to 100, Gomoku's level 1, which is almost any candidate
move), so that a line that beat the computer once does not win every time; the
choice is never random between a proven win and anything else, and wins in one and
blocks of a win in one are found at every level (the evaluators' forced-move logic).
Each level of Connect-4, Othello and Gomoku is aimed at 65% of the points against the
one below (``TARGET``); :data:`STEPS` holds what ``plies match`` last measured for each
step, with where in ``ai/TUNING.md`` the match and its command are: 62.5-98%, two steps
under the aim (Connect-4 level 6 over 5, 63%; Gomoku level 4 over 3, 62.5%), and some
measured before a later change to one of the two levels (``Step.note`` says which).
Tic-tac-toe's levels are placed for a learner, not for that aim (50-59.2%).

>>> level("connect4", 5).label
'Level 5 — depth 4'
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.i18n import _, number

if TYPE_CHECKING:
    from ai.search import Limits

LEVEL_NUMBERS = range(1, 9)
"""The levels, easiest first."""
DEFAULT_LEVEL = 4
"""The level of a computer player that names none."""
LEVEL_RANGE = f"{LEVEL_NUMBERS[0]} to {LEVEL_NUMBERS[-1]}"  # untranslated: use level_range()
"""The range in English, ``"1 to 8"``, for the callers not yet asking :func:`level_range`
(built at import time, so never translated)."""


def level_range() -> str:
    """How a sentence names the range, in the current language: ``"1 to 8"``."""
    # Translators: the range of the computer's levels, "1 to 8", shown inside a
    # sentence or a help text ("computer level (1 to 8)").
    return _("{first} to {last}").format(first=number(LEVEL_NUMBERS[0]),
                                         last=number(LEVEL_NUMBERS[-1]))


def is_level(value: Any) -> bool:
    """Whether ``value`` is a level number (an ``int``, not a ``bool``, in range)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in LEVEL_NUMBERS


def check_level(value: Any) -> int:
    """``value`` as a level number, or ``ValueError`` with one sentence.

    Text of digits is accepted (a command line, a text record), anything else refused.

    >>> check_level("5"), check_level(8)
    (5, 8)
    >>> check_level(9)
    Traceback (most recent call last):
      ...
    ValueError: level must be 1 to 8, not 9
    """
    found = int(value) if isinstance(value, str) and value.strip().isdigit() \
        and len(value.strip()) < 4 else value
    if not is_level(found):
        shown = repr(value) if isinstance(value, str) else str(value)
        # Translators: {value} is what was given instead, as typed: 9, 'five'.
        raise ValueError(_("level must be {first} to {last}, not {value}").format(
            first=number(LEVEL_NUMBERS[0]), last=number(LEVEL_NUMBERS[-1]), value=shown))
    return found


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
        # Translators: a choice in the level selector; keep it short (~20 characters).
        return _("Level {number} — depth {depth}").format(number=number(self.number),
                                                           depth=number(self.depth))

    def limits(self, unit: int = 100) -> Limits:
        """Search limits for an evaluator whose ``unit`` is ``unit`` points."""
        from ai.search import Limits  # the search only when a search is set up

        return Limits(depth=self.depth, seconds=self.seconds,
                      randomness=round(self.randomness * unit), use_solver=self.solver,
                      solver_reach=self.solver_reach, threats=self.threats)


def _row(game_name: str, *levels: tuple[Any, ...]) -> tuple[Level, ...]:
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


TARGET = 65.0
"""The share of the points each level is aimed to score against the one below."""


@dataclasses.dataclass(frozen=True)
class Step:
    """The last measured match of a level against the level below (``plies match``,
    colours alternating over pairs of random openings)."""

    score: float
    """The higher level's share of the points, in percent."""
    games: int
    where: str
    """The section of ``ai/TUNING.md`` with the match, its openings and command."""
    note: str = ""
    """What changed in either level since (empty: measured with today's table)."""


# The steps' references and notes point into ai/TUNING.md, for developers: English.
_HEADLINE = "first table"  # untranslated: developer documentation (ai/TUNING.md)
"""``ai/TUNING.md``, "Level against the level below"."""
_S5 = "session 5"
"""``ai/TUNING.md``, "Session 5: the random choice prefers the better moves"."""
_S7 = "session 7"
"""``ai/TUNING.md``, "Session 7: Connect-4 levels ordered by value keeping"."""
_BEFORE_S5 = "before session 5's weighted choice"  # untranslated: developer documentation
_TTT = "tic-tac-toe levels"  # untranslated: developer documentation
"""``ai/TUNING.md``, "Tic-tac-toe levels"."""
AIMED = ("connect4", "othello", "gomoku")
"""The games whose steps are aimed at ``TARGET``; tic-tac-toe's levels are placed for
a learner (perfect play draws, and from the empty board every level from 4 up does)."""

STEPS: dict[str, tuple[Step, ...]] = {
    # levels 2-8, each against the level below
    "connect4": (
        Step(70.0, 200, _S5),
        Step(71.4, 400, _S7),
        Step(67.7, 800, _S7),
        Step(78.0, 400, _S7),
        Step(63.0, 400, _S5),
        Step(70.0, 600, _HEADLINE),
        # untranslated: developer documentation
        Step(73.0, 120, _HEADLINE, "before sessions 6-7 changed its solver"),
    ),
    "othello": (
        Step(95.0, 80, _HEADLINE, _BEFORE_S5),
        Step(98.0, 40, _HEADLINE, _BEFORE_S5),
        Step(92.0, 80, _HEADLINE, _BEFORE_S5),
        Step(79.0, 80, _HEADLINE),
        Step(82.0, 60, _HEADLINE),
        Step(80.0, 60, _HEADLINE),
        Step(65.0, 20, "session 8"),  # "Session 8 ... both on patterns", Othello
    ),
    "gomoku": (
        Step(74.0, 80, _S5),
        Step(67.0, 80, _S5),
        Step(62.5, 80, _S5),
        Step(72.0, 120, _HEADLINE, _BEFORE_S5),
        Step(68.0, 120, _HEADLINE),
        Step(69.0, 120, _HEADLINE),
        # untranslated: developer documentation
        Step(72.0, 120, _HEADLINE, "level 8 without its threat search"),
    ),
    # Placed for a learner, not aimed at TARGET (perfect play draws): from the empty
    # board, ai/TUNING.md "Tic-tac-toe levels".
    "tictactoe": (
        Step(54.2, 200, _TTT),
        Step(52.8, 200, _TTT),
        Step(59.2, 200, _TTT),
        Step(50.0, 200, _TTT),
        Step(50.0, 200, _TTT),
        Step(50.0, 200, _TTT),
        Step(50.0, 200, _TTT),
    ),
}
"""What ``plies match`` last measured for each step (``ai/TUNING.md``); ``STEPS[g][n - 2]``
is level ``n`` against level ``n - 1``."""


def steps_range() -> tuple[float, float]:
    """The weakest and the strongest measured step of the games aimed at ``TARGET``."""
    scores = [step.score for game in AIMED for step in STEPS[game]]
    return min(scores), max(scores)


def steps_markdown() -> str:
    """The table of measured steps that ``ai/TUNING.md`` shows (a test keeps it equal)."""
    lines = ["| step | " + " | ".join(STEPS) + " |", "|---|" + "---|" * len(STEPS)]
    for index, higher in enumerate(LEVEL_NUMBERS[1:]):
        cells = []
        for game in STEPS:
            step = STEPS[game][index]
            mark = " ✗" if game in AIMED and step.score < TARGET else ""
            note = f", {step.note}" if step.note else ""
            cells.append(f"{step.score:g}%{mark} of {step.games} ({step.where}{note})")
        lines.append(f"| L{higher} v L{higher - 1} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def level(game_name: str, number: int) -> Level:
    """Level ``number`` (1-8) of ``game_name``; raises ``ValueError`` with a sentence."""
    check_level(number)
    try:
        return LEVELS[game_name][number - 1]
    except KeyError:
        raise ValueError(_("no levels for game {game}").format(game=repr(game_name))) from None


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
    for index, shown in enumerate(LEVEL_NUMBERS):
        cells = [_cell(LEVELS[name][index]) for name in games]
        default = " (default)" if shown == DEFAULT_LEVEL else ""
        lines.append(f"| {shown}{default} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cell(chosen: Level) -> str:
    """``depth 4, ≤ 2 s, random 0.5, no solver``: only what differs from plain depth.
    The README's words (English, a test keeps the README equal): never translated."""
    parts = [f"depth {chosen.depth}"]
    if chosen.seconds is not None:
        parts.append(f"≤ {chosen.seconds:g} s")
    if chosen.randomness:
        parts.append(f"random {chosen.randomness:g}")
    if not chosen.solver:
        parts.append("no solver")  # untranslated: README table
    if chosen.solver_reach is not None:
        parts.append(f"exact from {chosen.solver_reach} empty")  # untranslated: README table
    if chosen.threats:
        parts.append("threat search (VCT)")  # untranslated: README table
    if chosen.evaluator != "default":
        parts.append(f"{chosen.evaluator} evaluator")
    return ", ".join(parts)
