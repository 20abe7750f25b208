"""Game records: save, load and autosave finished or running games (DESIGN §7).

A record is plain data: the game, its variant, the moves in the game's notation, who
played each side and how the game ended. Two file forms exist:

* **JSON** (``.json``, the default)::

      {"format": "plies-game", "version": 1, "game": "othello", "variant": {},
       "moves": "f5d6c3d3c4", "players": [{"type": "human"},
       {"type": "computer", "level": 4, "eval": "default"}], "result": null}

  ``moves`` is written as the whole-game string (``moves_text``); a list of single
  moves (``["f5", "d6"]``) is accepted when reading.

* **Plain text** (``.txt``): the move list in notation, preceded by optional ``#``
  header lines so that the game and variant travel with it::

      # Plies game record
      # game: gomoku size=15 rule=freestyle
      # player 1 (Black): human
      # player 2 (White): computer level=4 eval=default
      # result: Black wins, five in a row
      h8 i9 h9 i8 h10 i10 h7 i7 h6

  A game from a set-up board has a ``# start: BOARD X|O`` line after ``# game:`` (the
  board as ``Game.diagram()`` writes it, then the side to move); JSON has ``"start":
  {"board": ..., "turn": 0 | 1}``. Both are checked by ``Game.from_diagram``.

  A Gomoku game played with a swap or swap2 opening has a ``# opening: KIND
  CHOICE...`` line before the first move (``# opening: swap2 place-two white``: the
  kind, then the choices in the order they were made; JSON has ``"opening": {"kind",
  "choices"}``). It is a ``#`` comment to anything else that reads the move list, and
  to Plies before it knew the line, which then loses only the opening, as before.

  A text file without a ``# game:`` line is read as the game the caller names
  (``default_game``/``default_variant``), so a bare ``4453`` pasted from elsewhere
  opens in the current game. Its result is always recomputed from the moves.

Loading trusts nothing: the file itself (``game.files``: a regular file, small,
UTF-8), the syntax, every field's type, the variant and each move (by replaying it
through the rules) are checked, a player's evaluator must be a *name*, never a path
(a downloaded game must not make Plies open another file), and the first problem
becomes one :class:`RecordError` whose message is one sentence for a user. Nothing
in a file is ever executed or unpickled. Writes go to a temporary file in the same
folder and are renamed into place, so a failed save never destroys the old file.

>>> from game.rules import new_game
>>> g = new_game("othello"); g.play_moves("f5d6")
>>> record = record_from_game(g, [{"type": "human"}, {"type": "human"}])
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
import os
import re
import secrets
import stat
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias

import platformdirs

from ai.evaluators import is_evaluator_name
from game.clock import ClockError, timing_from_json
from game.files import RECORD_BYTES, FileError, os_reason, read_text
from game.rules import GAMES, PASS, Game, Move, RulesError, new_game

log = logging.getLogger(__name__)

FORMAT = "plies-game"
"""The ``format`` tag of a saved game."""
VERSION = 1
"""The record format version this code writes and reads."""
MAX_FILE_BYTES = RECORD_BYTES
"""Larger files are refused unread: the longest real game is a few kilobytes."""
MAX_MOVES = 2_000
"""More moves than any supported board can hold (25x25 Gomoku has 625 cells)."""
LEVELS = range(1, 9)
"""Computer levels a record may name (``ai.levels.LEVEL_NUMBERS``; not imported so
that reading a file never pulls in the search)."""
DEFAULT_EVAL = "default"
"""The evaluator a computer player uses when a record does not name one."""
MAX_TEXT = 200
"""Longest result reason accepted from a file."""
TEXT_MOVES_PER_LINE = 20
"""How many moves a ``.txt`` record puts on one line."""

Player: TypeAlias = dict[str, Any]
"""``{"type": "human"}`` or ``{"type": "computer", "level": 1-8, "eval": "default"}``;
``eval`` is a *name* (a preset, or ``NAME.toml`` in :func:`evaluators_dir`), never a path."""

DEFAULT_LEVEL = 4
"""The level of a computer player that names none (``ai.levels.DEFAULT_LEVEL``)."""


def human() -> Player:
    """A human player entry: ``{"type": "human"}``."""
    return {"type": "human"}


def computer(level: int = DEFAULT_LEVEL, evaluator: str = DEFAULT_EVAL) -> Player:
    """A computer player entry: ``{"type": "computer", "level": level, "eval": evaluator}``."""
    return {"type": "computer", "level": level, "eval": evaluator}


def standard_players() -> list[Player]:
    """A person (side 0) against the computer at the default level (side 1)."""
    return [human(), computer()]


class RecordError(ValueError):
    """A record that cannot be read, written or replayed; the message is one sentence."""


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


def record_from_game(game: Game, players: Sequence[Mapping[str, Any]],
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
        players=_check_players(players, "the players"),
        result=_result_of(game),
        start=start_of(game),
        scores=None if scores is None else _check_scores(list(scores), len(game.move_stack),
                                                        "the scores"),
    )


def record_to_game(record: GameRecord) -> Game:
    """A game with the record's variant and moves played (forced passes filled in).

    Raises:
        RecordError: an unknown game, a bad variant, or a move that cannot be played.
    """
    try:
        game = new_game(record.game, **dict(record.variant))
        game = _set_up(game, record.start, "the record's start")
    except (RulesError, TypeError) as error:
        raise RecordError(_sentence(f"the record's game cannot be set up: {error}")) from None
    moves: list[Move] = []
    for number, text in enumerate(record.moves, start=1):
        if not isinstance(text, str):
            raise RecordError(f"move {number} of the record is not text")
        try:
            moves.append(game.parse_move(text))
        except RulesError as error:
            raise RecordError(_sentence(f"move {number}: {error}")) from None
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
    return _check_players(players, "the players")


def validate_variant(game_name: Any, variant: Any) -> dict[str, Any]:
    """The complete variant of ``game_name`` that ``variant`` (a partial dict) sets up.

    Raises:
        RecordError: an unknown game, an unknown option or a value the rules refuse.
    """
    name = _check_game_name(game_name, "the game")
    return dict(_make_game(name, variant, "the variant").variant())


# --- loading -------------------------------------------------------------------------


def load_record(
    path: str | os.PathLike[str],
    *,
    default_game: str | None = None,
    default_variant: Mapping[str, Any] | None = None,
    default_players: Sequence[Mapping[str, Any]] | None = None,
    follow_links: bool = True,
) -> GameRecord:
    """Read and fully validate a record from ``path`` (``.json``, ``.txt``, or sniffed).

    Args:
        path: the file.
        default_game: the game of a text record without a ``# game:`` line.
        default_variant: its variant (only used together with ``default_game``).
        default_players: the players of a record that names none (default:
            :func:`standard_players`, a person against the computer).
        follow_links: ``False`` refuses a symbolic link (the autosave, which Plies
            writes itself and never as a link).

    Returns:
        The record, normalised: the complete variant, every move (forced Othello
        passes written out), the result recomputed from the moves.

    Raises:
        RecordError: the first problem, in one sentence naming the file.
    """
    path = Path(path)
    text = _read_text(path, follow_links=follow_links)
    name = path.name
    suffix = path.suffix.lower()
    other = _other_format(suffix, text)
    if other is not None:
        record = other.read_record(text, name=name, default_players=default_players)
        try:  # what every record must pass (a start where nobody can move), named too
            record_to_game(record)
        except RecordError as error:
            raise RecordError(f"{name}: {error}") from None
        return record
    if suffix == ".json" or (suffix != ".txt" and text.lstrip().startswith("{")):
        return record_from_json(text, name=name, default_players=default_players)
    return record_from_text(text, name=name, default_game=default_game,
                            default_variant=default_variant,
                            default_players=default_players)


def _read_text(path: Path, *, follow_links: bool = True) -> str:
    """The file's text, after checking it is a regular, small, UTF-8 file (``game.files``)."""
    try:
        return read_text(path, limit=MAX_FILE_BYTES, what="Plies game",
                         follow_links=follow_links)
    except FileError as error:
        raise RecordError(str(error)) from None


