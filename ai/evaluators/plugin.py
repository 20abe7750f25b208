"""An evaluator written by a person as a plain Python function (a plugin), checked on
every call.

The plugin's function is the person's own code: it may raise, return a string, NaN or
a number outside the score scale, or never return. ``FunctionEvaluator`` turns each of
those into one ``EvaluatorFault`` whose message is a sentence naming the evaluator,
what it did and where (file, line); the search lets it through, so the search stops
cleanly and its caller (the window, ``plies match``) says the sentence.

A call that does not return within ``CALL_SECONDS`` is stopped (``call_limit``): on
the process's main thread (the command line, a match's game, the window's plugin
process) by a timer signal, whose handler Python runs between two bytecodes of the
looping code; on another thread by a watchdog that raises the fault in it. Code stuck
inside one C call is reached by neither, so the window runs its searches with a
plugin in a process it can kill (``game.plugins``).

>>> from game.rules import new_game
>>> ev = FunctionEvaluator("connect4", "zero", lambda game: 0.4)
>>> ev.evaluate(new_game("connect4"))
0
>>> FunctionEvaluator("connect4", "bad", lambda game: "x").evaluate(new_game("connect4"))
Traceback (most recent call last):
  ...
ai.evaluators.plugin.EvaluatorFault: evaluator bad returned 'x', not a number
"""

from __future__ import annotations

import contextlib
import copy
import ctypes
import dataclasses
import math
import numbers
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ai.evaluators.base import WIN_THRESHOLD, Evaluator
from game.rules.base import Game, Move
from game.i18n import _

CALL_SECONDS = 2.0
"""Longest one call of a plugin's function may take before it counts as never returning
(a sensible evaluator takes well under a millisecond)."""

SCORE_LIMIT = WIN_THRESHOLD - 1
"""A plugin's score must lie in ``[-SCORE_LIMIT, SCORE_LIMIT]``; beyond are the search's
proven wins and losses. Floats are rounded to the nearest whole point."""

EvaluateFunction = Callable[..., float]
"""``evaluate(game) -> number``: the score of a running game for the side to move
(``evaluate(game, weights)`` when the evaluator declares weights)."""
TermsFunction = Callable[..., dict[str, float]]
"""``terms(game) -> {"name": points}``: the same score split into named parts
(``terms(game, weights)`` when the evaluator declares weights)."""
OrderFunction = Callable[[Game], list[Move]]
"""``order(game) -> moves``: the legal moves to try, best guess first."""


class EvaluatorFault(RuntimeError):
    """A plugin's code misbehaved; the message is one sentence for a person."""

    is_sentence = True
    """The worker reports the message as it is (``ai.worker``)."""


