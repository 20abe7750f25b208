"""How much CPU does an idle Plies window use? (DESIGN §8: under 1% of a core.)

Starts a private Xvfb server, opens the real program in it (``python -m game`` with the
given arguments, a fresh config folder), waits until it has settled, then reads every
thread's CPU time and time spent waiting for a CPU (``/proc/PID/task/TID/schedstat``,
in nanoseconds) and wake-ups (``voluntary_ctxt_switches``) at the start and the end of
a measuring window::

    python .ci/idle_cpu.py                      # the start screen, 10 s
    python .ci/idle_cpu.py --seconds 10 -- play --game othello --first human
    python .ci/idle_cpu.py --sound off          # the settings file says sound off

Nothing is clicked: the window waits for a person, which is the idle state that
matters. Linux only (``/proc``); needs ``Xvfb``. Exit status 0 when idle (see
:meth:`Usage.problems`), 1 when not, 2 when it cannot measure.

Why per thread, and why wake-ups. On a loaded machine (load 7 on 2 cores) the old
figure, the whole process's CPU over a window that began a fixed 3 s after launch,
went over budget for two reasons that have nothing to do with the loop: the start
(about 0.7 CPU seconds: imports, fonts, the first frames) had not finished when the
window began, and SDL's audio thread (the dummy sound card wakes about 86 times a
second to mix silence, whether or not Plies is idle: ~0.4% of a core on a quiet
machine) costs more per wake-up when caches are cold. (Since then the sound device is
open only while sound is on: ``--sound off`` shows no audio thread.) So the program is first
watched until it is quiet (:func:`settle`, with a generous limit, after which it is
measured anyway and fails), and the budget applies to Plies's own threads; the audio
thread is reported, not judged. The loop's thread must also wake at most
``MAX_WAKEUPS`` times a second: a count, which load does not change, and which
catches a loop that polls (``pygame.event.wait`` sleeps 1 ms at a time; the fallback
waiter 30 ms) even where the CPU it burns is small. A starved program is neither
quiet nor idle: its start, held back by a busy machine, uses little CPU a second
while it waits in the run queue (seen: 8 ms of CPU and 1 s of waiting a second, for
14 s, with the program at nice 19 beside a test run), and a busy loop held back the
same way would use little CPU too. So a quiet window must also have little waiting
(``QUIET_WAIT``), and waiting for a CPU more than ``MAX_WAIT`` of the time fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.0
"""Percent of one core Plies's own threads may use while idle (DESIGN §8)."""
MAX_WAKEUPS = 5.0
"""Wake-ups a second the loop's thread may have while idle (it sleeps up to 1 s)."""
MAX_WAIT = 50.0
"""Percent of the time Plies's threads may wait for a CPU (run queue) while idle: an
idle program waits only a moment at each wake-up, a busy one held back nearly always."""
QUIET_WAIT = 10.0
"""The same, for a window in which :func:`settle` takes the program's start as over."""
AUDIO_THREAD = "SDLAudio"
"""How SDL's audio device threads' names begin (``SDLAudioP2``: playback)."""


@dataclass(frozen=True)
class ThreadUsage:
    """What one thread used over a window: CPU seconds, voluntary sleeps, and seconds
    spent runnable but waiting for a CPU."""

    tid: int
    name: str
    cpu: float
    wakeups: int
    waited: float = 0.0

    @property
    def is_audio(self) -> bool:
        return self.name.startswith(AUDIO_THREAD)


@dataclass(frozen=True)
class Usage:
    """What the threads of process ``pid`` used over ``seconds`` of wall time."""

    pid: int
    seconds: float
    threads: tuple[ThreadUsage, ...]

    @property
    def loop(self) -> ThreadUsage:
        """The main thread (its id is the process's), where the window's loop runs."""
        return next(t for t in self.threads if t.tid == self.pid)

    def percent(self, *, audio: bool = False) -> float:
        """Percent of one core used by the threads (with SDL's audio thread or not)."""
        cpu = sum(t.cpu for t in self.threads if audio or not t.is_audio)
        return 100.0 * cpu / self.seconds

    def waited_percent(self) -> float:
        """Percent of the time Plies's threads (not SDL's audio) waited for a CPU."""
        return 100.0 * sum(t.waited for t in self.threads if not t.is_audio) / self.seconds

    def loop_wakeups(self) -> float:
        """The loop thread's wake-ups a second."""
        return self.loop.wakeups / self.seconds

    def problems(self, budget: float = BUDGET,
                 max_wakeups: float = MAX_WAKEUPS) -> list[str]:
        """Why this is not idle (empty when it is)."""
        found = []
        if self.percent() >= budget:
            found.append(f"Plies's threads used {self.percent():.2f}% of a core "
                         f"(budget {budget:g}%)")
        if self.loop_wakeups() > max_wakeups:
            found.append(f"the loop woke {self.loop_wakeups():.1f} times a second "
                         f"(at most {max_wakeups:g})")
        if self.waited_percent() > MAX_WAIT:
            found.append(f"Plies's threads waited for a CPU {self.waited_percent():.0f}% of "
                         f"the time (at most {MAX_WAIT:g}%): busy, but held back")
        return found

    def describe(self) -> str:
        lines = [f"{self.percent():.2f}% of one core for Plies's threads, "
                 f"{self.percent(audio=True):.2f}% with SDL's audio thread, "
                 f"over {self.seconds:.1f} s; the loop woke {self.loop_wakeups():.1f}/s; "
                 f"waited for a CPU {self.waited_percent():.1f}% of the time"]
        for t in sorted(self.threads, key=lambda t: -t.cpu):
            if t.cpu or t.wakeups:
                lines.append(f"  {t.name:<14} {100.0 * t.cpu / self.seconds:6.3f}%  "
                             f"{t.wakeups / self.seconds:7.1f} wake-ups/s  "
                             f"{100.0 * t.waited / self.seconds:5.1f}% waiting")
        return "\n".join(lines)


