"""A plugin's evaluator checked on every call, and plugin searches in a process that
can be killed (the window's way: ``game.plugins.search_in_process``)."""

from __future__ import annotations

import threading
import time

import pytest

import ai.evaluators.plugin
from ai.evaluators.base import WIN_THRESHOLD
from ai.evaluators.plugin import EvaluatorFault, FunctionEvaluator
from ai.search import Limits, Searcher
from game.plugins import load_plugins, search_in_process, use_folder
from game.rules import new_game
from tests.plugins.helpers import EVALUATOR, install_examples, readme_folder
from tests.ui.xvfb import wait_for


@pytest.mark.parametrize(("value", "sentence"), [
    ("x", "evaluator f returned 'x', not a number"),
    (None, "evaluator f returned None, not a number"),
    (True, "evaluator f returned True, not a number"),
    (float("nan"), "evaluator f returned NaN, not a number"),
    (float("inf"), "evaluator f returned inf, outside the score range"),
    (WIN_THRESHOLD, f"evaluator f returned {WIN_THRESHOLD}, outside the score range"),
])
def test_a_bad_value_is_one_sentence_naming_the_evaluator(value, sentence):
    ev = FunctionEvaluator("connect4", "f", lambda game: value)
    with pytest.raises(EvaluatorFault) as fault:
        ev.evaluate(new_game("connect4"))
    assert str(fault.value).startswith(sentence)


def test_good_values_are_rounded_into_the_scale():
    game = new_game("connect4")
    assert FunctionEvaluator("connect4", "f", lambda g: 2.6).evaluate(game) == 3
    assert FunctionEvaluator("connect4", "f", lambda g: -(WIN_THRESHOLD - 1)).evaluate(game) \
        == -(WIN_THRESHOLD - 1)


def test_an_order_that_drops_or_invents_moves_is_a_fault():
    game = new_game("connect4")
    ev = FunctionEvaluator("connect4", "f", lambda g: 0, order=lambda g: [3, 2])
    with pytest.raises(EvaluatorFault, match="order must return every legal move once"):
        ev.candidate_moves(game)
    good = FunctionEvaluator("connect4", "f", lambda g: 0, order=lambda g: sorted(g.legal_moves(), reverse=True))
    assert good.candidate_moves(game) == [6, 5, 4, 3, 2, 1, 0]


def test_a_search_stops_with_the_sentence_when_the_evaluator_raises():
    def bad(game):
        if len(game.move_stack) >= 2:
            raise KeyError("cell")
        return 0

    searcher = Searcher(FunctionEvaluator("connect4", "deep", bad))
    with pytest.raises(EvaluatorFault, match=r"evaluator deep raised KeyError: 'cell' \("):
        searcher.search(new_game("connect4"), Limits(depth=3))


# The endless loops below run until the call limit, every second of it CPU: the tests
# shorten the limit (as the other plugin tests do), the real one is checked here.
SHORT_LIMIT = 0.3


def test_the_call_limit_is_two_seconds():
    assert ai.evaluators.plugin.CALL_SECONDS == 2.0


def test_an_endless_call_on_the_main_thread_is_stopped_after_the_call_limit(monkeypatch):
    monkeypatch.setattr(ai.evaluators.plugin, "CALL_SECONDS", SHORT_LIMIT)
    ev = FunctionEvaluator("connect4", "loop", lambda g: [0 for _ in iter(int, 1)][0])
    started = time.monotonic()
    with pytest.raises(EvaluatorFault, match="evaluator loop did not return within 0.3 s"):
        ev.evaluate(new_game("connect4"))
    assert time.monotonic() - started < 10


# --- the plugin process ---------------------------------------------------------------------

def write_evaluator(name: str, body: str) -> None:
    (readme_folder() / f"{name}.py").write_text(EVALUATOR.format(name=name, body=body))


