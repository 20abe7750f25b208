"""Chess clocks for the people at the window, and the computer's time per move.

Pure: no pygame, no threads, no files. The time source is injected (``now``, a
function returning seconds), so the window passes its own frame time and the tests a
number they set by hand; nothing here ever reads the wall clock.

A *time control* is Fischer's: ``minutes`` on a side's clock at the start, and
``increment`` seconds added to it each time that side completes a move. Each side
has its own control or none (a computer side, or a person who plays without one).

>>> t = [0.0]
>>> clock = Clock([TimeControl(1, 2), None], now=lambda: t[0])
>>> clock.start(0); t[0] = 10.5
>>> clock.remaining(0)
49.5
>>> clock.press(0)            # Black moved: +2 s, and Black's clock stops
>>> clock.remaining(0), clock.running
(51.5, None)
>>> clock_text(51.5)
'0:52'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.i18n import _, number

CONTROLS: tuple[tuple[int, int], ...] = ((1, 0), (3, 2), (5, 0), (5, 3), (10, 5), (15, 10),
                                         (30, 20), (60, 30))
"""The time controls the new-game dialog offers, ``(minutes, increment seconds)``."""

MOVE_SECONDS: tuple[float, ...] = (0.5, 1, 2, 5, 10, 30)
"""The computer's times per move the new-game dialog offers (seconds)."""

MAX_MINUTES = 600
"""Longest time control a file may hold (10 hours)."""
MAX_INCREMENT = 600
"""Largest increment a file may hold (seconds)."""
MAX_MOVE_SECONDS = 3600.0
"""Longest time per move a file may hold."""

Snapshot = tuple[float | None, float | None]
"""Both sides' remaining seconds at one moment (``None``: that side has no clock)."""


class ClockError(ValueError):
    """A time setting that cannot be used; the message is one sentence."""


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """``minutes`` for the game plus ``increment`` seconds per completed move."""

    minutes: float
    increment: float = 0

    def __post_init__(self) -> None:
        if not (0 < self.minutes <= MAX_MINUTES) or not (0 <= self.increment <= MAX_INCREMENT):
            raise ClockError(_("a time control needs 0 to {minutes} minutes and 0 to "
                               "{seconds} seconds of increment").format(
                                   minutes=MAX_MINUTES, seconds=MAX_INCREMENT))

    @property
    def seconds(self) -> float:
        return self.minutes * 60.0

    @property
    def text(self) -> str:
        """``"5+3"``: minutes, then the increment in seconds (the usual short form)."""
        return f"{_number(self.minutes)}+{_number(self.increment)}"

    @property
    def words(self) -> str:
        """``"5 min + 3 s a move"`` (``"5 min"`` without an increment)."""
        minutes, increment = amount_text(self.minutes), amount_text(self.increment)
        if self.increment:
            # Translators: a time control: minutes for the game, seconds added per move.
            return _("{minutes} min + {seconds} s a move").format(minutes=minutes,
                                                                   seconds=increment)
        # Translators: a time control without increment: minutes for the game.
        return _("{minutes} min").format(minutes=minutes)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def amount_text(x: float) -> str:
    """Minutes or seconds as a person reads them: ``"5"``, ``"0.5"`` (``"0,5"`` in
    German). Exactly ``_number`` in English; the language's decimal mark only for the
    fractions a menu offers (under 1000, at most three decimals), where the two agree."""
    if float(x).is_integer() or not (abs(x) < 1000 and round(x, 3) == x):
        return _number(x)
    return number(x)


