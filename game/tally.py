"""The tally of a person's results against the computer, per game and level.

Kept in ``config_dir()/results.json``::

    {"format": "plies-results", "version": 1,
     "games": {"othello": {"4": [2, 0, 3]}, "connect4": {"1": [5, 1, 0]}}}

where each entry is ``[wins, draws, losses]`` of the person against the computer at
that level. Games against an outside engine count against that engine's name, never a
level: ``"engines": {"gomoku": {"pbrain-embryo": [1, 0, 2]}}`` (a file without it
is a tally of levels only, as before). A game counts when it ends in a window game of
one person against the computer. Loading checks every value: a damaged or foreign file is ignored entry by
entry (never a crash), and writing goes through a temporary file renamed into place.

>>> t = Tally()
>>> t.add("othello", 4, "win"); t.add("othello", 4, "loss"); t.add("othello", 2, "win")
>>> t.get("othello", 4), t.total("othello")
((1, 0, 1), (2, 0, 1))
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from ai.levels import LEVEL_NUMBERS
from game.files import atomic_write_text, read_text
from game.players import MAX_NAME, Computer, Engine, Player, clean_name
from game.rules import GAMES
from game.settings import config_dir

log = logging.getLogger(__name__)

FORMAT = "plies-results"
VERSION = 1
FILE_NAME = "results.json"
MAX_FILE_BYTES = 64_000
MAX_COUNT = 10**9
MAX_ENGINES = 100
"""Engines kept per game (the file stays small whatever a person plays against)."""
RESULTS = ("win", "draw", "loss")
"""A result from the person's point of view; its index is its place in an entry."""


class Tally:
    """Wins, draws and losses against the computer by game and level."""

    def __init__(self, counts: dict[str, dict[int, list[int]]] | None = None,
                 engines: dict[str, dict[str, list[int]]] | None = None) -> None:
        self.counts: dict[str, dict[int, list[int]]] = counts or {}
        self.engines: dict[str, dict[str, list[int]]] = engines or {}
        """``{game: {engine name: [wins, draws, losses]}}``."""

    def add_game(self, game: str, opponent: Player, result: str) -> None:
        """Count one ``result`` against ``opponent``: a level, or an engine by name."""
        if isinstance(opponent, Engine):
            self.add_engine(game, opponent.name, result)
        elif isinstance(opponent, Computer) and opponent.level is not None:
            self.add(game, opponent.level, result)
        else:
            # untranslated: the window catches it (a computer without a level is not counted)
            raise ValueError(f"no tally against {opponent.describe()}")

    def add_engine(self, game: str, name: str, result: str) -> None:
        """Count one ``result`` against the outside engine ``name``."""
        name = clean_name(name)
        if game not in GAMES or result not in RESULTS:
            # untranslated: an internal invariant (the window passes known games and results)
            raise ValueError(f"no tally for {game!r} engine {name!r} result {result!r}")
        table = self.engines.setdefault(game, {})
        if name not in table and len(table) >= MAX_ENGINES:
            # untranslated: the window catches it and simply does not count the game
            raise ValueError(f"the tally keeps at most {MAX_ENGINES} engines per game")
        entry = table.setdefault(name, [0, 0, 0])
        entry[RESULTS.index(result)] = min(MAX_COUNT, entry[RESULTS.index(result)] + 1)

    def get_engine(self, game: str, name: str) -> tuple[int, int, int]:
        """``(wins, draws, losses)`` against the engine ``name`` in ``game``."""
        return tuple(self.engines.get(game, {}).get(name, (0, 0, 0)))  # type: ignore[return-value]

    def add(self, game: str, level: int, result: str) -> None:
        """Count one ``result`` (``"win"``, ``"draw"`` or ``"loss"``) at ``level``."""
        if game not in GAMES or level not in LEVEL_NUMBERS or result not in RESULTS:
            # untranslated: an internal invariant (the window passes known games and results)
            raise ValueError(f"no tally for {game!r} level {level!r} result {result!r}")
        entry = self.counts.setdefault(game, {}).setdefault(level, [0, 0, 0])
        entry[RESULTS.index(result)] = min(MAX_COUNT, entry[RESULTS.index(result)] + 1)

    def get(self, game: str, level: int) -> tuple[int, int, int]:
        """``(wins, draws, losses)`` at ``level`` of ``game``."""
        return tuple(self.counts.get(game, {}).get(level, (0, 0, 0)))  # type: ignore[return-value]

    def total(self, game: str) -> tuple[int, int, int]:
        """``(wins, draws, losses)`` of ``game`` over every level."""
        entries = self.counts.get(game, {}).values()
        return tuple(sum(e[i] for e in entries) for i in range(3))  # type: ignore[return-value]

    def is_empty(self) -> bool:
        return not any(sum(e) for table in (self.counts, self.engines)
                       for levels in table.values() for e in levels.values())

    def clear(self) -> None:
        self.counts = {}
        self.engines = {}

    def to_dict(self) -> dict[str, Any]:
        games = {game: {str(level): list(entry) for level, entry in sorted(levels.items())
                        if sum(entry)}
                 for game, levels in sorted(self.counts.items())}
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                                "games": {g: levels for g, levels in games.items() if levels}}
        engines = {game: {name: list(entry) for name, entry in sorted(table.items())
                          if sum(entry)}
                   for game, table in sorted(self.engines.items())}
        if any(engines.values()):
            data["engines"] = {g: table for g, table in engines.items() if table}
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Tally:
        """A tally from plain data; anything malformed is left out (and logged)."""
        tally = cls()
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or data.get("version") != VERSION or not isinstance(data.get("games"), dict):
            log.warning("the results file is not a Plies results file; starting afresh")
            return tally
        for game, levels in data["games"].items():
            if game not in GAMES or not isinstance(levels, dict):
                log.warning("results: ignoring the entry %r", game)
                continue
            for key, entry in levels.items():
                level = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 3 \
                    else None
                if level is None or level not in LEVEL_NUMBERS or not _is_entry(entry):
                    log.warning("results: ignoring %s level %r", game, key)
                    continue
                tally.counts.setdefault(game, {})[level] = list(entry)
        engines = data.get("engines", {})
        for game, table in engines.items() if isinstance(engines, dict) else ():
            if game not in GAMES or not isinstance(table, dict):
                log.warning("results: ignoring the engines of %r", game)
                continue
            for name, entry in list(table.items())[:MAX_ENGINES]:
                if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
                        or not _is_entry(entry):
                    log.warning("results: ignoring %s engine %r", game, name)
                    continue
                tally.engines.setdefault(game, {})[clean_name(name)] = list(entry)
        return tally


