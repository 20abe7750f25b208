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

from ai.search import Limits, Searcher
from game.rules.base import Game, Move

__all__ = ["PLACEMENT_DEPTH", "THREAT_CHECK_NODES", "choose", "place_two", "threat_winner"]

PLACEMENT_DEPTH = 2
"""Search depth that judges each candidate stone of ``place_two``."""

PLACEMENT_CANDIDATES = 8
"""Candidate moves tried for each placed stone (the evaluator's best first)."""


THREAT_CHECK_NODES = 40_000
"""Node cap of each threat search in ``threat_winner`` (the losses this guards
against took up to 18,500 nodes: a 25-ply VCT after the placed stones)."""


def threat_winner(game: Game, searcher: Searcher, defence: bool = True) -> int | None:
    """The colour (0 Black, 1 White) that wins ``game`` (Gomoku) by continuous threats
    as far as the threat search sees within ``THREAT_CHECK_NODES`` nodes a search:
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
    if solver.find_threats(game, budget=THREAT_CHECK_NODES) is not None:
        return mover
    board = evaluator.board(game)  # type: ignore[attr-defined]
    table = VctTable()
    if find_vct(board, other, budget=THREAT_CHECK_NODES, table=table) is None:
        return None
    if not defence:
        return other
    for move in evaluator.root_moves(game, None, True):
        board = evaluator.board(game)  # type: ignore[attr-defined]
        board.place(move, mover)
        try:
            if find_vct(board, other, budget=THREAT_CHECK_NODES, table=table) is None:
                return None
        finally:
            board.remove(move, mover)
    return other


def _white(score: int, searcher: Searcher) -> str:
    """White's prospects at ``score`` (White's view) in a player's words: its winning
    chance ("White 58%"), or "White wins in 3 moves" for a proof."""
    from ai.explain.winchance import describe
    return describe("gomoku", score, "White", preset=searcher.evaluator.name)


def choose(game: Game, options: tuple[str, ...], searcher: Searcher,
           limits: Limits) -> tuple[str, str]:
    """The computer's choice among ``options`` (``"black"``, ``"white"``, maybe
    ``"place-two"``) in ``game`` (White to move), and a sentence saying why.

    With ``limits.threats`` (the top level) a win by continuous threats decides
    first (``threat_winner``): the colour that has it."""
    if limits.threats:
        winner = threat_winner(game, searcher)
        if winner is not None:
            colour = ("black", "white")[winner]
            return colour, (f"I take {colour.capitalize()}: it wins by a sequence of "
                            "threats (fours and threes) whatever the other side does.")
    result = searcher.search(game.copy(), Limits(depth=limits.depth, seconds=limits.seconds,
                                                 use_solver=limits.use_solver,
                                                 threats=limits.threats))
    unit = searcher.evaluator.unit
    score = result.score  # White's view: White is to move
    seen = f"the search gives {_white(score, searcher)} looking {result.depth} moves ahead"
    if "place-two" in options and abs(score) <= unit:
        return "place-two", f"The position is about even ({seen}): I place two more stones " \
                            "and let you choose."
    if score > 0:
        return "white", f"I take White: {seen}."
    return "black", f"I take Black: {seen}."


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
        assert best is not None, "a position in an opening has moves"
        score, move = best
        work.push(move)
        placed.append(move)
    names = " ".join(game.move_name(m) for m in placed)
    return placed, (f"I place {names}: the search then gives {_white(score, searcher)} "
                    f"looking {PLACEMENT_DEPTH} moves ahead, about even, so either colour "
                    "will do.")
