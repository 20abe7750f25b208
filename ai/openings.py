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

Before them, the first stones: ``random_openings`` draws near-centre lines (balanced
by a search, for ``plies match``), and ``first_stones`` picks, of a few such lines, the
one nearest to even for the first player of a swap opening.

Each answer comes with one sentence that says why, as White's winning chance, for
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

import random

from ai import gomoku_budgets
from ai.evaluators import load_evaluator
from ai.search import Limits, Searcher
from game.i18n import _, ngettext, number
from game.rules.base import Game, Move

__all__ = ["BALANCED_MARGIN", "JUDGE_DEPTH", "OPENING_TRIALS", "PLACEMENT_DEPTH",
           "choose", "first_stones", "place_two", "random_openings",
           "threat_winner"]

PLACEMENT_DEPTH = 2
"""Search depth that judges each candidate stone of ``place_two``."""

PLACEMENT_CANDIDATES = 8
"""Candidate moves tried for each placed stone (the evaluator's best first)."""


def threat_winner(game: Game, searcher: Searcher, defence: bool = True) -> int | None:
    """The colour (0 Black, 1 White) that wins ``game`` (Gomoku) by continuous threats
    as far as the threat search sees within ``gomoku_budgets.BUDGETS.opening_check_nodes`` nodes a search:
    the side to move when it has a VCT; the other side when it has one and none of
    the mover's root candidates (the level's defence) leaves it without (without
    ``defence``: when it has one, a cheaper and more cautious answer); else ``None``.
    Node caps, not time: the same answer on any machine."""
    from ai.endgame.gomoku_vct import VctTable, find_vct

    evaluator = searcher.evaluator
    solver = evaluator.solver
    if solver is None or not hasattr(solver, "find_threats") or game.outcome() is not None:
        return None
    mover, other = game.turn, 1 - game.turn
    if solver.find_threats(game, budget=gomoku_budgets.BUDGETS.opening_check_nodes) is not None:
        return mover
    board = evaluator.board(game)  # type: ignore[attr-defined]
    table = VctTable()
    if find_vct(board, other, budget=gomoku_budgets.BUDGETS.opening_check_nodes, table=table) is None:
        return None
    if not defence:
        return other
    for move in evaluator.root_moves(game, None, True):
        board = evaluator.board(game)  # type: ignore[attr-defined]
        board.place(move, mover)
        try:
            if find_vct(board, other, budget=gomoku_budgets.BUDGETS.opening_check_nodes, table=table) is None:
                return None
        finally:
            board.remove(move, mover)
    return other


def _white(score: int, searcher: Searcher) -> str:
    """White's prospects at ``score`` (White's view) in a player's words: its winning
    chance ("White 58%"), or "White wins in 3 moves" for a proof."""
    from ai.explain.scores import describe

    return describe("gomoku", score, _("White"), preset=searcher.evaluator.name)


def choose(game: Game, options: tuple[str, ...], searcher: Searcher,
           limits: Limits) -> tuple[str, str]:
    """The computer's choice among ``options`` (``"black"``, ``"white"``, maybe
    ``"place-two"``) in ``game`` (White to move), and a sentence saying why.

    With ``limits.threats`` (the top level) a win by continuous threats decides
    first (``threat_winner``): the colour that has it."""
    if limits.threats:
        winner = threat_winner(game, searcher)
        if winner is not None:
            if winner == 0:
                return "black", _("I take Black: it wins by a sequence of threats (fours "
                                  "and threes) whatever the other side does.")
            return "white", _("I take White: it wins by a sequence of threats (fours and "
                              "threes) whatever the other side does.")
    result = searcher.search(game.copy(), Limits(depth=limits.depth, seconds=limits.seconds,
                                                 use_solver=limits.use_solver,
                                                 threats=limits.threats))
    unit = searcher.evaluator.unit
    score = result.score  # White's view: White is to move
    if "place-two" in options and abs(score) <= unit:
        # Translators: {chance} is White's prospects, "White 58%" or "White wins in 3
        # moves"; {depth} counts the moves the search looked ahead.
        choice, text = "place-two", ngettext(
            "The position is about even (the search gives {chance} looking {depth} move "
            "ahead): I place two more stones and let you choose.",
            "The position is about even (the search gives {chance} looking {depth} moves "
            "ahead): I place two more stones and let you choose.", result.depth)
    elif score > 0:
        # Translators: as above ({chance}: White's prospects; {depth}: moves looked ahead).
        choice, text = "white", ngettext(
            "I take White: the search gives {chance} looking {depth} move ahead.",
            "I take White: the search gives {chance} looking {depth} moves ahead.",
            result.depth)
    else:
        # Translators: as above ({chance}: White's prospects; {depth}: moves looked ahead).
        choice, text = "black", ngettext(
            "I take Black: the search gives {chance} looking {depth} move ahead.",
            "I take Black: the search gives {chance} looking {depth} moves ahead.",
            result.depth)
    return choice, text.format(chance=_white(score, searcher), depth=number(result.depth))


