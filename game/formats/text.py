"""Plies' plain-text game file (``.txt``): the move list in notation, preceded by
optional ``#`` header lines so that the game and variant travel with it::

    # Plies game record
    # game: gomoku size=15 rule=freestyle
    # player 1 (Black): human
    # player 2 (White): computer level=4 eval=default
    # result: Black wins, five in a row
    h8 i9 h9 i8 h10 i10 h7 i7 h6

An outside engine is ``# player 2 (White): engine protocol=pbrain name=NAME`` (the name
takes the rest of the line). A game from a set-up board has a ``# start: BOARD X|O``
line after ``# game:`` (the board as ``Game.diagram()`` writes it, then the side to
move), checked by ``Game.from_diagram``. A Gomoku game played with a swap or swap2
opening has a ``# opening: KIND CHOICE...`` line before the first move (``# opening:
swap2 place-two white``: the kind, then the choices in the order they were made); it
is a ``#`` comment to anything else that reads the move list, and to Plies before it
knew the line, which then loses only the opening, as before.

A text file without a ``# game:`` line is read as the game the caller names
(``default_game``/``default_variant``), so a bare ``4453`` pasted from elsewhere opens
in the current game. Its result is always recomputed from the moves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import _, raw
from game.records import (
    GameRecord,
    Player,
    RecordError,
    _check_count,
    _check_game_name,
    _check_opening,
    _check_player,
    _check_players,
    _check_record,
    _make_game,
    _options_hint,
    _replay,
    _result_of,
    _sentence,
    _set_up,
    _show,
    _strip_move_number,
    _variant_params,
    file_label,
    standard_players,
    start_of,
)
from game.rules import GAMES, Game, RulesError, new_game

TEXT_MOVES_PER_LINE = 20
"""How many moves a ``.txt`` record puts on one line."""


_HEADER_RE = re.compile(r"#\s*(game|player\s*([12]))\s*(?:\([^)]*\))?\s*:\s*(.*)", re.I)
"""``# game: ...`` and ``# player 1 (Black): ...``; any other ``#`` line is a comment."""


def record_from_text(
    text: str,
    *,
    name: str | None = None,
    default_game: str | None = None,
    default_variant: Mapping[str, Any] | None = None,
    default_players: Sequence[Player] | None = None,
) -> GameRecord:
    """Parse and validate a plain-text record (see the module docstring, :func:`load_record`);
    ``name`` is for messages ("the game file" when ``None``)."""
    name = file_label(name)

    game_spec: tuple[str, dict[str, Any], str] | None = None  # name, variant, where
    players: list[Any] = [None, None]
    move_lines: list[tuple[int, str]] = []
    start: tuple[dict[str, Any], str] | None = None  # the set-up board, where it was
    opening: tuple[dict[str, Any], str] | None = None  # a swap opening, where it was
    for lineno, source_line in enumerate(text.splitlines(), start=1):
        line = source_line.strip()
        where = _line_of(lineno, name)
        if not line:
            continue
        if line.startswith("#"):
            start_line = _START_RE.fullmatch(line)
            if start_line is not None and not move_lines:
                start = ({"board": start_line[1], "turn": "XO".index(start_line[2].upper())},
                         _("{where} the start").format(where=where))
                continue
            opening_line = _OPENING_RE.fullmatch(line)
            if opening_line is not None and not move_lines:
                if opening is not None:
                    raise RecordError(_("{where} the opening is given twice").format(where=where))
                opening = ({"kind": opening_line[1].lower(),
                            "choices": (opening_line[2] or "").split()},
                           _("{where} the opening").format(where=where))
                continue
            header = _HEADER_RE.fullmatch(line)
            if header is None or move_lines:
                continue  # a comment; headers count only before the first move
            value = header[3].strip()
            if header[2] is None:
                game_spec = (*_parse_game_header(value, where),
                             _("{where} the variant").format(where=where))
            else:
                players[int(header[2]) - 1] = _parse_player_header(value, where)
            continue
        line = line.split("#", 1)[0].strip()  # a trailing comment
        if line:
            move_lines.append((lineno, line))

    if start is not None and game_spec is None:
        raise RecordError(_("{file} has a set-up start but does not say which game it is "
                            "(add a line like '# game: othello' before it)").format(file=name))
    if game_spec is not None:
        game_name, variant, where = game_spec
        game = _make_game(game_name, variant, where)
        if start is not None:
            game = _set_up(game, *start)
    elif default_game is not None:
        game_name = _check_game_name(default_game, _("{file}:").format(file=name))
        game = _make_game(game_name, dict(default_variant or {}),
                          _("{file}: the variant").format(file=name))
        try:
            _replay_lines(game, move_lines, name)
        except RecordError as error:
            # No header and not a game of the caller's kind: another game's moves?
            game, note = _as_another_game(game_name, move_lines, name, error)
            return _text_record(game, players, name, default_players, note, opening)
        return _text_record(game, players, name, default_players, opening=opening)
    elif move_lines or text.strip():
        raise RecordError(_("{file} does not say which game it is "
                            "(add a first line like '# game: othello')").format(file=name))
    else:
        raise RecordError(_("{file} is empty").format(file=name))

    _replay_lines(game, move_lines, name)
    return _text_record(game, players, name, default_players, opening=opening)


