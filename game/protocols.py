"""The engine protocols Plies speaks: one table, read by everything else.

Each protocol has its name as people type it (``protocol=gtp``, ``--protocol gtp``, a
file's engine entry), its label (menus, help), the games it plays and the games it is the
default for. Its code is one module named after it, ``game/engines/NAME.py``
(``game.engines.adapters``): its ``main(stdin, stdout, level)`` makes Plies an engine
speaking it (``plies engine``), its ``PLAYER`` the class that speaks it to an outside
engine (``plies match``, the window). Adding a protocol is one row here and that module.

The table is plain data in the core (``game.players`` reads it): it imports nothing, and
names no module, so the layers keep pointing one way (the engines read it, never the
reverse).

>>> [p.name for p in PROTOCOLS]
['pbrain', 'nboard', 'gtp']
>>> default_protocol("othello"), [p.name for p in for_game("othello")]
('nboard', ['nboard', 'gtp'])
>>> protocol("gtp").label, game_names()
('GTP', ('gomoku', 'othello'))
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Protocol:
    """One engine protocol.

    Attributes:
        name: as typed (``pbrain``, ``nboard``, ``gtp``) and kept in files.
        label: as shown (``Gomocup``, ``NBoard``, ``GTP``): a proper name, untranslated.
        games: the games Plies plays over it.
        default_for: the games whose engines speak it unless told otherwise.
    """

    name: str
    label: str
    games: tuple[str, ...]
    default_for: tuple[str, ...]


# untranslated: the protocols' names and labels are proper names
PROTOCOLS = (
    Protocol("pbrain", "Gomocup", ("gomoku",), ("gomoku",)),
    Protocol("nboard", "NBoard", ("othello",), ("othello",)),
    Protocol("gtp", "GTP", ("othello",), ()),
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