class FunctionEvaluator(Evaluator):
    """A plugin's function as an ``Evaluator`` whose every answer is checked.

    Args:
        game_name: the game it evaluates (a built-in's or a plugin game's name).
        name: how it is chosen (``--eval NAME``); appears in every fault sentence.
        function: ``evaluate(game)``, see ``EvaluateFunction``.
        terms: optional named terms for the explanations; they should add up to
            ``function``'s value (only their sum's sign and size are shown).
        order: optional candidate-move order; must return legal moves only.
        unit: what a small clear advantage is worth (the easy levels' randomness).
        origin: the file the function came from (fault sentences name its lines).
        label: the name fault sentences use (default ``name``).
        weights: the evaluator's declared weights (a frozen dataclass instance of
            ``weight()`` fields), or ``None``. With weights, ``function`` and ``terms``
            are called as ``function(game, weights)``: the weights are data the search
            passes in, so that a weights file or a tuning trial changes them
            (``with_weights``) without touching the person's code. ``order`` is
            called with the game alone either way.
    """

    isolate: Callable[..., Any] | None = None
    """Set by ``game.plugins``: runs a search of this evaluator where it can be
    stopped (a process), for callers on a thread (the window's worker)."""

    def __init__(self, game_name: str, name: str, function: EvaluateFunction, *,
                 terms: TermsFunction | None = None, order: OrderFunction | None = None,
                 unit: int = 100, origin: str | None = None, label: str | None = None,
                 weights: object | None = None) -> None:
        # game_name is a class attribute for the built-in evaluators; a plugin's
        # evaluator is one class for every game, so it is set per instance.
        self.game_name = game_name  # type: ignore[misc]
        self.name = name
        self.label = label or name
        """How the fault sentences call it (a plugin game's own: ``Nim.evaluate``)."""
        self.unit = max(1, int(unit))
        self.origin = origin
        self._function = function
        self._terms = terms
        self._order = order
        self.weights = weights
        """The declared weights (``ai.tune.weights.parameters`` lists them), or ``None``."""
        self.base = name
        """The registered evaluator these weights belong to (a weights file's ``base``):
        ``with_weights`` renames a copy, the base stays."""

    def with_weights(self, weights: object, name: str) -> FunctionEvaluator:
        """This evaluator with other ``weights`` (a weights file's, a tuning trial's),
        called ``name``; the weights are checked by the caller."""
        made = copy.copy(self)
        made.weights = weights
        made.name = made.label = name
        return made

    def evaluate(self, game: Game) -> int:
        """The function's value, checked: a whole number inside the score scale."""
        return self._score(self._call(self._function, game, "evaluate"), "")

    def terms(self, game: Game) -> dict[str, int]:
        """The plugin's named terms (checked numbers), else the one-term default."""
        if self._terms is None:
            return super().terms(game)
        found = self._call(self._terms, game, "terms")
        if not isinstance(found, dict):
            raise EvaluatorFault(_("evaluator {name}: terms returned {value}, not a dict "
                                   "of name: number").format(name=self.label,
                                                             value=shown(found)))
        return {str(key)[:40]: self._score(value, str(key)[:40])
                for key, value in list(found.items())[:20]}

    def candidate_moves(self, game: Game) -> list[Move]:
        """The plugin's order (checked: legal moves, none missing), else legal order."""
        legal = game.legal_moves()
        if self._order is None or not legal:
            return legal
        found = self._call(self._order, game, "order")
        if not isinstance(found, (list, tuple)) or sorted(found) != sorted(legal):
            raise EvaluatorFault(_("evaluator {name}: order must return every legal move "
                                   "once, best first; it returned {value}").format(
                                       name=self.label, value=shown(found)))
        return list(found)

    def _call(self, function: Callable[..., Any], game: Game, what: str) -> Any:
        try:
            with call_limit(lambda: _("evaluator {name} did not return within {seconds} s "
                                      "(an endless loop?)").format(
                                          name=self.label, seconds=CALL_SECONDS)):
                if self.weights is not None and what != "order":
                    return function(game, self.weights)
                return function(game)
        except EvaluatorFault:
            raise
        except Exception as error:  # the person's code: any exception is a fault
            raise EvaluatorFault(_("evaluator {name} raised {error}{where}").format(
                name=self.label, error=_exception_text(error),
                where=where(error, self.origin))) from None

    def _score(self, value: Any, term: str) -> int:
        """``value`` as a score, or the fault sentence saying what is wrong with it."""
        what = self.label if not term else f"{self.label} ({term})"
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise EvaluatorFault(_("evaluator {name} returned {value}, not a number").format(
                name=what, value=shown(value)))
        number = float(value)
        if math.isnan(number):
            raise EvaluatorFault(_("evaluator {name} returned NaN, not a number").format(
                name=what))
        if not -SCORE_LIMIT <= number <= SCORE_LIMIT:
            raise EvaluatorFault(_("evaluator {name} returned {value}, outside the score "
                                   "range -{limit} to {limit}").format(
                                       name=what, value=shown(value), limit=SCORE_LIMIT))
        return round(number)


class _Overdue(BaseException):
    """Raised by the timer inside a plugin's call; a BaseException so that the person's
    own ``except Exception`` cannot swallow it."""


@contextlib.contextmanager
def call_limit(sentence: Callable[[], str], seconds: float | None = None) -> Iterator[None]:
    """Stop the block with ``EvaluatorFault(sentence())`` when it runs past ``seconds``
    (default ``CALL_SECONDS``).

    On the main thread a timer signal interrupts it; on another thread (the window's
    worker: an analysis, a review, the explorer) a watchdog thread raises the fault in
    it asynchronously (``PyThreadState_SetAsyncExc``). Either way only Python code is
    interrupted: a call stuck inside one C function (``sum(range(10**15))``) is not,
    which is why the window's searches run in a process it can kill. A nested limit
    that ends sooner than the outer one holds for its block (an evaluator's 2 s inside
    a match turn's limit), then the outer one goes on; a later one keeps the outer.
    """
    if seconds is None:  # read now, not when this module loaded: a test may shorten it
        seconds = CALL_SECONDS
    if threading.current_thread() is not threading.main_thread() or not hasattr(
            signal, "setitimer"):
        with _watched(sentence, seconds):
            yield
        return
    deadline = time.monotonic() + seconds
    if _ARMED and _ARMED[-1] <= deadline:
        yield
        return

    def overdue(signum: int, frame: object) -> None:
        raise _Overdue

    previous = signal.signal(signal.SIGALRM, overdue)
    _ARMED.append(deadline)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _Overdue:
        raise EvaluatorFault(sentence()) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _ARMED.pop()
        signal.signal(signal.SIGALRM, previous)
        if _ARMED:  # the outer limit's time left (past already: it fires at once)
            signal.setitimer(signal.ITIMER_REAL, max(_ARMED[-1] - time.monotonic(), 1e-6))


