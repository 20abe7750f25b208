"""Memory stays bounded in a long session (issue 11).

Two kinds of growth are possible: a leak (something kept per search: a list of
results, a table keyed by the request) and a cache without a bound. The soak test
catches the first: the worker searches the same few positions over and over, so once
the caches hold them the process must stop growing. The other tests fill each cache
past its bound and check it stays within it. The full soak (new random positions every
search, RSS after 1k, 5k and 10k searches) is ``python -m ai.tools.soak``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import ai.evaluators.gomoku as gomoku_eval
from ai import gomoku_lines
from ai.endgame import gomoku as gomoku_endgame
from ai.evaluators import load_evaluator
from ai.search import Limits
from ai.worker import SEARCHERS_KEPT, WORKER_TT_BITS, SearchWorker
from game.rules import new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_repeated_searches_do_not_grow_the_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ai.tools.soak", "--searches", "1500", "--every", "250",
         "--positions", "12"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    rss = {int(n): float(mb) for n, mb in
           re.findall(r"after\s+(\d+) searches: ([\d.]+) MB", done.stdout)}
    assert set(rss) >= {250, 750, 1500}, done.stdout
    first = rss[250] - float(re.search(r"start: ([\d.]+) MB", done.stdout).group(1))
    later = rss[1500] - rss[750]
    # 750 more searches of positions already seen: a leak of 2 KB a search would add
    # 1.5 MB. Allow allocator noise, and never more than a tenth of the first growth.
    assert later <= max(1.5, 0.1 * first), done.stdout


def test_window_table_and_side_classes_are_bounded() -> None:
    table = gomoku_lines._WINDOW_TABLES["freestyle"]
    table.clear()
    limit = gomoku_lines.WINDOW_TABLE_ENTRIES
    for window in range(limit + 500):
        # Any code with an empty centre (cell 5) is a window the evaluator may meet.
        code = (window & 0x3FF) | (window >> 10 << 12)
        gomoku_lines.window_classes(code, "freestyle")
        assert len(table) + len(table.old) <= limit  # both generations
    assert gomoku_lines._side_class.cache_info().currsize <= gomoku_lines.SIDE_CLASS_ENTRIES


@pytest.mark.slow
def test_line_tables_are_bounded(monkeypatch) -> None:
    # The bound is the table's own ``MAX_ENTRIES`` handed to its two generations, the
    # same mechanism at any size: filled past 1,024 entries instead of 32,768 (each
    # entry is a line worked out in full), the test checks that bound the same way.
    monkeypatch.setattr(gomoku_eval.LineTables, "MAX_ENTRIES", 1 << 10)
    tables = gomoku_eval.LineTables(gomoku_eval.PRESETS["default"], "freestyle")
    limit = tables.MAX_ENTRIES
    assert limit == 1 << 10
    walls = 3 << 2 * 20  # a 15-cell line ends in walls
    for n in range(limit + 100):
        # Distinct 15-cell lines: cells 0..9 from the bits of n (1 = a black stone).
        code = sum(1 << 2 * i for i in range(10) if n >> i & 1) | (n >> 10) << 2 * 10 | walls
        tables.entry(code, 15)
        assert len(tables.entries) + len(tables.entries.old) <= limit  # both generations


def test_vcf_failures_are_bounded() -> None:
    assert gomoku_endgame.FAILED_ENTRIES <= 1 << 16


def test_the_worker_keeps_few_small_tables() -> None:
    done = threading.Event()
    worker = SearchWorker(lambda report: report.kind != "progress" and done.set())
    try:
        for index, name in enumerate(["connect4", "othello", "gomoku", "connect4"] * 2):
            evaluator = load_evaluator(name, "naive" if index >= 4 else "default")
            done.clear()
            worker.request(index, new_game(name), evaluator, Limits(depth=1))
            assert done.wait(30)
            assert len(worker._searchers) <= SEARCHERS_KEPT
            assert all(s._tt_size <= 1 << WORKER_TT_BITS for s in worker._searchers.values())
    finally:
        worker.shutdown()
