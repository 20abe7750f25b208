"""What the real-window tests share: an Xvfb server, the program in it, its window.

Each test starts its own server on a display that Xvfb picks (``-displayfd``), so
tests never collide over a display number; the program runs from this checkout
(``python -m game``) and is found by its X class. On a loaded machine a key may take
seconds to land: tests wait on what the screen shows (``wait_for`` and ``screenshot``)
rather than on fixed sleeps.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
WINDOW_CLASS = "plies-end-to-end"
"""The X class the tests give the window (``SDL_VIDEO_X11_WMCLASS``): xdotool's
``--name`` does not match SDL's UTF-8 title, a known class does."""

T = TypeVar("T")

LAUNCH_TIMEOUT = 120.0
"""Seconds a window may take to appear: generous, since the suite runs in parallel on a
loaded two-core machine (30 s was once not enough)."""


def need_tools() -> None:
    """Skip without the X tools, or fail when ``PLIES_REQUIRE_XVFB=1`` (CI)."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"missing {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)"
        if os.environ.get("PLIES_REQUIRE_XVFB") == "1":
            pytest.fail(message)
        pytest.skip(message)


def wait_for(predicate: Callable[[], T], timeout: float, what: str) -> T:
    """The first true value of ``predicate``, polled every 0.1 s; fails after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class XSession:
    """One Xvfb server, and at most one Plies program running in it."""

    def __init__(self, env: dict[str, str], wm_class: str | None,
                 server: subprocess.Popen[bytes]) -> None:
        self.env = env
        self.wm_class = wm_class
        self.server = server
        self.program: subprocess.Popen[str] | None = None
        self.window = ""

    def launch(self, args: list[str], cwd: Path, timeout: float = LAUNCH_TIMEOUT) -> str:
        """Run ``python -m game ARGS`` and return its window's id once it is visible.

        A program refused by the X server itself ("cannot open a window" while the
        server still runs) is started once more: that is the machine's load, not Plies
        (the cause seen, the server's reset after each client, is gone with -noreset).
        """
        self.program = self._start(args, cwd)
        retried = False

        def window() -> list[str]:
            nonlocal retried
            if self.program is not None and self.program.poll() is not None:
                errors = self.errors()
                if not retried and "cannot open a window" in errors \
                        and self.server.poll() is None:
                    retried = True
                    self.program = self._start(args, cwd)
                    return []
                # Gone before its window showed: say why now, not after the whole timeout.
                raise AssertionError(f"plies {' '.join(args)} ended with status "
                                     f"{self.program.returncode} before its window showed: "
                                     f"{errors} (Xvfb "
                                     f"{'running' if self.server.poll() is None else 'gone'})")
            return self._visible_windows()

        self.window = wait_for(window, timeout, "the Plies window")[0]
        return self.window

    def _visible_windows(self) -> list[str]:
        """The ids of the visible windows of the program's class."""
        pattern = f"^{self.wm_class or 'plies'}$"
        return subprocess.run(["xdotool", "search", "--onlyvisible", "--class", pattern],
                              env=self.env, capture_output=True, text=True,
                              check=False).stdout.split()

    def _on_window(self, command: list[str], **options: Any) -> None:
        """Run ``command`` (whose ``WINDOW`` word is the window's id) against the window.

        Once, in a full parallel run, the id the first search found was gone a moment
        later while the program ran on ("BadWindow"): then the window is looked up
        again and the command given once more.
        """
        def run() -> subprocess.CompletedProcess[bytes]:
            words = [self.window if word == "WINDOW" else word for word in command]
            return subprocess.run(words, env=self.env, capture_output=True, **options)

        done = run()
        if done.returncode != 0 and self.running():
            self.window = wait_for(self._visible_windows, 10, "the Plies window again")[0]
            done = run()
        if done.returncode != 0:
            raise AssertionError(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")

    def _start(self, args: list[str], cwd: Path) -> subprocess.Popen[str]:
        return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=cwd, env=self.env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def xdotool(self, *args: str) -> None:
        """``xdotool ARGS`` against this server (``key``, ``mousemove``...); the window's
        id among ARGS stands for the window, found again if it was replaced."""
        self._on_window(["xdotool", *["WINDOW" if a == self.window else a for a in args]])

    def key(self, name: str, *, closes: bool = False) -> None:
        """Press ``name`` in the window; the program must still be running.

        ``closes``: the key is expected to close the window. xdotool sends the release
        after the press, and a quick program is gone by then (xdotool then fails with
        BadWindow), so its status is not checked: the caller checks the program's.
        """
        assert self.program is not None and self.program.poll() is None, self.errors()
        if closes:
            subprocess.run(["xdotool", "key", "--window", self.window, name], env=self.env,
                           capture_output=True)
        else:
            self._on_window(["xdotool", "key", "--window", "WINDOW", name])

    def screenshot(self, path: Path) -> Path:
        """The window alone, as a PNG file at ``path``."""
        self._on_window(["import", "-window", "WINDOW", str(path)], timeout=30)
        return path

    def look(self, path: Path) -> Any:
        """A screenshot of the window, saved at ``path``, as a pygame surface."""
        return load_image(self.screenshot(path))

    def wait_for_screen(self, predicate: Callable[[Any], T], path: Path, timeout: float,
                        what: str) -> T:
        """The first true ``predicate(screenshot)``, looking again until ``timeout``."""
        return wait_for(lambda: self.running() and predicate(self.look(path)), timeout, what)

    def press_until(self, name: str, predicate: Callable[[Any], T], path: Path, what: str,
                    *, timeout: float = 90, patience: float = 20) -> T:
        """Press ``name`` until the screen shows ``predicate``.

        Each press is given ``patience`` seconds to show before the next: a key sent
        before the window reads its input may be lost, while one that landed on a slow
        machine still shows within that time (so a key that toggles is never pressed
        twice by mistake).
        """
        deadline = time.monotonic() + timeout
        while True:
            self.key(name)
            try:
                return self.wait_for_screen(
                    predicate, path, min(patience, max(0.1, deadline - time.monotonic())), what)
            except AssertionError:
                if time.monotonic() >= deadline:
                    raise

    def settled(self, path: Path, timeout: float, what: str, interval: float = 1.0) -> Any:
        """The screenshot once two taken ``interval`` seconds apart are the same."""
        import pygame

        previous: list[bytes] = []

        def unchanged() -> Any:
            image = self.look(path)
            pixels = pygame.image.tobytes(image, "RGB")
            same = bool(previous) and previous[-1] == pixels
            previous[:] = [pixels]
            if not same:
                time.sleep(interval)
            return image if same else None

        return wait_for(unchanged, timeout, what)

    def running(self) -> bool:
        """Whether the program is still running (failing with its stderr if not)."""
        assert self.program is not None and self.program.poll() is None, self.errors()
        return True

    def errors(self) -> str:
        """The end of what the program wrote on stderr (for failure messages)."""
        if self.program is None or self.program.poll() is None:
            return ""
        return self.program.stderr.read()[-2000:]


@contextlib.contextmanager
def x_session(config: Path, *, wm_class: str | None = WINDOW_CLASS) -> Iterator[XSession]:
    """Start Xvfb and yield a session whose programs keep settings in ``config``.

    ``wm_class=None`` leaves the window its own class (``plies``, as the menu entry
    says). The program is killed and the server stopped on the way out.
    """
    need_tools()
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        # -ardelay: a key "held" longer than the usual 0.66 s is not repeated by the server.
        # On a loaded machine xdotool's release can come that late, and a repeated Return
        # once checked the Learn test's wrong answer twice.
        # -noreset: by default the server resets whenever its last client leaves, and
        # every xdotool call is a client that leaves; a program connecting meanwhile is
        # refused ("cannot open a window: x11 not available": 6 of 40 SDL starts beside
        # a polling xdotool, none with -noreset), which failed real-window tests in CI.
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x900x24", "-nolisten",
         "tcp", "-ardelay", "30000", "-noreset"], pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    os.close(write_end)
    session = None
    try:
        with os.fdopen(read_end) as announced:  # Xvfb writes its display once it is ready
            number = announced.readline().strip()
        if not number:
            pytest.fail("Xvfb did not start")
        env: dict[str, Any] = {**os.environ, "DISPLAY": f":{number}", "SDL_VIDEODRIVER": "x11",
                               "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(config),
                               "PYTHONPATH": str(ROOT)}
        env.pop("SDL_VIDEO_X11_WMCLASS", None)
        if wm_class is not None:
            env["SDL_VIDEO_X11_WMCLASS"] = wm_class
        # Xvfb announces its display once it listens; on a loaded machine a client's
        # first connection may still be refused, and SDL then reports "x11 not
        # available". Wait until an X client gets an answer before any program starts.
        wait_for(lambda: server.poll() is None and subprocess.run(
            ["xdotool", "getdisplaygeometry"], env=env, capture_output=True,
            check=False).returncode == 0, 60, f"Xvfb on :{number} to accept clients")
        session = XSession(env, wm_class, server)
        yield session
    finally:
        if session is not None and session.program is not None \
                and session.program.poll() is None:
            session.program.kill()
            session.program.wait(5)
        server.terminate()
        server.wait(5)


