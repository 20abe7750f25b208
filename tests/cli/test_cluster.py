"""``--cluster``: games played on a real Dask cluster give what this machine gives.

A ``distributed.LocalCluster`` with two worker processes on loopback stands for the
lab of machines: the same match and SPRT with and without ``--cluster`` give the same
games; a worker killed mid-run loses no game and counts none twice; a worker with
another Plies is refused with a sentence naming it; an unreachable scheduler is one
sentence; and without ``--cluster`` nothing of Dask is imported.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install '.[cluster]'")

from game import cli, cluster  # noqa: E402
from game.match import GameTask, parse_player_spec, play_game  # noqa: E402

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=50) as running:
        yield running


def _match(capsys, tmp_path: Path, name: str, *extra: str) -> dict:
    status = cli.main(["match", *extra, "--json", "--out", str(tmp_path / name)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


def _games(payload: dict) -> list[tuple]:
    return [(g["index"], g["a_first"], g["a_score"], g["moves"], g["reason"])
            for g in payload["results"]]


def test_a_match_on_the_cluster_plays_the_games_this_machine_plays(local_cluster, capsys,
                                                                   tmp_path) -> None:
    args = ["connect4", "--a", "level=2", "--b", "level=1", "--games", "6", "--seed", "3"]
    here = _match(capsys, tmp_path, "here", *args, "--jobs", "1")
    there = _match(capsys, tmp_path, "there", *args, "--cluster",
                   local_cluster.scheduler_address)
    assert _games(there) == _games(here) and len(_games(here)) == 6
    assert (there["a_wins"], there["draws"], there["b_wins"]) == (
        here["a_wins"], here["draws"], here["b_wins"])
    assert sorted(p.name for p in (tmp_path / "there").glob("game-*.json")) == [
        f"game-{n}.json" for n in range(1, 7)]


def test_a_tournament_on_the_cluster_gives_this_machines_table(local_cluster, capsys,
                                                              tmp_path) -> None:
    def tournament(name: str, *extra: str) -> dict:
        status = cli.main(["tournament", "connect4", "--players", "level=1", "level=2",
                           "level=3", "--games-per-pair", "2", "--json",
                           "--out", str(tmp_path / name), *extra])
        captured = capsys.readouterr()
        assert status == 0, captured.err
        return json.loads(captured.out)

    here = tournament("here", "--jobs", "1")
    there = tournament("there", "--cluster", local_cluster.scheduler_address)
    for key in ("results", "crosstable", "ranking", "players"):
        assert there[key] == here[key], key
    assert len(here["results"]) == 6


def test_a_tuning_run_on_the_cluster_tunes_the_weights_this_machine_tunes(
        local_cluster, capsys, tmp_path, monkeypatch) -> None:
    def tune(name: str, *extra: str) -> dict:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / name))
        status = cli.main(["tune", "tictactoe", "--eval", "default", "--games", "16",
                           "--final-games", "2", "--out", "tuned", "--json", *extra])
        captured = capsys.readouterr()
        assert status == 0, captured.err
        return json.loads(captured.out)

    here = tune("here")
    there = tune("there", "--cluster", local_cluster.scheduler_address)
    assert there["weights"] == here["weights"]


def test_an_sprt_match_on_the_cluster_stops_where_this_machine_stops(local_cluster, capsys,
                                                                    tmp_path) -> None:
    args = ["tictactoe", "--a", "level=3", "--b", "level=1", "--games", "40",
            "--sprt", "elo0=0,elo1=200,alpha=0.1,beta=0.1"]
    here = _match(capsys, tmp_path, "here", *args, "--jobs", "1")
    there = _match(capsys, tmp_path, "there", *args, "--cluster",
                   local_cluster.scheduler_address)
    assert here["sprt"] == there["sprt"]
    assert _games(there) == _games(here)


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(local_cluster) -> None:
    a, b = parse_player_spec("level=3"), parse_player_spec("level=2")
    tasks = [GameTask(i, "connect4", {}, (), (), i % 2 == 0, a, b) for i in range(10)]
    with distributed.Client(local_cluster.scheduler_address) as client:
        pids = list(client.run(os.getpid).values())
    results = []
    killed = threading.Event()
    for result in cluster.run_games_on_cluster(tasks, local_cluster.scheduler_address):
        results.append(result)
        if not killed.is_set():
            os.kill(pids[0], signal.SIGKILL)  # a machine of the lab goes away mid-game
            killed.set()
    assert sorted(r.index for r in results) == list(range(10))
    expected = {t.index: play_game(t) for t in tasks}
    assert [(r.index, r.moves, r.score) for r in sorted(results, key=lambda r: r.index)] == [
        (i, expected[i].moves, expected[i].score) for i in range(10)]


def _other_plies() -> str:
    return "0.0.1+another"


def test_a_worker_with_another_plies_is_refused_by_name(local_cluster, capsys,
                                                        tmp_path) -> None:
    with distributed.Client(local_cluster.scheduler_address) as client:
        worker = sorted(client.scheduler_info()["workers"])[0]
        client.run(lambda: setattr(cluster, "fingerprint", _other_plies), workers=[worker])
        try:
            status = cli.main(["match", "tictactoe", "--a", "level=1", "--b", "level=1",
                               "--games", "2", "--out", str(tmp_path / "m"),
                               "--cluster", local_cluster.scheduler_address])
        finally:
            client.restart_workers([worker])  # a fresh process: the real fingerprint again
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and worker in err and "0.0.1+another" in err


def test_an_unreachable_scheduler_is_one_sentence(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2.0)
    status = cli.main(["match", "tictactoe", "--a", "level=1", "--b", "level=1",
                       "--games", "2", "--out", str(tmp_path / "m"),
                       "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "cannot be reached" in err


def test_without_cluster_nothing_of_dask_is_imported(tmp_path) -> None:
    code = ("import sys\nfrom game import cli\n"
            "status = cli.main(['match', 'tictactoe', '--a', 'level=1', '--b', 'level=1',"
            " '--games', '2', '--jobs', '1', '--out', sys.argv[1]])\n"
            "print(status, sorted(m for m in sys.modules if m.split('.')[0] in "
            "('dask', 'distributed')))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "m")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.split("\n")[-2] == "0 []", done.stdout + done.stderr
