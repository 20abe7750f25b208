"""Plies' own game file: JSON (``.json``, the default).

::

    {"format": "plies-game", "version": 1, "game": "othello", "variant": {},
     "moves": "f5d6c3d3c4", "players": [{"type": "human"},
     {"type": "computer", "level": 4, "eval": "default"}], "result": null}

``moves`` is written as the whole-game string (``moves_text``); a list of single moves
(``["f5", "d6"]``) is accepted when reading. ``players`` holds each side's
``game.players`` JSON form (an outside engine as ``{"type": "engine", "name",
"protocol"}``: its name, never its command line). A game from a set-up board has
``"start": {"board": ..., "turn": 0 | 1}``, a swap opening ``"opening": {"kind",
"choices"}``, and the evaluations seen ``"scores"`` (all optional). Every field is
checked by ``game.records``; a NaN or a repeated key is refused.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.i18n import _
from game.records import (
    GameRecord,
    Player,
    RecordError,
    _check_clock,
    _check_count,
    _check_game_name,
    _check_opening,
    _check_players,
    _check_record,
    _check_result,
    _check_scores,
    _example,
    _kind,
    _make_game,
    _replay,
    _sentence,
    _set_up,
    _show,
    file_label,
    player_names,
    standard_players,
    start_of,
)
from game.rules import RulesError

FORMAT = "plies-game"
"""The ``format`` tag of a saved game."""
VERSION = 1
"""The record format version this code writes and reads."""


class _JSONProblem(ValueError):
    """A JSON construct the record format refuses (NaN, a repeated key)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _JSONProblem(_("repeats the key {key}").format(key=_show(key)))
        result[key] = value
    return result


def _no_constants(word: str) -> Any:
    # Translators: {word} is NaN, Infinity or -Infinity (JSON words); the sentence
    # follows the file's name: "game.json contains NaN, which ...".
    raise _JSONProblem(_("contains {word}, which is not a number a game file can "
                         "hold").format(word=word))


def record_from_json(
    text: str,
    *,
    name: str | None = None,
    default_players: Sequence[Player] | None = None,
) -> GameRecord:
    """Parse and validate a JSON record (see :func:`load_record`); ``name`` is for messages
    ("the game file" when ``None``)."""
    name = file_label(name)
    if not text.strip():
        raise RecordError(_("{file} is empty").format(file=name))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except json.JSONDecodeError as error:
        raise RecordError(_("{file} is truncated or not valid JSON "
                            "(line {line}, column {column})").format(
                                file=name, line=error.lineno, column=error.colno)) from None
    except _JSONProblem as error:
        # Translators: {problem} is "repeats the key ..." or "contains NaN, ...".
        raise RecordError(_("{file} {problem}").format(file=name, problem=error)) from None
    except RecursionError:
        raise RecordError(_("{file} is nested too deeply to be a Plies game").format(
            file=name)) from None
    except ValueError:  # e.g. an integer with more digits than Python converts
        raise RecordError(_("{file} contains a number too long to read").format(
            file=name)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(_("{file} is not a Plies game file").format(file=name))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(_("{file} has no valid format version (expected {version})").format(
            file=name, version=VERSION))
    if version != VERSION:
        if version > VERSION:
            message = _("{file} was written by a newer version of Plies "
                        "(format version {version}; this one reads version {ours})")
        else:
            message = _("{file} was written by an unknown version of Plies "
                        "(format version {version}; this one reads version {ours})")
        raise RecordError(message.format(file=name, version=version, ours=VERSION))
    for required in ("game", "moves"):
        if required not in data:
            # Translators: {key} is a JSON key, 'game' or 'moves'.
            raise RecordError(_("{file} has no {key} entry").format(file=name,
                                                                   key=repr(required)))
    where = _("{file}:").format(file=name)
    game_name = _check_game_name(data["game"], where)
    variant = data.get("variant", {})
    if variant is None:
        variant = {}
    game = _make_game(game_name, variant, _("{where} the variant").format(where=where))
    start = data.get("start")
    game = _set_up(game, start, f"{where} 'start'")

    moves = data["moves"]
    texts: list[tuple[str, str]] = []  # (move text, where it came from)
    if isinstance(moves, str):
        try:
            parsed = game.parse_moves(moves)
        except RulesError as error:
            raise RecordError(_sentence(_("{where} {reason}").format(where=where,
                                                                   reason=error))) from None
        _check_count(len(parsed), where)
        texts = [(game.move_name(m), _("{where} move {number}:").format(where=where, number=i))
                 for i, m in enumerate(parsed, 1)]
    elif isinstance(moves, list):
        _check_count(len(moves), where)
        for number, move in enumerate(moves, start=1):
            if not isinstance(move, str):
                raise RecordError(_("{where} move {number} must be text like {example}, "
                                    "not {value}").format(where=where, number=number,
                                                          example=repr(_example(game)),
                                                          value=_kind(move)))
            texts.append((move, _("{where} move {number}:").format(where=where,
                                                                   number=number)))
    else:
        raise RecordError(_("{where} 'moves' must be a string of moves or a list of "
                            "strings, not {value}").format(where=where, value=_kind(moves)))
    _replay(game, texts)

    if "players" in data and data["players"] is not None:
        players = _check_players(data["players"], f"{where} 'players'")
    else:
        players = _check_players(default_players or standard_players(),
                                 _("the default players"))
    result = _check_result(game, data.get("result"), f"{where} 'result'")
    scores = data.get("scores")
    if scores is not None:
        scores = _check_scores(scores, len(game.move_stack), f"{where} 'scores'")
    opening = data.get("opening")
    if opening is not None:
        opening = _check_opening(game, opening, f"{where} 'opening'")
    names = data.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != 2
                              or not all(n is None or isinstance(n, str) for n in names)):
        raise RecordError(_("{where} 'names' must be a list of two names (or nulls)").format(
            where=where))
    clock = data.get("clock")
    if clock is not None:
        clock = _check_clock(clock, f"{where} 'clock'")
    return GameRecord(game_name, dict(game.variant()),
                      [game.move_name(m) for m in game.move_stack], players, result,
                      start_of(game), scores, opening, names=player_names(names or []),
                      clock=clock)


def record_to_json(record: GameRecord) -> str:
    """The JSON form of a (validated) record, ending in a newline.

    Raises:
        RecordError: the record does not describe a playable game.
    """
    game, players, result = _check_record(record)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "variant": dict(game.variant()),
        "moves": game.moves_text(),
        "players": [player.to_json() for player in players],
        "result": result,
    }
    if start_of(game) is not None:
        data["start"] = start_of(game)
    if record.scores is not None:
        data["scores"] = _check_scores(record.scores, len(game.move_stack), _("the scores"))
    if record.opening is not None:
        data["opening"] = _check_opening(game, record.opening, _("the opening"))
    names = player_names(record.names or [])
    if names is not None:
        data["names"] = names
    if record.clock is not None:
        data["clock"] = _check_clock(record.clock, _("the clock"))
    try:
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        raise RecordError(_sentence(_("the game cannot be written as JSON: {error}").format(
            error=error))) from None


__all__ = ["FORMAT", "VERSION", "record_from_json", "record_to_json"]
