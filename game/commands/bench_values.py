"""``plies bench connect4 --values``: how often each level keeps the game-theoretic value.

The positions are ``game/data/connect4_values.txt``: mid-game positions (8 to 20
stones) from the project's own self-play, each with its exact result for the side to
move and the moves that keep it, computed by the project's exact solver with no time
limit (``python -m ai.tools.connect4_values``; the command and seed are in the file's
header). A level *keeps the value* of a won or drawn position when its move is one of
the keeping moves (a won position stays won, a drawn one drawn); lost positions are
left out, every move keeps a loss.

The figures are per level and per stone-count band (``BANDS``); the level's own
limits are used, so a level with a time budget depends on the machine's speed (the
report gives the CPU seconds per move next to the wall-clock ones).
"""

from __future__ import annotations

import dataclasses
import importlib.resources
import time
from collections.abc import Callable, Iterable

from ai.evaluators import load_evaluator
from ai.levels import LEVEL_NUMBERS, LEVEL_RANGE, level
from ai.search import Searcher
from game.rules import Game, new_game

DATA_FILE = "connect4_values.txt"
"""The positions, in ``game/data``."""

BANDS: tuple[tuple[str, int, int], ...] = (("8-13", 8, 13), ("14+", 14, 42))
"""``(name, fewest, most)`` stones of each reported band."""

RESULTS = {"win": 1, "draw": 0, "loss": -1}


@dataclasses.dataclass(frozen=True)
class ValuePosition:
    """One line of the data file.

    Attributes:
        moves: the moves from the empty board, as column digits.
        result: ``1`` won, ``0`` drawn, ``-1`` lost for the side to move.
        keeping: the columns (0-based moves) whose result equals ``result``.
    """

    moves: str
    result: int
    keeping: frozenset[int]

    @property
    def stones(self) -> int:
        return len(self.moves)

    def game(self) -> Game:
        game = new_game("connect4")
        game.play_moves(self.moves)
        return game


def parse_values(text: str) -> list[ValuePosition]:
    """The positions of a data file's text; raises ``ValueError`` (one sentence, with
    the line number) on a malformed line."""
    positions = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if (len(parts) != 3 or parts[1] not in RESULTS or not parts[0].isdigit()
                or not parts[2].isdigit()):
            raise ValueError(f"line {number} of the values file is not 'MOVES RESULT KEEPING'")
        try:
            game = new_game("connect4")
            game.play_moves(parts[0])
            keeping = frozenset(game.parse_move(c) for c in parts[2])
        except ValueError as error:
            raise ValueError(f"line {number} of the values file: {error}") from None
        if game.is_over():
            raise ValueError(f"line {number} of the values file is a finished game")
        positions.append(ValuePosition(parts[0], RESULTS[parts[1]], keeping))
    return positions


def load_values() -> list[ValuePosition]:
    """The shipped positions (``game/data/connect4_values.txt``)."""
    text = importlib.resources.files("game.data").joinpath(DATA_FILE).read_text("utf-8")
    return parse_values(text)


@dataclasses.dataclass(frozen=True)
class LevelFigures:
    """One level's value keeping: ``kept[band] = (kept, tried)``, plus the effort."""

    number: int
    kept: dict[str, tuple[int, int]]
    cpu_seconds: float
    wall_seconds: float
    nodes: int
    lost_values: tuple[str, ...]

    def percent(self, band: str) -> float | None:
        kept, tried = self.kept[band]
        return None if not tried else 100.0 * kept / tried


SEED_SET_STRIDE = 1000
"""Seed set ``k`` seeds position ``i``'s searcher with ``i + SEED_SET_STRIDE * k``."""


def measure_value_keeping(number: int, positions: Iterable[ValuePosition],
                on_move: Callable[[int], None] | None = None,
                seed_sets: int = 1) -> LevelFigures:
    """Play level ``number``'s move in every won or drawn position (a fresh searcher,
    seeded by the position's index, so runs repeat) and count the value kept.

    ``seed_sets``: play every position that many times, set ``k`` seeding its searcher
    with ``index + SEED_SET_STRIDE * k``, and add the counts up: the randomised levels'
    figures then average over their random choices (one set is the first of them).
    """
    chosen = level("connect4", number)
    kept = {name: [0, 0] for name, _, _ in (*BANDS, ("all", 0, 42))}
    cpu = wall = 0.0
    nodes = 0
    lost: list[str] = []
    runs = [(index + SEED_SET_STRIDE * k, index, position) for k in range(seed_sets)
            for index, position in enumerate(positions)]
    for seed, index, position in runs:
        if position.result < 0:
            continue
        evaluator = load_evaluator("connect4")
        searcher = Searcher(evaluator, seed=seed)
        cpu_started, wall_started = time.process_time(), time.perf_counter()
        result = searcher.search(position.game(), chosen.limits(evaluator.unit))
        cpu += time.process_time() - cpu_started
        wall += time.perf_counter() - wall_started
        nodes += result.nodes
        good = result.move in position.keeping
        if not good:
            lost.append(position.moves)
        for name, low, high in (*BANDS, ("all", 0, 42)):
            if low <= position.stones <= high:
                kept[name][0] += good
                kept[name][1] += 1
        if on_move is not None:
            on_move(index)
    return LevelFigures(number, {k: (v[0], v[1]) for k, v in kept.items()}, cpu, wall,
                        nodes, tuple(lost))


def values_text(figures: list[LevelFigures]) -> str:
    """A table for a person."""
    names = [name for name, _, _ in BANDS] + ["all"]
    lines = ["Connect-4 value keeping (won or drawn positions whose value the level's "
             "move keeps):",
             "  level  " + "  ".join(f"{n + ' stones':>16}" for n in names)
             + "   CPU s/move  wall s/move"]
    for row in figures:
        cells = []
        for name in names:
            kept, tried = row.kept[name]
            cells.append(f"{kept:>4}/{tried:<4} " + (f"{100 * kept / tried:5.1f}%"
                                                     if tried else "    -"))
        moves = max(1, row.kept["all"][1])
        lines.append(f"  {row.number:5d}  " + "  ".join(f"{c:>16}" for c in cells)
                     + f"   {row.cpu_seconds / moves:10.2f}  {row.wall_seconds / moves:11.2f}")
    return "\n".join(lines)


def parse_levels(text: str) -> list[int]:
    """``"8"``, ``"2-8"`` or ``"2,5,8"`` as level numbers; ``ValueError`` otherwise."""
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise ValueError(f"levels must look like 8, 2-8 or 2,5,8, not {text!r}") from None
        numbers += range(first, last + 1)
    if not numbers or any(n not in LEVEL_NUMBERS for n in numbers):
        raise ValueError(f"levels must be {LEVEL_RANGE}, not {text!r}")
    return numbers


def run_values(levels: str, every: int, emit: Callable[[dict, str], None],
               seed_sets: int = 1) -> None:
    """``plies bench connect4 --values``: every ``every``-th position, each level,
    ``seed_sets`` times (``measure_value_keeping``)."""
    positions = load_values()[::every]
    figures = [measure_value_keeping(n, positions, seed_sets=seed_sets) for n in parse_levels(levels)]
    data = {"positions": len(positions), "seed_sets": seed_sets,
            "levels": [{"level": f.number,
                        "kept": {k: {"kept": v[0], "of": v[1]} for k, v in f.kept.items()},
                        "cpu_seconds": round(f.cpu_seconds, 2),
                        "wall_seconds": round(f.wall_seconds, 2), "nodes": f.nodes,
                        "lost_values": list(f.lost_values)} for f in figures]}
    emit(data, values_text(figures))