class _JSONProblem(ValueError):
    """A JSON construct the record format refuses (NaN, a repeated key)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _JSONProblem(f"repeats the key {_show(key)}")
        result[key] = value
    return result


def _no_constants(word: str) -> Any:
    raise _JSONProblem(f"contains {word}, which is not a number a game file can hold")


def record_from_json(
    text: str,
    *,
    name: str = "the game file",
    default_players: Sequence[Mapping[str, Any]] | None = None,
) -> GameRecord:
    """Parse and validate a JSON record (see :func:`load_record`); ``name`` is for messages."""
    if not text.strip():
        raise RecordError(f"{name} is empty")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except json.JSONDecodeError as error:
        raise RecordError(f"{name} is truncated or not valid JSON "
                          f"(line {error.lineno}, column {error.colno})") from None
    except _JSONProblem as error:
        raise RecordError(f"{name} {error}") from None
    except RecursionError:
        raise RecordError(f"{name} is nested too deeply to be a Plies game") from None
    except ValueError:  # e.g. an integer with more digits than Python converts
        raise RecordError(f"{name} contains a number too long to read") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{name} is not a Plies game file")
    version = data.get("version")
    if not _is_int(version):
        raise RecordError(f"{name} has no valid format version (expected {VERSION})")
    if version != VERSION:
        newer = " newer" if version > VERSION else "n unknown"
        raise RecordError(f"{name} was written by a{newer} version of Plies "
                          f"(format version {version}; this one reads version {VERSION})")
    for required in ("game", "moves"):
        if required not in data:
            raise RecordError(f"{name} has no {required!r} entry")
    where = name + ":"
    game_name = _check_game_name(data["game"], where)
    variant = data.get("variant", {})
    if variant is None:
        variant = {}
    game = _make_game(game_name, variant, f"{where} the variant")
    start = data.get("start")
    game = _set_up(game, start, f"{where} 'start'")

    moves = data["moves"]
    texts: list[tuple[str, str]] = []  # (move text, where it came from)
    if isinstance(moves, str):
        try:
            parsed = game.parse_moves(moves)
        except RulesError as error:
            raise RecordError(_sentence(f"{where} {error}")) from None
        _check_count(len(parsed), where)
        texts = [(game.move_name(m), f"{where} move {i}:") for i, m in enumerate(parsed, 1)]
    elif isinstance(moves, list):
        _check_count(len(moves), where)
        for number, move in enumerate(moves, start=1):
            if not isinstance(move, str):
                raise RecordError(f"{where} move {number} must be text like "
                                  f"{_example(game)!r}, not {_kind(move)}")
            texts.append((move, f"{where} move {number}:"))
    else:
        raise RecordError(f"{where} 'moves' must be a string of moves or a list of "
                          f"strings, not {_kind(moves)}")
    _replay(game, texts)

    if "players" in data and data["players"] is not None:
        players = _check_players(data["players"], f"{where} 'players'")
    else:
        players = _check_players(default_players or standard_players(), "the default players")
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
        raise RecordError(f"{where} 'names' must be a list of two names (or nulls)")
    clock = data.get("clock")
    if clock is not None:
        clock = _check_clock(clock, f"{where} 'clock'")
    return GameRecord(game_name, dict(game.variant()),
                      [game.move_name(m) for m in game.move_stack], players, result,
                      start_of(game), scores, opening, names=player_names(names or []),
                      clock=clock)


def _check_clock(value: Any, where: str) -> dict[str, Any]:
    """A record's ``clock`` object, checked and written back in its one form."""
    try:
        timing, remaining = timing_from_json(value, where)
    except ClockError as error:
        raise RecordError(str(error)) from None
    return timing.to_json(remaining)


