"""`plies tune`: the weights file it writes loads everywhere, nothing is replaced
without --force, bad input is one sentence, and a killed run resumes to the same end."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ai.evaluators import evaluator_by_name, load_evaluator
from game.cli import main
from game.settings import evaluators_dir
from tests.ui.xvfb import wait_for

ROOT = Path(__file__).resolve().parents[2]
QUICK = ["--games", "16", "--final-games", "4"]


def tune(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    status = main(["tune", *argv, "--json"])
    out, err = capsys.readouterr()
    return status, (json.loads(out) if status == 0 else {}), err


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory) -> tuple[dict, str]:
    """``plies tune tictactoe --out quick`` with the QUICK games, run once for the tests
    that only read what it gives: its JSON and the evaluator file it wrote."""
    home = tmp_path_factory.mktemp("quick-xdg")
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            patch.setenv(name, str(home / name.lower()))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["tune", "tictactoe", "--out", "quick", *QUICK, "--json"])
        assert status == 0, err.getvalue()
        payload = json.loads(out.getvalue())
        return payload, Path(payload["path"]).read_text(encoding="utf-8")


def test_spsa_writes_an_evaluator_that_loads_everywhere(capsys):
    status, payload, err = tune(capsys, "tictactoe", "--eval", "default", "--out", "mine",
                                *QUICK)
    assert status == 0, err
    path = evaluators_dir() / "mine.toml"
    assert payload["path"] == str(path) and path.is_file()
    assert not (evaluators_dir() / "mine.tune.json").exists()  # finished: no state left
    # The file holds the tuned weights, and the games and the window load it by name.
    evaluator = evaluator_by_name("tictactoe", "mine", user_dir=evaluators_dir())
    tuned = {w["name"]: w["tuned"] for w in payload["weights"]}
    assert {n: getattr(evaluator.weights, n) for n in tuned} == tuned
    assert [w["start"] for w in payload["weights"]] == [10, 1, 0]  # the default preset's
    assert all(w["low"] <= w["tuned"] <= w["high"] for w in payload["weights"])
    # 16 games are 8 pairs: two iterations of four pairs, each result a pair's +-2
    assert [h["pairs"] for h in payload["history"]] == [4, 8]
    assert all(len(h["results"]) == 4 and all(-2 <= r <= 2 for r in h["results"])
               for h in payload["history"])
    final = payload["final"]
    assert final["games"] == 4 == final["wins"] + final["draws"] + final["losses"]
    assert final["verdict"] in ("stronger", "weaker", "unclear")
    assert main(["analyse", "tictactoe", "--moves", "b2", "--eval", "mine", "--depth", "2"]) == 0
    capsys.readouterr()


def test_the_new_game_dialog_offers_the_tuned_evaluator(quick_run):
    # The file a run wrote (where it writes is test_spsa_writes_...'s), in this folder.
    evaluators_dir().mkdir(parents=True)
    (evaluators_dir() / "offered.toml").write_text(quick_run[1], encoding="utf-8")
    from game.ui.scenes.start import preset_options

    assert "offered" in preset_options("tictactoe")
    assert "offered" not in preset_options("connect4")


def test_text_output_names_the_file_and_the_match(capsys):
    assert main(["tune", "tictactoe", "--out", "text", *QUICK]) == 0
    out, err = capsys.readouterr()
    assert str(evaluators_dir() / "text.toml") in out
    assert "--eval text" in out and "open_two" in out and "4 games" in out
    assert err == ""  # no terminal: no progress bar


def test_nothing_is_replaced_without_force(capsys):
    folder = evaluators_dir()
    folder.mkdir(parents=True)
    (folder / "kept.toml").write_text('game = "tictactoe"\n', encoding="utf-8")
    status, _payload, err = tune(capsys, "tictactoe", "--out", "kept", *QUICK)
    assert status == 2 and "already exists" in err and "--force" in err
    assert (folder / "kept.toml").read_text(encoding="utf-8") == 'game = "tictactoe"\n'
    status, payload, err = tune(capsys, "tictactoe", "--out", "kept", "--force", *QUICK)
    assert status == 0, err
    assert "[weights]" in (folder / "kept.toml").read_text(encoding="utf-8")
    (folder / "adir.toml").mkdir()
    status, _payload, err = tune(capsys, "tictactoe", "--out", "adir", "--force", *QUICK)
    assert status == 2 and "not a regular file" in err


@pytest.mark.parametrize("argv, message", [
    (["--weights", "open_three"], "'open_three' is not a weight of tictactoe"),
    (["--out", "../x"], "not an evaluator name"),
    (["--out", "naive"], "a preset's name"),
    (["--eval", "nonesuch"], "unknown evaluator"),
    (["--resume"], "no interrupted run"),
    (["--games", "1"], "--games"),
    (["--depth", "0"], "--depth"),
])
def test_bad_input_is_one_sentence(capsys, argv, message):
    status, _payload, err = tune(capsys, "tictactoe", *argv)
    assert status == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not evaluators_dir().exists() or not any(evaluators_dir().iterdir())


def test_a_weights_file_given_by_path_tunes_too(capsys, tmp_path):
    path = tmp_path / "start.toml"
    path.write_text('game = "tictactoe"\n[weights]\nopen_two = 30\n', encoding="utf-8")
    status, payload, err = tune(capsys, "tictactoe", "--eval", str(path), "--weights",
                                "open_two,centre", *QUICK)
    assert status == 0, err
    assert payload["out"] == "start-spsa"
    assert [(w["name"], w["start"]) for w in payload["weights"]] == [("open_two", 30),
                                                                     ("centre", 0)]
    written = load_evaluator("tictactoe", payload["path"]).weights
    assert written.open_one == 1  # a weight left alone keeps the original's value


def test_texel_fits_connect4_weights(capsys):
    status, payload, err = tune(capsys, "connect4", "--method", "texel", "--games", "12",
                                "--depth", "2", "--weights", "lines,centre,stacked_threats",
                                "--final-games", "2")
    assert status == 0, err
    info = payload["texel"]
    assert info["linear"] is True  # the Connect-4 evaluator is linear in its weights
    assert info["positions"] > 100 and info["scale"] > 0
    assert info["error_end"] <= info["error_start"]  # the descent never makes it worse
    evaluator = evaluator_by_name("connect4", "default-texel", user_dir=evaluators_dir())
    assert evaluator.weights.lines == payload["weights"][1]["tuned"]


def _run(config: Path, *argv: str) -> subprocess.Popen:
    env = {**os.environ, "XDG_CONFIG_HOME": str(config), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "game", "tune", *argv, "--json"], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("method, argv, progress", [
    ("spsa", ["tictactoe", "--games", "160"], lambda s: s["pairs"] >= 24),
    ("texel", ["connect4", "--games", "30", "--depth", "2", "--weights", "lines,centre"],
     lambda s: len(s["games"]) >= 8),
])
def test_a_killed_run_resumes_to_the_same_end(tmp_path, monkeypatch, capsys, method, argv,
                                              progress):
    """kill -9 in the middle, then the same command with --resume: the weights and the
    closing match are those of an uninterrupted run with the same seed.

    The run killed and the run resumed are programs of their own (the real case); the
    refusal without --resume and the uninterrupted reference need no fresh process and
    run here (``main``), each with the same configuration folder as a program would."""
    argv = [*argv, "--method", method, "--final-games", "6", "--out", "run"]
    state = tmp_path / "killed" / "plies" / "evaluators" / "run.tune.json"

    def advanced() -> bool:
        try:
            return bool(progress(json.loads(state.read_text(encoding="utf-8"))))
        except (OSError, ValueError):
            return False

    killed = _run(tmp_path / "killed", *argv)
    wait_for(advanced, 120, "the run to save some progress")
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait()
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert saved["phase"] == "tune"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "killed"))
    assert main(["tune", *argv, "--json"]) != 0
    err = capsys.readouterr().err
    assert "interrupted" in err and "--resume" in err  # not silently started again
    resumed_out, err = _run(tmp_path / "killed", *argv, "--resume").communicate()
    assert err == "", err
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "whole"))
    assert main(["tune", *argv, "--json"]) == 0
    whole_out, err = capsys.readouterr()
    assert err == "", err
    resumed, whole = json.loads(resumed_out), json.loads(whole_out)
    assert resumed["weights"] == whole["weights"]
    assert resumed["final"] == whole["final"]
    if method == "spsa":
        assert resumed["history"] == whole["history"]
        assert [h["pairs"] for h in resumed["history"]] == list(range(4, 81, 4))
    else:
        assert resumed["texel"] == whole["texel"]
    assert not state.exists()


def test_resume_refuses_other_settings(tmp_path, capsys):
    folder = evaluators_dir()
    folder.mkdir(parents=True)
    assert main(["tune", "tictactoe", "--out", "r", *QUICK]) == 0
    capsys.readouterr()
    # a run that stopped: its state, as the run left it, kept aside and put back
    (folder / "r.toml").unlink()
    state = {"format": "plies-tune-state", "version": 1, "phase": "tune", "pairs": 0,
             "theta": [10.0, 1.0, 0.0], "history": [], "games": {}, "fit": None,
             "tuned": None, "final": {},
             "config": {"game": "tictactoe", "variant": {}, "eval": "default",
                        "start": {"open_two": 10, "open_one": 1, "centre": 0},
                        "method": "spsa", "games": 16, "depth": 2, "seed": 1,
                        "final_games": 4}}
    (folder / "r.tune.json").write_text(json.dumps(state), encoding="utf-8")
    assert main(["tune", "tictactoe", "--out", "r", "--games", "20", "--final-games", "4",
                 "--resume"]) == 2
    assert "games: 16, not 20" in capsys.readouterr().err
    (folder / "r.tune.json").write_text("{]", encoding="utf-8")
    assert main(["tune", "tictactoe", "--out", "r", *QUICK, "--resume"]) == 2
    assert "not a tuning state" in capsys.readouterr().err
    (folder / "r.tune.json").write_text(json.dumps(state), encoding="utf-8")
    assert main(["tune", "tictactoe", "--out", "r", *QUICK, "--resume", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["final"]["games"] == 4


def test_the_weights_do_not_depend_on_jobs(capsys, quick_run):
    """Four pairs a step whatever --jobs is: the same seed gives the same weights."""
    one = quick_run[0]  # --jobs 1, the default
    two = tune(capsys, "tictactoe", "--out", "two", "--jobs", "2", *QUICK)[1]
    assert one["history"] == two["history"] and one["final"] == two["final"]


def test_texel_says_when_every_game_was_drawn(capsys):
    """Self-play games that all ended drawn (here: a state whose four games are the
    same drawn tic-tac-toe game) cannot tell good weights from bad: one sentence."""
    folder = evaluators_dir()
    folder.mkdir(parents=True)
    drawn = {"moves": "b2 a1 c3 a3 a2 c2 b1 b3 c1", "winner": None}
    state = {"format": "plies-tune-state", "version": 1, "phase": "tune", "pairs": 0,
             "theta": [10.0, 1.0, 0.0], "history": [], "fit": None, "tuned": None,
             "final": {}, "games": {str(i): drawn for i in range(4)},
             "config": {"game": "tictactoe", "variant": {}, "eval": "default",
                        "start": {"open_two": 10, "open_one": 1, "centre": 0},
                        "method": "texel", "games": 4, "depth": 2, "seed": 1,
                        "final_games": 0}}
    (folder / "d.tune.json").write_text(json.dumps(state), encoding="utf-8")
    assert main(["tune", "tictactoe", "--method", "texel", "--games", "4", "--final-games",
                 "0", "--out", "d", "--resume"]) == 2
    assert "every self-play game was drawn" in capsys.readouterr().err
    assert not (folder / "d.toml").exists()


def test_the_progress_bar_shows_the_weights_on_a_terminal(monkeypatch, capsys):
    """The SPSA run's bar (game.match.Progress) ends with the weights as they stand;
    piped, nothing is drawn."""
    from game.match import Progress

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    progress = Progress(10)
    progress.show(5, None, "open_two 11.0")
    progress.end()
    err = capsys.readouterr().err
    assert err.startswith("\r[" + "#" * 15 + "." * 15 + "] 5/10  0:0")
    assert "left  open_two 11.0" in err and err.endswith("\n")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    quiet = Progress(10)
    quiet.show(5, None, "open_two 11.0")
    quiet.end()
    assert capsys.readouterr().err == ""


def test_texel_learns_from_saved_records(capsys, tmp_path):
    """--records: the finished games of a folder (a match's records, and a file of
    another game that is passed over) instead of self-play."""
    records = tmp_path / "records"
    assert main(["match", "tictactoe", "--a", "depth=1,random=1,solver=off", "--b",
                 "depth=2,random=1,solver=off", "--games", "20", "--jobs", "1",
                 "--out", str(records)]) == 0
    capsys.readouterr()
    (records / "other.txt").write_text("# game: connect4\n4 4 3\n", encoding="utf-8")
    status, payload, err = tune(capsys, "tictactoe", "--method", "texel", "--records",
                                str(records), "--games", "12", "--final-games", "2")
    assert status == 0, err
    info = payload["texel"]
    assert info["games"] == 12 and info["records"] == str(records)
    # every position after the first two plies of the 12 games read, none of connect4's
    from game.formats import load_record
    from game.records import record_to_game

    expected = 0
    for path in sorted(records.glob("game-*.json"))[:12]:
        game = record_to_game(load_record(path))
        expected += len(game.move_stack) - 2
    assert info["positions"] + info["left_out"] == expected
    status, _payload, err = tune(capsys, "tictactoe", "--records", str(records))
    assert status == 2 and "--records goes with --method texel" in err


def test_the_games_keep_the_weights_not_tuned(tmp_path):
    """Tuning some weights of a file: every trial weight set keeps the file's values
    of the others (not those of the preset the file is based on)."""
    from ai.evaluators import weights_from_toml
    from game.cli import build_parser
    from game.commands import tune as command

    path = tmp_path / "start.toml"
    path.write_text('game = "tictactoe"\n[weights]\nopen_one = 50\ncentre = 7\n',
                    encoding="utf-8")
    args = build_parser().parse_args(["tune", "tictactoe", "--eval", str(path), "--weights",
                                      "open_two"])
    setup = command.prepare(args)
    assert [p.name for p in setup.params] == ["open_two"]
    trial = weights_from_toml("tictactoe", command._toml(setup, [33]))
    assert (trial.open_two, trial.open_one, trial.centre) == (33, 50, 7)


def test_a_run_can_be_watched_step_by_step():
    """``spsa_steps`` (what a lesson or a progress line watches): one entry a step, the
    state saved after each, and the weights it ends on are the state's."""
    from game.cli import build_parser
    from game.commands import tune as command

    setup = command.prepare(build_parser().parse_args(["tune", "tictactoe", "--games", "16"]))
    state = command.fresh_state(setup)
    seen = []
    for entry in command.spsa_steps(setup, state):
        saved = json.loads(setup.state_path.read_text(encoding="utf-8"))
        seen.append(entry["pairs"])
        assert saved["history"][-1] == entry and saved["pairs"] == entry["pairs"]
    assert seen == [4, 8]
    assert [round(t, 2) for t in state["theta"]] == state["history"][-1]["theta"]
    assert list(command.spsa_steps(setup, state)) == []  # finished: nothing more to play


