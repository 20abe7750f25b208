"""Who plays a side: a person, Plies' own search at a level, or an outside engine.

One immutable value per player, one parser for the specs people type, and one JSON
form for files (records, settings)::

    Human()                                   {"type": "human"}
    Computer(level=5, evaluator="naive")      {"type": "computer", "level": 5, "eval": "naive"}
    Engine("embryo", "pbrain", "./embryo")    {"type": "engine", "name": "embryo",
                                               "protocol": "pbrain"}

A new kind of player is a new class here (its spec words, its JSON form, its
``describe``); the rest of Plies asks ``is_computer``/``is_engine`` and the methods.

An engine's *command line* is never part of its JSON form: a game file must not make
Plies run a program (only the settings and the command line name one), so a record
keeps the engine's name and protocol, and the tally counts games against that name.
An engine is never a Plies level: nothing here turns one into the other.

>>> parse_spec("level=5,eval=naive")
Computer(level=5, evaluator='naive')
>>> parse_spec('time=2,engine="pbrain-embryo --quiet"').name
'Embryo'
>>> from_json({"type": "computer", "level": 3}).to_json()
{'type': 'computer', 'level': 3, 'eval': 'default'}
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from ai.levels import DEFAULT_LEVEL, check_level, is_level, level_range
from game.protocols import NAMES as PROTOCOL_NAMES
from game.protocols import default_protocol, game_names
from game.i18n import _

if TYPE_CHECKING:
    from ai.search import Limits

DEFAULT_EVAL = "default"
"""The evaluator a computer player uses when a file names none."""
MAX_NODES = 10**12
"""Largest ``nodes=`` budget a spec accepts (days of search)."""
MAX_DEPTH = 64
"""Deepest ``depth=`` a spec accepts."""
MAX_NAME = 60
"""Longest engine name kept (a name from a file or an engine's own answer)."""
MAX_COMMAND = 500
"""Longest engine command line accepted."""
_INTERPRETERS = re.compile(r"(python[\d.]*|pypy[\d.]*|java|wine|mono|node|sh|bash|env)"
                           r"(\.exe)?", re.IGNORECASE)
"""Programs that run the engine rather than being it: the name is the next word."""
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=.*")
"""``NAME=VALUE``: what ``env`` sets before the program it runs."""


class PlayerError(ValueError):
    """A player spec or entry that cannot be used; the message is one sentence."""


@dataclasses.dataclass(frozen=True)
class Human:
    """A person at the board."""

    is_computer = False
    is_engine = False

    def to_json(self) -> dict[str, Any]:
        return {"type": "human"}

    def describe(self) -> str:
        """``"human"``, in the reader's language."""
        return _("human")


@dataclasses.dataclass(frozen=True)
class Computer:
    """Plies' own search: a level (``ai.levels``) and an evaluator, and optionally
    limits that override the level's (``plies match``: ``depth=6,time=1.5``).

    ``level`` is ``None`` only for a match player given by its limits alone; such a
    player's JSON form names no level (old readers take it for the default level).
    ``evaluator`` is a preset or a user evaluator's *name*; ``None`` means the
    level's own (``ai.levels.Level.evaluator``).
    """

    level: int | None = DEFAULT_LEVEL
    evaluator: str | None = None
    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    randomness: float | None = None
    """The levels' randomness, in evaluator units (``random=0.5``)."""
    solver: bool | None = None
    vct: bool | None = None

    is_computer = True
    is_engine = False

    def __repr__(self) -> str:
        fields = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                  if getattr(self, f.name) != f.default or f.name == "level"]
        return f"Computer({', '.join(fields)})"

    def evaluator_name(self, game_name: str) -> str:
        """The evaluator this player uses: its own, else its level's, else ``default``."""
        if self.evaluator is not None:
            return self.evaluator
        if self.level is None or not game_name:
            return DEFAULT_EVAL
        from ai.levels import level_evaluator

        return level_evaluator(game_name, self.level)

    def limits(self, game_name: str, unit: int = 100) -> Limits:
        """The search limits of this player in ``game_name`` (``unit``: the evaluator's)."""
        from ai.levels import level
        from ai.search import Limits

        noise = None if self.randomness is None else round(self.randomness * unit)
        if self.level is None:
            return Limits(depth=self.depth, seconds=self.seconds, nodes=self.nodes,
                          randomness=noise or 0, use_solver=self.solver is not False,
                          threats=self.vct is True)
        base = level(game_name, self.level).limits(unit)
        return dataclasses.replace(
            base,
            depth=self.depth if self.depth is not None else base.depth,
            seconds=self.seconds if self.seconds is not None else base.seconds,
            nodes=self.nodes,
            randomness=base.randomness if noise is None else noise,
            use_solver=base.use_solver if self.solver is None else self.solver,
            threats=base.threats if self.vct is None else self.vct)

    def for_file(self, game_name: str) -> Computer:
        """This player as a file may hold it: the evaluator resolved to a name (a
        weights file given by its path becomes its stem, or ``custom``)."""
        name = self.evaluator_name(game_name)
        if not is_evaluator_name(name):
            stem = os.path.splitext(os.path.basename(name))[0]
            name = stem if is_evaluator_name(stem) else "custom"
        return dataclasses.replace(self, evaluator=name)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": "computer"}
        if self.level is not None:
            entry["level"] = self.level
        entry["eval"] = self.evaluator or DEFAULT_EVAL
        for key in ("depth", "seconds", "nodes"):
            if getattr(self, key) is not None:
                entry[key] = getattr(self, key)
        return entry

    def describe(self) -> str:
        """``"computer level 5"``, ``"computer level 5 (naive)"``, ``"computer depth 6"``,
        in the reader's language."""
        if self.level is not None:
            text = _("computer level {level}").format(level=self.level)
        elif self.depth is not None:
            text = _("computer depth {depth}").format(depth=self.depth)
        else:
            # Translators: a computer player given a time or node budget, no level.
            text = _("computer own limits")
        evaluator = self.evaluator or DEFAULT_EVAL
        if evaluator == DEFAULT_EVAL:
            return text
        # Translators: {player} is "computer level 5", {evaluator} the evaluator's name.
        return _("{player} ({evaluator})").format(player=text, evaluator=evaluator)


