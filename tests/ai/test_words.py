"""``ai.explain.words``: the one home of "1 move" / "3 moves"."""

from __future__ import annotations

import doctest

from ai.explain import words
from ai.explain.words import count, plural


def test_module_doctest():
    assert doctest.testmod(words).failed == 0


def test_only_exactly_one_is_singular():
    assert [count(n, "move") for n in (-1, 0, 1, 2)] == ["-1 moves", "0 moves", "1 move",
                                                         "2 moves"]


def test_an_empty_plural_stays_empty():
    # why.COUNT_UNITS gives ("", "") for terms counted without a unit word.
    assert plural(3, "", "") == "" and plural(3, "disc", "") == ""
