"""Each protocol's code, found by its name: the module ``game.engines.NAME``.

``game.protocols`` is the table of protocols (plain data in the core); the code of
protocol ``NAME`` is the module ``game/engines/NAME.py``, which has ``main(stdin, stdout,
level)`` (Plies as an engine speaking it) and ``PLAYER`` (the ``ExternalPlayer`` class that
speaks it to an outside engine). The module is imported when first asked for.

>>> player_class("gtp").__name__, player_class("pbrain").protocol
('GtpPlayer', 'pbrain')
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, TextIO

from game.protocols import protocol

if TYPE_CHECKING:
    from game.engines.external import ExternalPlayer


def adapter(name: str) -> ModuleType:
    """The module of protocol ``name`` (``KeyError`` for a name not in the table)."""
    return importlib.import_module(f"game.engines.{protocol(name).name}")


def player_class(name: str) -> type[ExternalPlayer]:
    """The class that speaks protocol ``name`` to an outside engine."""
    player: type[ExternalPlayer] = adapter(name).PLAYER
    return player


def serve(name: str, stdin: Iterable[str], stdout: TextIO, level: int) -> int:
    """Speak protocol ``name`` as Plies' engine until the manager ends the session."""
    code: int = adapter(name).main(stdin, stdout, level)
    return code


__all__ = ["adapter", "player_class", "serve"]