def autosaved_moves(config: Path) -> list[str] | None:
    """The moves of the autosave a program with settings in ``config`` wrote, by name
    (``["f5", "d6"]``, ``["4", "3"]``); ``None`` before it is written (or between a
    write and its rename)."""
    from game.rules import RulesError, new_game

    try:
        data = json.loads((config / "plies" / "autosave.json").read_text(encoding="utf-8"))
        game = new_game(data["game"])
        moves = data.get("moves") or []
        parsed = (game.parse_moves(moves) if isinstance(moves, str)
                  else [game.parse_move(str(move)) for move in moves])
        return [game.move_name(move) for move in parsed]
    except (OSError, ValueError, KeyError, TypeError, RulesError):
        return None


def screenshot_dir(tmp_path: Path) -> Path:
    """Where screenshots are kept: ``PLIES_SCREENSHOT_DIR`` when set (CI), else ``tmp_path``."""
    folder = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def load_image(path: Path) -> Any:
    """A screenshot as a pygame surface (headless pygame in this process)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame.image.load(str(path))


def under_a_veil(image: Any) -> bool:
    """Whether a dialog's veil darkens the window (its light bottom-right corner)."""
    corner = image.get_at((image.get_width() - 4, image.get_height() - 4))
    return max(corner[:3]) < 180
