"""The background search thread: requests in, tagged reports out (threading only).

Besides searches, the thread runs other long jobs the same way (``run_job``: a game
review, a recorded search tree): one thread, one queue of one, one cancel, one
generation check for everything the window computes.

The owner (the UI) gives every request a *generation* id and gets every report back
through one callback carrying that id, so it can drop anything stale. The callback is
called on the worker thread: the UI's callback only posts a pygame event, which is
thread-safe, and never touches surfaces or fonts.

>>> import threading
>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> from ai.search import Limits
>>> done = threading.Event(); reports = []
>>> worker = SearchWorker(lambda r: (reports.append(r), r.kind != "progress" and done.set()))
>>> worker.request(1, new_game("connect4"), load_evaluator("connect4"), Limits(depth=4))
>>> done.wait(10) and reports[-1].kind
'result'
>>> worker.shutdown()
True
"""

from __future__ import annotations

import dataclasses
import threading
import traceback
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Literal

from ai.evaluators.base import Evaluator
from ai.search import Limits, Mode, Searcher, SearchInfo, SearchResult
from game.i18n import N_, _
from game.rules.base import Game

ReportKind = Literal["progress", "result", "error"]

Job = Callable[[threading.Event, Callable[[Any], None]], Any]
"""``job(stop, progress)``: long work for the worker thread. It polls ``stop`` (set on
cancel) and returns early when it is set; it calls ``progress(payload)`` as it goes;
its return value is the result's payload."""

SEARCHERS_KEPT = 3
"""Searchers (each with its transposition table) kept for reuse across requests: one
per game a person switches between (a computer opponent and its hints share one)."""

WORKER_TT_BITS = 17
"""The worker's tables hold 2**17 entries (about 140 bytes each, 18 MB full), so all
kept tables together stay under 60 MB however long the session (issue 11: 12,000
searches grew a process by 90 MB with four tables of 2**18). A top-level search
stores fewer positions than that; the command-line searches keep ``Searcher``'s own
default."""


@dataclasses.dataclass(frozen=True)
class WorkerReport:
    """One message from the worker.

    Attributes:
        generation: the id the request was made with.
        purpose: the request's tag (``"move"``, ``"hint"``, ...), passed through.
        kind: ``"progress"`` (``info`` set, once per completed depth), ``"result"``
            (``result`` set, the last report of a request) or ``"error"`` (``error``
            set: one sentence, also the last report).
        payload: a job's (``run_job``) progress or result value; ``info`` and
            ``result`` stay ``None`` for jobs.
    """

    generation: int
    purpose: str
    kind: ReportKind
    info: SearchInfo | None = None
    result: SearchResult | None = None
    error: str | None = None
    payload: Any = None


# Translators: {detail} is the error itself, as Python words it ("RuntimeError: disk on
# fire"); this and the sentences below say which of the computer's tasks failed.
SEARCH_FAILURE = N_("the computer player failed: {detail}")
"""The error sentence of a failed search (``SearchWorker.request``)."""

JOB_FAILURES = {
    # Translators: {detail} is the error itself, as Python words it (as above).
    "move": N_("the move failed: {detail}"),
    "hint": N_("the hint failed: {detail}"),
    "review": N_("the review failed: {detail}"),
    "analysis": N_("the analysis failed: {detail}"),
    "opening": N_("the opening failed: {detail}"),
    "tree recording": N_("the tree recording failed: {detail}"),  # untranslated: key, a tag
}
"""The error sentence of a failed job, by the ``purpose`` its caller gave (the window's
tasks); translated when it is said."""


def _failure(purpose: str) -> str:
    """The (untranslated) error sentence of a failed job of ``purpose``."""
    # Translators: only for a task not named above; {purpose} is its English tag.
    return JOB_FAILURES.get(purpose) or N_("the {purpose} failed: {detail}")


@dataclasses.dataclass
class _Request:
    """One unit of work for the thread: a search is a ``Job`` like any other.

    ``failure`` is the error sentence (marked, translated when said: ``{detail}`` and
    maybe ``{purpose}`` are filled in); ``progress_field`` and ``result_field`` name
    the ``WorkerReport`` field each report's value goes in (a search fills ``info`` and
    ``result``, other jobs ``payload``).
    """

    generation: int
    purpose: str
    job: Job
    failure: str
    progress_field: str
    result_field: str
    stop: threading.Event = dataclasses.field(default_factory=threading.Event)


