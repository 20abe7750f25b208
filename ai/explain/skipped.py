"""Why a search never tried a legal move, for reasons other than an alpha-beta cut-off.

The searcher does not try every legal move: the evaluator's ``candidate_moves`` keep
only a winning move when there is one, only the block when the opponent threatens to
win, in Connect-4 only the moves that do not let the opponent win on top of them, in
Gomoku only cells near the stones; renju forbids Black some points altogether. A
learner who sees one child under a node must not conclude that alpha-beta removed the
others, so the tree explorer lists them apart, each with its reason
(``skipped_moves``).

>>> from game.rules import new_game
>>> game = new_game("connect4"); game.play_moves("44536")
>>> [(game.move_name(m), why) for m, why in skipped_moves(game, [6])][:2]
[('4', 'not searched: Yellow must block at 7'), ('3', 'not searched: Yellow must block at 7')]
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _
from game.rules.base import Game, Move

__all__ = ["not_searched", "skipped_moves", "without_prefix"]

NEAR_LIMIT = 16
"""Above this many skipped moves no move is looked at one by one (Gomoku's far cells):
they share one reason."""


def skipped_moves(game: Game, searched: Sequence[Move]) -> list[tuple[Move, str]]:
    """The moves of ``game`` that a search trying only ``searched`` leaves out, each
    with a short reason, legal ones first in ``legal_moves`` order, then renju's
    forbidden points; ``game`` is left unchanged."""
    tried = set(searched)
    rest = [m for m in game.legal_moves() if m not in tried]
    out = [(m, why) for m, why in zip(rest, _reasons(game, list(searched), rest))]
    forbidden = getattr(game, "forbidden_points", None)
    if forbidden is not None and game.turn == 0 and not game.is_over():
        # The kinds ("double-three", "double-four", "overline") are the rules' words,
        # marked there and translated here where they are shown.
        # Translators: a point Black may not play under renju rules: "(double-three)".
        out += [(m, _("renju: forbidden ({kind})").format(kind=_(kind)))
                for m, kind in sorted(forbidden().items())]
    return out


def not_searched(reason: str) -> str:
    """``"not searched: Red must block at 4"``: a reason the search left every other
    move out (``reason`` already in words)."""
    # Translators: {reason}: why the search tried only one move ("Red must block at 4").
    return _("not searched: {reason}").format(reason=reason)


def without_prefix(text: str) -> str:
    """A reason without :func:`not_searched`'s head (``"Red must block at 4"``), where a
    sentence of its own already says the moves were not searched."""
    head = _("not searched: {reason}").partition("{reason}")[0]
    return text.removeprefix(head) if head else text


def _reasons(game: Game, searched: list[Move], rest: list[Move]) -> list[str]:
    if not rest:
        return []
    # The sides' names are the rules' words, translated where shown.
    mover, other = _(game.side_names[game.turn]), _(game.side_names[1 - game.turn])
    if len(searched) == 1:
        only = searched[0]
        name = game.move_name(only)
        if _wins(game, only):
            # Translators: {side} is a side ("Red"), {move} a move ("7", "h8").
            return [not_searched(_("{side} wins at once at {move}").format(
                side=mover, move=name))] * len(rest)
        if _opponent_wins_at(game, rest[0], only):
            return [not_searched(_("{side} must block at {move}").format(
                side=mover, move=name))] * len(rest)
    if len(rest) > NEAR_LIMIT:
        where = _("outside the candidate cells") if game.name == "gomoku" else \
            _("not among the evaluator's candidate moves")
        return [where] * len(rest)
    reasons = []
    for move in rest:
        reply = _winning_reply(game, move)
        if reply is not None:
            reasons.append(not_searched(_("it lets {side} win at once at {move}").format(
                side=other, move=reply)))
        else:
            reasons.append(_("not among the evaluator's candidate moves"))
    return reasons


def _wins(game: Game, move: Move) -> bool:
    mover = game.turn
    game.push(move)
    try:
        outcome = game.outcome()
        return outcome is not None and outcome.winner == mover
    finally:
        game.pop()


def _opponent_wins_at(game: Game, elsewhere: Move, cell: Move) -> bool:
    """Whether the opponent would win by playing ``cell`` after our ``elsewhere``."""
    other = 1 - game.turn
    game.push(elsewhere)
    try:
        return game.outcome() is None and game.is_legal(cell) and _wins_for(game, cell, other)
    finally:
        game.pop()


def _wins_for(game: Game, move: Move, side: int) -> bool:
    game.push(move)
    try:
        outcome = game.outcome()
        return outcome is not None and outcome.winner == side
    finally:
        game.pop()


def _winning_reply(game: Game, move: Move) -> str | None:
    """The opponent's move that wins at once after ``move``, by name, or ``None``."""
    other = 1 - game.turn
    game.push(move)
    try:
        if game.outcome() is not None:
            return None
        for reply in game.legal_moves():
            if _wins_for(game, reply, other):
                return game.move_name(reply)
        return None
    finally:
        game.pop()