@dataclasses.dataclass(frozen=True)
class Engine:
    """An outside program that plays over a protocol (``game.engines.external``).

    ``name`` is what files, the tally and the window call it; ``command`` the line
    that starts it, which only the settings and the command line give (``""`` for an
    engine read from a game file). ``seconds`` is its time per move, ``depth`` the
    depth an NBoard engine is told.
    """

    name: str
    protocol: str
    command: str = ""
    seconds: float | None = None
    depth: int | None = None

    is_computer = True
    is_engine = True

    def to_json(self) -> dict[str, Any]:
        return {"type": "engine", "name": self.name, "protocol": self.protocol}

    def describe(self) -> str:
        """``"engine NAME"``, in the reader's language."""
        return _("engine {name}").format(name=self.name)


Player: TypeAlias = Human | Computer | Engine
"""One side's player."""


def standard_players() -> tuple[Player, Player]:
    """A person (side 0) against the computer at the default level (side 1)."""
    return (Human(), Computer(DEFAULT_LEVEL, DEFAULT_EVAL))


# untranslated: engines' names, kept in records and the tally
_KNOWN_ENGINES = (("gtp-rhino", "GRhino"), ("edax", "Edax"), ("lEdax", "Edax"))
"""Program names of engines people install, and what they are called (``lEdax``: a
prefix, as Edax's builds are named ``lEdax-ARCH``)."""