class SearchWorker:
    """One long-lived daemon thread that runs one search at a time.

    A new request cancels the one running; a cancelled request reports nothing more.

    Args:
        report: called on the worker thread with every ``WorkerReport``.
    """

    def __init__(self, report: Callable[[WorkerReport], None]) -> None:
        self._report = report
        self._wake = threading.Condition()
        self._pending: _Request | None = None
        self._running: _Request | None = None
        self._closing = False
        self._searchers: OrderedDict[tuple[object, ...], Searcher] = OrderedDict()
        self._thread = threading.Thread(target=self._loop, name="plies-search", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """Whether a request is waiting or running."""
        with self._wake:
            return self._pending is not None or self._running is not None

    def request(
        self,
        generation: int,
        game: Game,
        evaluator: Evaluator,
        limits: Limits,
        *,
        purpose: str = "move",
        mode: Mode = "full",
    ) -> None:
        """Search a *copy* of ``game``; cancels whatever was running or waiting."""
        game = game.copy()
        isolate = getattr(evaluator, "isolate", None)
        if isolate is not None:  # a plugin's code: run where it can be killed (game.plugins)
            def elsewhere(stop: threading.Event, progress: Callable[[Any], None]) -> Any:
                return isolate(game, evaluator, limits, mode, stop, progress)

            self._submit(_Request(generation, purpose, elsewhere, SEARCH_FAILURE, "info",
                                  "result"))
            return

        def search(stop: threading.Event, progress: Callable[[Any], None]) -> SearchResult:
            searcher = self._searcher_for(game, evaluator, mode)
            return searcher.search(game, limits, stop=stop, on_info=progress)

        self._submit(_Request(generation, purpose, search, SEARCH_FAILURE, "info", "result"))

    def run_job(self, generation: int, job: Job, *, purpose: str) -> None:
        """Run ``job`` (see ``Job``) on the worker thread; cancels whatever was running.

        Reports come back like a search's: ``progress`` with each payload the job
        passes on, then one ``result`` with its return value (or one ``error``);
        nothing once it is cancelled.
        """
        self._submit(_Request(generation, purpose, job, _failure(purpose), "payload", "payload"))

    def cancel(self, generation: int | None = None) -> None:
        """Stop the running request and drop a waiting one; neither reports again.

        With ``generation``, only requests of that generation are stopped (a scene
        closing stops its own work, never a search someone else started since).
        """
        with self._wake:
            self._cancel_locked(generation)

    def shutdown(self, timeout: float = 1.0) -> bool:
        """Cancel everything and join the thread; ``True`` when it ended within ``timeout``."""
        with self._wake:
            self._closing = True
            self._cancel_locked()
            self._wake.notify()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _submit(self, request: _Request) -> None:
        """Queue ``request`` in place of whatever was running or waiting."""
        with self._wake:
            if self._closing:
                # untranslated: developer error (a request after shutdown())
                raise RuntimeError("the search worker has been shut down")
            self._cancel_locked()
            self._pending = request
            self._wake.notify()

    # --- the thread ------------------------------------------------------------------

    def _cancel_locked(self, generation: int | None = None) -> None:
        if self._pending is not None and generation in (None, self._pending.generation):
            self._pending.stop.set()
            self._pending = None
        if self._running is not None and generation in (None, self._running.generation):
            self._running.stop.set()

    def _loop(self) -> None:
        while True:
            with self._wake:
                while self._pending is None and not self._closing:
                    self._wake.wait()
                if self._closing:
                    return
                request, self._pending = self._pending, None
                self._running = request
            assert request is not None  # the wait above ends only on a request or closing
            try:
                self._run(request)
            finally:
                with self._wake:
                    self._running = None

    def _run(self, request: _Request) -> None:
        """Run one request and report it; after a cancel, report nothing more."""

        def report(kind: ReportKind, **fields: Any) -> None:
            if not request.stop.is_set():
                self._report(WorkerReport(request.generation, request.purpose, kind, **fields))

        def progress(value: Any) -> None:
            report("progress", **{request.progress_field: value})

        try:
            value = request.job(request.stop, progress)
        except Exception as error:  # reaches the user as an error report, never a hang
            detail = traceback.format_exception_only(error)[-1].strip()
            if getattr(error, "is_sentence", False):  # a plugin's fault says it all
                report("error", error=str(error))
                return
            report("error", error=_(request.failure).format(detail=detail,
                                                            purpose=request.purpose))
            return
        report("result", **{request.result_field: value})

    def _searcher_for(self, game: Game, evaluator: Evaluator, mode: Mode) -> Searcher:
        """Reuse the searcher (and its table) of the same game, variant, evaluator and mode."""
        key = (game.name, tuple(sorted(game.variant().items())), id(evaluator), mode)
        searcher = self._searchers.pop(key, None)
        if searcher is None or searcher.evaluator is not evaluator:
            searcher = Searcher(evaluator, mode=mode, tt_bits=WORKER_TT_BITS)
        self._searchers[key] = searcher
        while len(self._searchers) > SEARCHERS_KEPT:
            self._searchers.popitem(last=False)
        return searcher
