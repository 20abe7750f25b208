"""Shared pytest set-up: headless SDL for every test that touches pygame, and private folders.

The suite runs in parallel (``pytest -n auto``, pytest-xdist): no two tests may share a
settings folder, a display or a port. Every test gets its own XDG folders here (settings,
tallies, autosaves, the menu entry), so nothing reads or writes the real ones either;
``tests/ui/conftest.py`` narrows them further for the window's tests.
"""

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English (game.i18n follows the desktop): whatever this machine's language,
# and for every program they start. A test of another language sets its own.
os.environ["LANGUAGE"] = "en"

if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) and not os.environ.get("PYTHONPYCACHEPREFIX"):
    # The run starts three workers and about 150 Python programs (the CLI, windows, match
    # and plugin processes); without cached bytecode each compiles every module again
    # (collection alone: 12.5 s a worker instead of 1.9 s). An environment that keeps
    # bytecode out of the tree gets it kept under the temporary folder instead.
    os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(
        tempfile.gettempdir(), f"plies-test-bytecode-{os.getuid() if hasattr(os, 'getuid') else 0}")

XDG_FOLDERS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


@pytest.fixture(autouse=True)
def private_xdg_folders(tmp_path_factory, monkeypatch):
    """Each test's own XDG folders, outside its ``tmp_path`` (tests list that folder)."""
    home = tmp_path_factory.mktemp("xdg")
    for name in XDG_FOLDERS:
        monkeypatch.setenv(name, str(home / name.removeprefix("XDG_").lower()))
    return home


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that speaks another language leaves English behind for the next one."""
    yield
    from game import i18n

    if i18n.current() != "en":
        i18n.set_language("en")


def pytest_collection_modifyitems(items):
    """A real-window test (``xvfb``) is ``slow`` too: it starts an X server and a program.

    In a parallel run the slow tests go first, so that the workers end together rather
    than one finishing a long test alone (every worker sorts alike: the order is stable).
    """
    for item in items:
        if item.get_closest_marker("xvfb") is not None:
            item.add_marker(pytest.mark.slow)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the processors this process may use. Many tests
    spend seconds waiting on a child (a real window under Xvfb, an engine, ``plies
    match``), and the extra worker keeps the processors busy meanwhile: on two cores the
    whole suite took 190 s with three workers against 255 s with two (README command)."""
    try:
        processors = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        processors = os.cpu_count() or 1
    return processors + 1