class Clock:
    """Two sides' remaining time; at most one side's clock runs at a time.

    Args:
        controls: each side's ``TimeControl``, or ``None`` for a side without a clock.
        now: the time source, in seconds (only differences are used).
        remaining: each side's remaining seconds to start from (a resumed game);
            default: the full time of each control.
    """

    def __init__(self, controls: Sequence[TimeControl | None], now: Callable[[], float],
                 remaining: Sequence[float | None] | None = None) -> None:
        if len(controls) != 2:
            raise ClockError(_("a clock needs a setting for each of the two sides"))
        self.controls = (controls[0], controls[1])
        self._now = now
        self._left: list[float | None] = [c.seconds if c is not None else None
                                          for c in self.controls]
        self.running: int | None = None
        """The side whose clock runs, or ``None``."""
        self._since = 0.0
        if remaining is not None:
            self.restore((remaining[0], remaining[1]))

    def has_clock(self, side: int) -> bool:
        return self.controls[side] is not None

    def remaining(self, side: int) -> float | None:
        """``side``'s remaining seconds now (negative once its time has run out)."""
        left = self._left[side]
        if left is None or self.running != side:
            return left
        return left - (self._now() - self._since)

    def start(self, side: int) -> None:
        """Run ``side``'s clock (the other stops); a side without a clock stops both."""
        if self.running == side:
            return
        self.stop()
        if self._left[side] is not None:
            self.running, self._since = side, self._now()

    def stop(self) -> None:
        """Stop the running clock, keeping the time it has used."""
        if self.running is not None:
            self._left[self.running] = self.remaining(self.running)
            self.running = None

    def press(self, side: int) -> None:
        """``side`` completed a move: its clock stops and gains its increment (a clock
        already at zero gains nothing: the flag has fallen)."""
        if self.running == side:
            self.stop()
        left, control = self._left[side], self.controls[side]
        if left is not None and control is not None and left > 0:
            self._left[side] = left + control.increment

    def flagged(self) -> int | None:
        """The side whose time has run out (its clock shows zero), else ``None``."""
        for side in (0, 1):
            left = self.remaining(side)
            if left is not None and left <= 0:
                return side
        return None

    def snapshot(self) -> Snapshot:
        """Both sides' remaining seconds now (for undo and the autosave)."""
        return self.remaining(0), self.remaining(1)

    def restore(self, times: Snapshot) -> None:
        """Set both sides' remaining seconds (an undo, a resumed game); stops the clock.

        A side without a clock keeps none; a missing time gives the side its full time.
        """
        self.stop()
        for side in (0, 1):
            control, value = self.controls[side], times[side]
            if control is None:
                self._left[side] = None
            elif value is None:
                self._left[side] = control.seconds
            else:
                self._left[side] = float(value)

    def next_change(self) -> float | None:
        """Seconds until the running clock's shown time (whole seconds, rounded up)
        changes or its flag falls; ``None`` when no clock runs."""
        if self.running is None:
            return None
        left = self.remaining(self.running)
        assert left is not None
        if left <= 0:
            return 0.0
        return left - math.ceil(left) + 1.0


def clock_text(seconds: float) -> str:
    """How a clock shows ``seconds``: ``"4:05"``, ``"1:02:00"``, rounded up (a clock
    shows ``0:00`` only once the time is gone).

    >>> clock_text(245), clock_text(0.2), clock_text(-3), clock_text(3720)
    ('4:05', '0:01', '0:00', '1:02:00')
    """
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def move_seconds_text(seconds: float) -> str:
    """``"5 s a move"``, ``"0.5 s a move"``."""
    # Translators: the computer's time per move; {seconds} is a number.
    return _("{seconds} s a move").format(seconds=amount_text(seconds))


