"""However ``plies match`` ends (Ctrl-C, SIGTERM, SIGHUP, kill -9), no engine process
and no child an engine started outlives it, with ``--jobs 1`` and ``--jobs 2``.

The fake engine below answers ``START``, starts a child that sleeps, and then thinks
for ever, deaf to its input (so a closed pipe does not end it); it and its child carry the test's tag in their environment, and the test
looks for any process with that tag in ``/proc``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from tests.ui.xvfb import wait_for

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc; process groups are POSIX")

ENGINE = """
import os, subprocess, sys, time
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "START":
        if os.environ.get("FAKE_CHILD") == "yes":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        print("OK", flush=True)
    elif word in ("TURN", "BEGIN", "BOARD"):
        open(os.path.join(os.environ["FAKE_MARKS"], str(os.getpid())), "w").close()
        time.sleep(120)  # thinks, deaf to its input, as engines do: ends only when ended
"""


def tagged(tag: str) -> list[int]:
    """The processes whose environment holds ``PLIES_TEST_TAG=tag``."""
    needle = f"PLIES_TEST_TAG={tag}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if needle in environ.read().split(b"\0"):
                    with open(f"/proc/{entry}/stat") as stat:
                        if stat.read().rsplit(")", 1)[1].split()[0] != "Z":  # not a zombie
                            found.append(int(entry))
        except OSError:
            continue
    return found


def engines(tag: str) -> list[int]:
    """The tagged processes that are the fake engine or its child (not Plies)."""
    result = []
    for pid in tagged(tag):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                text = cmdline.read()
        except OSError:
            continue
        argv = text.split(b"\0")
        if len(argv) > 2 and argv[2] == b"import time; time.sleep(120)" \
                or len(argv) > 1 and argv[1].endswith(b"fake_engine.py"):
            result.append(pid)  # not Plies, whose --a names the script too
    return result


def start_match(tmp_path: Path, jobs: int, child: bool) -> tuple[subprocess.Popen, str]:
    marks = tmp_path / "thinking"  # a file per engine that has begun to think
    marks.mkdir()
    script = tmp_path / "fake_engine.py"
    script.write_text(textwrap.dedent(ENGINE))
    tag = uuid.uuid4().hex
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PLIES_TEST_TAG": tag, "FAKE_CHILD": "yes" if child else "no",
           "FAKE_MARKS": str(marks),
           "XDG_DATA_HOME": str(tmp_path / "share"), "HOME": str(tmp_path)}
    match = subprocess.Popen(
        [sys.executable, "-m", "game", "match", "gomoku", "--a",
         f"time=60,engine={sys.executable} {script}", "--b", "level=1", "--games", "2",
         "--jobs", str(jobs), "--out", str(tmp_path / "records")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Its own process group, as a terminal's job, with Ctrl-C's default action.
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    per_engine = 2 if child else 1
    wait_for(lambda: len(engines(tag)) >= jobs * per_engine, 60, "the engines and children")
    # Each engine thinking (its input no longer read, so a closed pipe does not end it).
    wait_for(lambda: len(list(marks.iterdir())) >= jobs, 60, "every engine thinking")
    return match, tag


def _end(match: subprocess.Popen) -> tuple[int, str]:
    try:
        _, err = match.communicate(timeout=60)
    finally:
        if match.poll() is None:
            os.killpg(match.pid, signal.SIGKILL)
            match.wait()
    return match.returncode, err


@pytest.mark.parametrize("sig, jobs, to_group", [
    (signal.SIGTERM, 1, False),
    (signal.SIGHUP, 1, False),
    (signal.SIGINT, 2, True),    # Ctrl-C: the terminal signals the whole group
    (signal.SIGTERM, 2, False),  # kill PID: the parent alone
])
def test_a_signal_ends_the_match_and_every_engine_and_its_children(tmp_path, sig, jobs,
                                                                   to_group):
    match, tag = start_match(tmp_path, jobs, child=True)
    (os.killpg if to_group else os.kill)(match.pid, sig)
    status, err = _end(match)
    assert status == 130 and err.rstrip().endswith("plies: interrupted"), err
    assert "Traceback" not in err, err
    wait_for(lambda: not tagged(tag), 20, "no tagged process left")


@pytest.mark.parametrize("jobs", [1, 2])
def test_kill_9_of_the_match_leaves_no_engine(tmp_path, jobs):
    match, tag = start_match(tmp_path, jobs, child=True)
    os.kill(match.pid, signal.SIGKILL)
    _end(match)
    # The reaper ends the engines' groups (the children with them), the kernel the
    # engines themselves; with --jobs 2 the workers also close theirs.
    wait_for(lambda: not tagged(tag), 20, "no tagged process left")