_HEADER_RE = re.compile(r"#\s*(game|player\s*([12]))\s*(?:\([^)]*\))?\s*:\s*(.*)", re.I)
"""``# game: ...`` and ``# player 1 (Black): ...``; any other ``#`` line is a comment."""


def record_from_text(
    text: str,
    *,
    name: str = "the game file",
    default_game: str | None = None,
    default_variant: Mapping[str, Any] | None = None,
    default_players: Sequence[Mapping[str, Any]] | None = None,
) -> GameRecord:
    """Parse and validate a plain-text record (see the module docstring, :func:`load_record`)."""
    game_spec: tuple[str, dict[str, Any], str] | None = None  # name, variant, where
    players: list[Any] = [None, None]
    move_lines: list[tuple[int, str]] = []
    start: tuple[dict[str, Any], str] | None = None  # the set-up board, where it was
    opening: tuple[dict[str, Any], str] | None = None  # a swap opening, where it was
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"line {lineno} of {name}:"
        if not line:
            continue
        if line.startswith("#"):
            start_line = _START_RE.fullmatch(line)
            if start_line is not None and not move_lines:
                start = ({"board": start_line[1], "turn": "XO".index(start_line[2].upper())},
                         f"{where} the start")
                continue
            opening_line = _OPENING_RE.fullmatch(line)
            if opening_line is not None and not move_lines:
                if opening is not None:
                    raise RecordError(f"{where} the opening is given twice")
                opening = ({"kind": opening_line[1].lower(),
                            "choices": (opening_line[2] or "").split()}, f"{where} the opening")
                continue
            header = _HEADER_RE.fullmatch(line)
            if header is None or move_lines:
                continue  # a comment; headers count only before the first move
            value = header[3].strip()
            if header[2] is None:
                game_spec = (*_parse_game_header(value, where), f"{where} the variant")
            else:
                players[int(header[2]) - 1] = _parse_player_header(value, where)
            continue
        line = line.split("#", 1)[0].strip()  # a trailing comment
        if line:
            move_lines.append((lineno, line))

    if start is not None and game_spec is None:
        raise RecordError(f"{name} has a set-up start but does not say which game it is "
                          f"(add a line like '# game: othello' before it)")
    if game_spec is not None:
        game_name, variant, where = game_spec
        game = _make_game(game_name, variant, where)
        if start is not None:
            game = _set_up(game, *start)
    elif default_game is not None:
        game_name = _check_game_name(default_game, f"{name}:")
        game = _make_game(game_name, dict(default_variant or {}), f"{name}: the variant")
        try:
            _replay_lines(game, move_lines, name)
        except RecordError as error:
            # No header and not a game of the caller's kind: another game's moves?
            game, note = _as_another_game(game_name, move_lines, name, error)
            return _text_record(game, players, name, default_players, note, opening)
        return _text_record(game, players, name, default_players, opening=opening)
    elif move_lines or text.strip():
        raise RecordError(f"{name} does not say which game it is "
                          f"(add a first line like '# game: othello')")
    else:
        raise RecordError(f"{name} is empty")

    _replay_lines(game, move_lines, name)
    return _text_record(game, players, name, default_players, opening=opening)