@dataclasses.dataclass(frozen=True)
class Timing:
    """A game's time settings: each side's clock and each computer side's time per move.

    Attributes:
        controls: each side's ``TimeControl`` (a person's clock), or ``None``.
        move_seconds: each side's time per move when the computer plays it, or ``None``
            (the level's own limits).
    """

    controls: tuple[TimeControl | None, TimeControl | None] = (None, None)
    move_seconds: tuple[float | None, float | None] = (None, None)

    @property
    def off(self) -> bool:
        return self.controls == (None, None) and self.move_seconds == (None, None)

    def to_json(self, remaining: Snapshot | None = None) -> dict[str, Any]:
        """The record's ``clock`` object: ``{"controls": [[5, 3], null], "move_seconds":
        [null, 2], "remaining": [287.5, null]}`` (``remaining`` only when given)."""
        data: dict[str, Any] = {
            "controls": [None if c is None else [c.minutes, c.increment]
                         for c in self.controls],
            "move_seconds": list(self.move_seconds),
        }
        if remaining is not None:
            data["remaining"] = [None if r is None else round(max(0.0, r), 3)
                                 for r in remaining]
        return data


def timing_from_json(value: Any, where: str | None = None) -> tuple[Timing, Snapshot | None]:
    """A record's ``clock`` object checked: the ``Timing`` and the remaining times
    (``None`` when the record has none). ``where`` names the object in messages
    (default "the clock").

    Raises:
        ClockError: anything that is not such an object; the message is one sentence.
    """
    where = _("the clock") if where is None else where
    if not isinstance(value, Mapping):
        raise ClockError(_("{where} must be an object").format(where=where))
    controls: list[TimeControl | None] = []
    for entry in _pair(value.get("controls", [None, None]), _field(where, "controls")):
        if entry is None:
            controls.append(None)
            continue
        if not isinstance(entry, list) or len(entry) != 2 or not all(_real(x) for x in entry):
            raise ClockError(_("{where} 'controls' must hold [minutes, increment] pairs or "
                               "nulls").format(where=where))
        try:
            controls.append(TimeControl(entry[0], entry[1]))
        except ClockError:  # its sentence does not say where: this one does
            raise ClockError(_("{where} 'controls' must hold up to {minutes} minutes and "
                               "{seconds} seconds of increment").format(
                                   where=where, minutes=MAX_MINUTES,
                                   seconds=MAX_INCREMENT)) from None
    seconds: list[float | None] = []
    for entry in _pair(value.get("move_seconds", [None, None]), _field(where, "move_seconds")):
        if entry is not None and (not _real(entry) or not 0 < entry <= MAX_MOVE_SECONDS):
            raise ClockError(_("{where} 'move_seconds' must be seconds up to {seconds} or "
                               "nulls").format(where=where, seconds=f"{MAX_MOVE_SECONDS:g}"))
        seconds.append(None if entry is None else float(entry))
    remaining: Snapshot | None = None
    if value.get("remaining") is not None:
        left = _pair(value["remaining"], _field(where, "remaining"))
        if not all(x is None or (_real(x) and 0 <= x <= MAX_MINUTES * 60 * 10) for x in left):
            raise ClockError(_("{where} 'remaining' must be seconds left or nulls").format(
                where=where))
        remaining = (None if left[0] is None else float(left[0]),
                     None if left[1] is None else float(left[1]))
    timing = Timing((controls[0], controls[1]), (seconds[0], seconds[1]))
    return timing, remaining


def _field(where: str, key: str) -> str:
    """The record's field ``key`` (a JSON key, English) of the object ``where``."""
    # Translators: {where} names a clock object ("the clock"); {key} is a JSON key, kept.
    return _("{where} '{key}'").format(where=where, key=key)


def _pair(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ClockError(_("{where} must be a list of two entries, one per side").format(
            where=where))
    return value


def _real(x: Any) -> bool:
    """A JSON number that is not infinite or NaN. An int is always one, however long:
    it is only compared with the bounds, which Python does exactly (``math.isfinite``
    of a 400-digit int would raise ``OverflowError``), and converted once inside them."""
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and math.isfinite(x))


__all__ = [  # untranslated: identifiers
    "CONTROLS", "MOVE_SECONDS", "Clock", "ClockError", "Snapshot", "TimeControl",
    "Timing", "amount_text", "clock_text", "move_seconds_text", "timing_from_json"]