def engine_name(command: str) -> str:
    """How the window, records, the tally and match results name the engine ``command``
    starts — never the command line itself: a known engine by its name and ``-l`` level,
    Plies' own engine as "Plies level N", a Gomocup ``pbrain-NAME`` as "Name", anything
    else by its program's file name without folder or extension, past an interpreter.

    >>> engine_name("/usr/games/gtp-rhino -l 3"), engine_name("lEdax-x64 -nboard -l 10")
    ('GRhino level 3', 'Edax level 10')
    >>> engine_name("/opt/pbrain-rapfi"), engine_name("./my-engine --fast"), engine_name("'")
    ('Rapfi', 'my-engine', "'")
    >>> engine_name("python3 -u my_brain.py 2"), engine_name("/opt/edax/bin/edax.exe -q")
    ('my_brain', 'Edax')
    >>> engine_name("python3 -m game engine othello --protocol gtp --level 4")
    'Plies level 4'
    """
    try:
        argv = shlex.split(command)
    except ValueError:
        argv = command.split()
    if not argv:
        return "engine"
    program = os.path.splitext(os.path.basename(argv[0]))[0] or argv[0]
    level = next((argv[i + 1] for i in range(len(argv) - 1)
                  if argv[i] in ("-l", "-level", "--level")
                  and argv[i + 1].isdigit() and len(argv[i + 1]) <= 3), None)
    if "engine" in argv and (program in ("plies", "pbrain-plies") or argv[1:3] == ["-m", "game"]):
        # untranslated: an engine's name, kept in records and the tally
        return f"Plies level {level}" if level else "Plies"  # ``plies engine GAME``
    for known, name in _KNOWN_ENGINES:
        if program == known or known == "lEdax" and program.startswith(known):
            return f"{name} level {level}" if level else name
    if program.startswith("pbrain-") and len(program) > len("pbrain-"):
        return clean_name(program.removeprefix("pbrain-").capitalize())
    words = [w for w in argv if not w.startswith("-")] or argv
    # ``python3 brain.py`` is ``brain``, ``env X=1 python3 brain.py`` too.
    while len(words) > 1 and (_INTERPRETERS.fullmatch(os.path.basename(words[0]))
                              or _ASSIGNMENT.fullmatch(words[0])):
        words = words[1:]
    stem = os.path.splitext(os.path.basename(words[0]))[0] or "engine"
    return clean_name(stem)


def clean_name(text: str) -> str:
    r"""``text`` as an engine name: printable, one space between words, at most
    ``MAX_NAME`` characters. Every name Plies gives an engine goes through it, and a
    file's engine name is taken when it is already in this form (``is_engine_name``), so
    a name Plies wrote is a name it reads back (``R&D``, ``brain!``).

    >>> clean_name("  R&D\tlabs "), clean_name("brain!"), clean_name("\x1b")
    ('R&D labs', 'brain!', 'engine')
    """
    text = "".join(ch for ch in " ".join(str(text).split()) if ch.isprintable())
    return text[:MAX_NAME].strip() or "engine"


def is_engine_name(text: object) -> bool:
    r"""Whether a file's engine name is one ``clean_name`` gives: printable, at most
    ``MAX_NAME`` characters, single spaces, not blank.

    >>> is_engine_name("R&D"), is_engine_name("X=1"), is_engine_name(""), is_engine_name("a\nb")
    (True, True, False, False)
    """
    return isinstance(text, str) and bool(text.strip()) and len(text) <= MAX_NAME \
        and clean_name(text) == text


def engine(game_name: str, command: str, *, name: str | None = None,
           seconds: float | None = None, depth: int | None = None,
           protocol: str | None = None) -> Engine:
    """The outside engine ``command`` as a player of ``game_name``, speaking
    ``protocol`` (default the game's, ``game.protocols``).

    Raises:
        PlayerError: no protocol for the game, an unknown protocol, or an empty or
        overlong command.
    """
    default = default_protocol(game_name)
    if default is None:
        # Translators: {games} are game names as typed, "gomoku or othello".
        raise PlayerError(_("outside engines play {games}, not {game}").format(
            games=_(" or ").join(game_names()), game=game_name))
    if protocol is not None and protocol not in PROTOCOL_NAMES:
        raise PlayerError(_("an engine's protocol is one of {protocols}, not "
                            "{protocol}").format(protocols=", ".join(PROTOCOL_NAMES),
                                                 protocol=repr(protocol)))
    command = command.strip()
    if not command or len(command) > MAX_COMMAND or not command.isprintable():
        raise PlayerError(_("an engine needs a command line of at most {length} printable "
                            "characters").format(length=MAX_COMMAND))
    return Engine(clean_name(name) if name else engine_name(command),
                  protocol or default, command, seconds, depth)


