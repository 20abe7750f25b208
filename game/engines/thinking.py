"""What both engine protocols share: a search on its own thread, and one locked output.

A protocol engine has two threads: the *reader* (the caller of ``run``) reads commands
and must stay free to act on ``END``/``YXSTOP``/``ping``/``quit`` while the *thinker*
searches. ``Thinker`` runs one search at a time and offers the reader two ways out:

* ``stop()``: answer now. The search's stop event is set; ``Searcher.search`` then
  returns its best move so far (the last completed depth, or the first root move of
  the new depth that already beat it), and the job's ``done`` callback sends it.
* ``abort()``: never answer (a new game, the end of the session). After ``abort``
  returns, the job has written its last line: every line the job writes goes through
  ``Job.say``, which holds the same lock ``abort`` takes to mark the job discarded.

>>> import io
>>> out = Output(io.StringIO())
>>> out.send("OK"); out.stream.getvalue()
'OK\\n'
"""

from __future__ import annotations

import math
import re
import threading
import traceback
from collections.abc import Callable, Iterable
from typing import TextIO, TypeVar

from game.i18n import raw


T = TypeVar("T")

_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})"
                      r"(?:[eE][+-]?[0-9]{1,3})?")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number, or ``None``: ASCII digits only (``int("٣")`` is 3, but
    no manager means that), an optional sign, at most 12 digits. The caller checks
    the range and says it.

    >>> whole_number(" 15"), whole_number("-1"), whole_number("٣"), whole_number("1e3")
    (15, -1, None, None)
    """
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def decimal_number(text: str) -> float | None:
    """``text`` as a finite decimal number (ASCII digits), or ``None``.

    >>> decimal_number("-1.5"), decimal_number("2e3"), decimal_number("inf")
    (-1.5, 2000.0, None)
    >>> decimal_number("1e400"), decimal_number("nan"), decimal_number("٣")
    (None, None, None)
    """
    text = text.strip()
    if not _DECIMAL.fullmatch(text):
        return None
    number = float(text)
    return number if math.isfinite(number) else None


def quote(text: str, width: int = 30) -> str:
    r"""``text`` to echo back in an answer: at most ``width`` characters, then ``...``,
    and control characters written as escapes (an ESC or NUL sent back could upset
    the manager's terminal or parser).

    >>> print(quote("\x1b[31mX\x00"), quote("a" * 40, 5))
    \x1b[31mX\x00 aaaaa...
    """
    clipped = text if len(text) <= width else text[:width] + "..."
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in clipped)


class Output:
    """One line at a time to ``stream``, flushed, from any thread."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed: OSError | None = None
        """Why an answer could not be written (a full disk, an I/O error): the reader
        ends the session with it (``LineEngine.run`` raises it), whichever thread wrote."""
        self._lock = threading.Lock()

    def send(self, line: str) -> None:
        """Write ``line`` and a newline, then flush (managers read through pipes)."""
        with self._lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                pass  # the manager has gone; the reader sees the end of input next
            except OSError as error:
                self.failed = self.failed or error


class Job:
    """One search: its stop event, and the guard that silences it once aborted."""

    def __init__(self, output: Output) -> None:
        self.stop = threading.Event()
        self.searched = threading.Event()
        """Set once the task has returned (or failed): only its answer is still to come."""
        self._output = output
        self._lock = threading.Lock()
        self._discarded = False

    def say(self, line: str) -> bool:
        """Send ``line`` unless the job was aborted; whether it was sent."""
        with self._lock:
            if self._discarded:
                return False
            self._output.send(line)
            return True

    def discard(self) -> None:
        """From now on ``say`` sends nothing (waits for a line being written)."""
        with self._lock:
            self._discarded = True

    @property
    def discarded(self) -> bool:
        with self._lock:
            return self._discarded


class Thinker:
    """Runs one search at a time on a thread of its own.

    Args:
        output: where the jobs' lines go.
    """

    def __init__(self, output: Output) -> None:
        self.output = output
        self._job: Job | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """Whether a search is running."""
        return self._thread is not None and self._thread.is_alive()

    def start(
        self,
        task: Callable[[Job], T],
        done: Callable[[Job, T], None],
        failed: Callable[[Job, str], None] | None = None,
    ) -> Job:
        """Run ``task(job)`` on the thinker thread, then ``done(job, its result)`` there.

        ``task`` must watch ``job.stop`` (a search's stop event) and return its best
        answer so far when it is set. ``done`` runs after ``stop()`` too, never after
        ``abort()``; it should write through ``job.say``. A task that raises calls
        ``failed(job, sentence)`` instead. Precondition: not ``busy`` (the reader
        waits or aborts first).
        """
        assert not self.busy, "one search at a time"  # untranslated: developer invariant
        job = Job(self.output)

        def work() -> None:
            try:
                result = task(job)
            except Exception as error:  # one sentence to the manager, never a dead engine
                job.searched.set()
                if failed is not None and not job.discarded:
                    detail = traceback.format_exception_only(error)[-1].strip()
                    failed(job, raw(f"the search failed: {detail}"))
                return
            job.searched.set()
            if not job.discarded:
                done(job, result)

        self._job = job
        self._thread = threading.Thread(target=work, name="plies-engine-search", daemon=True)
        self._thread.start()
        return job

    @property
    def searching(self) -> bool:
        """Whether a search is running and has not answered yet: a command that arrives
        now was sent before the manager could have read the answer (a stray line).
        Once the search is over only its answer is still being written: ``wait``."""
        job = self._job
        return self.busy and job is not None and not job.searched.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running search to finish; whether it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.busy

    def stop(self) -> None:
        """Answer now: the running search returns its best move so far (and sends it)."""
        if self._job is not None:
            self._job.stop.set()
        self.wait()

    def abort(self) -> None:
        """End the running search without an answer; nothing more is written after this."""
        if self._job is not None:
            self._job.discard()
            self._job.stop.set()
        self.wait()


class LineEngine:
    """What both protocol engines share: the reading loop.

    A subclass handles one line in ``handle`` and sets ``ended`` when the protocol's
    last command (``END``, ``quit``) has come.
    """

    thinker: Thinker
    ended: bool

    def handle(self, received: str) -> None:
        """Handle one line (without or with its line end)."""
        raise NotImplementedError

    def run(self, lines: Iterable[str]) -> None:
        """Handle every line until the last command or the end of input; a search still
        running then is ended without an answer. Raises the ``OSError`` that kept an
        answer from being written, if one did."""
        try:
            for received in lines:
                self.handle(received)
                if self.ended or self.thinker.output.failed:
                    break
        finally:
            self.thinker.abort()
        if self.thinker.output.failed is not None:
            raise self.thinker.output.failed
