"""Which protocol an outside engine speaks, found by asking it.

Othello engines speak NBoard (Edax, NBoard's own engines) or GTP (GRhino, Quarry's,
``edax -gtp``); Gomoku engines the Gomocup protocol. ``DetectingPlayer`` asks when the
engine starts, on the thread that asks for the move, so a window never waits for it.
``player_for`` is where a protocol's name becomes its player (so the protocol modules
never import each other).
"""

from __future__ import annotations

import threading
import time

from game.engines.external import (
    EngineCancelled,
    EngineError,
    EngineFault,
    ExternalPlayer,
    _Process,
)
from game.engines.adapters import player_class
from game.protocols import for_game
from game.i18n import _
from game.rules import Game, Move

PROBE_SECONDS = 3.0
"""How long ``detect_protocol`` waits for a first answer before taking the default."""


def detect_protocol(game: Game, command: str, stop: threading.Event | None = None) -> str:
    """The protocol ``command`` speaks for ``game``, found by asking it.

    Othello: ``protocol_version`` and ``ping 1`` are sent; a GTP engine answers the
    first with ``=``, an NBoard engine the second with ``pong 1``. An engine that says
    neither in ``PROBE_SECONDS`` gets the default (its handshake then says what is
    wrong). Gomoku engines speak the Gomocup protocol: nothing to ask.
    ``EngineError`` when the command cannot start; ``EngineCancelled`` as soon as
    ``stop`` is set (the probe is then ended).
    """
    choices = _choices(game)
    if len(choices) == 1:
        return choices[0]
    process = _Process(command, _("the engine {program}").format(program=repr(command)))
    process.stop = stop
    try:
        process.send("protocol_version")
        process.send("ping 1")
        deadline = time.monotonic() + PROBE_SECONDS
        while True:
            line = process.read(deadline, "protocol_version").strip()
            if line.startswith("="):
                return "gtp"
            if line == "pong 1":
                return "nboard"
    except EngineFault:
        return choices[0]
    finally:
        process.close("quit")


class DetectingPlayer(ExternalPlayer):
    """An engine whose protocol is asked (``detect_protocol``) when it first starts; from
    then on, the player of that protocol does everything."""

    def __init__(self, command: str, seconds: float = 5.0, name: str | None = None,
                 depth: int | None = None) -> None:
        super().__init__(command, seconds, name, depth)
        self.given_name = name
        self.inner: ExternalPlayer | None = None
        self._closed = threading.Event()  # set by close(): a probe under way ends

    @property
    def protocol(self) -> str:  # type: ignore[override]  # a property: found when started
        return self.inner.protocol if self.inner is not None else ""

    def start(self, game: Game, stop: threading.Event | None = None) -> None:
        with self._lock:
            inner = self.inner
            self._closed.clear()
        if inner is None:
            protocol = detect_protocol(game, self.command, _either(stop, self._closed))
            with self._lock:
                if self._closed.is_set():  # closed from another thread while it was asked
                    raise EngineCancelled
                inner = self.inner = player_for(game, self.command, self.seconds,
                                                self.depth, protocol, self.given_name)
        inner.start(game, stop)
        self.engine_name = inner.engine_name

    def best_move(self, game: Game, stop: threading.Event | None = None) -> Move:
        if self.inner is None:
            self.start(game, stop)
        inner = self.inner
        if inner is None:  # closed from another thread meanwhile
            raise EngineCancelled
        try:
            return inner.best_move(game, stop)
        finally:
            self.engine_name = inner.engine_name

    def close(self) -> None:
        with self._lock:
            inner = self.inner
            self._closed.set()
        if inner is not None:
            inner.close()


class _Either(threading.Event):
    """Set when either of two events is (polled: ``_Process.read`` asks ``is_set``)."""

    def __init__(self, first: threading.Event, second: threading.Event) -> None:
        super().__init__()
        self._events = (first, second)

    def is_set(self) -> bool:
        return any(e.is_set() for e in self._events)


def _either(stop: threading.Event | None, closed: threading.Event) -> threading.Event:
    return closed if stop is None else _Either(stop, closed)


__all__ = ["PROBE_SECONDS", "DetectingPlayer", "detect_protocol", "forced_protocol"]


def forced_protocol(game_name: str, protocol: str) -> str | None:
    """The protocol to speak to an engine that a player names with ``protocol``, or
    ``None`` to ask the engine (``player_for``): an Othello engine with the game's
    default protocol is asked, as ``plies match`` does, since that default is also what
    a player gets who named none (the window's "Engine…" choice).

    >>> forced_protocol("othello", "nboard"), forced_protocol("othello", "gtp")
    (None, 'gtp')
    >>> forced_protocol("gomoku", "pbrain"), forced_protocol("othello", "")
    ('pbrain', None)
    """
    choices = [p.name for p in for_game(game_name)]
    if not protocol or (len(choices) > 1 and protocol == choices[0]):
        return None
    return protocol


def player_for(game: Game, command: str, seconds: float = 5.0, depth: int | None = None,
               protocol: str | None = None, name: str | None = None) -> ExternalPlayer:
    """The protocol player for ``game``: ``protocol`` (``pbrain``, ``nboard``, ``gtp``),
    or the one ``detect_protocol`` finds when the engine starts. ``depth``, when
    given, is NBoard's ``set depth`` and Gomocup's ``INFO max_depth``; GTP has none.
    ``name`` is what its sentences (a forfeit's reason) call it: a spec's ``name=``."""
    choices = _choices(game)
    if protocol is None:
        if len(choices) > 1:  # found by asking, when the game starts (off the UI thread)
            return DetectingPlayer(command, seconds, name, depth)
        protocol = choices[0]
    if protocol not in choices:
        # Translators: {protocols} are the protocols' names as typed (nboard, gtp).
        raise EngineError(_("{game} engines speak {protocols}, not {protocol}").format(
            game=_(game.title), protocols=" or ".join(choices), protocol=protocol))
    return player_class(protocol)(command, seconds, name, depth)


def _choices(game: Game) -> list[str]:
    """The names of the protocols ``game``'s engines speak, the default first."""
    choices = [p.name for p in for_game(game.name)]
    if not choices:
        raise EngineError(_("external engines play Gomoku or Othello, not {game}").format(
            game=_(game.title)))
    return choices
