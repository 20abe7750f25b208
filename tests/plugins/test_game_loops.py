"""A plugin game whose own code never returns, past what the load check plays:
``plies match`` forfeits that game on time (the side to move loses, the sentence is the
reason) instead of hanging. The window's side is in tests/ui/test_plugin_games.py."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.plugins import load_plugins
from tests.plugins.helpers import readme_folder

LATE = '''from game.plugins import GridGame, Outcome


class Late(GridGame):
    """Fill a 7x7 board; legal_moves loops once 41 cells are full: the load check plays
    40 plies, so it never sees that position."""
    name = "late"
    title = "Late"
    width = 7
    height = 7

    def legal_moves(self):
        while self.board.count(None) <= 49 - 41:
            pass
        return [] if self.outcome() else [i for i in range(49) if self.board[i] is None]

    def apply(self, move):
        self.board[move] = self.turn

    def outcome(self):
        return Outcome(None, "full") if None not in self.board else None
'''


def test_a_game_whose_code_never_returns_forfeits_its_match_game(capsys, monkeypatch):
    import game.plugins

    (readme_folder() / "late.py").write_text(LATE)
    load_plugins(again=True)
    monkeypatch.setattr(game.plugins, "GRACE_SECONDS", 0.2)
    capsys.readouterr()
    assert main(["match", "late", "--a", "depth=1,time=0.1", "--b", "depth=1,time=0.1",
                 "--games", "1", "--jobs", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    (result,) = found["results"]
    # 41 moves are played (a depth-1 search only evaluates its children); the side to
    # move at 41 pieces, side 1, asks for legal_moves at its search's root.
    assert len(result["moves"].split()) == 41
    assert result["reason"] == "Game late did not answer within 0.3 s (an endless loop?)"
    assert result["forfeit"] == "b" and result["winner"] == 0  # side 1 was to move


def test_the_window_s_guard_stops_a_loop_on_the_main_thread_and_leaves_the_class_as_it_was(
        monkeypatch):
    import copy
    import pickle

    import game.plugins
    from ai.evaluators.plugin import EvaluatorFault
    from game.plugins import guard_window_calls, is_plugin_game
    from game.rules import new_game

    (readme_folder() / "late.py").write_text(LATE)
    load_plugins(again=True)
    monkeypatch.setattr(game.plugins, "CALL_SECONDS", 0.2)
    late = new_game("late")
    cls = type(late)
    own = cls.__dict__["legal_moves"], cls.__dict__["apply"]
    for move in range(41):
        late.push(move)
    guard_window_calls()
    try:
        assert (cls.legal_moves, cls.apply) != own and is_plugin_game(late)
        with pytest.raises(EvaluatorFault) as fault:
            late.legal_moves()
        assert str(fault.value) == ("game late: legal_moves did not return within 0.2 s "
                                    "(an endless loop?)")
        # The same class, copied and pickled as before.
        for twin in (late.copy(), copy.deepcopy(late), pickle.loads(pickle.dumps(late))):
            assert type(twin) is cls and type(twin).name == "late" and isinstance(twin, cls)
            assert twin.key() == late.key() and twin.move_stack == late.move_stack
    finally:
        guard_window_calls(False)
    assert (cls.__dict__["legal_moves"], cls.__dict__["apply"]) == own  # the plugin's own
    assert "push" not in cls.__dict__  # GridGame's: never wrapped (its apply is)


def test_the_guard_stops_a_loop_on_a_worker_thread_too(monkeypatch):
    """The explorer, a review and an analysis call a plugin game on the window's worker
    thread: the watchdog ends the call with the sentence, and the thread goes on."""
    import threading

    import game.plugins
    from ai.evaluators.plugin import EvaluatorFault
    from game.plugins import guard_window_calls
    from game.rules import new_game

    (readme_folder() / "late.py").write_text(LATE)
    load_plugins(again=True)
    monkeypatch.setattr(game.plugins, "CALL_SECONDS", 0.2)
    late = new_game("late")
    for move in range(41):
        late.push(move)
    found: list[BaseException | list[int]] = []

    def job() -> None:
        try:
            found.append(late.legal_moves())
        except EvaluatorFault as fault:
            found.append(fault)
        late.pop()
        found.append(late.legal_moves())  # the thread is still usable afterwards

    guard_window_calls()
    try:
        worker = threading.Thread(target=job)
        worker.start()
        worker.join(timeout=30)
    finally:
        guard_window_calls(False)
    assert not worker.is_alive()
    fault, after = found
    assert str(fault) == "game late: legal_moves did not return within 0.2 s (an endless loop?)"
    assert after == list(range(40, 49))  # 40 cells filled, the other 9 free


def test_the_explorer_s_recording_ends_with_the_sentence(monkeypatch):
    """The tree explorer records on a worker thread: a plugin game's loop below the
    root ends the recording with the game's sentence (shown as the explorer's refusal)."""
    import threading

    import game.plugins
    from game.plugins import guard_window_calls
    from game.rules import new_game
    from game.ui.scenes.tree_recording import recording_job

    (readme_folder() / "late.py").write_text(LATE)
    load_plugins(again=True)
    monkeypatch.setattr(game.plugins, "CALL_SECONDS", 0.2)
    late = new_game("late")
    for move in range(40):  # the root answers; each child (41 cells full) loops
        late.push(move)
    job = recording_job(late, "default", 2, "alphabeta")
    found = []
    guard_window_calls()
    try:
        worker = threading.Thread(target=lambda: found.append(job(threading.Event(),
                                                                  lambda _info: None)))
        worker.start()
        worker.join(timeout=30)
    finally:
        guard_window_calls(False)
    (recording,) = found
    assert recording.tree is None
    assert recording.refusal == ("game late: legal_moves did not return within 0.2 s "
                                 "(an endless loop?)")
