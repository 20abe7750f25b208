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


@dataclasses.dataclass
class _Request:
    generation: int
    purpose: str
    game: Game | None
    evaluator: Evaluator | None
    limits: Limits | None
    mode: Mode
    stop: threading.Event
    job: Job | None = None


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
        self._searchers: OrderedDict[tuple, Searcher] = OrderedDict()
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
        job = _Request(generation, purpose, game.copy(), evaluator, limits, mode,
                       threading.Event())
        with self._wake:
            if self._closing:
                raise RuntimeError("the search worker has been shut down")
            self._cancel_locked()
            self._pending = job
            self._wake.notify()

    def run_job(self, generation: int, job: Job, *, purpose: str) -> None:
        """Run ``job`` (see ``Job``) on the worker thread; cancels whatever was running.

        Reports come back like a search's: ``progress`` with each payload the job
        passes on, then one ``result`` with its return value (or one ``error``);
        nothing once it is cancelled.
        """
        request = _Request(generation, purpose, None, None, None, "full", threading.Event(),
                           job)
        with self._wake:
            if self._closing:
                raise RuntimeError("the search worker has been shut down")
            self._cancel_locked()
            self._pending = request
            self._wake.notify()

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
                job, self._pending = self._pending, None
                self._running = job
            try:
                self._run(job)
            finally:
                with self._wake:
                    self._running = None

    def _run(self, job: _Request) -> None:
        if job.job is not None:
            self._run_job(job)
            return
        assert job.game is not None and job.evaluator is not None and job.limits is not None

        def progress(info: SearchInfo) -> None:
            if not job.stop.is_set():
                self._report(WorkerReport(job.generation, job.purpose, "progress", info=info))

        try:
            searcher = self._searcher_for(job)
            result = searcher.search(job.game, job.limits, stop=job.stop, on_info=progress)
        except Exception as error:  # reaches the user as an error report, never a hang
            if not job.stop.is_set():
                detail = traceback.format_exception_only(error)[-1].strip()
                self._report(WorkerReport(job.generation, job.purpose, "error",
                                          error=f"the computer player failed: {detail}"))
            return
        if not job.stop.is_set():
            self._report(WorkerReport(job.generation, job.purpose, "result", result=result))

    def _run_job(self, request: _Request) -> None:
        assert request.job is not None

        def progress(payload: Any) -> None:
            if not request.stop.is_set():
                self._report(WorkerReport(request.generation, request.purpose, "progress",
                                          payload=payload))

        try:
            value = request.job(request.stop, progress)
        except Exception as error:  # reaches the user as an error report, never a hang
            if not request.stop.is_set():
                detail = traceback.format_exception_only(error)[-1].strip()
                self._report(WorkerReport(request.generation, request.purpose, "error",
                                          error=f"the {request.purpose} failed: {detail}"))
            return
        if not request.stop.is_set():
            self._report(WorkerReport(request.generation, request.purpose, "result",
                                      payload=value))

    def _searcher_for(self, job: _Request) -> Searcher:
        """Reuse the searcher (and its table) of the same game, variant, evaluator and mode."""
        key = (job.game.name, tuple(sorted(job.game.variant().items())),
               id(job.evaluator), job.mode)
        searcher = self._searchers.pop(key, None)
        if searcher is None or searcher.evaluator is not job.evaluator:
            searcher = Searcher(job.evaluator, mode=job.mode, tt_bits=WORKER_TT_BITS)
        self._searchers[key] = searcher
        while len(self._searchers) > SEARCHERS_KEPT:
            self._searchers.popitem(last=False)
        return searcher
