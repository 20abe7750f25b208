"""A scripted engine in place of a process: both sides of the conversation, in order.

As python-chess tests its engine protocols (``MockTransport``): the test writes what Plies
must send (``>``) and what the engine answers (``<``); ``ScriptedProcess`` stands in for
``game.engines.external._Process``, asserts every line Plies sends against the script and
hands Plies the engine's lines. No process, no thread, no sleep. A read when the script
waits for Plies to send (the engine says nothing more) is the engine's silence: the
``EngineFault`` of a late answer, at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.engines import external
from game.engines.external import EngineFault

Expected = str | re.Pattern[str]


class Script:
    """The conversation: ``expect(">", line)`` for Plies' lines, ``("<", line)`` for the
    engine's, in order; ``done`` says whether all of it was played."""

    def __init__(self, *steps: tuple[str, Expected]) -> None:
        self.steps = list(steps)
        self.sent: list[str] = []

    def send(self, line: str) -> None:
        self.sent.append(line)
        assert self.steps, f"Plies sent {line!r} after the end of the script"
        direction, expected = self.steps.pop(0)
        assert direction == ">", f"Plies sent {line!r} while the engine was to say {expected!r}"
        if isinstance(expected, re.Pattern):
            assert expected.fullmatch(line), f"Plies sent {line!r}, not {expected.pattern!r}"
        else:
            assert line == expected, f"Plies sent {line!r}, not {expected!r}"

    def read(self) -> str | None:
        if not self.steps or self.steps[0][0] != "<":
            return None  # silence
        line = self.steps.pop(0)[1]
        assert isinstance(line, str)
        return line

    @property
    def done(self) -> bool:
        return not self.steps


class ScriptedProcess:
    """``_Process``'s interface over a ``Script`` (``install`` puts it in place)."""

    script: Script

    def __init__(self, command: str, name: str,
                 comment: Callable[[str], bool] = lambda line: False) -> None:
        self.name = name
        self.stop = None
        self.closed_with: list[str | None] = []

    def send(self, line: str) -> None:
        self.script.send(line)

    def read(self, deadline: float, waiting_for: str) -> str:
        line = self.script.read()
        if line is None:
            raise EngineFault(f"{self.name} did not answer {waiting_for} in time")
        return line

    def close(self, goodbye: str | None) -> None:
        self.closed_with.append(goodbye)


def install(monkeypatch, script: Script) -> type[ScriptedProcess]:
    """Engines started from now on (``ExternalPlayer.start``) talk to ``script``."""

    class Process(ScriptedProcess):
        pass

    Process.script = script
    monkeypatch.setattr(external, "_Process", Process)
    return Process
