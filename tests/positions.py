"""Random positions for the tests: one seeded random playout, shared by every test file.

A test asks for a game after some random legal moves and says what happens when a move
ends the game: ``"keep"`` it (the position may be finished), ``"undo"`` it and stop
(the position is running), or ``"avoid"`` such moves (the playout goes on among the
moves that keep the game running, and stops only when every move would end it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

from game.rules import new_game

Ending = Literal["keep", "undo", "avoid"]


def playout(game: Any, rng: random.Random, plies: int, *, ending: Ending = "keep",
            moves: Callable[[Any, Sequence[int]], Sequence[int]] | None = None,
            until: Callable[[Any], bool] | None = None) -> Any:
    """Push up to ``plies`` moves chosen by ``rng`` onto ``game``, in place, and return it.

    ``moves(game, legal)`` narrows the choice (an empty answer falls back to every legal
    move); ``until(game)`` stops the playout early once it is true. The playout also
    stops at a finished game or one with no legal move.
    """
    for _ in range(plies):
        if game.is_over() or (until is not None and until(game)):
            break
        legal = list(game.legal_moves())
        if ending == "avoid":
            legal = [m for m in legal if not _ends(game, m)]
        if not legal:
            break
        if moves is not None:
            legal = list(moves(game, legal)) or legal
        game.push(rng.choice(legal))
        if ending == "undo" and game.is_over():
            game.pop()
            break
    return game


def random_game(name: str, seed: int | str | random.Random, plies: int, *,
                ending: Ending = "keep", **options: Any) -> Any:
    """``new_game(name, **variant)`` after a random :func:`playout` of ``plies`` moves.

    ``seed`` is a seed or a ``random.Random`` to draw from; ``options`` other than
    ``moves`` and ``until`` are the variant (``size=9``, ``width=5``...).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    narrow = {key: options.pop(key) for key in ("moves", "until") if key in options}
    return playout(new_game(name, **options), rng, plies, ending=ending, **narrow)


def _ends(game: Any, move: int) -> bool:
    game.push(move)
    try:
        return game.is_over()
    finally:
        game.pop()