def _line_of(number: int, name: str) -> str:
    """Where a message's problem is: "line 3 of game.txt:"."""
    return _("line {number} of {file}:").format(number=number, file=name)


def _replay_lines(game: Game, move_lines: Sequence[tuple[int, str]], name: str) -> None:
    """Play the move lines ``(line number, text)`` of a text record on ``game``."""
    texts: list[tuple[str, str]] = []
    for lineno, line in move_lines:
        where = _line_of(lineno, name)
        try:
            parsed = game.parse_moves(line)
        except RulesError as error:
            raise RecordError(_sentence(_("{where} {reason}").format(
                where=where, reason=_strip_move_number(error)))) from None
        texts.extend((game.move_name(m), where) for m in parsed)
        _check_count(len(texts), _("{file}:").format(file=name))
    _replay(game, texts)


def _as_another_game(tried: str, move_lines: Sequence[tuple[int, str]], name: str,
                     error: RecordError) -> tuple[Game, str]:
    """The moves of a headerless text record played as each other game (default
    variant) in turn; the first that takes them all wins, with a note saying so.

    Raises:
        RecordError: ``error`` (the caller's game's problem) when no game takes them.
    """
    for other in GAMES:
        if other == tried or not move_lines:
            continue
        game = new_game(other)
        try:
            _replay_lines(game, move_lines, name)
        except RecordError:
            continue
        return game, _("{file} has no '# game:' line and is not a {tried} game: "
                       "opened as {game}").format(file=name, tried=_(GAMES[tried].title),
                                                  game=_(game.title))
    if move_lines and not any(_starts_as(other, move_lines[0][1]) for other in GAMES):
        # Not even its first word is a move: any text file, not a game with a wrong move.
        raise RecordError(_("{file} is not a game file: it has no '# game:' line and does "
                            "not start with a move").format(file=name))
    raise error


def _starts_as(game_name: str, line: str) -> bool:
    """Whether the first word of ``line`` is a move (or moves) of ``game_name``."""
    try:
        new_game(game_name).parse_moves(line.split()[0])
    except (RulesError, ValueError, IndexError):
        return False
    return True


def _text_record(game: Game, players: list[Any], name: str,
                 default_players: Sequence[Player] | None,
                 note: str | None = None,
                 opening: tuple[dict[str, Any], str] | None = None) -> GameRecord:
    if players == [None, None]:
        checked = _check_players(default_players or standard_players(),
                                 _("the default players"))
    elif None in players:
        missing = players.index(None) + 1
        raise RecordError(_("{file} names only one player (add a line '# player {missing}: "
                            "human')").format(file=name, missing=missing))
    else:
        checked = players
    record = GameRecord(game.name, dict(game.variant()),
                        [game.move_name(m) for m in game.move_stack], checked,
                        _result_of(game), start_of(game),
                        opening=None if opening is None else _check_opening(game, *opening))
    record.note = note
    return record


def _parse_game_header(value: str, where: str) -> tuple[str, dict[str, Any]]:
    """``"gomoku size=15 rule=freestyle"`` -> ``("gomoku", {"size": 15, "rule": "freestyle"})``."""
    words = value.split()
    if not words:
        raise RecordError(_("{where} '# game:' must name a game, like '# game: "
                            "othello'").format(where=where))
    game_name = _check_game_name(words[0].lower(), where)
    params = _variant_params(game_name)
    variant: dict[str, Any] = {}
    for word in words[1:]:
        key, equals, text = word.partition("=")
        key = key.lower()
        if not equals or not text:
            raise RecordError(_("{where} {word} is not an option like '{option}=...'").format(
                where=where, word=_show(word), option=next(iter(params), "size")))
        if key not in params:
            # Translators: {hint} is "; its options are ..." or "; it has no options".
            raise RecordError(_("{where} {game} has no option {key}{hint}").format(
                where=where, game=_(GAMES[game_name].title), key=_show(key),
                hint=_options_hint(params)))
        if key in variant:
            raise RecordError(_("{where} the option {key} is given twice").format(
                where=where, key=repr(key)))
        if isinstance(params[key], int):
            try:
                variant[key] = int(text)
            except ValueError:
                raise RecordError(_("{where} {key} must be a whole number, not {value}").format(
                    where=where, key=key, value=_show(text))) from None
        else:
            variant[key] = text
    return game_name, variant