# --- specs: what people type -------------------------------------------------------------

_SPEC_WORDS = ("level", "eval", "depth", "time", "nodes", "random", "solver", "vct",
               "name", "protocol", "engine")


def parse_spec(text: str, game_name: str = "") -> Player:
    """A player from a spec: ``human``, ``level=5``, ``level=5,eval=naive``,
    ``depth=6,time=1.5,nodes=N,random=0.5,solver=off,vct=on``, or an outside engine
    ``time=2,name=NAME,protocol=P,engine="CMD ARGS"`` (``engine=`` comes last and takes
    the rest, since a command line may hold commas; ``protocol`` defaults to the
    game's, ``game.protocols``). Each key may be given once.

    ``game_name`` gives an engine its protocol; without it the protocol is left
    empty for the caller to fill in (``with_protocol``).

    Raises:
        PlayerError: one sentence quoting the spec.
    """
    spec = text.strip()
    if spec.lower() == "human":
        return Human()
    fields: dict[str, str] = {}
    head, marker, command = spec.partition("engine=")
    if marker and (not head or head.endswith(",")):
        command = command.strip()
        if len(command) >= 2 and command[0] == command[-1] and command[0] in "\"'":
            command = command[1:-1]
        if not command.strip():
            raise PlayerError(_("player spec {spec}: engine= needs a command").format(
                spec=repr(text)))
        fields["engine"] = command
        spec = head
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, _sep, value = part.partition("=")
        key = key.strip().lower()
        if key not in _SPEC_WORDS or key == "engine" or not value.strip():
            raise PlayerError(_("player spec {spec}: write name=value pairs with names "
                                "{names}, or 'human'").format(spec=repr(text),
                                                              names=", ".join(_SPEC_WORDS)))
        if key in fields:
            raise PlayerError(_("player spec {spec}: {key} is given twice").format(
                spec=repr(text), key=key))
        fields[key] = value.strip()
    return _from_fields(text, fields, game_name)


def _number(text: str, key: str, value: str, kind: type, low: float, high: float) -> Any:
    try:
        number = kind(value)
    except ValueError:
        number = None
    # The bounds first: math.isfinite of a 400-digit int raises OverflowError.
    if number is None or not low <= number <= high or not math.isfinite(number):
        out_of_range = (
            _("player spec {spec}: {key} must be a whole number from {low} to {high}, "
              "not {value}") if kind is int else
            _("player spec {spec}: {key} must be a number from {low} to {high}, not {value}"))
        raise PlayerError(out_of_range.format(spec=repr(text), key=key, low=f"{low:g}",
                                              high=f"{high:g}", value=repr(value[:20])))
    return number


def _on_off(text: str, key: str, value: str) -> bool:
    if value.lower() not in ("on", "off"):
        raise PlayerError(_("player spec {spec}: {key} must be on or off").format(
            spec=repr(text), key=key))
    return value.lower() == "on"


