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
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.ui.xvfb import (
    ROOT,
    autosaved_moves,
    load_image,
    need_tools,
    screenshot_dir,
    under_a_veil,
    wait_for,
    x_session,
)


@pytest.mark.xvfb
def test_plies_play_in_a_real_window_click_autosave_screenshot(tmp_path):
    config = tmp_path / "config"
    with x_session(config) as x:
        window = x.launch(["play", "--game", "connect4", "--first", "human", "--level", "1"],
                          cwd=tmp_path)
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                  env=x.env, capture_output=True, text=True, check=True).stdout
        size = dict(line.split("=") for line in geometry.split())
        width, height = int(size["WIDTH"]), int(size["HEIGHT"])
        assert (width, height) == (1120, 760), geometry
        shot = screenshot_dir(tmp_path) / "xvfb-connect4-after-first-moves.png"
        x.wait_for_screen(_blue_board, shot, 60, "the first frames (the blue board)")

        # Column 4 of the 7x6 board: the board fills the area left of the side panel.
        x.xdotool("mousemove", "--window", window, "384", "400", "click", "1")
        moves = wait_for(lambda: (m := autosaved_moves(config)) and len(m) >= 2 and m,
                         90, "the autosave to hold the human's move and the reply")
        assert moves[0] == "4", moves  # the human's click
        assert len(moves) == 2 and moves[1] in "1234567", moves  # the computer's reply
        # The red disc lands at the bottom of column 4 (after its drop animation).
        x.wait_for_screen(_red_disc_in_column_4, shot, 60, "a red disc at the bottom of column 4")

        # Esc asks before quitting (a veil darkens the window); Enter confirms. On a
        # loaded machine a key can take seconds to land: wait on what the screen shows.
        probe = tmp_path / "probe.png"
        assert not under_a_veil(x.look(probe)), "a veil before Esc"
        x.press_until("Escape", under_a_veil, probe, "the quit question (Esc must ask, not quit)")
        x.key("Return", closes=True)
        assert x.program.wait(timeout=30) == 0, x.errors()


def _red(c) -> bool:
    return c.r > 180 and c.g < 100 and c.b < 100


def _yellow(c) -> bool:
    return c.r > 180 and c.g > 150 and c.b < 110


def _blue_board(image) -> bool:
    """The window alone, mostly the blue Connect-4 board left of the side panel."""
    if image.get_size() != (1120, 760):
        return False
    colours = [image.get_at((x, y)) for x in range(100, 670, 10) for y in range(150, 640, 10)]
    return sum(1 for c in colours if c.b > 150 and c.r < 120) > len(colours) // 4


def _red_disc_in_column_4(image) -> bool:
    """The blue board with a red disc at the bottom of column 4."""
    bottom_of_column_4 = [image.get_at((x, y)) for x in range(364, 405, 4)
                          for y in range(565, 605, 4)]
    return _blue_board(image) and any(
        c.r > 180 and c.g < 90 and c.b < 90 for c in bottom_of_column_4)


