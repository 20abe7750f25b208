"""English for counted things: ``"1 move"``, ``"3 moves"``, ``"2 plies"``.

Every text the program shows that counts something uses these two functions, so the
plural is written once. They live in ``ai.explain`` because that is the lowest layer
all their users may import (DESIGN §1): ``game.ui`` and the commands import ``ai``,
``ai`` imports only ``game.rules``, and ``game.rules`` keeps to the rules.
"""

from __future__ import annotations

__all__ = ["count", "plural"]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` as it reads after the number ``n``: itself for exactly 1, else ``many``
    (by default ``word + "s"``; an empty ``many`` stays empty).

    >>> plural(1, "move"), plural(0, "move"), plural(2, "ply", "plies")
    ('move', 'moves', 'plies')
    """
    if n == 1:
        return word
    return word + "s" if many is None else many


def count(n: int, word: str, many: str | None = None) -> str:
    """``n`` and its word, with thousands grouped: ``"1 move"``, ``"1,024 nodes"``.

    >>> count(1, "move"), count(3, "move"), count(2, "leaf", "leaves"), count(1024, "node")
    ('1 move', '3 moves', '2 leaves', '1,024 nodes')
    """
    return f"{n:,} {plural(n, word, many)}"
