"""Othello games in GGF, the Generic Game Format of GGS (and of NBoard's ``set game``).

A game is one parenthesised list of ``KEY[value]`` properties between ``(;`` and ``;)``::

    (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[Edax]PW[chris]RE[?]
      TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
      B[F5]W[F6]B[D3//1.2]W[PA];)

* ``GM`` the game (``Othello``), ``TY`` the board type (``8``: 8x8, the only one read
  here), ``PB``/``PW`` the players, ``RE`` the result from Black's view, ``PC``,
  ``DT``, ``TI`` place, date and clock (kept as text).
* ``BO[8 <64 squares> <side>]`` the start board, rows a1..h8 from the top, ``*``
  Black, ``O`` White, ``-`` empty, then ``*`` or ``O`` to move (spaces are allowed
  between squares).
* ``B[move/eval/time]`` and ``W[...]`` the moves in order; a move is a square (any
  case) or ``PA`` for a pass; eval and time are optional.

Values may hold any character but ``]`` unescaped; ``\\]`` and ``\\\\`` are escapes.
A file may hold several games one after another.

>>> games = parse_games("(;GM[Othello]TY[8]BO[8 " + "-" * 27 + "O*------*O" + "-" * 27
...                     + " *]B[f5]W[D6/-1.5/2];)")
>>> len(games), games[0].moves, games[0].turn
(1, ['f5', 'd6'], 0)
>>> games[0].standard_start
True
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ai.levels import is_level
from game.i18n import _, ngettext, raw
from game.players import Computer, Engine, Human, Player

START_BOARD = "-" * 27 + "OX------XO" + "-" * 27
"""The standard start in ``Othello.from_board`` letters (``X`` Black, ``O`` White)."""

MAX_GAMES = 10_000
"""More games than any file Plies should be asked to read."""


class GGFError(ValueError):
    """Text that is not a GGF Othello game; the message is one sentence."""


@dataclasses.dataclass
class GGFGame:
    """One game: the start board, its side to move, the moves and the other tags.

    Attributes:
        board: 64 squares a1..h8 as ``Othello.from_board`` reads them (``X``, ``O``, ``-``).
        turn: 0 when Black moves first from ``board``, 1 when White does.
        moves: the moves in Plies' notation (lower-case squares, ``PA`` for a pass).
        colours: ``"B"`` or ``"W"`` for each move, as the file gave it.
        tags: every other property, upper-case key to text (``PB``, ``PW``, ``RE``...).
    """

    board: str = START_BOARD
    turn: int = 0
    moves: list[str] = dataclasses.field(default_factory=list)
    colours: list[str] = dataclasses.field(default_factory=list)
    tags: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def standard_start(self) -> bool:
        """Whether the game starts from the standard position with Black to move."""
        return self.board == START_BOARD and self.turn == 0


_PROPERTY = re.compile(r"\s*([A-Za-z]{1,8})\s*\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_MOVE = re.compile(r"([A-Ha-h][1-8]|PA|pa|Pa|pA|PASS|pass)(?:/([^/]*)(?:/(.*))?)?", re.DOTALL)


def parse_games(text: str) -> list[GGFGame]:
    """Every game in ``text``, in order; raises ``GGFError`` on the first problem."""
    games: list[GGFGame] = []
    pos = 0
    length = len(text)
    while True:
        start = text.find("(;", pos)
        if start < 0:
            if not games:
                raise GGFError(_("no GGF game found: a game starts with (; and ends with ;)"))
            break
        if text[pos:start].strip():
            raise GGFError(_("unexpected text before game {number}: {text}").format(
                number=len(games) + 1, text=repr(_clip(text[pos:start].strip()))))
        game, pos = _parse_one(text, start + 2, len(games) + 1)
        games.append(game)
        if len(games) > MAX_GAMES:
            raise GGFError(_("more than {count} games in one file").format(count=MAX_GAMES))
    if text[pos:length].strip():
        raise GGFError(_("unexpected text after the last game: {text}").format(
            text=repr(_clip(text[pos:].strip()))))
    return games


def parse_game(text: str) -> GGFGame:
    """Exactly one game (NBoard's ``set game``)."""
    games = parse_games(text)
    if len(games) != 1:
        raise GGFError(_("expected one game, found {count}").format(count=len(games)))
    return games[0]


def _parse_one(text: str, pos: int, number: int) -> tuple[GGFGame, int]:
    game = GGFGame()
    where = _("game {number}").format(number=number)
    while True:
        stripped = text[pos:].lstrip()
        if stripped.startswith(";)"):
            pos = len(text) - len(stripped) + 2
            break
        match = _PROPERTY.match(text, pos)
        if match is None:
            if not stripped:
                raise GGFError(_("{where} does not end: the closing ;) is missing").format(
                    where=where))
            # Translators: KEY[value] is GGF's syntax, as written in the file.
            raise GGFError(_("{where}: cannot read {text}: properties are written "
                             "KEY[value]").format(where=where, text=repr(_clip(stripped))))
        key, value = match[1].upper(), _unescape(match[2])
        pos = match.end()
        if key in ("B", "W"):
            game.moves.append(_move(value, _("{where}, move {number}").format(
                where=where, number=len(game.moves) + 1)))
            game.colours.append(key)
        elif key == "BO":
            if game.moves:
                raise GGFError(_("{where}: the board BO comes after the first move").format(
                    where=where))
            game.board, game.turn = _board(value, where)
        elif key == "GM":
            if value.strip().lower() != "othello":
                raise GGFError(_("{where} is a game of {game}, not Othello").format(
                    where=where, game=repr(value.strip())))
        elif key == "TY":
            kind = value.strip()
            if kind != "8":
                raise GGFError(_("{where} is played on board type {kind}: only 8 (the "
                                 "standard 8x8 board) is supported").format(where=where,
                                                                           kind=repr(kind)))
        else:
            game.tags[key] = value
    return game, pos


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)