def _from_fields(text: str, fields: dict[str, str], game_name: str) -> Player:
    seconds = _number(text, "time", fields["time"], float, 0.001, 86_400) \
        if "time" in fields else None
    depth = _number(text, "depth", fields["depth"], int, 1, MAX_DEPTH) \
        if "depth" in fields else None
    if "engine" in fields:
        extra = set(fields) - {"engine", "time", "depth", "name", "protocol"}
        if extra:
            raise PlayerError(_("player spec {spec}: an engine takes time, depth, name "
                                "and protocol, not {keys}").format(
                                    spec=repr(text), keys=", ".join(sorted(extra))))
        protocol = fields.get("protocol", default_protocol(game_name) or "").lower()
        if "protocol" in fields and protocol not in PROTOCOL_NAMES:
            raise PlayerError(_("player spec {spec}: protocol must be one of "
                                "{protocols}").format(spec=repr(text),
                                                      protocols=", ".join(PROTOCOL_NAMES)))
        command = fields["engine"].strip()
        if len(command) > MAX_COMMAND or not command.isprintable():
            raise PlayerError(_("player spec {spec}: the engine's command line must be "
                                "at most {length} printable characters").format(
                                    spec=repr(text), length=MAX_COMMAND))
        name = clean_name(fields["name"]) if "name" in fields else engine_name(command)
        return Engine(name, protocol, command, seconds, depth)
    if "name" in fields or "protocol" in fields:
        raise PlayerError(_("player spec {spec}: name= and protocol= belong to an "
                            "outside engine (engine=\"CMD\")").format(spec=repr(text)))
    level = None
    if "level" in fields:
        try:
            level = check_level(fields["level"])
        except ValueError as error:
            raise PlayerError(_("player spec {spec}: {error}").format(
                spec=repr(text), error=error)) from None
    evaluator = fields.get("eval")
    nodes = _number(text, "nodes", fields["nodes"], int, 1, MAX_NODES) \
        if "nodes" in fields else None
    randomness = _number(text, "random", fields["random"], float, 0, 100) \
        if "random" in fields else None
    solver = _on_off(text, "solver", fields["solver"]) if "solver" in fields else None
    vct = _on_off(text, "vct", fields["vct"]) if "vct" in fields else None
    if evaluator is not None and level is None and depth is None and seconds is None \
            and nodes is None:
        level = DEFAULT_LEVEL  # eval=NAME alone: the default level with that evaluator
    if level is None and depth is None and seconds is None and nodes is None:
        raise PlayerError(_("player spec {spec} needs a level, depth, time or nodes").format(
            spec=repr(text)))
    if vct and level is None and seconds is None and nodes is None:
        raise PlayerError(_("player spec {spec}: vct=on needs a time or nodes").format(
            spec=repr(text)))
    return Computer(level, evaluator, depth, seconds, nodes, randomness, solver, vct)


def with_protocol(player: Player, game_name: str) -> Player:
    """``player`` with its engine protocol set for ``game_name`` (others unchanged).

    Raises:
        PlayerError: an engine in a game no engine protocol plays.
    """
    if not isinstance(player, Engine) or player.protocol:
        return player
    default = default_protocol(game_name)
    if default is None:
        raise PlayerError(_("outside engines play {games} (Gomocup protocol, NBoard), "
                            "not {game}").format(games=_(" or ").join(game_names()),
                                                 game=game_name))
    return dataclasses.replace(player, protocol=default)


# --- JSON: what files hold ------------------------------------------------------------------