def _replay_lines(game: Game, move_lines: Sequence[tuple[int, str]], name: str) -> None:
    """Play the move lines ``(line number, text)`` of a text record on ``game``."""
    texts: list[tuple[str, str]] = []
    for lineno, line in move_lines:
        where = f"line {lineno} of {name}:"
        try:
            parsed = game.parse_moves(line)
        except RulesError as error:
            raise RecordError(_sentence(f"{where} {_strip_move_number(error)}")) from None
        texts.extend((game.move_name(m), where) for m in parsed)
        _check_count(len(texts), f"{name}:")
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
        return game, (f"{name} has no '# game:' line and is not a {GAMES[tried].title} "
                      f"game: opened as {game.title}")
    raise error


def _text_record(game: Game, players: list[Any], name: str,
                 default_players: Sequence[Mapping[str, Any]] | None,
                 note: str | None = None,
                 opening: tuple[dict[str, Any], str] | None = None) -> GameRecord:
    if players == [None, None]:
        checked = _check_players(default_players or standard_players(), "the default players")
    elif None in players:
        missing = players.index(None) + 1
        raise RecordError(f"{name} names only one player (add a line '# player {missing}: human')")
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
        raise RecordError(f"{where} '# game:' must name a game, like '# game: othello'")
    game_name = _check_game_name(words[0].lower(), where)
    params = _variant_params(game_name)
    variant: dict[str, Any] = {}
    for word in words[1:]:
        key, equals, text = word.partition("=")
        key = key.lower()
        if not equals or not text:
            raise RecordError(f"{where} {_show(word)} is not an option like "
                              f"'{next(iter(params), 'size')}=...'")
        if key not in params:
            raise RecordError(f"{where} {GAMES[game_name].title} has no option {_show(key)}"
                              f"{_options_hint(params)}")
        if key in variant:
            raise RecordError(f"{where} the option {key!r} is given twice")
        if isinstance(params[key], int):
            try:
                variant[key] = int(text)
            except ValueError:
                raise RecordError(f"{where} {key} must be a whole number, "
                                  f"not {_show(text)}") from None
        else:
            variant[key] = text
    return game_name, variant


