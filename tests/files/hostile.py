"""Hostile inputs made on the spot (nothing big is committed) and a bounded CLI runner.

Each maker writes one kind of bad file under a folder and returns its path; the CLI
runner starts ``python -m game`` in a subprocess under a memory limit and a timeout, so
a loader that reads ``/dev/zero`` or blocks on a FIFO fails the test instead of the
machine.
"""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MEMORY_LIMIT = 1 << 30
"""Address space a CLI run may use (1 GiB: the interpreter and the search need ~100 MB)."""
TIMEOUT = 60
"""Seconds a CLI run on a bad file may take (it should answer at once)."""


def fifo(folder: Path) -> Path:
    path = folder / "pipe.json"
    os.mkfifo(path)
    return path


def device(folder: Path) -> Path:
    return Path("/dev/zero")


def null_device(folder: Path) -> Path:
    return Path("/dev/null")


def directory(folder: Path) -> Path:
    path = folder / "folder.json"
    path.mkdir()
    return path


def dangling_link(folder: Path) -> Path:
    path = folder / "link.json"
    path.symlink_to(folder / "nowhere")
    return path


def oversized(folder: Path) -> Path:
    path = folder / "big.json"
    with open(path, "wb") as handle:  # sparse: costs no disk
        handle.truncate(50_000_000)
    return path


def not_utf8(folder: Path) -> Path:
    path = folder / "latin.json"
    path.write_bytes(b'{"format": "plies-game", "game": "caf\xe9"}\n')
    return path


def with_nul(folder: Path) -> Path:
    path = folder / "nul.txt"
    path.write_bytes(b"4453\x00\n")
    return path


def nested_json(folder: Path) -> Path:
    path = folder / "nested.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    return path


def nested_toml(folder: Path) -> Path:
    path = folder / "nested.toml"
    path.write_text("x = " + "[" * 30_000 + "]" * 30_000 + "\n")  # under the 64 KB cap
    return path


HOSTILE_FILES: dict[str, Callable[[Path], Path]] = {
    "fifo": fifo, "device": device, "null device": null_device, "directory": directory,
    "dangling link": dangling_link, "oversized": oversized, "not utf-8": not_utf8,
    "nul byte": with_nul, "nested": nested_json,
}
"""Every kind of hostile file, by name (for ``pytest.mark.parametrize``)."""


class PipeReader:
    """A thread that opens the FIFO ``path`` for reading (it blocks until a writer
    opens the other end) and keeps everything written until the writer closes it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with open(self.path, "rb") as pipe:
            self.data = pipe.read()

    def result(self) -> bytes:
        self.thread.join(timeout=30)
        assert not self.thread.is_alive(), "nothing closed the pipe"
        return self.data


def _limit_memory() -> None:  # runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_plies(*args: str, env: dict[str, str] | None = None,
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` under ``MEMORY_LIMIT`` and ``TIMEOUT`` (a hang fails)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd or ROOT,
                          env=environment, capture_output=True, text=True,
                          timeout=TIMEOUT, preexec_fn=_limit_memory)


_BATCH_DRIVER = r"""
import io, json, os, sys, traceback
from game.cli import main
cases, results = json.loads(sys.argv[1]), sys.argv[2]
base = dict(os.environ)
for args, env in cases:
    os.environ.clear()
    os.environ.update({**base, **env})
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        status = main(args)
    except SystemExit as done:  # what the interpreter would make of it
        status = done.code
        if isinstance(status, str):
            print(status, file=sys.stderr)
            status = 1
        status = 0 if status is None else status
    except BaseException:
        traceback.print_exc()
        status = 1
    captured = [status, sys.stdout.getvalue(), sys.stderr.getvalue()]
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    with open(results, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(captured) + "\n")
"""


def run_plies_batch(cases: list[tuple[tuple[str, ...], dict[str, str]]],
                    results: Path) -> list[subprocess.CompletedProcess[str]]:
    """Each ``(ARGS, ENV)`` of ``cases`` as ``plies ARGS`` with ``ENV`` added, one after
    the other in ONE interpreter under ``MEMORY_LIMIT`` and ``TIMEOUT`` (a hang fails):
    what ``run_plies`` checks for each case, without an interpreter start per case.

    Each case's exit status, stdout and stderr are those of ``main(ARGS)`` (a
    ``SystemExit`` and an escaping exception are turned into a status and stderr as the
    interpreter would); they go to ``results`` (a JSON line each, written as each case
    ends). The interpreter's own stdout and stderr must stay empty (nothing written
    past ``sys.stdout``/``sys.stderr``).
    """
    done = subprocess.run(
        [sys.executable, "-c", _BATCH_DRIVER, json.dumps(cases), str(results)], cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=TIMEOUT, preexec_fn=_limit_memory)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), done.stderr[-2000:]
    lines = results.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(cases), lines
    return [subprocess.CompletedProcess(["plies", *args], *json.loads(line))
            for (args, _env), line in zip(cases, lines)]


def assert_one_sentence(done: subprocess.CompletedProcess[str], *, status: int = 2,
                        contains: str = "") -> str:
    """The run failed with ``status``, printed nothing on stdout and one line on stderr."""
    assert done.returncode == status, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith("plies: error: "), lines[0]
    assert contains.lower() in lines[0].lower(), lines[0]
    assert len(lines[0]) < 400, lines[0]
    return lines[0]


def assert_one_error_line(stderr: str) -> str:
    """``stderr`` of an in-process ``main()`` is one ``plies: error:`` line, no traceback."""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("plies: error: "), lines
    return lines[0]


def is_fifo(path: Path) -> bool:
    """Whether ``path`` itself (not what a link names) is a named pipe."""
    return stat.S_ISFIFO(path.lstat().st_mode)
