"""Game records: the model of one game as plain data, and its validation (DESIGN §7).

A record is the game, its variant, the moves in the game's notation, who played each
side (``game.players``) and how the game ended; ``record_from_game`` and
``record_to_game`` go between a record and the rules' ``Game``. Everything that
comes from a file is checked here: the variant, each move (by replaying it through the
rules), the players (a computer's evaluator must be a *name*, never a path: a
downloaded game must not make Plies open another file), the result, the scores and
the opening; the first problem becomes one :class:`RecordError` whose message is one
sentence for a user.

The file forms live in ``game.formats`` (Plies JSON and text, psq, GGF; ``load_record``
and ``save_record`` there pick one by the file's name or content), writing files in
``game.files``, the config folder in ``game.settings`` and the autosave in
``game.slots``.

>>> from game.rules import new_game
>>> g = new_game("othello"); g.play_moves("f5d6")
>>> record = record_from_game(g, [human(), human()])
>>> record.moves
['f5', 'd6']
>>> record_to_game(record).moves_text()
'f5d6'
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from game import players as _players
from game.clock import ClockError, timing_from_json
from game.i18n import N_, _, ngettext
from game.rules import GAMES, PASS, Game, Move, RulesError, new_game

log = logging.getLogger(__name__)

MAX_MOVES = 2_000
"""More moves than any supported board can hold (25x25 Gomoku has 625 cells)."""
DEFAULT_EVAL = _players.DEFAULT_EVAL
"""The evaluator a computer player uses when a record does not name one."""
MAX_TEXT = 200
"""Longest result reason accepted from a file."""

Player: TypeAlias = _players.Player
"""A side's player (``game.players``); a computer's evaluator is a *name* (a preset,
or ``NAME.toml`` in :func:`evaluators_dir`), never a path."""

DEFAULT_LEVEL = _players.DEFAULT_LEVEL
"""The level of a computer player that names none (``ai.levels.DEFAULT_LEVEL``)."""


def human() -> Player:
    """A person (``game.players.Human``)."""
    return _players.Human()


def computer(level: int = DEFAULT_LEVEL, evaluator: str = DEFAULT_EVAL) -> Player:
    """Plies at ``level`` with ``evaluator`` (``game.players.Computer``)."""
    return _players.Computer(level, evaluator)


def standard_players() -> list[Player]:
    """A person (side 0) against the computer at the default level (side 1)."""
    return list(_players.standard_players())


class RecordError(ValueError):
    """A record that cannot be read, written or replayed; the message is one sentence."""


def file_label(name: str | None) -> str:
    """How a reader's message names the file: ``name``, or "the game file" when the
    caller gave none (every format's reader takes ``name=None``)."""
    return _("the game file") if name is None else name


@dataclasses.dataclass
class GameRecord:
    """One game as plain data.

    Attributes:
        game: ``"connect4"``, ``"othello"`` or ``"gomoku"``.
        variant: the rules' ``Game.variant()`` (Connect-4 ``{width, height, connect}``,
            Gomoku ``{size, rule}``, Othello ``{}``).
        moves: each move in the game's notation, ``"PA"`` for an Othello pass.
        players: two entries indexed by side (side 0 first), see :data:`Player`.
        result: ``None`` while the game runs, else ``{"winner": 0 | 1 | None,
            "reason": str}``, plus ``"margin"`` for Othello: the final disc
            difference from Black's point of view.
        start: ``None`` for the game's own start position, else the set-up board the
            moves start from: ``{"board": Game.diagram(), "turn": 0 | 1}`` (Othello: 64
            characters a1..h8 of X, O and -; Connect-4 and Gomoku: rows from the top
            separated by ``/``, X, O and .); JSON ``start``, text ``# start: BOARD X|O``.
    """

    game: str
    variant: dict[str, Any]
    moves: list[str]
    players: list[Player] = dataclasses.field(default_factory=standard_players)
    result: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    scores: list[int | None] | None = None
    """The evaluation seen at each position, ``len(moves) + 1`` entries (the start, then
    after each move): the first player's score in the evaluator's points, ``None``
    where there was none; ``None`` for a record without them (JSON only, optional)."""
    opening: dict[str, Any] | None = None
    """Gomoku's swap or swap2 opening, ``{"kind": "swap" | "swap2", "choices": [...]}``
    (``game.rules.openings``); ``players`` are by colour, as the choices made them.
    ``None``: the usual start (JSON ``opening``, text ``# opening:``, optional)."""
    note: str | None = dataclasses.field(default=None, compare=False)
    """Something the loader wants a person told (never saved): "… holds 12 games;
    this is the first"."""
    names: list[str | None] | None = None
    """The players' names by side, as another program's file gave them (GGF ``PB`` /
    ``PW``, a psq file's players): shown beside the players, kept in JSON ``names`` and
    written back to GGF; ``None`` when the file named nobody (``player_names``)."""
    clock: dict[str, Any] | None = None
    """The time settings and the clocks' remaining seconds (``game.clock``: ``{"controls":
    [[minutes, increment] | null, ...], "move_seconds": [...], "remaining": [...]}``),
    JSON ``clock``, optional: a record without it is a game without clocks."""


# --- games and records ---------------------------------------------------------------


def record_from_game(game: Game, players: Sequence[Player | Mapping[str, Any]],
                     scores: Sequence[int | None] | None = None) -> GameRecord:
    """The record of ``game`` as played so far, with ``players`` by side (and the
    evaluations seen, ``scores``, one per position: see ``GameRecord.scores``).

    Raises:
        RecordError: ``players`` is not two valid player entries, or ``scores`` has
            the wrong length or holds something besides integers and ``None``.
    """
    return GameRecord(
        game=game.name,
        variant=dict(game.variant()),
        moves=[game.move_name(m) for m in game.move_stack],
        players=_check_players(players, _("the players")),
        result=_result_of(game),
        start=start_of(game),
        scores=None if scores is None else _check_scores(list(scores), len(game.move_stack),
                                                        _("the scores")),
    )


def record_to_game(record: GameRecord) -> Game:
    """A game with the record's variant and moves played (forced passes filled in).

    Raises:
        RecordError: an unknown game, a bad variant, or a move that cannot be played.
    """
    try:
        game = new_game(record.game, **dict(record.variant))
        game = _set_up(game, record.start, _("the record's start"))
    except (RulesError, TypeError) as error:
        raise RecordError(_sentence(_("the record's game cannot be set up: {error}").format(
            error=error))) from None
    moves: list[Move] = []
    for number, text in enumerate(record.moves, start=1):
        if not isinstance(text, str):
            raise RecordError(_("move {number} of the record is not text").format(number=number))
        try:
            moves.append(game.parse_move(text))
        except RulesError as error:
            raise RecordError(_sentence(_("move {number}: {reason}").format(
                number=number, reason=error))) from None
    try:
        game.play_moves(moves)
    except RulesError as error:
        raise RecordError(_sentence(str(error))) from None
    return game


NAME_LENGTH = 40
"""Longest player name kept from a file (longer ones are shortened)."""


def player_names(values: Sequence[Any]) -> list[str | None] | None:
    """Two players' names as a file gave them, made safe to show: printable characters
    only, at most ``NAME_LENGTH`` of them, ``None`` for a missing or blank one; ``None``
    when neither side has a name.

    >>> player_names(["Edax 4.4", " chris\t"]), player_names(["", None])
    (['Edax 4.4', 'chris'], None)
    """
    names: list[str | None] = []
    for value in list(values)[:2] + [None] * (2 - len(list(values)[:2])):
        text = "".join(c for c in value if c.isprintable()).strip() \
            if isinstance(value, str) else ""
        names.append(text[:NAME_LENGTH] or None)
    return names if any(names) else None


def validate_players(players: Any) -> list[Player]:
    """A clean copy of two player entries (side 0 first), defaults filled in.

    Raises:
        RecordError: not two valid entries.
    """
    return _check_players(players, _("the players"))


def validate_variant(game_name: Any, variant: Any) -> dict[str, Any]:
    """The complete variant of ``game_name`` that ``variant`` (a partial dict) sets up.

    Raises:
        RecordError: an unknown game, an unknown option or a value the rules refuse.
    """
    name = _check_game_name(game_name, _("the game"))
    return dict(_make_game(name, variant, _("the variant")).variant())


# --- set-up boards ---------------------------------------------------------------------


def start_of(game: Game) -> dict[str, Any] | None:
    """The set-up board ``game``'s moves start from, or ``None`` for the usual start.

    ``{"board": Game.diagram() of the start, "turn": 0 | 1}`` (Othello: 64 squares
    a1..h8 of X, O and -, as GGF has them; Connect-4 and Gomoku: the rows from the top
    separated by ``/``). The start is found by taking every move back on a copy.
    """
    first = game.start_position()
    usual = new_game(game.name, **game.variant())
    if (first.turn, first.key(), first.diagram()) == (usual.turn, usual.key(),
                                                     usual.diagram()):
        return None
    return {"board": first.diagram(), "turn": first.turn}


# Translators: the shape a record's "start" must have; "board" and "turn" are JSON keys
# (keep them), "X", "O", "." and "-" are the characters of the file's diagram; the
# doubled braces are one brace each.
_START_SHAPE = N_('{{"board": the board as a diagram (rows from the top separated by /, X, '
                  'O and .; Othello: 64 squares), "turn": 0 or 1}}')
"""Formatted (``.format()``) to undo the doubled braces, which keep the catalog's
placeholder check from reading the JSON object as a ``{name}`` field."""
_START_LIMIT = 1000
"""Longest start board read (25 rows of 25 and their separators fit)."""


def _set_up(game: Game, start: Any, where: str) -> Game:
    """``game`` itself, or a fresh one of its variant on the set-up board ``start``
    (validated: the board must be one the game could reach, ``Game.from_diagram``)."""
    if start is None:
        return game
    if (not isinstance(start, dict) or set(start) != {"board", "turn"}
            or not isinstance(start["board"], str) or not _is_int(start["turn"])
            or start["turn"] not in (0, 1)):
        # Translators: {where} is a place in a record ("the record's start"), {shape}
        # the shape it must have.
        raise RecordError(_("{where} must be {shape}").format(where=where,
                                                            shape=_(_START_SHAPE).format()))
    if len(start["board"]) > _START_LIMIT:
        raise RecordError(_("{where}: the board is too long to be a {game} board").format(
            where=where, game=_(game.title)))
    try:
        return type(game).from_diagram(start["board"], start["turn"], **game.variant())
    except RulesError as error:
        raise RecordError(_sentence(_("{where}: {error}").format(where=where,
                                                               error=error))) from None


# --- validation helpers ----------------------------------------------------------------


def _check_opening(game: Game, opening: Any, where: str) -> dict[str, Any]:
    """A swap / swap2 opening that fits ``game``'s moves (``Opening.replay``)."""
    from game.rules.openings import Opening, OpeningError

    if game.name != "gomoku":
        raise RecordError(_("{where}: only Gomoku games have a swap opening").format(
            where=where))
    try:
        return Opening.replay(opening, len(game.move_stack)).as_dict()
    except OpeningError as error:
        raise RecordError(_sentence(_("{where}: {error}").format(where=where,
                                                               error=error))) from None


def _check_game_name(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in GAMES:
        # Translators: {where} is a place in a record ("the game"), {value} what the file
        # gave, {games} the games' names as typed (connect4, othello, gomoku).
        raise RecordError(_("{where} {value} is not a game Plies plays ({games})").format(
            where=where, value=_show(value), games=", ".join(GAMES)))
    return value


def _variant_params(game_name: str) -> dict[str, Any]:
    """The variant keywords of a game and their defaults (from its constructor)."""
    params = inspect.signature(GAMES[game_name].__init__).parameters
    return {
        name: param.default
        for name, param in params.items()
        if name != "self" and param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY)
    }


def _options_hint(params: Mapping[str, Any]) -> str:
    if not params:
        return _("; it has no options")
    return _("; its options are {options}").format(options=", ".join(params))


def _make_game(game_name: str, variant: Any, where: str) -> Game:
    """A new game after checking the variant's keys and value types, then the rules' ranges."""
    title = _(GAMES[game_name].title)
    if not isinstance(variant, dict):
        raise RecordError(_("{where} must be a set of options, not {value}").format(
            where=where, value=_kind(variant)))
    params = _variant_params(game_name)
    for key, value in variant.items():
        if key not in params:
            # Translators: {hint} is "; its options are ..." or "; it has no options".
            raise RecordError(_("{where} names {key}, which is not an option of "
                                "{game}{hint}").format(where=where, key=_show(key), game=title,
                                                       hint=_options_hint(params)))
        default = params[key]
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = _is_int(value)
        elif isinstance(default, str):
            ok = isinstance(value, str)
        else:
            ok = value is None or _is_int(value) or isinstance(value, str)
        if not ok:
            raise RecordError(_("{where} gives {key} as {value}, which {game} "
                                "does not accept").format(where=where, key=key,
                                                          value=_kind(value), game=title))
    try:
        return new_game(game_name, **variant)
    except (RulesError, TypeError, ValueError, OverflowError) as error:
        raise RecordError(_sentence(_("{where} is not playable: {error}").format(
            where=where, error=error))) from None


def _check_count(count: int, where: str) -> None:
    if count > MAX_MOVES:
        raise RecordError(ngettext("{where} has {count} move, more than any board holds",
                                   "{where} has {count} moves, more than any board holds",
                                   count).format(where=where.rstrip(":"), count=count))


def _replay(game: Game, texts: Sequence[tuple[str, str]]) -> None:
    """Play each ``(move text, where)`` on ``game``, checked; forced passes are filled in."""
    for text, where in texts:
        try:
            move = game.parse_move(text)
        except RulesError as error:
            # Translators: {where} is a place in a file ("line 3:", "the record, move 2:"),
            # {reason} why its move is refused.
            raise RecordError(_sentence(_("{where} {reason}").format(
                where=where, reason=_strip_move_number(error)))) from None
        if move != PASS and game.legal_moves() == [PASS]:
            game.push(PASS)
        try:
            game.play(move)
        except RulesError as error:
            reason = _strip_move_number(error)
            name = game.move_name(move)
            if name.lower() not in reason.lower():
                reason = _("{move} cannot be played: {reason}").format(move=name,
                                                                      reason=reason)
            raise RecordError(_sentence(_("{where} {reason}").format(
                where=where, reason=reason))) from None


MAX_SCORE = 10**9
"""Bigger than any evaluator's score (a proven win is about 10**6)."""


def _check_clock(value: Any, where: str) -> dict[str, Any]:
    """A record's ``clock`` object, checked and written back in its one form."""
    try:
        timing, remaining = timing_from_json(value, where)
    except ClockError as error:
        raise RecordError(str(error)) from None
    return timing.to_json(remaining)


def _check_scores(value: Any, moves: int, where: str) -> list[int | None]:
    """``value`` as a record's ``scores``: a list of ``moves + 1`` integers or nulls."""
    if not isinstance(value, list):
        raise RecordError(_("{where} must be a list of numbers, not {value}").format(
            where=where, value=_kind(value)))
    if len(value) != moves + 1:
        raise RecordError(ngettext(
            "{where} must have {count} entry (the start and one per move), not {actual}",
            "{where} must have {count} entries (the start and one per move), not {actual}",
            moves + 1).format(where=where, count=moves + 1, actual=len(value)))
    for i, score in enumerate(value):
        if score is not None and (not _is_int(score) or abs(score) > MAX_SCORE):
            raise RecordError(_("{where} entry {index} must be a whole number or null, "
                                "not {value}").format(where=where, index=i + 1,
                                                      value=_show(score)))
    return list(value)


def _check_player(entry: Any, where: str) -> Player:
    try:
        return _players.from_json(entry, where)
    except _players.PlayerError as error:
        raise RecordError(str(error)) from None


def _check_players(players: Any, where: str) -> list[Player]:
    try:
        return list(_players.pair_from_json(players, where))
    except _players.PlayerError as error:
        raise RecordError(str(error)) from None


def _result_of(game: Game) -> dict[str, Any] | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    result: dict[str, Any] = {"winner": outcome.winner, "reason": outcome.reason}
    final_margin = getattr(game, "final_margin", None)
    if game.name == "othello" and callable(final_margin):
        result["margin"] = int(final_margin())
    return result


def _check_result(game: Game, value: Any, where: str) -> dict[str, Any] | None:
    """The result of ``game`` after its moves, checked against ``value`` from a file.

    A finished game's result is recomputed and must agree with a stated one. A result
    on a game the rules have not finished is kept (a resignation, an agreed draw).
    """
    if value is not None:
        if not isinstance(value, Mapping):
            raise RecordError(_("{where} must be null or an object, not {value}").format(
                where=where, value=_kind(value)))
        for key in ("winner", "reason"):
            if key not in value:
                raise RecordError(_("{where} has no {key}").format(where=where, key=repr(key)))
        winner = value["winner"]
        if winner is not None and (not _is_int(winner) or winner not in (0, 1)):
            raise RecordError(_("{where} names the winner {value}; "
                                "it must be 0, 1 or null").format(where=where,
                                                                 value=_show(winner)))
        reason = value["reason"]
        if (not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_TEXT
                or not reason.isprintable()):
            raise RecordError(_("{where} has a reason that is not a short text").format(
                where=where))
        margin = value.get("margin")
        if margin is not None and (not _is_int(margin) or abs(margin) > 10_000):
            raise RecordError(_("{where} has a margin that is not a whole number").format(
                where=where))
    computed = _result_of(game)
    if computed is None:
        if value is None:
            return None
        kept: dict[str, Any] = {"winner": value["winner"], "reason": value["reason"]}
        if value.get("margin") is not None:
            kept["margin"] = value["margin"]
        return kept
    if value is not None:
        if value["winner"] != computed["winner"]:
            # Translators: {stated} and {actual} are "a draw" or "a win for Black".
            raise RecordError(_("{where} says {stated}, but the moves end in {actual}").format(
                where=where, stated=_winner_words(game, value["winner"]),
                actual=_winner_words(game, computed["winner"])))
        if value.get("margin") is not None and value["margin"] != computed.get("margin"):
            raise RecordError(_("{where} gives the margin {stated}, but the moves "
                                "end {actual}").format(where=where, stated=value["margin"],
                                                       actual=computed.get("margin")))
    return computed


def _winner_words(game: Game, winner: Any) -> str:
    if winner is None:
        return _("a draw")
    return _("a win for {side}").format(side=_(game.side_names[winner]))


def _check_record(record: GameRecord) -> tuple[Game, list[Player], dict[str, Any] | None]:
    """Replay ``record`` and check all of it before it is written."""
    if not isinstance(record, GameRecord):
        raise RecordError(_("only a game record can be saved"))
    game_name = _check_game_name(record.game, _("the record:"))
    game = _make_game(game_name, record.variant, _("the record's variant"))
    game = _set_up(game, record.start, _("the record's start"))
    if not isinstance(record.moves, list | tuple):
        raise RecordError(_("the record's moves must be a list of moves"))
    _check_count(len(record.moves), _("the record"))
    texts = []
    for number, move in enumerate(record.moves, start=1):
        if not isinstance(move, str):
            raise RecordError(_("move {number} of the record is {value}, not text").format(
                number=number, value=_kind(move)))
        texts.append((move, _("the record, move {number}:").format(number=number)))
    _replay(game, texts)
    players = _check_players(record.players, _("the record's players"))
    result = _check_result(game, record.result, _("the record's result"))
    return game, players, result


# --- message helpers -----------------------------------------------------------------


_MESSAGE_LIMIT = 240


def _sentence(message: str) -> str:
    """One line, clipped: rules' messages may quote a whole hostile input."""
    message = " ".join(message.split())
    if len(message) > _MESSAGE_LIMIT:
        message = message[:_MESSAGE_LIMIT - 1] + "…"
    return message


def _strip_move_number(error: Exception) -> str:
    """``"move 1: 'z9' is ..."`` -> ``"'z9' is ..."`` when the caller says where (the
    prefix in the current language: the rules write it with the same message)."""
    template = _("move {number}: {reason}")
    head, reason, tail = template.partition("{reason}")
    if not reason or tail:  # a translation that puts the reason first: nothing to strip
        return str(error)
    prefix = re.escape(head).replace(re.escape("{number}"), r"\d+")
    return re.sub("^" + prefix, "", str(error))


def _show(value: Any) -> str:
    """A short quotation of a value from a file (JSON words for JSON constants)."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…" + text[-3:]


def _kind(value: Any) -> str:
    """How a JSON value is described to a user: ``"a number"``, ``"a list"``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _("the number {value}").format(value=_show(value))
    if isinstance(value, str):
        return _("the text {value}").format(value=_show(value))
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return f"a {type(value).__name__}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _example(game: Game) -> str:
    legal = [m for m in game.legal_moves() if m != PASS]
    return game.move_name(legal[0]) if legal else "PA"


__all__ = [
    "DEFAULT_EVAL",
    "DEFAULT_LEVEL",
    "MAX_MOVES",
    "NAME_LENGTH",
    "GameRecord",
    "Player",  # untranslated: identifier
    "RecordError",
    "computer",
    "human",
    "record_from_game",
    "player_names",
    "record_to_game",
    "standard_players",
    "start_of",
    "validate_players",
    "validate_variant",
]