def test_a_search_in_the_plugin_process_answers_like_the_same_search_here():
    folder = install_examples()
    use_folder(folder)
    from ai.evaluators import evaluator_by_name

    game = new_game("connect4")
    game.play_moves("4453")
    ev = evaluator_by_name("connect4", "homework")
    infos: list = []
    result = search_in_process(game, ev, Limits(depth=4), "full", threading.Event(),
                               infos.append)
    here = Searcher(evaluator_by_name("connect4", "homework")).search(game, Limits(depth=4))
    assert (result.move, result.score, result.depth) == (here.move, here.score, here.depth)
    assert [i.depth for i in infos] == list(range(1, 5))


def test_a_plugin_stuck_in_c_code_is_killed_after_the_time_and_the_grace():
    # sum() over a huge range is one C call: no signal handler runs inside it, so only
    # killing the process stops it.
    write_evaluator("stuck", "    return sum(range(10 ** 15)) * 0")
    use_folder(readme_folder())
    from ai.evaluators import evaluator_by_name

    ev = evaluator_by_name("connect4", "stuck")
    started = time.monotonic()
    with pytest.raises(EvaluatorFault, match="the computer is not answering: evaluator stuck"):
        search_in_process(new_game("connect4"), ev, Limits(depth=3, seconds=0.5), "full",
                          threading.Event(), lambda info: None)
    waited = time.monotonic() - started
    assert 2.5 <= waited < 20  # the time, the grace and the process's start
    # The next search starts a new process and works.
    write_evaluator("fine", "    return 1")
    use_folder(readme_folder())
    fine = evaluator_by_name("connect4", "fine")
    result = search_in_process(new_game("connect4"), fine, Limits(depth=2), "full",
                               threading.Event(), lambda info: None)
    assert result.move is not None


def test_stopping_a_stuck_plugin_search_returns_at_once(tmp_path):
    stuck = tmp_path / "stuck"  # made by the plugin process as it goes into the C call
    write_evaluator("stuck", f"    open({str(stuck)!r}, 'w').close()\n"
                             "    return sum(range(10 ** 15)) * 0")
    use_folder(readme_folder())
    from ai.evaluators import evaluator_by_name

    ev = evaluator_by_name("connect4", "stuck")
    stop = threading.Event()
    answers: list = []
    thread = threading.Thread(target=lambda: answers.append(search_in_process(
        new_game("connect4"), ev, Limits(depth=3), "full", stop, lambda info: None)))
    thread.start()
    # The search is under way: the process started and is stuck (was: 1.5 s of sleep,
    # the stuck process spinning all along).
    wait_for(stuck.exists, 60, "the plugin process stuck in its evaluator")
    stopped = time.monotonic()
    stop.set()
    thread.join(5)
    assert not thread.is_alive() and answers == [None]
    assert time.monotonic() - stopped < 2.0


def test_load_plugins_is_once_per_process_unless_asked_again():
    install_examples()
    first = load_plugins(again=True)
    assert load_plugins() is first


def test_an_endless_call_on_another_thread_is_stopped_by_the_watchdog(monkeypatch):
    monkeypatch.setattr(ai.evaluators.plugin, "CALL_SECONDS", SHORT_LIMIT)
    ev = FunctionEvaluator("connect4", "loop", lambda g: [0 for _ in iter(int, 1)][0])
    caught: list[BaseException] = []

    def run() -> None:
        try:
            ev.evaluate(new_game("connect4"))
        except BaseException as error:  # noqa: BLE001 - what arrives is the point
            caught.append(error)
        # Nothing more may arrive once the call is over: the thread goes on working.
        assert ev.__class__ is FunctionEvaluator and sum(range(200_000)) > 0
        caught.append(None)  # type: ignore[arg-type]

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(15)
    assert not thread.is_alive()
    assert isinstance(caught[0], EvaluatorFault) and caught[1:] == [None]
    assert str(caught[0]).startswith("evaluator loop did not return within 0.3 s")


def test_quick_calls_on_a_thread_are_never_interrupted():
    ev = FunctionEvaluator("connect4", "fine", lambda g: 1)
    game = new_game("connect4")
    results: list[int] = []
    thread = threading.Thread(target=lambda: results.extend(ev.evaluate(game)
                                                            for _ in range(20_000)))
    thread.start()
    thread.join(60)
    assert results == [1] * 20_000