def _parse_player_header(value: str, where: str) -> Player:
    """``"human"`` or ``"computer level=4 eval=default"`` -> a player entry.

    ``eval=`` comes last and takes the rest of the line, so that a name with a space
    is refused as a whole (``_check_player``) rather than split into a stray word.
    """
    if value.split()[:1] == ["engine"]:
        return _parse_engine_header(value, where)
    value, has_eval, evaluator = value.partition(" eval=")
    words = value.split()
    if not words or words[0].lower() not in ("human", "computer"):
        # Translators: 'human', 'computer level=N', 'engine protocol=P name=NAME' are
        # written in the file as they are.
        raise RecordError(_("{where} a player is 'human', 'computer level=N' or "
                            "'engine protocol=P name=NAME', not {value}").format(
                                where=where, value=_show(value)))
    entry: dict[str, Any] = {"type": words[0].lower()}
    for word in words[1:]:
        key, equals, text = word.partition("=")
        key = key.lower()
        if key in ("level", "depth") and equals and key not in entry:
            entry[key] = int(text) if text.isdigit() and len(text) < 4 else text
        elif key == "eval" and equals and not has_eval:
            entry["eval"] = text
        else:
            raise RecordError(_("{where} {word} is not 'level=N', 'depth=N' or "
                                "'eval=NAME'").format(where=where, word=_show(word)))
    if has_eval:
        entry["eval"] = evaluator.strip()
    return _check_player(entry, _("{where}: the player").format(where=where.rstrip(":")))


def _parse_engine_header(value: str, where: str) -> Player:
    """``"engine protocol=pbrain name=Embryo 21"``: ``name=`` comes last and takes the
    rest of the line (an engine's name may hold spaces)."""
    value, _sep, name = value.partition(" name=")
    entry: dict[str, Any] = {"type": "engine", "name": name.strip()}
    for word in value.split()[1:]:
        key, equals, text = word.partition("=")
        if key.lower() != "protocol" or not equals:
            raise RecordError(_("{where} {word} is not 'protocol=P' or 'name=NAME'").format(
                where=where, word=_show(word)))
        entry["protocol"] = text
    return _check_player(entry, _("{where}: the player").format(where=where.rstrip(":")))


def record_to_text(record: GameRecord) -> str:
    """The plain-text form of a (validated) record, ending in a newline.

    Raises:
        RecordError: the record does not describe a playable game.
    """
    game, players, result = _check_record(record)
    lines = [raw("# Plies game record")]
    options = " ".join(f"{key}={value}" for key, value in game.variant().items())
    lines.append(f"# game: {game.name} {options}".rstrip())
    start = _start_header(game)
    if start is not None:
        lines.append(start)
    if record.opening is not None:
        opening = _check_opening(game, record.opening, _("the opening"))
        lines.append(" ".join(["# opening:", opening["kind"], *opening["choices"]]))
    for side, player in enumerate(players):
        lines.append(f"# player {side + 1} ({game.side_names[side]}): {_player_header(player)}")
    if result is not None:
        winner = ("draw" if result["winner"] is None
                  else f"{game.side_names[result['winner']]} wins")
        margin = f" by {abs(result['margin'])}" if result.get("margin") else ""
        lines.append(f"# result: {winner}{margin}, {result['reason']}")
    stack = game.move_stack
    for first in range(0, len(stack), TEXT_MOVES_PER_LINE):
        lines.append(game.moves_text(stack[first:first + TEXT_MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def _player_header(player: Player) -> str:
    """A player as a text record's ``# player N:`` line says it."""
    entry = player.to_json()
    if entry["type"] == "engine":
        return raw(f"engine protocol={entry['protocol']} name={entry['name']}")
    words = [entry["type"]] + [f"{key}={entry[key]}" for key in ("level", "depth", "eval")
                               if key in entry]
    return " ".join(words)


def _start_header(game: Game) -> str | None:
    """``# start: DIAGRAM X|O`` for a text record of a set-up game, else ``None``."""
    start = start_of(game)
    if start is None:
        return None
    return f"# start: {start['board']} {'XO'[start['turn']]}"


_START_RE = re.compile(r"#\s*start\s*:\s*(\S+)\s+([XOxo])\s*")
"""``# start: DIAGRAM X`` in a text record (before the first move)."""

_OPENING_RE = re.compile(r"#\s*opening\s*:\s*(swap2?)(\s.*)?", re.IGNORECASE)
"""``# opening: swap2 place-two white`` in a text record (before the first move); a
comment that happens to start ``# opening:`` but names no swap stays a comment."""


__all__ = ["TEXT_MOVES_PER_LINE", "record_from_text", "record_to_text"]
