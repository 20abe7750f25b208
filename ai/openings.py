"""The computer's decisions in a swap or swap2 opening, by its own search.

Two decisions (``game.rules.openings`` has the protocol):

* **Choose** (``choose``): with White to move after three (or five) stones, search
  the position as the chooser's level would; the score is White's (the side to
  move's). White better: take White; Black better: take Black. In swap2, with three
  stones and a score within one unit of even, the computer places two more stones
  instead (it cannot tell the colours apart, so it lets the other side choose).
* **Place two** (``place_two``): a white stone, then a black one, each the candidate
  move that leaves the position nearest to even by a short search (depth 2): the
  other side then chooses between two colours of about equal worth.

Each answer comes with one sentence that says why, in the evaluator's units, for
the panel or a match record.

>>> from game.rules.gomoku import Gomoku
>>> from ai.evaluators import load_evaluator
>>> from ai.search import Limits, Searcher
>>> game = Gomoku(15); game.play_moves("h8 a1 i8")   # White's stone is far away
>>> choice, why = choose(game, ("black", "white"), Searcher(load_evaluator("gomoku")),
...                      Limits(depth=2))
>>> choice, why.startswith("I take Black")
('black', True)
"""

from __future__ import annotations

from ai.search import Limits, Searcher
from game.rules.base import Game, Move

__all__ = ["PLACEMENT_DEPTH", "choose", "place_two"]

PLACEMENT_DEPTH = 2
"""Search depth that judges each candidate stone of ``place_two``."""

PLACEMENT_CANDIDATES = 8
"""Candidate moves tried for each placed stone (the evaluator's best first)."""


def _units(score: int, unit: int) -> str:
    return f"{score / unit:+.1f}"


def choose(game: Game, options: tuple[str, ...], searcher: Searcher,
           limits: Limits) -> tuple[str, str]:
    """The computer's choice among ``options`` (``"black"``, ``"white"``, maybe
    ``"place-two"``) in ``game`` (White to move), and a sentence saying why."""
    result = searcher.search(game.copy(), Limits(depth=limits.depth, seconds=limits.seconds,
                                                 use_solver=limits.use_solver))
    unit = searcher.evaluator.unit
    score = result.score  # White's view: White is to move
    seen = f"the search gives White {_units(score, unit)} units at depth {result.depth}"
    if "place-two" in options and abs(score) <= unit:
        return "place-two", f"The position is about even ({seen}): I place two more stones " \
                            "and let you choose."
    if score > 0:
        return "white", f"I take White: {seen}."
    return "black", f"I take Black: {seen}."


def place_two(game: Game, searcher: Searcher) -> tuple[list[Move], str]:
    """Two stones (White's, then Black's) that keep ``game`` nearest to even, and a
    sentence; ``game`` is left as it was."""
    work = game.copy()
    placed: list[Move] = []
    unit = searcher.evaluator.unit
    score = 0
    for _ in range(2):
        best: tuple[int, Move] | None = None
        for move in searcher.evaluator.candidate_moves(work)[:PLACEMENT_CANDIDATES]:
            work.push(move)
            if work.outcome() is None:
                value = searcher.search(work, Limits(depth=PLACEMENT_DEPTH)).score
                if best is None or (abs(value), move) < (abs(best[0]), best[1]):
                    best = (value, move)
            work.pop()
        assert best is not None, "a position in an opening has moves"
        score, move = best
        work.push(move)
        placed.append(move)
    names = " ".join(game.move_name(m) for m in placed)
    return placed, (f"I place {names}: the search then gives White {_units(score, unit)} "
                    f"units at depth {PLACEMENT_DEPTH}, about even, so either colour will do.")