def place_two(game: Game, searcher: Searcher,
              limits: Limits | None = None) -> tuple[list[Move], str]:
    """Two stones (White's, then Black's) that keep ``game`` nearest to even, and a
    sentence; ``game`` is left as it was.

    With ``limits.threats`` (the top level) the black stone never leaves a position
    where either colour has a win by continuous threats (``threat_winner`` without
    the defence check), unless every candidate does: the other side would simply
    choose that colour (two level-8 match games were lost so, to 25-ply VCTs)."""
    work = game.copy()
    placed: list[Move] = []
    score = 0
    threats = limits is not None and limits.threats
    for stone in range(2):
        best: tuple[int, Move] | None = None
        decided: tuple[int, Move] | None = None  # the best of those a threat win decides
        for move in searcher.evaluator.candidate_moves(work)[:PLACEMENT_CANDIDATES]:
            work.push(move)
            if work.outcome() is None:
                value = searcher.search(work, Limits(depth=PLACEMENT_DEPTH)).score
                if threats and stone == 1 and threat_winner(work, searcher, False) is not None:
                    if decided is None or (abs(value), move) < (abs(decided[0]), decided[1]):
                        decided = (value, move)
                elif best is None or (abs(value), move) < (abs(best[0]), best[1]):
                    best = (value, move)
            work.pop()
        best = best or decided
        # untranslated: developer error
        assert best is not None, "a position in an opening has moves"
        score, move = best
        work.push(move)
        placed.append(move)
    names = " ".join(game.move_name(m) for m in placed)
    # Translators: {stones} names the two stones placed, "h9 g7"; {chance} is White's
    # prospects, "White 52%"; {depth} counts the moves the search looked ahead.
    return placed, ngettext(
        "I place {stones}: the search then gives {chance} looking {depth} move ahead, "
        "about even, so either colour will do.",
        "I place {stones}: the search then gives {chance} looking {depth} moves ahead, "
        "about even, so either colour will do.", PLACEMENT_DEPTH).format(
            stones=names, chance=_white(score, searcher), depth=number(PLACEMENT_DEPTH))


# --- the first stones ------------------------------------------------------------------

BALANCED_MARGIN = 2
"""An opening is balanced when the judge's search scores it within this many
evaluator units of even; random openings outside it are drawn again."""

JUDGE_DEPTH = 4
"""The depth of the search that judges random openings. Fixed, not taken from the
level table: a seed must name the same openings after the levels are recalibrated,
or the matches recorded in ``ai/TUNING.md`` could not be re-run."""


def random_openings(game: Game, plies: int, count: int, seed: int,
                    balanced: bool = True) -> list[list[int]]:
    """``count`` distinct openings of ``plies`` random moves, each near balanced.

    Moves are drawn from the default evaluator's candidates (so Gomoku openings stay
    near the centre) and an opening is kept only when a search to ``JUDGE_DEPTH``
    finds it within ``BALANCED_MARGIN`` units of even. A shallower judge let
    through openings that one colour wins by force, and then two strong players
    each win with that colour, whatever their strength. ``balanced=False`` skips the
    judge (a swap opening: the choice of colour is what evens the stones out).
    """
    rng = random.Random(seed)
    evaluator = load_evaluator(game.name)
    judge = Searcher(evaluator, tt_bits=16)
    openings: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for _trial in range(count * 40):
        if len(openings) == count:
            break
        trial = game.copy()
        for _ply in range(plies):
            moves = evaluator.candidate_moves(trial) if not trial.is_over() else []
            if not moves:
                break
            trial.push(rng.choice(moves[:8]))
        line = tuple(trial.move_stack[len(game.move_stack):])
        if trial.is_over() or len(line) < plies or line in seen:
            continue
        if not balanced or abs(judge.search(trial, Limits(depth=JUDGE_DEPTH, use_solver=False))
                               .score) <= BALANCED_MARGIN * evaluator.unit:
            seen.add(line)
            openings.append(list(line))
    if not openings:
        openings.append([])
    return openings


OPENING_TRIALS = 12
"""Random near-centre openings the computer compares when it places the first stones."""


def first_stones(game: Game, searcher: Searcher, seed: int) -> tuple[list[Move], str]:
    """The first player's opening stones (up to the third): of ``OPENING_TRIALS`` random
    near-centre lines, the one a short search finds nearest to even, since the other
    player will take the better colour; with a sentence saying so."""
    best: tuple[int, list[Move]] | None = None
    for line in random_openings(game, 3 - game.ply, OPENING_TRIALS, seed, balanced=False):
        if len(line) != 3 - game.ply:
            continue
        work = game.copy()
        for move in line:
            work.push(move)
        score = searcher.search(work, Limits(depth=PLACEMENT_DEPTH)).score
        if best is None or abs(score) < abs(best[0]):
            best = (score, line)
    # untranslated: developer error
    assert best is not None, "an empty board has openings"
    score, line = best
    names = " ".join(game.move_name(m) for m in line)
    # Translators: {stones} names the stones placed, "h8 i9 h10"; {tries} is how many
    # openings were compared (12); {chance} is White's prospects, "White 52%"; {depth}
    # counts the moves the search looked ahead (2).
    return line, _("I place {stones}: of {tries} tries the nearest to even ({chance} "
                   "looking {depth} moves ahead), so either colour is a fair choice for "
                   "you.").format(stones=names, tries=number(OPENING_TRIALS),
                                  chance=_white(score, searcher),
                                  depth=number(PLACEMENT_DEPTH))