def _parse_player_header(value: str, where: str) -> Player:
    """``"human"`` or ``"computer level=4 eval=default"`` -> a player entry.

    ``eval=`` comes last and takes the rest of the line, so that a name with a space
    is refused as a whole (``_check_player``) rather than split into a stray word.
    """
    value, has_eval, evaluator = value.partition(" eval=")
    words = value.split()
    if not words or words[0].lower() not in ("human", "computer"):
        raise RecordError(f"{where} a player is 'human' or 'computer level=N', "
                          f"not {_show(value)}")
    entry: dict[str, Any] = {"type": words[0].lower()}
    for word in words[1:]:
        key, equals, text = word.partition("=")
        key = key.lower()
        if key == "level" and equals:
            entry["level"] = int(text) if text.isdigit() and len(text) < 4 else text
        elif key == "eval" and equals and not has_eval:
            entry["eval"] = text
        else:
            raise RecordError(f"{where} {_show(word)} is not 'level=N' or 'eval=NAME'")
    if has_eval:
        entry["eval"] = evaluator.strip()
    return _check_player(entry, where.rstrip(":") + ": the player")


# --- saving --------------------------------------------------------------------------


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
        "players": players,
        "result": result,
    }
    if start_of(game) is not None:
        data["start"] = start_of(game)
    if record.scores is not None:
        data["scores"] = _check_scores(record.scores, len(game.move_stack), "the scores")
    if record.opening is not None:
        data["opening"] = _check_opening(game, record.opening, "the opening")
    names = player_names(record.names or [])
    if names is not None:
        data["names"] = names
    if record.clock is not None:
        data["clock"] = _check_clock(record.clock, "the clock")
    try:
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        raise RecordError(_sentence(f"the game cannot be written as JSON: {error}")) from None


