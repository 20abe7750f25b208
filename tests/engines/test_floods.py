"""Floods into ``plies engine``: refused once, in bounded memory, the engine still answering.

Each case runs the real command in a child process whose address space is capped with
``RLIMIT_AS``: a reader that kept everything it was sent runs out of memory (a traceback,
or a dead engine) instead of answering.
"""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from tests.engines.helpers import ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="address-space limits and /proc are Linux's")

LIMIT = 96 * 2**20
"""The child's address space: the engine idles in about 40 MB; keeping a million short
lines (6 MB of input) takes about 70 MB more."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def engine(game: str) -> subprocess.Popen:
    return subprocess.Popen(
        # setrlimit only, no lock taken: safe in the child even with threads running.
        [sys.executable, "-m", "game", "engine", game], cwd=ROOT,
        preexec_fn=_limited,  # noqa: PLW1509
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def peak_kb(process: subprocess.Popen) -> int:
    """The child's peak resident memory so far (``VmHWM``), in kB."""
    with open(f"/proc/{process.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.mark.parametrize("block, stone", [("BOARD", b"1,1,1\n"), ("SWAP2BOARD", b"1,1\n")])
def test_a_board_block_without_done_is_refused_once_in_bounded_memory(block, stone):
    process = engine("gomoku")
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b"START 15\r\n")
        process.stdin.flush()
        assert process.stdout.readline() == b"OK\n"
        # A million stone lines and no DONE: 625 is as many as a 25x25 board holds.
        process.stdin.write(block.encode() + b"\n" + stone * 1_000_000)
        process.stdin.flush()
        first = process.stdout.readline().decode()
        assert first.startswith(f"ERROR {block} has more than 625 lines"), first
        assert peak_kb(process) < 70_000
        process.stdin.write(b"DONE\nABOUT\n")  # the block ends; the engine answers again
        process.stdin.flush()
        assert process.stdout.readline().startswith(b'name="Plies"')  # one ERROR, no more
        process.stdin.write(b"END\n")
        process.stdin.flush()
        assert process.wait(30) == 0
        assert process.stderr.read() == b""
    finally:
        process.kill()
        process.wait()
