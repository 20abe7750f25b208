"""The background worker: results tagged, cancel prompt, stale results dropped, errors reported."""

from __future__ import annotations

import queue
import threading
import time

import pytest

from ai.search import Limits, Searcher
from ai.worker import SearchWorker, WorkerReport
from tests.ai.tree_game import LeafEvaluator, TreeGame


def wide_tree(depth: int, branching: int, seed: int = 1):
    """A uniform tree big enough that a full search takes far longer than a test."""
    import random

    rng = random.Random(seed)

    def build(d):
        if d == 0:
            return rng.randint(-100, 100)
        return tuple(build(d - 1) for _ in range(branching))

    return build(depth)


class SlowTreeGame(TreeGame):
    """A tree whose children are generated on the fly: endless enough for a stop test."""

    def __init__(self, depth_left: int = 40, branching: int = 8) -> None:
        super().__init__(0)
        self.depth_left, self.branching = depth_left, branching

    def legal_moves(self):
        return [] if len(self.move_stack) >= self.depth_left else list(range(self.branching))

    def push(self, move):
        self.move_stack.append(move)
        self.turn ^= 1

    def pop(self):
        self.turn ^= 1
        return self.move_stack.pop()

    def copy(self):
        twin = SlowTreeGame(self.depth_left, self.branching)
        twin.move_stack = list(self.move_stack)
        twin.turn = self.turn
        return twin


class HashEvaluator(LeafEvaluator):
    def evaluate(self, game):
        return hash(tuple(game.move_stack)) % 201 - 100


class BrokenEvaluator(LeafEvaluator):
    def evaluate(self, game):
        raise ZeroDivisionError("boom")


class Inbox:
    """Collects reports from the worker thread."""

    def __init__(self) -> None:
        self.reports: queue.Queue[WorkerReport] = queue.Queue()

    def __call__(self, report: WorkerReport) -> None:
        self.reports.put(report)

    def final(self, timeout: float = 10.0) -> WorkerReport:
        """The next result or error report, skipping progress."""
        deadline = time.monotonic() + timeout
        while True:
            report = self.reports.get(timeout=max(0.01, deadline - time.monotonic()))
            if report.kind != "progress":
                return report

    def until_final(self, timeout: float = 10.0) -> list[WorkerReport]:
        """Every report up to and including the next result or error."""
        seen = [self.reports.get(timeout=timeout)]
        while seen[-1].kind == "progress":
            seen.append(self.reports.get(timeout=timeout))
        return seen

    def started(self, timeout: float = 10.0) -> WorkerReport:
        """The first report of a search under way: its first finished depth."""
        report = self.reports.get(timeout=timeout)
        assert report.kind == "progress", report
        return report

    def drain(self) -> list[WorkerReport]:
        items = []
        while not self.reports.empty():
            items.append(self.reports.get())
        return items


@pytest.fixture
def worker_and_inbox():
    inbox = Inbox()
    worker = SearchWorker(inbox)
    yield worker, inbox
    assert worker.shutdown(timeout=1.0)


def test_result_carries_the_generation_and_matches_a_direct_search(worker_and_inbox):
    worker, inbox = worker_and_inbox
    tree = wide_tree(4, 3)
    worker.request(7, TreeGame(tree), LeafEvaluator(), Limits(depth=4), purpose="hint")
    report = inbox.final()
    direct = Searcher(LeafEvaluator()).search(TreeGame(tree), Limits(depth=4))
    assert (report.generation, report.purpose, report.kind) == (7, "hint", "result")
    assert report.result.score == direct.score
    assert report.result.move == direct.move


def test_progress_reports_one_per_completed_depth_then_the_result(worker_and_inbox):
    worker, inbox = worker_and_inbox
    worker.request(1, TreeGame(wide_tree(5, 3)), LeafEvaluator(), Limits(depth=5))
    reports = inbox.until_final()
    assert [r.kind for r in reports] == ["progress"] * 5 + ["result"]
    assert [r.info.depth for r in reports[:-1]] == [1, 2, 3, 4, 5]
    assert reports[-1].result.score == reports[-2].info.score
    assert all(r.payload is None for r in reports)