def from_json(entry: Any, where: str | None = None) -> Player:
    """A player from its JSON form (records, settings); ``where`` starts the message,
    in the reader's language (the caller translates it; ``None``: "the player").

    A computer entry without ``level`` (old files, ``plies match`` by depth) is the
    default level unless it names a ``depth``; without ``eval`` it is ``default``.
    The evaluator must be a *name*, never a path: a game file from anywhere must not
    make Plies open another file. An engine entry never holds a command.

    Raises:
        PlayerError: one sentence.
    """
    if where is None:
        where = _("the player")
    if isinstance(entry, Human | Computer | Engine):
        from_json(entry.to_json(), where)  # the same checks as a file's entry
        return entry
    if not isinstance(entry, Mapping):
        # Translators: {where} is "the player" or "the players, player 2,"; {kind} says
        # what the file holds instead ("the text 'x'", "a list").
        raise PlayerError(_("{where} must be a human, computer or engine entry, "
                            "not {kind}").format(where=where, kind=_kind(entry)))
    kind = entry.get("type")
    if kind == "human":
        return Human()
    if kind == "engine":
        name, protocol = entry.get("name"), entry.get("protocol")
        if not isinstance(name, str) or not is_engine_name(name.strip()):
            raise PlayerError(_("{where} names an engine without a usable name (printable "
                                "characters, at most {length})").format(
                                    where=where, length=MAX_NAME))
        if protocol not in PROTOCOL_NAMES:
            raise PlayerError(_("{where} has the protocol {protocol}; Plies speaks "
                                "{protocols}").format(where=where, protocol=_show(protocol),
                                                      protocols=", ".join(PROTOCOL_NAMES)))
        return Engine(clean_name(name), protocol)
    if kind != "computer":
        raise PlayerError(_("{where} must have type 'human', 'computer' or 'engine', "
                            "not {kind}").format(where=where, kind=_show(kind)))
    depth = entry.get("depth")
    if depth is not None and not (_is_int(depth) and 1 <= depth <= MAX_DEPTH):
        raise PlayerError(_("{where} has depth {depth}; depths go from 1 "
                            "to {deepest}").format(where=where, depth=_show(depth),
                                                   deepest=MAX_DEPTH))
    level = entry.get("level", DEFAULT_LEVEL if depth is None else None)
    if level is not None and not is_level(level):
        # Translators: {levels} is a range of levels, "1 to 10".
        raise PlayerError(_("{where} has level {level}; levels go from "
                            "{levels}").format(where=where, level=_show(level),
                                               levels=level_range()))
    evaluator = entry.get("eval", DEFAULT_EVAL)
    if evaluator is None:
        evaluator = DEFAULT_EVAL
    if not is_evaluator_name(evaluator):
        raise PlayerError(_("{where} names the evaluator {evaluator}, but a game "
                            "file may only name a built-in evaluator or one kept in Plies' "
                            "evaluators folder (letters, digits, _ and -)").format(
                                where=where, evaluator=_show(evaluator)))
    seconds, nodes = entry.get("seconds"), entry.get("nodes")
    if seconds is not None and not (isinstance(seconds, int | float)
                                    and not isinstance(seconds, bool) and 0 < seconds < 1e6):
        seconds = None  # a budget is only information for a reader: a bad one is dropped
    if nodes is not None and not (_is_int(nodes) and 0 < nodes <= MAX_NODES):
        nodes = None
    return Computer(level, evaluator, depth, seconds, nodes)


def pair_from_json(players: Any, where: str | None = None) -> tuple[Player, Player]:
    """Two players, side 0 first, from a JSON list; ``where`` as for :func:`from_json`
    (``None``: "the players").

    Raises:
        PlayerError: not a list of two valid entries.
    """
    if where is None:
        where = _("the players")
    if not isinstance(players, Sequence) or isinstance(players, str | bytes) \
            or len(players) != 2:
        raise PlayerError(_("{where} must list exactly two players, side 0 first").format(
            where=where))
    # Translators: {where} is "the players"; this starts a sentence about one of them.
    first, second = (from_json(entry, _("{where}, player {number},").format(
                         where=where.rstrip(":"), number=side + 1))
                     for side, entry in enumerate(players))
    return first, second


def is_evaluator_name(text: object) -> bool:
    """``ai.evaluators.is_evaluator_name`` (imported when asked: not at start-up)."""
    from ai.evaluators import is_evaluator_name as check

    return check(text)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…" + text[-3:]


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return _("the text {text}").format(text=_show(value))
    if isinstance(value, bool | int | float):
        return _("the value {value}").format(value=_show(value))
    if isinstance(value, list | tuple):
        return _("a list")
    # Translators: {type} is a Python type's name, "dict".
    return _("a {type}").format(type=type(value).__name__)


__all__ = [  # untranslated: identifiers
    "DEFAULT_EVAL", "PROTOCOL_NAMES", "Computer", "Engine", "Human", "Player",
    "PlayerError", "clean_name", "engine", "engine_name", "from_json", "is_engine_name",
    "pair_from_json",
    "parse_spec", "standard_players", "with_protocol",
]
