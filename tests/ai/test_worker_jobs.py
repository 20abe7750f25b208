"""SearchWorker.run_job: long non-search work on the one worker thread, same rules."""

from __future__ import annotations

import queue
import threading

import pytest

from ai.worker import SearchWorker, WorkerReport


def _collect() -> tuple[queue.Queue, SearchWorker]:
    reports: queue.Queue[WorkerReport] = queue.Queue()
    return reports, SearchWorker(reports.put)


def test_a_job_reports_progress_then_its_result() -> None:
    reports, worker = _collect()

    def job(stop: threading.Event, progress) -> str:
        for i in range(3):
            progress(i)
        return "done"

    worker.run_job(7, job, purpose="review")
    got = [reports.get(timeout=5) for _ in range(4)]
    assert [(r.kind, r.payload) for r in got] == [
        ("progress", 0), ("progress", 1), ("progress", 2), ("result", "done")]
    assert all(r.info is None and r.result is None and r.error is None for r in got)
    assert {r.generation for r in got} == {7} and {r.purpose for r in got} == {"review"}
    assert worker.shutdown()


@pytest.mark.parametrize("fails", [False, True], ids=["returns", "reports-then-fails"])
def test_cancel_of_one_generation_leaves_the_others_alone(fails: bool) -> None:
    """A cancelled job says nothing more, whether it then returns or reports and fails."""
    reports, worker = _collect()
    started = threading.Event()

    def endless(stop: threading.Event, progress) -> None:
        started.set()
        stop.wait(10)
        if fails:
            progress("late")
            raise RuntimeError("stopped halfway")
        return None

    worker.run_job(1, endless, purpose="review")
    assert started.wait(5)
    worker.cancel(generation=2)  # someone else's generation: nothing happens
    assert worker.busy
    worker.cancel(generation=1)
    worker.run_job(3, lambda stop, progress: 42, purpose="review")
    report = reports.get(timeout=5)
    assert (report.generation, report.kind, report.payload) == (3, "result", 42)
    assert reports.empty()  # the cancelled job said nothing
    assert worker.shutdown()


def test_a_failing_job_becomes_one_error_report() -> None:
    reports, worker = _collect()

    def broken(stop: threading.Event, progress) -> None:
        raise RuntimeError("disk on fire")

    worker.run_job(4, broken, purpose="review")
    report = reports.get(timeout=5)
    assert report.kind == "error"
    assert report.error == "the review failed: RuntimeError: disk on fire"
    assert (report.info, report.result, report.payload) == (None, None, None)
    assert worker.shutdown()
