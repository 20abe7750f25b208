"""End to end as a person: `plies play` in a real X window, a real click, a real screenshot.

Starts Xvfb, runs the installed command line (`python -m game play ...`), clicks the
middle column with xdotool, waits until ``autosave.json`` holds the human's move and the
computer's reply, takes a screenshot of the window with ImageMagick's ``import`` and
checks what it shows, then quits with Esc and Enter. Skipped when the X tools are missing,
unless ``PLIES_REQUIRE_XVFB=1`` (CI) turns the skip into a failure. The screenshot is kept in
``PLIES_SCREENSHOT_DIR`` when set (else in the test's temporary folder).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
WINDOW_CLASS = "plies-end-to-end"


def _need_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"missing {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)"
        if os.environ.get("PLIES_REQUIRE_XVFB") == "1":
            pytest.fail(message)
        pytest.skip(message)


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _autosaved_moves(config: Path) -> list[str] | None:
    path = config / "plies" / "autosave.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # not written yet, or caught between write and rename
    moves = data.get("moves")
    return moves.split() if isinstance(moves, str) and " " in moves else list(moves or "")


@pytest.mark.xvfb
def test_plies_play_in_a_real_window_click_autosave_screenshot(tmp_path):
    _need_tools()
    display = f":{100 + os.getpid() % 300}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config = tmp_path / "config"
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(config),
           "PYTHONPATH": str(ROOT),
           # xdotool's --name does not match SDL's UTF-8 title; a known X class does.
           "SDL_VIDEO_X11_WMCLASS": WINDOW_CLASS}
    program = None
    try:
        _wait_for(lambda: subprocess.run(["xdotool", "getmouselocation"], env=env,
                                         capture_output=True).returncode == 0, 10, "Xvfb")
        program = subprocess.Popen(
            [sys.executable, "-m", "game", "play", "--game", "connect4", "--first", "human",
             "--level", "1"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        window = _wait_for(lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASS], env=env,
            capture_output=True,
            text=True).stdout.split(), 30, "the Plies window")[0]
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=env,
                                  capture_output=True, text=True, check=True).stdout
        size = dict(line.split("=") for line in geometry.split())
        width, height = int(size["WIDTH"]), int(size["HEIGHT"])
        assert (width, height) == (1120, 760), geometry
        time.sleep(1.0)  # let the first frames draw

        # Column 4 of the 7x6 board: the board fills the area left of the side panel.
        column_4 = (384, 400)
        subprocess.run(["xdotool", "mousemove", "--window", window, *map(str, column_4),
                        "click", "1"], env=env, check=True)
        moves = _wait_for(lambda: (m := _autosaved_moves(config)) and len(m) >= 2 and m,
                          30, "the autosave to hold the human's move and the reply")
        assert moves[0] == "4", moves  # the human's click
        assert len(moves) == 2 and moves[1] in "1234567", moves  # the computer's reply
        time.sleep(1.5)  # the reply's drop animation

        shot_dir = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "xvfb-connect4-after-first-moves.png"
        subprocess.run(["import", "-window", window, str(shot)], env=env, check=True,
                       timeout=30)
        _check_screenshot(shot, moves)

        # Esc asks before quitting (a veil darkens the window); Enter confirms. On a
        # loaded machine a key can take seconds to land: wait on what the screen shows.
        probe = tmp_path / "probe.png"
        assert not _under_a_veil(window, env, probe), "a veil before Esc was pressed"
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=env, check=True)
        _wait_for(lambda: program.poll() is None and _under_a_veil(window, env, probe), 30,
                  "the quit question (Esc must ask, not quit)")
        subprocess.run(["xdotool", "key", "--window", window, "Return"], env=env, check=True)
        assert program.wait(timeout=20) == 0, program.stderr.read()[-2000:]
    finally:
        if program is not None and program.poll() is None:
            program.kill()
        server.terminate()
        server.wait(5)


def _under_a_veil(window: str, env: dict[str, str], probe: Path) -> bool:
    """Whether a dialog's veil darkens the window (its light bottom-right corner)."""
    subprocess.run(["import", "-window", window, str(probe)], env=env, check=True, timeout=30)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(probe))
    corner = image.get_at((image.get_width() - 4, image.get_height() - 4))
    return max(corner[:3]) < 180