def test_the_worker_searches_a_copy(worker_and_inbox):
    worker, inbox = worker_and_inbox
    game = TreeGame(wide_tree(4, 3))
    worker.request(1, game, LeafEvaluator(), Limits(depth=4))
    game.push(0)  # the caller moves on at once; the search must not notice
    report = inbox.final()
    assert report.kind == "result" and len(report.result.root_scores) == 3


def test_cancel_stops_promptly_and_reports_nothing(worker_and_inbox):
    worker, inbox = worker_and_inbox
    worker.request(1, SlowTreeGame(), HashEvaluator(), Limits(depth=30))
    inbox.started()
    assert worker.busy
    started = time.perf_counter()
    worker.cancel()
    while worker.busy:
        assert time.perf_counter() - started < 1.0, "search did not stop"
        time.sleep(0.001)
    # idle: the search's thread has returned, so nothing can come after this
    assert [r.kind for r in inbox.drain() if r.kind != "progress"] == []


def test_a_new_request_supersedes_the_running_one(worker_and_inbox):
    worker, inbox = worker_and_inbox
    worker.request(1, SlowTreeGame(), HashEvaluator(), Limits(depth=30))
    inbox.started()
    worker.request(2, TreeGame(wide_tree(3, 3)), LeafEvaluator(), Limits(depth=3))
    report = inbox.final()
    assert report.generation == 2
    while worker.busy:  # idle: nothing more can come
        time.sleep(0.001)
    assert all(r.generation == 2 for r in inbox.drain())


def test_an_exception_in_the_search_becomes_an_error_report(worker_and_inbox):
    worker, inbox = worker_and_inbox
    worker.request(3, TreeGame(wide_tree(3, 2)), BrokenEvaluator(), Limits(depth=3))
    report = inbox.final()
    assert report.kind == "error" and report.generation == 3
    assert report.error.startswith("the computer player failed: ZeroDivisionError")
    assert "boom" in report.error and "\n" not in report.error
    # and the worker is still alive for the next request
    worker.request(4, TreeGame(wide_tree(3, 2)), LeafEvaluator(), Limits(depth=3))
    assert inbox.final().kind == "result"


def test_shutdown_joins_within_a_second_even_mid_search():
    inbox = Inbox()
    worker = SearchWorker(inbox)
    worker.request(1, SlowTreeGame(), HashEvaluator(), Limits(depth=30))
    inbox.started()
    started = time.perf_counter()
    assert worker.shutdown(timeout=1.0)
    assert time.perf_counter() - started < 1.0
    with pytest.raises(RuntimeError):
        worker.request(2, TreeGame(1), LeafEvaluator(), Limits(depth=1))


def test_direct_stop_event_ends_a_search_with_the_last_completed_depth():
    stop = threading.Event()
    infos = []

    def on_info(info):
        infos.append(info)
        if info.depth == 3:
            stop.set()

    result = Searcher(HashEvaluator()).search(SlowTreeGame(), Limits(depth=30),
                                              stop=stop, on_info=on_info)
    assert result.stopped and result.depth >= 3
    assert result.move in range(8)


def test_a_search_stopped_mid_tree_leaves_the_callers_position_alone():
    game = SlowTreeGame()
    game.push(3)
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    result = Searcher(HashEvaluator()).search(game, Limits(depth=30), stop=stop)
    assert result.stopped
    assert game.move_stack == [3] and game.turn == 1


def test_a_time_limit_leaves_the_callers_position_alone():
    game = SlowTreeGame()
    result = Searcher(HashEvaluator()).search(game, Limits(seconds=0.2))
    assert not result.stopped and result.depth >= 1
    assert game.move_stack == [] and game.turn == 0
