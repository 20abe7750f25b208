"""The computer's swap / swap2 decisions: by its search, with a sentence saying why."""

from __future__ import annotations

import pytest

from ai.evaluators import load_evaluator
from ai.openings import choose, place_two
from ai.search import Limits, Searcher
from game.rules.gomoku import Gomoku


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher(load_evaluator("gomoku"))


def test_takes_black_when_black_stands_better(searcher: Searcher) -> None:
    """h8 i8 (Black's two) against a1: Black is clearly better.

        ... . . . . . . . . ...
         8  . . . . . . . X X . .
         1  O . . .
    """
    game = Gomoku(15)
    game.play_moves("h8 a1 i8")
    choice, why = choose(game, ("black", "white"), searcher, Limits(depth=2))
    assert choice == "black"
    assert why.startswith("I take Black: the search gives White -") and "depth 2" in why


def test_takes_white_when_white_stands_better(searcher: Searcher) -> None:
    """White's two stones together, Black's two apart and at the edge: White is better."""
    game = Gomoku(15)
    game.play_moves("a1 h8 o15 i8 a15")
    choice, why = choose(game, ("black", "white", "place-two"), searcher, Limits(depth=2))
    assert choice == "white" and why.startswith("I take White: the search gives White +")


def test_an_even_position_in_swap2_places_two(searcher: Searcher) -> None:
    """h8 h9 and Black's second stone wasted in the corner (a1): the search gives White
    -0.3 units at depth 2, within one unit of even: swap2's third option."""
    game = Gomoku(15)
    game.play_moves("h8 h9 a1")
    assert abs(searcher.search(game.copy(), Limits(depth=2)).score) <= 100
    choice, why = choose(game, ("black", "white", "place-two"), searcher, Limits(depth=2))
    assert choice == "place-two" and "let you choose" in why
    # Without the third option (swap, or the first player's final choice) a colour.
    assert choose(game, ("black", "white"), searcher, Limits(depth=2))[0] == "black"


def test_place_two_keeps_the_position_near_even(searcher: Searcher) -> None:
    game = Gomoku(15)
    game.play_moves("h8 h9 j8")
    before = (game.moves_text(), game.key())
    moves, why = place_two(game, searcher)
    assert (game.moves_text(), game.key()) == before  # left as it was
    assert len(moves) == 2 and all(game.is_cell(m) for m in moves)
    after = game.copy()
    for move in moves:
        after.play(move)  # legal, White's then Black's
    assert after.turn == 1 and after.outcome() is None
    names = " ".join(game.move_name(m) for m in moves)
    assert why.startswith(f"I place {names}: the search then gives White")
    # Nearest to even among the candidates: no other second stone does better.
    best = abs(searcher.search(after.copy(), Limits(depth=2)).score)
    first = game.copy()
    first.push(moves[0])
    for other in load_evaluator("gomoku").candidate_moves(first)[:8]:
        first.push(other)
        assert abs(searcher.search(first.copy(), Limits(depth=2)).score) >= best
        first.pop()


def test_doctests() -> None:
    import doctest

    import ai.openings as module

    assert doctest.testmod(module).failed == 0