@dataclasses.dataclass
class _Watch:
    deadline: float
    fired: bool = False


_WATCHED: dict[int, _Watch] = {}
"""Thread id -> its running plugin call's deadline (``_watched``)."""
_WATCH_LOCK = threading.Lock()
_WATCHDOG: list[threading.Thread] = []


def _raise_in(thread_id: int, exception: type[BaseException] | None) -> None:
    """Raise ``exception`` in the thread at its next bytecode (``None``: cancel one pending)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exception) if exception else None)


def _watch_loop() -> None:
    while True:
        time.sleep(0.05)
        now = time.monotonic()
        with _WATCH_LOCK:
            for thread_id, watch in _WATCHED.items():
                if not watch.fired and now > watch.deadline:
                    watch.fired = True
                    _raise_in(thread_id, _Overdue)


@contextlib.contextmanager
def _watched(sentence: Callable[[], str], seconds: float) -> Iterator[None]:
    """``call_limit`` off the main thread: the watchdog raises ``_Overdue`` in this thread
    when the block runs past ``seconds``; the entry is removed (and an exception that
    was raised but not yet delivered cancelled) under the watchdog's lock, so that it
    can never arrive after the block."""
    me = threading.get_ident()
    if me in _WATCHED:  # nested: the outer limit holds
        yield
        return
    watch = _Watch(time.monotonic() + seconds)
    with _WATCH_LOCK:
        _WATCHED[me] = watch
        if not _WATCHDOG:
            _WATCHDOG.append(threading.Thread(target=_watch_loop, name="plies-plugin-watchdog",
                                              daemon=True))
            _WATCHDOG[0].start()
    try:
        try:
            yield
        finally:
            with _WATCH_LOCK:
                _WATCHED.pop(me, None)
                if watch.fired:
                    _raise_in(me, None)
    except _Overdue:
        with _WATCH_LOCK:
            _WATCHED.pop(me, None)
        raise EvaluatorFault(sentence()) from None


_ARMED: list[float] = []
"""The deadlines (``time.monotonic``) of the ``call_limit`` timers running, the soonest
last; non-empty while one runs (the main thread only)."""


def limit_running() -> bool:
    """Whether a ``call_limit`` timer runs on the main thread now."""
    return bool(_ARMED)


def where(error: BaseException, origin: str | None) -> str:
    """`` (file.py, line 12)``: the deepest line of ``origin`` in ``error``'s traceback
    (else the deepest line of any file), or ``""``."""
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.lineno:
        return _(" ({file}, line {line})").format(file=_base(error.filename or origin or ""),
                                                   line=error.lineno)
    mine = [f for f in frames if origin is not None and f.filename == origin]
    if not (mine or frames):
        return ""
    frame = (mine or frames)[-1]
    return _(" ({file}, line {line})").format(file=_base(frame.filename), line=frame.lineno)


def _base(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def copied_weights(weights: Any, values: Mapping[str, int]) -> Any:
    """A copy of the ``weights`` dataclass instance with ``values`` set (a weights file,
    a tuning step). A plugin's own dataclass runs its ``__post_init__`` in the copy,
    so the copy is made under ``call_limit``: one that never returns is a fault
    sentence, not a hang; what it raises goes to the caller as it is."""
    with call_limit(lambda: _("the weights {name} were not made within {seconds} s (an "
                              "endless loop in __post_init__?)").format(
                                  name=type(weights).__name__, seconds=CALL_SECONDS)):
        return dataclasses.replace(weights, **values)


def _exception_text(error: BaseException) -> str:
    text = traceback.format_exception_only(type(error), error)[-1].strip()
    text = " ".join(text.split())
    return text if len(text) <= 160 else text[:159] + "…"


def shown(value: object) -> str:
    """A short quotation of what a plugin returned."""
    try:
        text = repr(value)
    except Exception:  # the person's __repr__ may fail too
        text = type(value).__name__
    return text if len(text) <= 40 else text[:36] + "…"


__all__ = ["CALL_SECONDS", "SCORE_LIMIT", "EvaluatorFault",  # untranslated: names
           "FunctionEvaluator", "call_limit", "copied_weights", "limit_running", "shown",
           "where"]