def test_resume_in_the_closing_match_writes_the_weights_again_if_removed(capsys):
    folder = evaluators_dir()
    folder.mkdir(parents=True)
    state = {"format": "plies-tune-state", "version": 1, "phase": "final", "pairs": 8,
             "theta": [21.0, 3.0, 4.0], "history": [], "games": {}, "fit": None,
             "tuned": [21, 3, 4], "final": {"0": 1, "1": 0.5},
             "config": {"game": "tictactoe", "variant": {}, "eval": "default",
                        "start": {"open_two": 10, "open_one": 1, "centre": 0},
                        "method": "spsa", "games": 16, "depth": 2, "seed": 1,
                        "final_games": 4, "records": None}}
    (folder / "f.tune.json").write_text(json.dumps(state), encoding="utf-8")
    (folder / ".f.toml.0badf00d.tmp").write_text("half a file", encoding="utf-8")
    os.utime(folder / ".f.toml.0badf00d.tmp", (1, 1))  # left by a kill long ago
    assert main(["tune", "tictactoe", "--out", "f", *QUICK, "--resume", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert [w["tuned"] for w in payload["weights"]] == [21, 3, 4]
    assert payload["final"]["games"] == 4 and payload["final"]["wins"] >= 1  # game 0 kept
    weights = evaluator_by_name("tictactoe", "f", user_dir=folder).weights
    assert (weights.open_two, weights.open_one, weights.centre) == (21, 3, 4)
    assert sorted(p.name for p in folder.iterdir()) == ["f.toml"]


def test_texel_outcomes_are_the_side_to_move_s():
    """X wins a1 b1 a2 b2 a3 (the a column). After the two opening plies: X to move
    (won: 1), O to move (lost: 0), X to move (1); the final position is not fitted.
    A drawn game gives ½ to every position."""
    from game.cli import build_parser
    from game.commands import tune as command

    setup = command.prepare(build_parser().parse_args(["tune", "tictactoe", "--method",
                                                       "texel"]))
    positions, outcomes = command._positions(
        setup, {"0": {"moves": "a1 b1 a2 b2 a3", "winner": 0},
                "1": {"moves": "b2 a1 c3 a3 a2 c2 b1 b3 c1", "winner": None}})
    assert outcomes == [1.0, 0.0, 1.0] + [0.5] * 7
    assert [p.ply for p in positions] == [2, 3, 4] + list(range(2, 9))


def test_the_closing_match_as_an_sprt(capsys):
    """--sprt: whole pairs until the LLR crosses a bound (then fewer games than
    --final-games) or the games run out (then inconclusive); the LLR is the one the
    tournament library gives for the reported pentanomial counts."""
    from game.tournament import Sprt

    status, payload, err = tune(capsys, "tictactoe", "--games", "16", "--final-games", "200",
                                "--sprt", "elo0=0,elo1=100")
    assert status == 0, err
    final = payload["final"]
    sprt = final["sprt"]
    assert sum(sprt["pentanomial"]) == sprt["pairs"] == final["games"] // 2
    assert sprt["llr"] == round(Sprt(0, 100).llr(sprt["pentanomial"]), 4)
    if sprt["verdict"] == "H1":
        assert sprt["llr"] >= sprt["upper"] and final["games"] < 200
    elif sprt["verdict"] == "H0":
        assert sprt["llr"] <= sprt["lower"] and final["games"] < 200
    else:
        assert sprt["verdict"] == "inconclusive" and final["games"] == 200
    status, _payload, err = tune(capsys, "tictactoe", "--out", "bad", "--sprt", "elo1=-5")
    assert status == 2 and "--sprt" in err and len(err.strip().splitlines()) == 1