def record_to_text(record: GameRecord) -> str:
    """The plain-text form of a (validated) record, ending in a newline.

    Raises:
        RecordError: the record does not describe a playable game.
    """
    game, players, result = _check_record(record)
    lines = ["# Plies game record"]
    options = " ".join(f"{key}={value}" for key, value in game.variant().items())
    lines.append(f"# game: {game.name} {options}".rstrip())
    start = _start_header(game)
    if start is not None:
        lines.append(start)
    if record.opening is not None:
        opening = _check_opening(game, record.opening, "the opening")
        lines.append(" ".join(["# opening:", opening["kind"], *opening["choices"]]))
    for side, player in enumerate(players):
        words = [player["type"]]
        if player["type"] == "computer":
            words += [f"level={player['level']}", f"eval={player['eval']}"]
        lines.append(f"# player {side + 1} ({game.side_names[side]}): {' '.join(words)}")
    if result is not None:
        winner = ("draw" if result["winner"] is None
                  else f"{game.side_names[result['winner']]} wins")
        margin = f" by {abs(result['margin'])}" if result.get("margin") else ""
        lines.append(f"# result: {winner}{margin}, {result['reason']}")
    stack = game.move_stack
    for start in range(0, len(stack), TEXT_MOVES_PER_LINE):
        lines.append(game.moves_text(stack[start:start + TEXT_MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def save_record(path: str | os.PathLike[str], record: GameRecord) -> str | None:
    """Write ``record`` to ``path`` atomically: ``.txt`` as plain text, ``.psq`` and
    ``.ggf`` in the field's formats, anything else as JSON.

    The record is validated and serialised before the file is touched; a failure
    leaves any existing file unchanged and no temporary file behind.

    Returns:
        What the file's format cannot hold that changes the game, named for a person
        (``"the swap2 opening"``, from the format module's ``not_kept``), else ``None``.

    Raises:
        RecordError: the record is invalid or the file cannot be written (one sentence).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    other = _other_format(suffix, "")
    lost = None
    if other is not None:
        text = other.write_record(record)
        lost = getattr(other, "not_kept", lambda _record: None)(record)
    else:
        text = record_to_text(record) if suffix == ".txt" else record_to_json(record)
    try:
        atomic_write_text(path, text)
    except OSError as error:
        raise RecordError(f"{path.name} could not be saved: {os_reason(error)}") from None
    return lost


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to a temporary file beside ``path``, then rename it into place.

    The file keeps the mode of the regular file it replaces; otherwise (a new file, or
    ``path`` a link, which the rename replaces, not its target) it gets the user's
    default mode (0666 less the umask), never a link target's (``/dev/zero``'s 0666).

    Raises:
        OSError: the folder cannot be written; ``path`` is then unchanged.
    """
    path = Path(path)
    data = text.encode("utf-8")
    try:
        info = path.lstat()
        mode = stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None
    except OSError:
        mode = None
    fd, temp = _create_temporary(path)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _create_temporary(path: Path) -> tuple[int, str]:
    """A new file ``.<name>.XXXXXXXX.tmp`` beside ``path``, opened for writing.

    Created with mode 0666 so the umask gives it the user's default mode (``mkstemp``
    makes 0600); ``O_EXCL`` and ``O_NOFOLLOW``: never an existing file or a link.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
        | getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        temp = os.path.join(path.parent, f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


STALE_TEMPORARY_AGE = 600.0
"""Seconds after which a temporary file of :func:`atomic_write_text` is a leftover: a
write takes milliseconds, so one this old was cut short (a kill, a power cut)."""
_TEMPORARY = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
"""The names :func:`_create_temporary` makes (and ``mkstemp`` made before it)."""


def remove_stale_temporaries(folder: str | os.PathLike[str],
                             older_than: float = STALE_TEMPORARY_AGE) -> int:
    """Delete the leftover temporary files of interrupted atomic writes in ``folder``.

    Only regular files named as :func:`atomic_write_text` names them and not changed
    for ``older_than`` seconds are removed (a write in progress in another window is
    younger); links and anything else are left alone. Never raises.

    Returns:
        How many files were removed.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if not _TEMPORARY.match(entry.name) or not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


# --- config folder and autosave ------------------------------------------------------


def config_dir() -> Path:
    """The user's Plies configuration folder, created on demand.

    ``platformdirs.user_config_dir("plies")``: on Linux ``$XDG_CONFIG_HOME/plies``
    (``~/.config/plies`` by default).
    """
    folder = Path(platformdirs.user_config_dir("plies", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def evaluators_dir() -> Path:
    """The folder of the user's own evaluators: a record or the settings naming ``NAME``
    (not a preset) mean ``NAME.toml`` here. Not created: it is the user's to make."""
    return config_dir() / "evaluators"


def games_dir() -> Path:
    """The default folder of the Save and Open dialogs, created on demand."""
    folder = config_dir() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


AUTOSAVE_NAME = "autosave.json"
"""The first window's autosave; other windows open at once use ``game.slots``' names."""
_autosave_name = AUTOSAVE_NAME


def use_autosave_name(name: str) -> None:
    """Make this process's autosave ``config_dir()/name`` (``game.slots`` sets it)."""
    global _autosave_name
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"{name!r} is not an autosave file name")
    _autosave_name = name


def autosave_path() -> Path:
    """Where the running game is kept between sessions (this window's slot)."""
    return config_dir() / _autosave_name


def save_autosave(record: GameRecord) -> bool:
    """Autosave ``record``; a failure is logged, never raised (the game goes on).

    Returns:
        Whether the autosave was written.
    """
    try:
        save_record(autosave_path(), record)
    except (RecordError, OSError) as error:
        log.warning("autosave failed: %s", error)
        return False
    return True


def load_autosave() -> GameRecord | None:
    """The autosaved game, or ``None`` when there is none or it cannot be read.

    A corrupt autosave is moved aside to ``autosave.json.bad`` (replacing an older
    one) so that it is neither lost nor tried again.
    """
    try:
        path = autosave_path()
    except OSError as error:
        log.warning("no config folder: %s", error)
        return None
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return load_record(path, follow_links=False)
    except RecordError as error:
        log.warning("the autosave is unusable and was moved aside: %s", error)
        try:
            os.replace(path, path.with_name(path.name + ".bad"))
        except OSError:
            try:
                path.unlink()
            except OSError:
                pass
        return None


def clear_autosave() -> None:
    """Forget the autosaved game (nothing happens when there is none)."""
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not remove the autosave: %s", error)


# --- other formats and set-up boards ------------------------------------------------------

OTHER_FORMATS = {".psq": "game.formats.psq", ".ggf": "game.formats.ggf"}
"""The field's formats (``game.formats``) by file extension; each module has
``looks_like(text)``, ``read_record(text, name=, default_players=)`` and
``write_record(record)``."""


def _other_format(suffix: str, text: str) -> Any:
    """The ``game.formats`` module that reads a file with ``suffix`` (or content ``text``)."""
    import importlib  # the format modules import this one: loaded only when needed

    if suffix in OTHER_FORMATS:
        return importlib.import_module(OTHER_FORMATS[suffix])
    if suffix in (".json", ".txt") or not text:
        return None
    for module_name in OTHER_FORMATS.values():
        module = importlib.import_module(module_name)
        if module.looks_like(text):
            return module
    return None


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


_START_SHAPE = ('{"board": the board as a diagram (rows from the top separated by /, X, O '
                'and .; Othello: 64 squares), "turn": 0 or 1}')
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
        raise RecordError(f"{where} must be {_START_SHAPE}")
    if len(start["board"]) > _START_LIMIT:
        raise RecordError(f"{where}: the board is too long to be a {game.title} board")
    try:
        return type(game).from_diagram(start["board"], start["turn"], **game.variant())
    except RulesError as error:
        raise RecordError(_sentence(f"{where}: {error}")) from None


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


# --- validation helpers ----------------------------------------------------------------


def _check_opening(game: Game, opening: Any, where: str) -> dict[str, Any]:
    """A swap / swap2 opening that fits ``game``'s moves (``Opening.replay``)."""
    from game.rules.openings import Opening, OpeningError

    if game.name != "gomoku":
        raise RecordError(f"{where}: only Gomoku games have a swap opening")
    try:
        return Opening.replay(opening, len(game.move_stack)).as_dict()
    except OpeningError as error:
        raise RecordError(_sentence(f"{where}: {error}")) from None


def _check_game_name(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in GAMES:
        raise RecordError(f"{where} {_show(value)} is not a game Plies plays "
                          f"({', '.join(GAMES)})")
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
    return f"; its options are {', '.join(params)}" if params else "; it has no options"


def _make_game(game_name: str, variant: Any, where: str) -> Game:
    """A new game after checking the variant's keys and value types, then the rules' ranges."""
    title = GAMES[game_name].title
    if not isinstance(variant, dict):
        raise RecordError(f"{where} must be a set of options, not {_kind(variant)}")
    params = _variant_params(game_name)
    for key, value in variant.items():
        if key not in params:
            raise RecordError(f"{where} names {_show(key)}, which is not an option of "
                              f"{title}{_options_hint(params)}")
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
            raise RecordError(f"{where} gives {key} as {_kind(value)}, which {title} "
                              f"does not accept")
    try:
        return new_game(game_name, **variant)
    except RulesError as error:
        raise RecordError(_sentence(f"{where} is not playable: {error}")) from None
    except (TypeError, ValueError, OverflowError) as error:
        raise RecordError(_sentence(f"{where} is not playable: {error}")) from None


def _check_count(count: int, where: str) -> None:
    if count > MAX_MOVES:
        raise RecordError(f"{where.rstrip(':')} has {count} moves, more than any board holds")


def _replay(game: Game, texts: Sequence[tuple[str, str]]) -> None:
    """Play each ``(move text, where)`` on ``game``, checked; forced passes are filled in."""
    for text, where in texts:
        try:
            move = game.parse_move(text)
        except RulesError as error:
            raise RecordError(_sentence(f"{where} {_strip_move_number(error)}")) from None
        if move != PASS and game.legal_moves() == [PASS]:
            game.push(PASS)
        try:
            game.play(move)
        except RulesError as error:
            reason = _strip_move_number(error)
            name = game.move_name(move)
            if name.lower() not in reason.lower():
                reason = f"{name} cannot be played: {reason}"
            raise RecordError(_sentence(f"{where} {reason}")) from None


MAX_SCORE = 10**9
"""Bigger than any evaluator's score (a proven win is about 10**6)."""


def _check_scores(value: Any, moves: int, where: str) -> list[int | None]:
    """``value`` as a record's ``scores``: a list of ``moves + 1`` integers or nulls."""
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of numbers, not {_kind(value)}")
    if len(value) != moves + 1:
        raise RecordError(f"{where} must have {moves + 1} entries (the start and one per "
                          f"move), not {len(value)}")
    for i, score in enumerate(value):
        if score is not None and (not _is_int(score) or abs(score) > MAX_SCORE):
            raise RecordError(f"{where} entry {i + 1} must be a whole number or null, "
                              f"not {_show(score)}")
    return list(value)


def _check_player(entry: Any, where: str) -> Player:
    if not isinstance(entry, Mapping):
        raise RecordError(f"{where} must be a human or a computer entry, not {_kind(entry)}")
    kind = entry.get("type")
    if kind == "human":
        return {"type": "human"}
    if kind != "computer":
        raise RecordError(f"{where} must have type 'human' or 'computer', "
                          f"not {_show(kind)}")
    level = entry.get("level", 4)
    if not _is_int(level) or level not in LEVELS:
        raise RecordError(f"{where} has level {_show(level)}; levels go from "
                          f"{LEVELS[0]} to {LEVELS[-1]}")
    evaluator = entry.get("eval", DEFAULT_EVAL)
    if evaluator is None:
        evaluator = DEFAULT_EVAL
    if not is_evaluator_name(evaluator):
        # Never a path: a game file from anywhere must not make Plies open another file.
        raise RecordError(f"{where} names the evaluator {_show(evaluator)}, but a game "
                          f"file may only name a built-in evaluator or one kept in Plies' "
                          f"evaluators folder (letters, digits, _ and -)")
    return {"type": "computer", "level": level, "eval": evaluator}


def _check_players(players: Any, where: str) -> list[Player]:
    if not isinstance(players, Sequence) or isinstance(players, str | bytes) or len(players) != 2:
        raise RecordError(f"{where} must list exactly two players, side 0 first")
    return [_check_player(entry, f"{where.rstrip(':')}, player {side + 1},")
            for side, entry in enumerate(players)]


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
            raise RecordError(f"{where} must be null or an object, not {_kind(value)}")
        for key in ("winner", "reason"):
            if key not in value:
                raise RecordError(f"{where} has no {key!r}")
        winner = value["winner"]
        if winner is not None and (not _is_int(winner) or winner not in (0, 1)):
            raise RecordError(f"{where} names the winner {_show(winner)}; "
                              f"it must be 0, 1 or null")
        reason = value["reason"]
        if (not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_TEXT
                or not reason.isprintable()):
            raise RecordError(f"{where} has a reason that is not a short text")
        margin = value.get("margin")
        if margin is not None and (not _is_int(margin) or abs(margin) > 10_000):
            raise RecordError(f"{where} has a margin that is not a whole number")
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
            raise RecordError(f"{where} says {_winner_words(game, value['winner'])}, but "
                              f"the moves end in {_winner_words(game, computed['winner'])}")
        if value.get("margin") is not None and value["margin"] != computed.get("margin"):
            raise RecordError(f"{where} gives the margin {value['margin']}, but the moves "
                              f"end {computed.get('margin')}")
    return computed


def _winner_words(game: Game, winner: Any) -> str:
    return "a draw" if winner is None else f"a win for {game.side_names[winner]}"


def _check_record(record: GameRecord) -> tuple[Game, list[Player], dict[str, Any] | None]:
    """Replay ``record`` and check all of it before it is written."""
    if not isinstance(record, GameRecord):
        raise RecordError("only a game record can be saved")
    game_name = _check_game_name(record.game, "the record:")
    game = _make_game(game_name, record.variant, "the record's variant")
    game = _set_up(game, record.start, "the record's start")
    if not isinstance(record.moves, list | tuple):
        raise RecordError("the record's moves must be a list of moves")
    _check_count(len(record.moves), "the record")
    texts = []
    for number, move in enumerate(record.moves, start=1):
        if not isinstance(move, str):
            raise RecordError(f"move {number} of the record is {_kind(move)}, not text")
        texts.append((move, f"the record, move {number}:"))
    _replay(game, texts)
    players = _check_players(record.players, "the record's players")
    result = _check_result(game, record.result, "the record's result")
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
    """``"move 1: 'z9' is ..."`` -> ``"'z9' is ..."`` when the caller says where."""
    return re.sub(r"^move \d+: ", "", str(error))


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
        return f"the number {_show(value)}"
    if isinstance(value, str):
        return f"the text {_show(value)}"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _example(game: Game) -> str:
    legal = [m for m in game.legal_moves() if m != PASS]
    return game.move_name(legal[0]) if legal else "PA"


__all__ = [
    "DEFAULT_EVAL", "DEFAULT_LEVEL", "FORMAT", "GameRecord", "LEVELS", "MAX_FILE_BYTES",
    "AUTOSAVE_NAME", "Player", "RecordError", "VERSION", "atomic_write_text", "autosave_path",
    "clear_autosave", "computer", "config_dir", "evaluators_dir", "games_dir", "human",
    "load_autosave",
    "load_record", "record_from_game", "record_from_json", "record_from_text",
    "record_to_game", "record_to_json", "record_to_text", "remove_stale_temporaries",
    "save_autosave", "save_record",
    "standard_players", "use_autosave_name", "validate_players", "validate_variant",
]