def _check_screenshot(shot: Path, moves: list[str]) -> None:
    """The screen shows the blue board with a red disc at the bottom of column 4."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1120, 760)  # the window alone

    def blueish(c):
        return c.b > 150 and c.r < 120

    def reddish(c):
        return c.r > 180 and c.g < 90 and c.b < 90

    colours = [image.get_at((x, y)) for x in range(100, 670, 10) for y in range(150, 640, 10)]
    assert sum(map(blueish, colours)) > len(colours) // 4, "no blue Connect-4 board on screen"
    bottom_of_column_4 = [image.get_at((x, y)) for x in range(364, 405, 4)
                          for y in range(565, 605, 4)]
    assert any(map(reddish, bottom_of_column_4)), "no red disc at the bottom of column 4"


def _idle_cpu_tool():
    """``.ci/idle_cpu.py``, loaded by path (``.ci`` is not an installed package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("idle_cpu", ROOT / ".ci" / "idle_cpu.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.xvfb
def test_an_idle_window_uses_under_one_percent_of_a_core():
    """The start screen and a game waiting for the person, 10 s each (DESIGN §8)."""
    _need_tools()
    tool = _idle_cpu_tool()
    for args in ([], ["play", "--game", "othello", "--first", "human"]):
        percent = tool.run(args, seconds=10, settle=3)
        print(f"idle CPU, plies {' '.join(args)}: {percent:.2f}%")
        assert percent < 1.0, (args, percent)


@pytest.mark.xvfb
def test_plies_file_opens_the_saved_game_in_a_real_window(tmp_path, make_app):
    """`plies game.json` shows the saved Connect-4 position at once, in a window of class
    ``plies`` (the menu entry's StartupWMClass); SIGTERM closes it."""
    _need_tools()
    from game import records
    from game.rules import new_game

    game = new_game("connect4")
    game.play_moves("4445")
    saved = tmp_path / "saved game.json"
    records.save_record(saved, records.record_from_game(game, [{"type": "human"},
                                                               {"type": "human"}]))
    # Where the cells are at the window's size: the same layout, headless, in this process.
    app = make_app(size=(1120, 760))
    app.start_game(new_game("connect4"), [{"type": "human"}, {"type": "human"}],
                   remember=False)
    centre = app.play.view.cell_center
    red_cells = [centre((3, 5)), centre((3, 3))]  # row 5 is the bottom one
    yellow_cells = [centre((3, 4)), centre((4, 5))]
    empty_cell = centre((3, 2))

    display = f":{400 + os.getpid() % 300}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config = tmp_path / "window-config"  # not the one the headless app above uses
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(config),
           "PYTHONPATH": str(ROOT)}
    env.pop("SDL_VIDEO_X11_WMCLASS", None)  # the window's own class, as the menu entry says
    program = None
    try:
        _wait_for(lambda: subprocess.run(["xdotool", "getmouselocation"], env=env,
                                         capture_output=True).returncode == 0, 10, "Xvfb")
        program = subprocess.Popen([sys.executable, "-m", "game", str(saved)], cwd=tmp_path,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        window = _wait_for(lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "^plies$"], env=env,
            capture_output=True, text=True).stdout.split(), 30, "the Plies window")[0]
        time.sleep(1.5)  # the first frames
        shot_dir = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "xvfb-plies-file-connect4-4445.png"
        subprocess.run(["import", "-window", window, str(shot)], env=env, check=True,
                       timeout=30)
        import pygame

        image = pygame.image.load(str(shot))
        assert image.get_size() == (1120, 760)

        def colour(point):
            return image.get_at((round(point[0]), round(point[1])))

        for point in red_cells:
            c = colour(point)
            assert c.r > 180 and c.g < 100 and c.b < 100, (point, c)
        for point in yellow_cells:
            c = colour(point)
            assert c.r > 180 and c.g > 150 and c.b < 110, (point, c)
        c = colour(empty_cell)
        assert not (c.r > 180 and c.b < 110), (empty_cell, c)  # no disc above
        program.terminate()  # SDL turns SIGTERM into a quit event
        assert program.wait(timeout=10) == 0, program.stderr.read()[-2000:]
        autosave = json.loads((config / "plies" / "autosave.json").read_text())
        assert autosave["moves"] in ("4445", ["4", "4", "4", "5"]), autosave
    finally:
        if program is not None and program.poll() is None:
            program.kill()
        server.terminate()
        server.wait(5)
