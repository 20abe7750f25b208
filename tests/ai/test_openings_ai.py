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


def _percent(why: str) -> int:
    """The winning chance a sentence gives ("White 38%")."""
    import re
    found = re.search(r"White (\d+)%", why)
    assert found, why
    return int(found[1])


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
    # Said as a chance, not in the evaluator's units: White's is under even.
    assert why.startswith("I take Black: the search gives White ") and "units" not in why
    assert _percent(why) < 50 and "2 moves ahead" in why


def test_takes_white_when_white_stands_better(searcher: Searcher) -> None:
    """White's two stones together, Black's two apart and at the edge: White is better."""
    game = Gomoku(15)
    game.play_moves("a1 h8 o15 i8 a15")
    choice, why = choose(game, ("black", "white", "place-two"), searcher, Limits(depth=2))
    assert choice == "white" and why.startswith("I take White: the search gives White ")
    assert _percent(why) > 50


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


@pytest.mark.slow
def test_threat_winner_is_the_mover_with_a_vct_or_the_other_side_when_undefendable() -> None:
    """9x9 positions of tests/ai/test_gomoku_vct.py: Black to move with a VCT wins;
    White to move against that VCT (its last stone taken back) can still stop it
    (test_root_defends_against_the_opponents_vct proves the move safe), which the
    cautious check without the defence does not ask."""
    from ai.openings import threat_winner
    from tests.ai.test_gomoku_ai import position
    from tests.ai.test_gomoku_vct import FOUR_THEN_DOUBLE_THREE, QUIET

    searcher = Searcher(load_evaluator("gomoku"))
    assert threat_winner(position(*FOUR_THEN_DOUBLE_THREE), searcher) == 0
    assert threat_winner(position(*QUIET), searcher) is None
    black, white = FOUR_THEN_DOUBLE_THREE
    defended = position(black, " ".join(white.split()[:-1]))  # White to move
    assert threat_winner(defended, searcher) is None
    assert threat_winner(defended, searcher, defence=False) == 0


def test_the_top_level_takes_the_colour_that_wins_by_threats() -> None:
    """The four-then-double-three with the colours swapped (and one far black stone):
    White, to move, wins by a 7-ply VCT; a threat-aware chooser takes White and
    says why."""
    from tests.ai.test_gomoku_ai import position
    from tests.ai.test_gomoku_vct import FOUR_THEN_DOUBLE_THREE

    black, white = FOUR_THEN_DOUBLE_THREE
    game = position(white + " a9", black)
    assert game.turn == 1
    searcher = Searcher(load_evaluator("gomoku"))
    choice, why = choose(game, ("black", "white"), searcher,
                         Limits(depth=2, seconds=60.0, threats=True))
    assert choice == "white" and "sequence of threats" in why, why


@pytest.mark.slow
def test_the_top_level_places_two_stones_that_leave_no_threat_win() -> None:
    """Three stones of a level-8 match game: the two stones placed with the threat
    search leave neither colour a VCT (the cautious check), as the chooser would
    otherwise take that colour."""
    from ai.openings import threat_winner

    game = Gomoku(15)
    game.play_moves("h8 i9 g8")
    searcher = Searcher(load_evaluator("gomoku"))
    placed, _why = place_two(game, searcher, Limits(depth=2, seconds=60.0, threats=True))
    assert len(game.move_stack) == 3  # left as it was
    for move in placed:
        game.push(move)
    assert threat_winner(game, searcher, defence=False) is None