def _is_entry(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT
                    for n in value))


def tally_path() -> Path:
    """``config_dir()/results.json``."""
    return config_dir() / FILE_NAME


def load_tally(path: Path | None = None) -> Tally:
    """The saved tally (empty when there is none or it cannot be read); never raises."""
    try:
        path = tally_path() if path is None else Path(path)
        if not path.exists() and not path.is_symlink():
            return Tally()
        # game.files: a regular file (Plies writes it itself, never as a link), at most
        # MAX_FILE_BYTES, UTF-8; its FileError is a ValueError, caught below.
        # untranslated: the FileError is only logged, below
        data = json.loads(read_text(path, limit=MAX_FILE_BYTES, what="results file",
                                    follow_links=False))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        log.warning("unreadable results file, starting afresh: %s", error)
        return Tally()
    return Tally.from_dict(data)


def save_tally(tally: Tally, path: Path | None = None) -> bool:
    """Write the tally atomically; ``False`` (logged) when it cannot be written."""
    try:
        path = tally_path() if path is None else Path(path)
        atomic_write_text(path, json.dumps(tally.to_dict(), indent=1) + "\n")
    except OSError as error:
        log.warning("the results could not be saved: %s", error)
        return False
    return True


def record_result(game: str, opponent: Player | int, result: str,
                  path: Path | None = None) -> Tally:
    """Load, count one result against ``opponent`` (a player, or a level), save;
    returns the new tally."""
    tally = load_tally(path)
    if isinstance(opponent, int):
        tally.add(game, opponent, result)
    else:
        tally.add_game(game, opponent, result)
    save_tally(tally, path)
    return tally


__all__ = [  # untranslated: identifiers
    "RESULTS", "Tally", "load_tally", "record_result", "save_tally", "tally_path"]
