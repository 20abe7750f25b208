"""How much CPU does an idle Plies window use? (DESIGN §8: under 1% of a core.)

Starts a private Xvfb server, opens the real program in it (``python -m game`` with the
given arguments, a fresh config folder), lets it settle, then reads the process's CPU
time (``utime + stime`` of every thread, from ``/proc/PID/stat``) at the start and the
end of a measuring window and prints the share of one core it used::

    python .ci/idle_cpu.py                      # the start screen, 10 s
    python .ci/idle_cpu.py --seconds 10 -- play --game othello --first human

Nothing is clicked: the window waits for a person, which is the idle state that
matters. Linux only (``/proc``); needs ``Xvfb``. Exit status 0 when under the budget
(``--budget``, percent of a core), 1 above it, 2 when it cannot measure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far (all its threads)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    # The command name (field 2) is in parentheses and may hold spaces: split after it.
    fields = text[text.rindex(")") + 2:].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / CLOCK_TICKS


def measure(pid: int, seconds: float) -> float:
    """Percent of one core that ``pid`` used over the next ``seconds``."""
    before, started = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    after, ended = cpu_seconds(pid), time.monotonic()
    return 100.0 * (after - before) / (ended - started)


def _free_display() -> str:
    for number in range(200 + os.getpid() % 500, 1200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() \
                and not Path(f"/tmp/.X{number}-lock").exists():
            return f":{number}"
    raise RuntimeError("no free X display number")


def run(args: list[str], *, seconds: float = 10.0, settle: float = 3.0,
        python: str = sys.executable) -> float:
    """Start Xvfb and ``python -m game ARGS``; the idle CPU percentage after ``settle`` s.

    Raises:
        RuntimeError: Xvfb or the program did not start, or the program exited.
    """
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed")
    display = _free_display()
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    program = None
    with tempfile.TemporaryDirectory(prefix="plies-idle-") as home:
        try:
            deadline = time.monotonic() + 10
            while not Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("Xvfb did not start")
                time.sleep(0.05)
            env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
                   "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(Path(home) / "config"),
                   "XDG_DATA_HOME": str(Path(home) / "data"),
                   "PYTHONPATH": os.pathsep.join(
                       p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
            program = subprocess.Popen([python, "-m", "game", *args], cwd=home, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            time.sleep(settle)
            if program.poll() is not None:
                raise RuntimeError("plies exited: "
                                   + program.stderr.read().decode(errors="replace")[-500:])
            percent = measure(program.pid, seconds)
            if program.poll() is not None:
                raise RuntimeError("plies exited while it was measured")
            return percent
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
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--budget", type=float, default=1.0, help="percent of one core")
    parser.add_argument("plies_args", nargs="*", help="arguments for plies (after --)")
    args = parser.parse_args(argv)
    try:
        percent = run(args.plies_args, seconds=args.seconds, settle=args.settle)
    except (RuntimeError, OSError) as error:
        print(f"idle_cpu: {error}", file=sys.stderr)
        return 2
    what = "plies " + " ".join(args.plies_args) if args.plies_args else "plies"
    print(f"{what}: {percent:.2f}% of one core over {args.seconds:g} s idle "
          f"(budget {args.budget:g}%)")
    return 0 if percent < args.budget else 1


if __name__ == "__main__":
    raise SystemExit(main())
