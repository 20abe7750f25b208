"""`plies match`: colours alternate, results add up, records open, specs are checked."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ai.evaluators import load_evaluator
from ai.levels import DEFAULT_LEVEL, level
from ai.openings import BALANCED_MARGIN, JUDGE_DEPTH, random_openings
from ai.search import Limits, Searcher
from game.cli import CliError, main
from game.formats import load_record
from game.match import GameTask, parse_player_spec, play_game
from game.players import Computer
from game.records import record_to_game
from game.rules import new_game
from game.tournament import Tally
from tests.ui.xvfb import wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_player_specs_parse_and_reject_nonsense():
    spec = parse_player_spec("level=3")
    assert spec.level == 3 and spec.limits("othello").depth > 0
    spec = parse_player_spec("depth=2,eval=naive,time=0.5,nodes=900")
    assert (spec.depth, spec.evaluator, spec.seconds, spec.nodes) == (2, "naive", 0.5, 900)
    spec = parse_player_spec("level=5,solver=off")
    assert spec.limits("connect4").use_solver is False
    assert parse_player_spec("level=5").limits("connect4").use_solver is True
    assert parse_player_spec("level=1").limits("connect4").use_solver is False  # as level 1
    # random= is in evaluator units, as in the level table; it overrides a level's own.
    assert parse_player_spec("depth=3,random=0.5").limits("othello", unit=100).randomness == 50
    assert parse_player_spec("level=1,random=0").limits("othello", unit=100).randomness == 0
    assert (parse_player_spec("level=1").limits("othello", unit=100).randomness
            == round(level("othello", 1).randomness * 100) > 0)
    # eval=NAME alone plays the default level with that evaluator (issue 36).
    assert parse_player_spec("eval=naive").level == DEFAULT_LEVEL
    for bad in ("", "level=0", "depth=x", "speed=3", "depth=0", "depth=3,solver=no",
                "depth=3,random=-1", "depth=3,random=lots", "level=3,level=4", "human"):
        with pytest.raises(CliError):
            parse_player_spec(bad)


def test_a_game_task_is_played_to_the_end_from_its_opening():
    spec = Computer(level=None, depth=1)
    task = GameTask(0, "connect4", {"width": 5, "height": 4, "connect": 3}, (), (2, 2),
                    True, spec, spec)
    result = play_game(task)
    game = record_to_game(result.record)
    assert game.is_over() and game.move_stack[:2] == [2, 2]
    assert result.moves == game.moves_text() and result.plies == game.ply
    expected = {None: 0.5, 0: 1.0, 1: 0.0}[game.outcome().winner]
    assert result.score == expected


def test_match_alternates_colours_adds_up_and_writes_records(tmp_path, capsys):
    status = main(["match", "connect4", "--width", "5", "--height", "4", "--connect", "3",
                   "--a", "depth=2", "--b", "depth=1,eval=naive", "--games", "4",
                   "--openings", "random:1", "--jobs", "1", "--out", str(tmp_path),
                   "--json"])
    assert status == 0
    payload = json.loads(capsys.readouterr().out)
    results = payload["results"]
    assert [r["a_first"] for r in results] == [True, False, True, False]
    assert payload["a_wins"] + payload["draws"] + payload["b_wins"] == payload["games"] == 4
    assert sum(r["a_score"] for r in results) == pytest.approx(4 * payload["a_score"])
    # Each pair plays one opening, once with each colour.
    assert results[0]["moves"][:1] == results[1]["moves"][:1]
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for path, summary in zip(records, results):
        record = load_record(path)
        game = record_to_game(record)
        assert game.moves_text() == summary["moves"]
        assert record.result is not None
        assert record.result["winner"] == summary["winner"]


@pytest.mark.slow
def test_match_says_when_openings_repeat(tmp_path, capsys):
    """Three Gomoku stones leave the side with two of them ahead, so the balanced set of
    3-ply openings is tiny: the match must say its pairs share openings. (It holds one
    opening: two pairs already repeat it; with 8 games the last four replayed the first
    four move for move.)"""
    assert main(["match", "gomoku", "--size", "9", "--a", "depth=1", "--b", "depth=1",
                 "--games", "4", "--openings", "random:3", "--jobs", "1",
                 "--out", str(tmp_path), "--json"]) == 0
    captured = capsys.readouterr()
    payload = json.loads(captured.out)
    assert payload["openings"] < 4
    assert f"only {payload['openings']} distinct opening" in captured.err
    played = {tuple(r["moves"].split()[:3]) for r in payload["results"]}
    assert len(played) == payload["openings"]


def test_match_text_output_has_a_results_table(tmp_path, capsys):
    assert main(["match", "othello", "--a", "depth=1", "--b", "depth=1", "--games", "2",
                 "--jobs", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "A wins" in out and "Elo(A-B)" in out and "all games" in out


@pytest.mark.parametrize("args", [
    ["--a", "depth=1", "--b", "level=9"],
    ["--a", "depth=1", "--b", "depth=1", "--games", "0"],
    ["--a", "depth=1,eval=nosuch", "--b", "depth=1"],
    ["--a", "depth=1", "--b", "depth=1", "--openings", "random:x"],
    ["--a", "depth=1", "--b", "depth=1", "--openings", "/nonexistent/file.txt"],
])
def test_bad_match_input_is_one_line_and_status_2(args, capsys):
    assert main(["match", "connect4", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("plies: error:")


def test_tally_score_and_elo():
    tally = Tally(60, 10, 30)
    assert tally.games == 100 and tally.score == pytest.approx(0.65)
    elo, margin = tally.elo()
    assert elo == pytest.approx(-400 * math.log10(1 / 0.65 - 1))
    assert 0 < margin < 150
    assert Tally(5, 0, 5).elo()[0] == pytest.approx(0.0)


@pytest.mark.parametrize("name, plies", [("connect4", 3), ("othello", 2), ("gomoku", 4)])
def test_random_openings_are_distinct_and_balanced_by_the_judge(name, plies):
    openings = random_openings(new_game(name), plies, 3, seed=5)
    assert len(openings) == 3
    assert len({tuple(o) for o in openings}) == 3
    evaluator = load_evaluator(name)
    for opening in openings:
        game = new_game(name)
        for move in opening:
            assert game.is_legal(move)
            game.push(move)
        assert len(opening) == plies and not game.is_over()
        # A fresh searcher (no shared table) must see the same near-even verdict.
        verdict = Searcher(evaluator).search(game, Limits(depth=JUDGE_DEPTH, use_solver=False))
        assert abs(verdict.score) <= BALANCED_MARGIN * evaluator.unit


def test_a_level_plays_with_its_own_evaluator_unless_eval_is_given(monkeypatch):
    import dataclasses

    from ai import levels
    from game.ui.app import demo_players, players_for

    row = tuple(dataclasses.replace(lv, evaluator="naive") if lv.number == 8 else lv
                for lv in levels.LEVELS["othello"])
    monkeypatch.setitem(levels.LEVELS, "othello", row)
    assert parse_player_spec("level=8").evaluator_name("othello") == "naive"
    assert parse_player_spec("level=8").for_file("othello").to_json()["eval"] == "naive"
    assert parse_player_spec("level=8,eval=positional").evaluator_name("othello") == "positional"
    assert parse_player_spec("level=6").evaluator_name("othello") == "default"
    assert parse_player_spec("depth=3").evaluator_name("othello") == "default"
    assert players_for("ai", 8, None, "othello")[0].evaluator == "naive"
    assert players_for("ai", 8, "default", "othello")[0].evaluator == "default"
    assert [p.evaluator for p in demo_players(8, 4, game_name="othello")] == ["naive", "default"]
    assert "naive evaluator" in levels.markdown_table()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_ends_a_parallel_match_in_one_message_with_its_records_kept(tmp_path):
    """Ctrl-C reaches every process of the terminal's group: the workers stay quiet
    (no traceback), the parent ends the progress line and says what was kept."""
    out = tmp_path / "records"
    match = subprocess.Popen(
        [sys.executable, "-m", "game", "match", "gomoku", "--a", "level=6", "--b", "level=5",
         "--games", "40", "--jobs", "2", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Its own process group, as a terminal's foreground job, with Ctrl-C's default
        # action (a shell's background job, as CI may be, starts with SIGINT ignored).
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        wait_for(lambda: list(out.glob("game-*.json")), 120, "the first game's record")
        os.killpg(match.pid, signal.SIGINT)
        _, err = match.communicate(timeout=60)
    finally:
        if match.poll() is None:
            os.killpg(match.pid, signal.SIGKILL)
    kept = len(list(out.glob("game-*.json")))
    assert match.returncode == 130
    assert "Traceback" not in err and "SpawnPoolWorker" not in err, err
    lines = err.split("\n")
    assert lines[-3:] == [f"{kept} game{'' if kept == 1 else 's'} of 40 played; records: {out}",
                          "plies: interrupted", ""], err
    assert 0 < kept < 40


MATCH = ["match", "connect4", "--a", "depth=1", "--b", "depth=1", "--games", "1",
         "--jobs", "1"]


def test_two_matches_in_the_same_second_get_a_folder_each(tmp_path, monkeypatch, capsys):
    import datetime

    import game.match as match_module

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 11, 28, 12, 0, 0)

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(match_module.datetime, "datetime", Frozen)
    folders = []
    for moves in ("4", "3"):  # two matches from different positions, the same second
        assert main([*MATCH, "--moves", moves, "--json"]) == 0
        folders.append(Path(json.loads(capsys.readouterr().out)["records"]))
    assert folders[0] != folders[1]
    assert [p.name for p in folders] == ["match-connect4-20261128-120000",
                                         "match-connect4-20261128-120000-2"]
    first = record_to_game(load_record(folders[0] / "game-1.json"))
    second = record_to_game(load_record(folders[1] / "game-1.json"))
    assert first.moves_text()[0] == "4" and second.moves_text()[0] == "3"  # nothing lost


def test_out_into_a_folder_that_holds_files_is_refused(tmp_path, capsys):
    out = tmp_path / "records"
    assert main([*MATCH, "--moves", "4", "--out", str(out)]) == 0
    before = (out / "game-1.json").read_bytes()
    capsys.readouterr()
    assert main([*MATCH, "--moves", "3", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"plies: error: --out {out} already holds files: give a new or empty "
                   "folder (a match never writes over records)\n")
    assert (out / "game-1.json").read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == [".plies-run", "game-1.json"]


def test_leftovers_of_a_match_killed_mid_write_are_cleaned(tmp_path, monkeypatch, capsys):
    """A kill -9 during a record's write leaves its temporary file (``.game-1.json.
    XXXXXXXX.tmp``); the next match clears such files, once they are minutes old."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    games = tmp_path / "config" / "plies" / "games"
    killed = games / "match-connect4-20260101-000000"
    killed.mkdir(parents=True)
    (killed / "game-1.json").write_text("{}")
    out = tmp_path / "out"
    out.mkdir()
    stale = [killed / ".game-2.json.ab12cd34.tmp", out / ".game-1.json.0123abcd.tmp"]
    for path in stale:
        path.write_text('{"format": "plies-ga')
        os.utime(path, (1_000_000_000, 1_000_000_000))  # 2001: long dead
    assert main([*MATCH, "--moves", "4"]) == 0
    assert main([*MATCH, "--moves", "4", "--out", str(out)]) == 0  # only a leftover there
    assert not any(path.exists() for path in stale)
    assert (killed / "game-1.json").read_text() == "{}"  # records are never touched


@pytest.mark.parametrize("spec, name", [("level=1,level=2", "level"),
                                        ("depth=2,time=1,depth=3", "depth"),
                                        ("time=1,time=2,engine=prog", "time")])
def test_a_key_given_twice_in_a_player_spec_is_refused(spec, name, capsys):
    assert main([*MATCH, "--a", spec]) == 2  # the last --a wins over MATCH's
    err = capsys.readouterr().err
    assert err == f"plies: error: player spec {spec!r}: {name} is given twice\n"
