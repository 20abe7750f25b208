"""The engine protocols Plies speaks: one table, read by everything else.

Each protocol has its name as people type it (``protocol=gtp``, ``--protocol gtp``, a
file's engine entry), its label (menus, help), the games it plays, the games it is the
default for, the player class that speaks it to an outside engine (``plies match``, the
window) and the module that makes Plies an engine speaking it (``plies engine``).
Adding a protocol is one row here and its two modules.

The client class and the server module are named, not imported: ``game.players``
reads this table, and the engines' modules read ``game.players`` (a game record names
its players), so an import here would close a circle. They are imported when asked for
(``client_class``, ``main``), and ``tests/engines/test_protocols.py`` imports every one.

>>> [p.name for p in PROTOCOLS]
['pbrain', 'nboard', 'gtp']
>>> default_protocol("othello"), [p.name for p in for_game("othello")]
('nboard', ['nboard', 'gtp'])
>>> protocol("gtp").label, game_names()
('GTP', ('gomoku', 'othello'))
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from game.engines.external import ExternalPlayer


@dataclasses.dataclass(frozen=True)
class Protocol:
    """One engine protocol.

    Attributes:
        name: as typed (``pbrain``, ``nboard``, ``gtp``) and kept in files.
        label: as shown (``Gomocup``, ``NBoard``, ``GTP``): a proper name, untranslated.
        games: the games Plies plays over it.
        default_for: the games whose engines speak it unless told otherwise.
        client: ``MODULE:CLASS`` of the ``ExternalPlayer`` that speaks it to an outside
            engine.
        server: the module whose ``main(stdin, stdout, level)`` makes Plies an engine
            speaking it.
    """

    name: str
    label: str
    games: tuple[str, ...]
    default_for: tuple[str, ...]
    client: str
    server: str

    def client_class(self) -> type[ExternalPlayer]:
        """The player class that speaks this protocol to an outside engine."""
        module, _, name = self.client.partition(":")
        player: type[ExternalPlayer] = getattr(importlib.import_module(module), name)
        return player

    def server_module(self) -> ModuleType:
        """The module that makes Plies an engine speaking this protocol."""
        return importlib.import_module(self.server)

    def main(self, stdin: Iterable[str], stdout: TextIO, level: int) -> int:
        """Speak this protocol as Plies' engine until the manager ends the session."""
        code: int = self.server_module().main(stdin, stdout, level)
        return code


# untranslated: the protocols' names and labels are proper names, the rest code's names
PROTOCOLS = (
    Protocol("pbrain", "Gomocup", ("gomoku",), ("gomoku",),
             "game.engines.external:PbrainPlayer", "game.engines.pbrain"),
    Protocol("nboard", "NBoard", ("othello",), ("othello",),
             "game.engines.external:NBoardPlayer", "game.engines.nboard"),
    Protocol("gtp", "GTP", ("othello",), (),
             "game.engines.gtp:GtpPlayer", "game.engines.gtp"),
)
"""Every protocol, in the order help texts list them."""

NAMES: tuple[str, ...] = tuple(p.name for p in PROTOCOLS)
"""Every protocol's name, as typed."""


def protocol(name: str) -> Protocol:
    """The protocol called ``name``; ``KeyError`` for another word."""
    for entry in PROTOCOLS:
        if entry.name == name:
            return entry
    raise KeyError(name)


def for_game(game_name: str) -> tuple[Protocol, ...]:
    """The protocols of ``game_name``'s engines, its default first (none: no engines)."""
    playing = [p for p in PROTOCOLS if game_name in p.games]
    return tuple(sorted(playing, key=lambda p: game_name not in p.default_for))


def default_protocol(game_name: str) -> str | None:
    """The protocol ``game_name``'s engines speak unless told otherwise, or ``None``."""
    choices = for_game(game_name)
    return choices[0].name if choices else None


def game_names() -> tuple[str, ...]:
    """The games outside engines play, in the table's order."""
    names: list[str] = []
    for entry in PROTOCOLS:
        names += [g for g in entry.games if g not in names]
    return tuple(names)


__all__ = [  # untranslated: identifiers
    "NAMES", "PROTOCOLS", "Protocol", "default_protocol", "for_game", "game_names",
           "protocol"]