def _idle_cpu_tool():
    """``.ci/idle_cpu.py``, loaded by path (``.ci`` is not an installed package)."""
    import importlib.util
    import sys

    if "idle_cpu" in sys.modules:
        return sys.modules["idle_cpu"]
    spec = importlib.util.spec_from_file_location("idle_cpu", ROOT / ".ci" / "idle_cpu.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["idle_cpu"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.xvfb
def test_an_idle_window_uses_under_one_percent_of_a_core():
    """The start screen and a game waiting for the person, 5 s each (DESIGN §8).

    Plies's own threads under 1% of a core and the loop awake at most 5 times a second,
    measured once the program has gone quiet (its start over): see ``.ci/idle_cpu.py``
    for why a loaded machine no longer decides the result. The start screen runs with
    sound off, when no audio device may be open (SDL's audio thread, which wakes about
    90 times a second, is then absent); the game with sound on (the default), when it is.
    """
    need_tools()
    tool = _idle_cpu_tool()
    for args, sound in (([], False), (["play", "--game", "othello", "--first", "human"], None)):
        usage = tool.run(args, seconds=5, sound=sound)
        print(f"idle, plies {' '.join(args)}, sound {sound}: {usage.describe()}")
        assert not usage.problems(), (args, usage.describe())
        audio = [t.name for t in usage.threads if t.is_audio]
        assert bool(audio) == (sound is None), (sound, audio)


def test_the_idle_meter_reads_each_threads_cpu_and_sleeps():
    """The meter's figures are the threads' own: a thread that spins 0.2 CPU seconds is
    charged what ``time.thread_time`` says it used, one that sleeps 20 times has 20
    wake-ups, and a spinning thread is reported as not idle."""
    if not Path(f"/proc/{os.getpid()}/task").is_dir():
        pytest.skip("no /proc")
    tool = _idle_cpu_tool()
    ready, release = threading.Barrier(3), threading.Event()
    spent = {}

    def spin():
        spent["tid"], start = threading.get_native_id(), time.thread_time()
        ready.wait()
        while time.thread_time() - start < 0.2:
            pass
        spent["cpu"] = time.thread_time() - start
        release.wait()

    def nap():
        spent["napper"] = threading.get_native_id()
        ready.wait()
        for _ in range(20):
            time.sleep(0.001)
        spent["napped"] = True
        release.wait()

    threads = [threading.Thread(target=spin), threading.Thread(target=nap)]
    for thread in threads:
        thread.start()
    try:
        before = tool._threads(os.getpid())
        ready.wait()
        wait_for(lambda: "cpu" in spent and "napped" in spent, 60, "the threads' work")
        after = tool._threads(os.getpid())
    finally:
        release.set()
        for thread in threads:
            thread.join()
    usage = [tool.ThreadUsage(tid, name, (ns - before[tid][1]) / 1e9, sw - before[tid][2],
                              (wait - before[tid][3]) / 1e9)
             for tid, (name, ns, sw, wait) in after.items() if tid in before]
    spinner = next(t for t in usage if t.tid == spent["tid"])
    napper = next(t for t in usage if t.tid == spent["napper"])
    assert spinner.cpu == pytest.approx(spent["cpu"], abs=0.02), (spinner, spent)
    assert napper.wakeups >= 20 and napper.cpu < 0.05, napper
    assert all(t.waited >= 0 for t in usage)
    # Over one second of wall time, 0.2 s of CPU is 20% of a core: not idle.
    problems = tool.Usage(os.getpid(), 1.0, tuple(usage)).problems()
    assert problems and "% of a core" in problems[0], problems


@pytest.mark.xvfb
def test_plies_file_opens_the_saved_game_in_a_real_window(tmp_path, make_app):
    """`plies game.json` shows the saved Connect-4 position at once, in a window of class
    ``plies`` (the menu entry's StartupWMClass); SIGTERM closes it."""
    from game import records
    from game.formats import save_record
    from game.players import Human
    from game.rules import new_game

    game = new_game("connect4")
    game.play_moves("4445")
    saved = tmp_path / "saved game.json"
    save_record(saved, records.record_from_game(game, [Human(), Human()]))
    # Where the cells are at the window's size: the same layout, headless, in this process.
    app = make_app(size=(1120, 760))
    app.start_game(new_game("connect4"), [Human(), Human()],
                   remember=False)
    centre = app.play.view.cell_center
    red_cells = [centre((3, 5)), centre((3, 3))]  # row 5 is the bottom one
    yellow_cells = [centre((3, 4)), centre((4, 5))]
    empty_cell = centre((3, 2))

    config = tmp_path / "window-config"  # not the one the headless app above uses
    with x_session(config, wm_class=None) as x:  # the window's own class, as the menu says
        x.launch([str(saved)], cwd=tmp_path)
        shot = screenshot_dir(tmp_path) / "xvfb-plies-file-connect4-4445.png"

        def problems() -> list[str]:
            """What the screen does not show yet (the first frames may be slow)."""
            image = load_image(x.screenshot(shot))
            if image.get_size() != (1120, 760):
                return [f"window size {image.get_size()}"]

            def colour(point):
                return image.get_at((round(point[0]), round(point[1])))

            wrong = [f"no red disc at {p}: {colour(p)}" for p in red_cells
                     if not _red(colour(p))]
            wrong += [f"no yellow disc at {p}: {colour(p)}" for p in yellow_cells
                      if not _yellow(colour(p))]
            c = colour(empty_cell)
            if c.r > 180 and c.b < 110:
                wrong.append(f"a disc above, at {empty_cell}: {c}")
            return wrong

        try:
            wait_for(lambda: not problems(), 60, "the saved position on screen")
        except AssertionError:
            raise AssertionError(problems()) from None
        x.program.terminate()  # SDL turns SIGTERM into a quit event
        assert x.program.wait(timeout=30) == 0, x.errors()
        autosave = json.loads((config / "plies" / "autosave.json").read_text())
        assert autosave["moves"] in ("4445", ["4", "4", "4", "5"]), autosave
