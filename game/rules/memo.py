"""A bounded memo table that forgets its oldest half when full, not everything at once.

The search's helpers remember what they computed (a line's patterns, a position's
static score, a failed threat search) in tables that must stay bounded. Emptied
completely when full, such a table loses the entries the search is using right now
along with the stale ones, and the next thousands of look-ups all miss. Two
generations keep the recent half: entries go into the *new* generation; when it holds
half the limit it becomes the *old* one (the previous old one is dropped) and a new
one starts. An entry found only in the old generation is copied into the new one, so
what is still in use survives the next turn. The Connect-4 solver's table
(``ai/endgame/connect4.py``) does the same inline, in its hottest loop; at 2^18
entries it measured 1.53 M nodes for a proof with one table cleared when full, 1.36 M
with two generations in the same memory (``ai/TUNING.md``).

``TwoGenerations`` is a ``dict``, the new generation, with the old one beside it, so a
hot loop keeps the dict's own ``get`` (C speed, and the bound method stays valid: the
dict is never replaced) and asks the old generation only on a miss::

    found = memo.get(key)
    if found is None:
        found = memo.recall(key)
        if found is None:
            found = memo[key] = compute(key)

Everything is the plain dict's, on the new generation, except assignment (which turns
the generations when the new one is full) and :meth:`~TwoGenerations.recall`.

>>> memo = TwoGenerations(4)          # at most 4 entries: 2 new + 2 old
>>> for n in range(5):
...     memo[n] = n * n
>>> sorted(memo.old), sorted(memo)    # 0 and 1 were dropped, 2 and 3 turned old
([2, 3], [4])
>>> memo.get(2), memo.recall(2), memo.recall(0)
(None, 4, None)
>>> sorted(memo)                      # 2 was used: it moved into the new generation
[2, 4]
"""

from __future__ import annotations

from typing import Generic, TypeVar, cast

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")

_MISSING = object()
# The dict's own methods, called directly: ``super()`` costs more than the look-up.
_set, _contains, _clear = dict.__setitem__, dict.__contains__, dict.clear


class TwoGenerations(dict[K, V], Generic[K, V]):
    """A ``dict`` memo of at most ``limit`` entries that evicts by generation.

    The dict itself is the new generation (``get``, ``in``, ``len`` see only it);
    ``old`` is the previous one, read through :meth:`recall`.
    """

    __slots__ = ("half", "old")

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.half = max(1, limit // 2)
        self.old: dict[K, V] = {}

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.half and not _contains(self, key):
            self.old = dict(self)  # a copy: the dict (self) stays the new generation
            _clear(self)
        _set(self, key, value)

    def recall(self, key: K, default: D = None) -> V | D:  # type: ignore[assignment]
        # (``default: D = None`` is typing's usual overload shortcut, as ``dict.get``.)
        """The old generation's entry for ``key``, moved into the new one; ``default``
        when the old generation has none (ask the new one first, with ``get``)."""
        # One ``pop``, not a test then a pop: tables shared between threads (the VCF
        # solver's) may see another thread take the entry in between.
        found = self.old.pop(key, _MISSING)
        if found is _MISSING:
            return default
        self[key] = cast(V, found)
        return cast(V, found)

    def clear(self) -> None:
        """Forget both generations."""
        _clear(self)
        self.old = {}

    def __reduce__(self) -> tuple[object, ...]:
        # A game holding one is pickled (a match's worker processes) and copied: the
        # dict's own way would refill it before ``half`` exists.
        return (_restore, (2 * self.half, dict(self), self.old))


def _restore(limit: int, new: dict[K, V], old: dict[K, V]) -> TwoGenerations[K, V]:
    """A :class:`TwoGenerations` holding ``new`` and ``old`` (unpickling, copying)."""
    memo: TwoGenerations[K, V] = TwoGenerations(limit)
    dict.update(memo, new)
    memo.old = dict(old)
    return memo


__all__ = ["TwoGenerations"]