def _move(value: str, where: str) -> str:
    match = _MOVE.fullmatch(value.strip())
    if match is None:
        raise GGFError(_("{where}: {text} is not a square a1-h8 or PA").format(
            where=where, text=repr(_clip(value))))
    word = match[1].lower()
    return "PA" if word in ("pa", "pass") else word


def _board(value: str, where: str) -> tuple[str, int]:
    parts = value.split()
    if not parts or parts[0] != "8":
        raise GGFError(_("{where}: the board BO must start with its size 8").format(where=where))
    squares = "".join(parts[1:])
    if len(squares) != 65:
        raise GGFError(_("{where}: the board BO needs 64 squares and the side to move, "
                         "found {count} characters").format(where=where, count=len(squares)))
    board = squares[:64]
    if set(board) - set("*O-"):
        bad = sorted(set(board) - set("*O-"))[0]
        raise GGFError(_("{where}: the board BO holds {character}; use * (Black), O (White) "
                         "or - (empty)").format(where=where, character=repr(bad)))
    side = squares[64]
    if side not in "*O":
        raise GGFError(_("{where}: the side to move in BO must be * (Black) or O (White), "
                         "not {side}").format(where=where, side=repr(side)))
    return board.replace("*", "X"), 0 if side == "*" else 1


def _clip(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[:width] + "..."


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_game(game: GGFGame) -> str:
    """One game as GGF text on one line (``parse_game`` reads it back equal).

    >>> write_game(GGFGame(moves=["f5", "PA"], colours=["B", "W"]))[:18]
    '(;GM[Othello]TY[8]'
    """
    parts = ["(;GM[Othello]"]
    for key, value in game.tags.items():
        parts.append(f"{key}[{_escape(value)}]")
    parts.append("TY[8]")
    board = game.board.replace("X", "*")
    parts.append(f"BO[8 {board} {'*O'[game.turn]}]")
    colours = game.colours or []
    side = game.turn
    for index, move in enumerate(game.moves):
        colour = colours[index] if index < len(colours) else "BW"[side]
        parts.append(f"{colour}[{move}]")
        side = 1 if colour == "B" else 0
    parts.append(";)")
    return "".join(parts)


def replay(record: GGFGame) -> Any:
    """The ``Othello`` position at the end of ``record``, every move checked.

    A pass the file leaves out is filled in when it is forced; a move of the wrong
    colour otherwise, or an illegal one, raises ``GGFError`` naming the move.
    """
    from game.records import _strip_move_number
    from game.rules import PASS, Othello, RulesError


    try:
        game = Othello() if record.standard_start else Othello.from_board(record.board,
                                                                           record.turn)
    except RulesError as error:
        raise GGFError(str(error)) from None
    for number, (colour, text_move) in enumerate(zip(record.colours, record.moves), start=1):
        side = "BW".index(colour)
        if side != game.turn:
            if game.legal_moves() != [PASS]:
                names = [_(side) for side in game.side_names]
                raise GGFError(_("move {number} ({move}): it is {side}'s turn, not "
                                 "{other}'s").format(number=number, move=text_move,
                                                     side=names[game.turn],
                                                     other=names[side]))
            game.push(PASS)
        try:
            game.play_moves([game.parse_move(text_move)])
        except RulesError as error:
            reason = _strip_move_number(error)
            raise GGFError(_("move {number} ({move}): {reason}").format(
                number=number, move=text_move, reason=reason)) from None
    return game


def looks_like(text: str) -> bool:
    """Whether ``text`` starts like a GGF file (for loaders that sniff the content)."""
    return text.lstrip("\ufeff \t\r\n").startswith("(;")


# --- records ----------------------------------------------------------------------------

def read_record(text: str, *, name: str | None = None, default_players: Any = None) -> Any:
    """A validated ``GameRecord`` of the first game in a GGF file.

    A file of several games opens its first; the record's ``note`` says how many there
    are. Raises ``RecordError`` (one sentence naming the file, ``name``: "the game file"
    when ``None``) on any problem.
    """
    from game.records import (
        RecordError,
        file_label,
        player_names,
        record_from_game,
        standard_players,
    )
    name = file_label(name)
    try:
        games = parse_games(text)
        game = replay(games[0])
    except GGFError as error:
        raise RecordError(_("{file}: {error}").format(file=name, error=error)) from None
    first = games[0]
    players = default_players or standard_players()
    if "PB" in first.tags and "PW" in first.tags:
        players = [_player_entry(first.tags["PB"], players[0]),
                   _player_entry(first.tags["PW"], players[1])]
    record = record_from_game(game, players)
    record.names = player_names([_own_name(first.tags.get(tag)) for tag in ("PB", "PW")])
    if len(games) > 1:
        record.note = ngettext("{file} holds {count} game; this is the first",
                               "{file} holds {count} games; this is the first",
                               len(games)).format(file=name, count=len(games))
    return record


def write_record(record: Any) -> str:
    """One GGF game for an Othello ``GameRecord`` (set-up start and passes included)."""
    from game.records import RecordError, record_to_game, start_of

    if record.game != "othello":
        raise RecordError(_("a GGF file holds Othello games, not {game}").format(
            game=record.game))
    game = record_to_game(record)
    start = start_of(game)
    replay = game.copy()
    moves = list(replay.move_stack)
    while replay.move_stack:
        replay.pop()
    colours = []
    for move in moves:
        colours.append("BW"[replay.turn])
        replay.push(move)
    names = record.names or [None, None]
    tags = {"PC": raw("Plies"), "PB": names[0] or _player_name(record.players[0]),
            "PW": names[1] or _player_name(record.players[1]), "RE": _result(record)}
    ggf = GGFGame(START_BOARD if start is None else start["board"],
                  0 if start is None else start["turn"],
                  [game.move_name(m) for m in moves], colours, tags)
    return write_game(ggf) + "\n"


_PLIES_PLAYER = re.compile(raw(r"Plies level (\d{1,2})"))


def _player_entry(name: str, default: Player) -> Player:
    """``PB``/``PW`` as Plies writes them back into players; others: ``default``."""
    match = _PLIES_PLAYER.fullmatch(name.strip())
    if match and is_level(int(match[1])):
        return Computer(int(match[1]), "default")
    return Human() if name.strip() == "human" else default


def _own_name(name: str | None) -> str | None:
    """A ``PB``/``PW`` name worth showing: not the words Plies writes for its own
    players (``human``, ``Plies level 4``), which become player entries instead."""
    if name is None or name.strip() == "human" or _PLIES_PLAYER.fullmatch(name.strip()):
        return None
    return name


def _player_name(player: Player) -> str:
    """How ``PB``/``PW`` name a player: ``human``, ``Plies level 4``, an engine's name."""
    if isinstance(player, Engine):
        return player.name
    if isinstance(player, Computer):
        return raw(f"Plies level {player.level if player.level is not None else '?'}")
    return "human"


def _result(record: Any) -> str:
    """GGF's ``RE``: Black's final disc margin (``+12.000``), ``?`` while the game runs."""
    if record.result is None:
        return "?"
    return f"{record.result.get('margin', 0):+d}.000"


__all__ = ["GGFError", "GGFGame", "MAX_GAMES", "START_BOARD", "looks_like", "parse_game",
           "parse_games", "read_record", "replay", "write_game", "write_record"]