def _threads(pid: int) -> dict[int, tuple[str, int, int, int]]:
    """``tid -> (name, CPU ns, voluntary context switches, run-queue ns)`` of every
    thread."""
    found = {}
    for entry in os.listdir(f"/proc/{pid}/task"):
        task = Path(f"/proc/{pid}/task/{entry}")
        try:
            name = (task / "comm").read_text().strip()
            cpu_ns, wait_ns = map(int, (task / "schedstat").read_text().split()[:2])
            status = (task / "status").read_text()
        except (OSError, ValueError, IndexError):
            continue  # the thread ended meanwhile
        switches = next((int(line.split()[1]) for line in status.splitlines()
                         if line.startswith("voluntary_ctxt_switches:")), 0)
        found[int(entry)] = (name, cpu_ns, switches, wait_ns)
    return found


def measure(pid: int, seconds: float) -> Usage:
    """What ``pid``'s threads use over the next ``seconds`` (a thread born meanwhile
    counts from zero)."""
    before, started = _threads(pid), time.monotonic()
    time.sleep(seconds)
    after, ended = _threads(pid), time.monotonic()
    threads = []
    for tid, (name, cpu_ns, switches, wait_ns) in after.items():
        _, cpu0, switches0, wait0 = before.get(tid, (name, 0, 0, 0))
        threads.append(ThreadUsage(tid, name, (cpu_ns - cpu0) / 1e9, switches - switches0,
                                   (wait_ns - wait0) / 1e9))
    return Usage(pid, ended - started, tuple(threads))


def settle(pid: int, *, least: float, most: float, window: float = 1.0) -> float:
    """Wait until ``pid`` is idle over two windows in a row (its start is over): no
    problem, and hardly any waiting for a CPU (a starved start looks quiet otherwise).

    Waits ``least`` seconds first, then gives up after ``most`` (the caller then
    measures a program that never went quiet, and it fails). Returns the seconds waited.
    """
    started = time.monotonic()
    time.sleep(least)
    quiet = 0
    while quiet < 2 and time.monotonic() - started < most:
        usage = measure(pid, window)
        still = not usage.problems() and usage.waited_percent() < QUIET_WAIT
        quiet = quiet + 1 if still else 0
    return time.monotonic() - started


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb server on a display it picks itself (no clash with other servers)."""
    read_end, write_end = os.pipe()
    # -noreset: no reset when the last client leaves (a program connecting then is
    # refused), as for the tests' servers (tests/ui/xvfb.py).
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                               "1280x900x24", "-nolisten", "tcp", "-noreset"],
                              pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as announced:  # written once the server is ready
        number = announced.readline().strip()
    if not number:
        server.wait(5)
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def run(args: list[str], *, seconds: float = 10.0, settle_least: float = 2.0,
        settle_most: float = 60.0, python: str = sys.executable,
        sound: bool | None = None) -> Usage:
    """Start Xvfb and ``python -m game ARGS``; what it uses idle once it has settled.

    ``sound`` is written to the fresh config folder's settings file first (``None``: no
    file, so the default, sound on).

    Raises:
        RuntimeError: Xvfb or the program did not start, or the program exited.
    """
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed")
    server, display = _start_xvfb()
    program = None
    with tempfile.TemporaryDirectory(prefix="plies-idle-") as home:
        if sound is not None:
            folder = Path(home) / "config" / "plies"
            folder.mkdir(parents=True)
            (folder / "settings.json").write_text(json.dumps(
                {"format": "plies-settings", "version": 1, "sound": sound}))
        try:
            env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
                   "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(Path(home) / "config"),
                   "XDG_DATA_HOME": str(Path(home) / "data"),
                   "PYTHONPATH": os.pathsep.join(
                       p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
            program = subprocess.Popen([python, "-m", "game", *args], cwd=home, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            settle(program.pid, least=settle_least, most=settle_most)
            if program.poll() is not None:
                raise RuntimeError("plies exited: "
                                   + program.stderr.read().decode(errors="replace")[-500:])
            usage = measure(program.pid, seconds)
            if program.poll() is not None:
                raise RuntimeError("plies exited while it was measured")
            return usage
        finally:
            if program is not None and program.poll() is None:
                program.terminate()
                try:
                    program.wait(5)
                except subprocess.TimeoutExpired:
                    program.kill()
            server.terminate()
            server.wait(5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring window")
    parser.add_argument("--settle", type=float, default=60.0,
                        help="most seconds to wait for the start to be over")
    parser.add_argument("--budget", type=float, default=BUDGET, help="percent of one core")
    parser.add_argument("--sound", choices=("on", "off"),
                        help="the sound setting to start with (default: Plies's default, on)")
    parser.add_argument("plies_args", nargs="*", help="arguments for plies (after --)")
    args = parser.parse_args(argv)
    sound = None if args.sound is None else args.sound == "on"
    try:
        usage = run(args.plies_args, seconds=args.seconds, settle_most=args.settle,
                    sound=sound)
    except (RuntimeError, OSError) as error:
        print(f"idle_cpu: {error}", file=sys.stderr)
        return 2
    what = "plies " + " ".join(args.plies_args) if args.plies_args else "plies"
    if args.sound:
        what += f" (sound {args.sound})"
    print(f"{what}, idle: {usage.describe()}")
    problems = usage.problems(args.budget)
    for problem in problems:
        print(f"not idle: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
