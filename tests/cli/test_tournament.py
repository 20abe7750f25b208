"""`plies tournament` and the resume of a run (`--resume DIR`), end to end."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.tournament import Sprt, pentanomial
from tests.ui.xvfb import wait_for

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["connect4", "--width", "5", "--height", "4", "--connect", "3"]
TOURNAMENT = ["tournament", *SMALL, "--players", "depth=1", "depth=2", "depth=3",
              "--games-per-pair", "4", "--json"]


def test_a_round_robin_gives_a_crosstable_a_ranking_and_a_csv(tmp_path, capsys):
    assert main([*TOURNAMENT, "--jobs", "1", "--out", str(tmp_path / "t")]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["games"] == 12 and len(payload["results"]) == 12
    cross = payload["crosstable"]
    for i in range(3):
        for j in range(3):  # i's wins are j's losses, draws are shared, 4 games a pair
            assert cross[i][j] == ([0, 0, 0] if i == j else cross[j][i][::-1])
            assert sum(cross[i][j]) == (0 if i == j else 4)
    players = payload["players"]
    for i, player in enumerate(players):
        row = [sum(cross[i][j][k] for j in range(3)) for k in range(3)]
        assert row == [player["wins"], player["draws"], player["losses"]]
    elos = [p["elo"] for p in players]
    assert payload["ranking"] == sorted(range(3), key=lambda i: -elos[i])
    assert sum(elos) == pytest.approx(0, abs=0.5)
    assert all(p["elo_margin"] > 0 for p in players)
    # Both colours of each opening: each pairing's first player moves first twice.
    for pair in ((0, 1), (0, 2), (1, 2)):
        mine = [r for r in payload["results"] if (r["first"], r["second"]) == pair]
        assert [r["first_moved_first"] for r in mine] == [True, False, True, False]
    with open(payload["csv"], newline="") as sheet:
        rows = list(csv.DictReader(sheet))
    assert [r["player"] for r in rows] == [players[i]["spec"] for i in payload["ranking"]]
    assert sorted(p.name for p in (tmp_path / "t").glob("game-*.json")) == [
        f"game-{n:02d}.json" for n in range(1, 13)]


def test_a_gauntlet_pairs_the_first_player_with_each_other(tmp_path, capsys):
    assert main(["tournament", *SMALL, "--players", "depth=1", "depth=2", "depth=1,eval=naive",
                 "--format", "gauntlet", "--games-per-pair", "2", "--jobs", "1",
                 "--out", str(tmp_path / "g"), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {(r["first"], r["second"]) for r in payload["results"]} == {(0, 1), (0, 2)}
    assert payload["crosstable"][1][2] == [0, 0, 0]


def _run(args: list[str], home: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(home)}
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _table(payload: dict) -> tuple:
    return (payload["players"], payload["crosstable"], payload["ranking"],
            sorted((r["index"], r["moves"], r["first_score"]) for r in payload["results"]))


@pytest.mark.slow
def test_a_tournament_killed_and_resumed_gives_the_uninterrupted_table(tmp_path, capsys,
                                                                       monkeypatch):
    args = ["tournament", "connect4", "--players", "depth=2", "depth=3", "depth=4",
            "--games-per-pair", "6", "--seed", "7", "--json"]
    # The uninterrupted reference needs no program of its own: main, in this process,
    # with the same configuration folder. The killed and resumed runs are programs.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    status = main([*args, "--jobs", "1", "--out", str(tmp_path / "whole")])
    out, err = capsys.readouterr()
    assert status == 0, err
    expected = json.loads(out)
    assert expected["games"] == 18

    cut = tmp_path / "cut"
    killed = _run([*args, "--jobs", "2", "--out", str(cut)], tmp_path)
    try:
        wait_for(lambda: len(list(cut.glob("game-*.json"))) >= 3, 300, "three games played")
        os.killpg(killed.pid, signal.SIGKILL)  # the match and its workers, mid-game
    finally:
        killed.wait()
    kept = len(list(cut.glob("game-*.json")))
    assert 3 <= kept < 18, "the tournament ended before it could be killed"
    resumed = _run([*args, "--jobs", "2", "--resume", str(cut)], tmp_path)
    out, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    payload = json.loads(out)
    assert payload["games"] == 18 and len(list(cut.glob("game-*.json"))) == 18
    assert _table(payload) == _table(expected)


def test_resume_refuses_other_options_and_a_foreign_folder(tmp_path, capsys):
    out = tmp_path / "m"
    match = ["match", *SMALL, "--a", "depth=1", "--b", "depth=2", "--games", "2",
             "--jobs", "1"]
    assert main([*match, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main([*match[:-4], "--games", "4", "--jobs", "1", "--resume", str(out)]) == 2
    assert "other options (games)" in capsys.readouterr().err
    assert main([*match, "--resume", str(tmp_path)]) == 2
    assert "not the records folder of a plies match" in capsys.readouterr().err
    before = sorted(p.read_bytes() for p in out.glob("game-*.json"))
    assert main([*match, "--resume", str(out), "--json"]) == 0  # nothing left: no game
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert sorted(p.read_bytes() for p in out.glob("game-*.json")) == before


@pytest.mark.slow
def test_an_sprt_match_stops_when_a_bound_is_crossed(tmp_path, capsys):
    """depth=4 against a depth=1 naive player that plays at random: the stronger wins
    nearly every game, every pair it wins raises the LLR; the match stops at the first
    pair whose LLR reaches the upper bound, well before --games."""
    assert main(["match", "connect4", "--a", "depth=4", "--b", "depth=1,eval=naive,random=1",
                 "--games", "200", "--jobs", "1", "--sprt", "elo0=0,elo1=50",
                 "--out", str(tmp_path / "s"), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    sprt = payload["sprt"]
    assert sprt["verdict"] == "H1"
    assert sprt["llr"] >= sprt["upper"] == pytest.approx(2.944, abs=1e-3)
    assert payload["games"] == 2 * sprt["pairs"] < 200
    assert sum(sprt["pentanomial"]) == sprt["pairs"]
    # It stopped at the first pair that crossed: one pair fewer had not.
    results = sorted(payload["results"], key=lambda r: r["index"])
    pairs = [(a["a_score"] + b["a_score"]) / 2 for a, b in zip(results[::2], results[1::2])]
    assert Sprt.parse("elo0=0,elo1=50").verdict(pentanomial(pairs[:-1])) is None
