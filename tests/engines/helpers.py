"""Driving an in-process engine as a manager does: one command, then wait for the answer."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Session:
    """An engine and the text it has written; ``send`` returns the new lines."""

    def __init__(self, engine, stream: io.StringIO) -> None:
        self.engine = engine
        self.stream = stream
        self._read = 0
        self._sent_at = 0  # where the output stood when the last ``send`` began

    def send(self, *lines: str, wait: bool = True) -> list[str]:
        self._sent_at = len(self.stream.getvalue())
        for line in lines:
            self.engine.handle(line)
            if wait:
                self.engine.thinker.wait(30)
        return self.new_lines()

    def wait_for_line(self, prefix: str, timeout: float = 30.0) -> None:
        """Until the engine has written a line starting with ``prefix`` since the last
        ``send`` began (whether or not it returned it): a search under way has reported
        a finished depth. A failure, not a hang, if it never does."""
        deadline = time.monotonic() + timeout
        while not any(line.startswith(prefix)
                      for line in self.stream.getvalue()[self._sent_at:].splitlines()):
            assert time.monotonic() < deadline, f"no line starting with {prefix!r}"
            time.sleep(0.005)

    def new_lines(self) -> list[str]:
        text = self.stream.getvalue()
        fresh, self._read = text[self._read:], len(text)
        return fresh.splitlines()


def record_searches(engine) -> list:
    """The ``SearchResult`` of every search ``engine`` runs from now on, in order: a test
    asks whether a search ended on its stop event (``stopped``) rather than timing it."""
    results: list = []
    search = engine.searcher.search

    def recorded(*args, **kwargs):
        result = search(*args, **kwargs)
        results.append(result)
        return result

    engine.searcher.search = recorded
    return results


def without(prefix: str, lines: list[str]) -> list[str]:
    """The lines that do not start with ``prefix`` (progress lines carry times)."""
    return [line for line in lines if not line.startswith(prefix)]


class Subprocess:
    """``plies engine GAME`` in a real process, talked to line by line."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "engine", *args], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        self.lines: list[str] = []
        self._cond = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._cond:
                self.lines.append(line.rstrip("\r\n"))
                self._cond.notify_all()

    def send(self, line: str, end: str = "\r\n") -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + end)
        self.process.stdin.flush()

    def expect(self, pattern: str, timeout: float = 30.0, *, next_line: bool = False) -> str:
        """The next line matching ``pattern`` (lines before it are skipped), or with
        ``next_line`` the very next line, which must match."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                if next_line and self.lines:
                    line = self.lines.pop(0)
                    assert regex.fullmatch(line), f"{line!r} does not match {pattern!r}"
                    return line
                for index, line in enumerate(self.lines):
                    if regex.fullmatch(line):
                        del self.lines[:index + 1]
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None and not self.lines:
                    raise AssertionError(f"no line matching {pattern!r}; got {self.lines}")
                self._cond.wait(min(left, 0.2))

    def close(self, timeout: float = 30.0) -> int:
        code = self.process.wait(timeout)
        self._reader.join(5)
        return code
