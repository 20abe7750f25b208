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
>>> [(game.move_name(m), why.sentence) for m, why in skipped_moves(game, [6])][:2]
[('4', 'not searched: Yellow must block at 7'), ('3', 'not searched: Yellow must block at 7')]
>>> skipped_moves(game, [6])[0][1].reason
'Yellow must block at 7'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.i18n import _
from game.rules.base import Game, Move

__all__ = ["Skip", "not_searched", "skipped_moves"]  # untranslated: Python names

NEAR_LIMIT = 16
"""Above this many skipped moves no move is looked at one by one (Gomoku's far cells):
they share one reason."""


@dataclasses.dataclass(frozen=True)
class Skip:
    """Why one move was left out, kept apart from the sentence that shows it (so that a
    sentence of its own can hold the reason in any language's word order).

    Attributes:
        reason: the reason in words, translated (``"Red must block at 4"``).
        forced: the search tried only the one move that ``reason`` names, so every
            other move was "not searched" for it (else the move itself is no candidate).
    """

    reason: str
    forced: bool = False

    @property
    def sentence(self) -> str:
        """The reason as shown alone: ``"not searched: Red must block at 4"``."""
        return not_searched(self.reason) if self.forced else self.reason


def skipped_moves(game: Game, searched: Sequence[Move]) -> list[tuple[Move, Skip]]:
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
        out += [(m, Skip(_("renju: forbidden ({kind})").format(kind=_(kind))))
                for m, kind in sorted(forbidden().items())]
    return out


def not_searched(reason: str) -> str:
    """``"not searched: Red must block at 4"``: a reason the search left every other
    move out (``reason`` already in words)."""
    # Translators: {reason}: why the search tried only one move ("Red must block at 4").
    return _("not searched: {reason}").format(reason=reason)


def _reasons(game: Game, searched: list[Move], rest: list[Move]) -> list[Skip]:
    if not rest:
        return []
    # The sides' names are the rules' words, translated where shown.
    mover, other = _(game.side_names[game.turn]), _(game.side_names[1 - game.turn])
    if len(searched) == 1:
        only = searched[0]
        name = game.move_name(only)
        if _wins(game, only):
            # Translators: {side} is a side ("Red"), {move} a move ("7", "h8").
            return [Skip(_("{side} wins at once at {move}").format(
                side=mover, move=name), forced=True)] * len(rest)
        if _opponent_wins_at(game, rest[0], only):
            return [Skip(_("{side} must block at {move}").format(
                side=mover, move=name), forced=True)] * len(rest)
    if len(rest) > NEAR_LIMIT:
        where = _("outside the candidate cells") if game.name == "gomoku" else \
            _("not among the evaluator's candidate moves")
        return [Skip(where)] * len(rest)
    reasons = []
    for move in rest:
        reply = _winning_reply(game, move)
        if reply is not None:
            reasons.append(Skip(_("it lets {side} win at once at {move}").format(
                side=other, move=reply), forced=True))
        else:
            reasons.append(Skip(_("not among the evaluator's candidate moves")))
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
