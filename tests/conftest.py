"""Shared pytest set-up: headless SDL for every test that touches pygame, and private folders.

The suite runs in parallel (``pytest -n auto``, pytest-xdist): no two tests may share a
settings folder, a display or a port. Every test gets its own XDG folders here (settings,
tallies, autosaves, the menu entry), so nothing reads or writes the real ones either;
``tests/ui/conftest.py`` narrows them further for the window's tests.
"""

import concurrent.futures
import os
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English (game.i18n follows the desktop): whatever this machine's language,
# and for every program they start. A test of another language sets its own.
os.environ["LANGUAGE"] = "en"


def _share_installed_bytecode(prefix: str) -> None:
    """Link, under ``prefix``, the bytecode compiled beside the standard library and the
    installed packages (every import folder but this repository's own), where Python
    looks for it once ``PYTHONPYCACHEPREFIX`` is set: else every worker and program of a
    first run compiles some 800 of their modules again (about 10 CPU-seconds each)."""
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tag = sys.implementation.cache_tag
    for entry in {os.path.abspath(p) for p in sys.path if p}:
        own = entry == repository or (entry.startswith(repository + os.sep)
                                      and "site-packages" not in entry)
        if own or not os.path.isdir(entry):  # the project's modules compile as they change
            continue
        for folder, subfolders, _files in os.walk(entry):
            if os.path.basename(folder) != "__pycache__":
                subfolders[:] = [d for d in subfolders if d != "site-packages" or folder != entry]
                continue
            subfolders.clear()
            # The prefix mirrors the source's absolute folder (importlib's cache_from_source).
            mirror = os.path.join(prefix, os.path.dirname(folder).lstrip(os.sep))
            for name in os.listdir(folder):
                if not name.endswith(f".{tag}.pyc"):  # not the -O ones, nor another Python's
                    continue
                link = os.path.join(mirror, name)
                if os.path.lexists(link):
                    continue
                os.makedirs(mirror, exist_ok=True)
                # A link, not a copy: Python replaces a stale one with a file of its own
                # (it writes a new file and renames it over), never the target.
                os.symlink(os.path.join(folder, name), link)


if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) and not os.environ.get("PYTHONPYCACHEPREFIX"):
    # The run starts three workers and about 150 Python programs (the CLI, windows, match
    # and plugin processes); without cached bytecode each compiles every module again
    # (collection alone: 12.5 s a worker instead of 1.9 s). An environment that keeps
    # bytecode out of the tree gets it kept under the temporary folder instead.
    os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(
        tempfile.gettempdir(), f"plies-test-bytecode-{os.getuid() if hasattr(os, 'getuid') else 0}")
    try:
        _share_installed_bytecode(os.environ["PYTHONPYCACHEPREFIX"])
    except OSError:  # no symbolic links here, or a full disk: the modules compile anew
        pass
    BYTECODE_PREFIX: str | None = os.environ["PYTHONPYCACHEPREFIX"]
else:
    BYTECODE_PREFIX = None


def pytest_configure(config):
    """In a parallel run under a fresh bytecode prefix, rewrite the test modules' asserts
    once, before the workers start, a share per processor: else each worker rewrites
    all of them itself (pytest's assertion rewriting, about 8 CPU-seconds a worker)."""
    parallel = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if BYTECODE_PREFIX is None or not parallel or config.getini("enable_assertion_pass_hook"):
        return
    try:  # pytest's own rewriting and file names, private: another pytest skips this
        from _pytest.assertion.rewrite import PYC_TAIL, _rewrite_test, _write_pyc_fp  # noqa: F401
    except ImportError:
        return
    tests = Path(__file__).resolve().parent
    modules = sorted([*tests.rglob("test_*.py"), *tests.rglob("conftest.py")])
    missing = [str(m) for m in modules if not _rewritten(m, BYTECODE_PREFIX).exists()]
    if len(missing) < 20:  # a warm cache: what changed is rewritten in the workers
        return
    shares = _processors()
    try:
        with concurrent.futures.ProcessPoolExecutor(shares) as pool:
            list(pool.map(_rewrite_modules, [missing[n::shares] for n in range(shares)],
                          [BYTECODE_PREFIX] * shares))
    except Exception:  # noqa: BLE001 - a speed-up only: the workers rewrite what is left
        pass


def _rewritten(module: Path, prefix: str) -> Path:
    """Where pytest keeps ``module`` with its asserts rewritten, under ``prefix``."""
    from _pytest.assertion.rewrite import PYC_TAIL

    return Path(prefix, *module.parent.parts[1:], module.stem + PYC_TAIL)


def _rewrite_modules(modules: list[str], prefix: str) -> None:
    """Write each module's assert-rewritten code where pytest reads it (as pytest does:
    a new file renamed over, so a worker never reads half a file)."""
    from _pytest.assertion.rewrite import _rewrite_test, _write_pyc_fp

    for name in modules:
        module = Path(name)
        source_hash, code = _rewrite_test(module, None)
        target = _rewritten(module, prefix)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}")
        with open(partial, "wb") as file:
            _write_pyc_fp(file, source_hash, code)
        os.replace(partial, target)


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

    In a parallel run (pytest-xdist's ``worksteal``, which hands each worker one
    contiguous share of this order and lets an idle one take the end of another's), each
    share starts with its part of the slow tests, the real windows first (they mostly
    wait on a program and an X server, while the others use the cores), and ends with
    fast ones: so the slow tests run early on every worker, and what is stolen at the end
    is short. Every worker sorts alike (the order is stable).
    """
    for item in items:
        if item.get_closest_marker("xvfb") is not None:
            item.add_marker(pytest.mark.slow)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if os.environ.get("PYTEST_XDIST_WORKER") and workers > 1:
        items[:] = _shares(items, workers)


def _shares(items, workers):
    """``items`` reordered as ``workers`` contiguous shares of the sizes worksteal cuts
    (a third, half the rest, the rest...), each: real windows, slow tests, fast tests."""
    windows = [i for i in items if i.get_closest_marker("xvfb") is not None]
    slow = [i for i in items if i.get_closest_marker("slow") is not None and i not in windows]
    fast = [i for i in items if i.get_closest_marker("slow") is None]
    shares: list[list] = [[] for _ in range(workers)]
    for n, item in enumerate(windows):
        shares[n % workers].append(item)
    # A module's slow tests stay together (they may share a module fixture), each module
    # going to the share with the fewest slow tests yet.
    by_module: dict[str, list] = {}
    for item in slow:
        by_module.setdefault(item.nodeid.split("::")[0], []).append(item)
    for group in by_module.values():
        min(shares, key=len).extend(group)
    sizes, left = [], len(items)
    for remaining in range(workers, 0, -1):
        sizes.append(left // remaining)
        left -= sizes[-1]
    for share, size in zip(shares, sizes):
        taken = max(0, size - len(share))
        share.extend(fast[:taken])
        del fast[:taken]
    shares[-1].extend(fast)
    return [item for share in shares for item in share]


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the processors this process may use. Many tests
    spend seconds waiting on a child (a real window under Xvfb, an engine, ``plies
    match``), and the extra worker keeps the processors busy meanwhile: on two cores the
    whole suite took 190 s with three workers against 255 s with two (README command)."""
    return _processors() + 1


def _processors() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1
