"""External engines as players: fake engines written here (well-behaved, slow, illegal,
crashing, silent, garbled) and Plies itself through ``plies engine``.

Every fault must lose the game for the engine with one sentence, and every engine
process must be gone (reaped, its children too) once its game ends.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.engines import external
from game.engines.external import EngineError, EngineFault, NBoardPlayer, PbrainPlayer
from game.formats import load_record
from game.match import parse_player_spec
from game.rules import Gomoku, Othello

ROOT = Path(__file__).resolve().parents[2]
FAKES = Path(__file__).resolve().parent / "fakes"


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    """Engines started by the tests find the ``game`` package (the fake NBoard uses it)."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def fake(kind: str, mode: str, after: int = 1) -> str:
    return f"{sys.executable} {FAKES / f'fake_{kind}.py'} {mode} {after}"


def gomoku_after(moves: str) -> Gomoku:
    game = Gomoku()
    game.play_moves(moves)
    return game


def othello_after(moves: str) -> Othello:
    game = Othello()
    game.play_moves(moves)
    return game


def test_doctest():
    import doctest

    assert doctest.testmod(external).failed == 0


def test_a_well_behaved_pbrain_engine_plays_turn_then_board():
    with PbrainPlayer(fake("pbrain", "good"), seconds=1) as player:
        game = gomoku_after("")
        assert game.move_name(player.best_move(game)) == "a15"  # its first empty cell
        game.play_moves("a15 h8")
        # Known position plus one move: TURN; the engine answers its next empty cell.
        assert game.move_name(player.best_move(game)) == "b15"
        other = gomoku_after("c3 d4")  # an unrelated position: RESTART and BOARD
        assert other.move_name(player.best_move(other)) == "a15"
        process = player._process.process
    assert process.returncode is not None  # closed and reaped


@pytest.mark.slow
@pytest.mark.parametrize("mode, sentence", [
    ("illegal", r"the engine 'python3?[\d.]*' played a15, which is illegal: a15 is already taken"),
    ("crash", r"the engine .* stopped \(exit status 3\)"),
    ("silent", r"the engine .* did not answer to TURN in time"),
    ("slow", r"the engine .* did not answer to TURN in time"),
    ("garbage", r"the engine .* answered 'I resign, I think', not a move x,y"),
    ("offboard", r"the engine .* played 15,15, off the 15x15 board"),
])
def test_every_pbrain_fault_is_one_sentence(mode, sentence):
    player = PbrainPlayer(fake("pbrain", mode, after=2), seconds=0.1)
    game = gomoku_after("")
    try:
        game.play(player.best_move(game))  # the first move is good
        game.play_moves("h8")
        process = player._process.process
        started = time.monotonic()
        with pytest.raises(EngineFault, match=sentence):
            player.best_move(game)
        assert time.monotonic() - started < 10  # late is judged at limit + tolerance
    finally:
        player.close()
    assert process.returncode is not None


def test_an_engine_that_refuses_the_board_or_does_not_start():
    with pytest.raises(EngineError, match="refused the 15x15 board: ERROR I only play on 20x20"):
        PbrainPlayer(fake("pbrain", "refuse"), seconds=1).start(Gomoku())
    with pytest.raises(EngineError, match="cannot be started"):
        PbrainPlayer("/nonexistent/engine --fast", seconds=1).start(Gomoku())
    with pytest.raises(EngineError, match="the engine command cannot be read"):
        PbrainPlayer('engine "unclosed', seconds=1).start(Gomoku())


def test_closing_ends_the_engines_children_too():
    with PbrainPlayer(fake("pbrain", "child"), seconds=0.1) as player:
        game = Gomoku()
        with pytest.raises(EngineFault, match=r"answered 'child \d+'") as caught:
            player.best_move(game)  # it starts a child and answers its pid
        child = int(str(caught.value).split("'child ")[1].split("'")[0])
        os.kill(child, 0)  # alive while the engine runs
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the engine's child {child} outlived it")


@pytest.mark.parametrize("mode, sentence", [
    ("good", None),
    ("illegal", r"played [a-h][1-8], which is illegal: [a-h][1-8] (?:does not flip any disc|"
                r"is not a legal move)"),
    ("crash", r"stopped \(exit status 3\)"),
    ("silent", r"did not answer go in time"),
    ("garbage", r"answered '=== z0', not a move"),
])
def test_nboard_engines(mode, sentence):
    with NBoardPlayer(fake("nboard", mode), seconds=0.1, depth=2) as player:
        game = othello_after("f5d6")
        if sentence is None:
            assert player.best_move(game) == game.legal_moves()[0]
        else:
            with pytest.raises(EngineFault, match=sentence):
                player.best_move(game)


def test_a_forced_pass_is_not_asked():
    board = "X" * 8 * 6 + "XXXXXXOO" + "XXXXXXO-"
    game = Othello.from_board(board, 1)
    assert game.legal_moves() == [-1]
    player = NBoardPlayer("/nonexistent", seconds=1)
    assert player.best_move(game) == -1  # no process was needed


def test_engine_specs():
    spec = parse_player_spec('engine="python3 -m game engine gomoku --level 3"')
    assert spec.command == "python3 -m game engine gomoku --level 3"
    spec = parse_player_spec("time=0.5,depth=4,engine=./brain --opt a,b", "gomoku")
    assert (spec.command, spec.seconds, spec.depth) == ("./brain --opt a,b", 0.5, 4)
    # A file keeps the engine's name and protocol: never its command, never "human".
    assert spec.to_json() == {"type": "engine", "name": "brain", "protocol": "pbrain"}
    from game.commands.common import CliError

    with pytest.raises(CliError, match="engine= needs a command"):
        parse_player_spec("engine=")


def run_match(capsys, tmp_path, game: str, a: str, b: str, games: int = 2) -> dict:
    code = main(["match", game, "--a", a, "--b", b, "--games", str(games), "--jobs", "1",
                 "--openings", "random:0", "--out", str(tmp_path), "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_match_against_faulty_engines_scores_the_faults(capsys, tmp_path):
    report = run_match(capsys, tmp_path, "gomoku", "time=0.2,engine=" + fake("pbrain", "illegal",
                                                                             after=3),
                       "level=1")
    assert report["a_wins"] == 0 and report["b_wins"] == 2
    for result in report["results"]:
        assert "which is illegal" in result["reason"] and result["reason"][0].isupper()
    record = load_record(tmp_path / "game-1.json")
    assert record.result["winner"] is not None and "illegal" in record.result["reason"]


def test_match_with_a_crashing_othello_engine(capsys, tmp_path):
    report = run_match(capsys, tmp_path, "othello", "time=0.2,engine=" + fake("nboard", "crash",
                                                                              after=2),
                       "depth=1")
    assert report["b_wins"] == 2
    assert all("stopped (exit status 3)" in r["reason"] for r in report["results"])


@pytest.mark.slow
def test_plies_against_plies_engine_gomoku(capsys, tmp_path):
    command = f"{sys.executable} -m game engine gomoku --level 3"
    report = run_match(capsys, tmp_path, "gomoku", f"time=2,engine={command}", "level=1")
    assert report["games"] == 2
    for result in report["results"]:
        assert result["reason"] in ("five in a row", "board full"), result


@pytest.mark.slow
def test_plies_against_plies_engine_othello(capsys, tmp_path):
    command = f"{sys.executable} -m game engine othello --level 2"
    report = run_match(capsys, tmp_path, "othello", f"time=2,depth=2,engine={command}",
                       "level=2")
    assert report["games"] == 2
    assert all(r["reason"] == "no moves left" for r in report["results"])


def test_engines_play_gomoku_and_othello_only(capsys, tmp_path):
    assert main(["match", "connect4", "--a", "engine=x", "--b", "level=1", "--jobs", "1",
                 "--out", str(tmp_path)]) == 2
    assert "external engines play gomoku" in capsys.readouterr().err


def test_a_stop_from_another_thread_cancels_the_wait_and_closes_the_engine():
    import threading

    stop = threading.Event()
    player = PbrainPlayer(fake("pbrain", "silent"), seconds=30)
    game = Gomoku()
    player.start(game)
    process = player._process.process
    threading.Timer(0.2, stop.set).start()
    started = time.monotonic()
    with pytest.raises(external.EngineCancelled):
        player.best_move(game, stop)
    assert time.monotonic() - started < 5  # not the 30 s limit
    assert player._process is None and process.returncode is not None
    player.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind, game, mode, reason", [
    ("pbrain", "gomoku", "silent", "did not answer to TURN in time"),
    ("pbrain", "gomoku", "garbage", "not a move x,y"),
    ("nboard", "othello", "slow", "did not answer go in time"),
    ("nboard", "othello", "good", None),
])
def test_match_games_against_each_fake_engine(capsys, tmp_path, kind, game, mode, reason):
    spec = "time=0.1,depth=1,engine=" + fake(kind, mode, after=2)
    report = run_match(capsys, tmp_path, game, "level=1", spec, games=1)
    [result] = report["results"]
    if reason is None:
        assert result["reason"] == "no moves left"
    else:
        assert report["a_wins"] == 1 and reason in result["reason"]


def test_the_fakes_count_their_moves_to_the_fault():
    import doctest

    from tests.engines.fakes import faults

    result = doctest.testmod(faults)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("mode", ["good", "spaced", "bare"])
def test_nboard_answers_in_every_form_real_engines_write(mode):
    """The protocol page's ``=== F5/14.0/1.2``, Edax's ``=== f5 0.00 0.0`` (after it
    refuses ``nboard 2`` and asks for version 1) and a bare ``=== F5``."""
    with NBoardPlayer(fake("nboard", mode), seconds=2) as player:
        game = othello_after("f5d6")
        for _ in range(4):
            move = player.best_move(game)
            assert move == game.legal_moves()[0]
            game.play(move)


def test_edax_is_told_nboard_1(tmp_path):
    """Edax says that it wants ``nboard 1`` on stderr, which Plies does not read: a
    program named ``edax`` is told version 1 from the start (the fake, under that name,
    names itself only then)."""
    edax = tmp_path / "edax"
    edax.write_text(f"#!/bin/sh\nexec {sys.executable} {FAKES / 'fake_nboard.py'} edax\n")
    edax.chmod(0o755)
    game = othello_after("f5")
    with NBoardPlayer(f"{edax} -nboard -l 1", seconds=2) as player:
        assert player.best_move(game) == game.legal_moves()[0]
        assert player.engine_name == "Edax"
    with NBoardPlayer(fake("nboard", "edax"), seconds=2) as player:  # another name: 2
        assert player.best_move(game) == game.legal_moves()[0]
        assert player.engine_name == "Fake"


@pytest.mark.parametrize("line, word", [
    ("=== F5/14.0/1.2", "F5"), ("===  c6 0.00 0.0", "c6"), ("=== pa -64.00 0.0", "pa"),
    ("=== PA", "PA"), ("=== d3/", "d3"), ("=== \tE6\t1.5", "E6"), ("===", ""),
])
def test_nboard_move_words(line, word):
    assert external.nboard_move_word(line) == word


def test_gomocup_max_depth_is_sent_only_when_asked():
    game = Gomoku()
    with PbrainPlayer(fake("pbrain", "nodepth"), seconds=2) as player:
        assert game.move_name(player.best_move(game)) == "a15"
    with PbrainPlayer(fake("pbrain", "nodepth"), seconds=2, depth=10) as player, \
            pytest.raises((EngineFault, EngineError), match=r"exit status 4"):
        player.best_move(game)


def test_set_depth_is_sent_only_when_asked():
    """An engine without ``depth=`` plays at its own options: no ``set depth`` reaches it
    (the fake exits on one)."""
    game = othello_after("f5")
    with NBoardPlayer(fake("nboard", "nodepth"), seconds=2) as player:
        assert player.best_move(game) == game.legal_moves()[0]
    with NBoardPlayer(fake("nboard", "nodepth"), seconds=2, depth=3) as player, \
            pytest.raises((EngineFault, EngineError), match=r"exit status 4"):
        player.best_move(game)


def test_a_pbrain_engine_that_loses_the_turn_word_gets_the_whole_board():
    """Rapfi's race, made certain: the fake loses ``TURN`` after each of its moves and
    answers ``ERROR`` to the bare ``x,y``; Plies then sends the board, and the game goes
    on with every move legal."""
    game = Gomoku()
    with PbrainPlayer(fake("pbrain", "race"), seconds=2) as player:
        game.play(player.best_move(game))  # BEGIN: a15, its first empty cell
        for reply in ("h8", "h9", "h10"):
            game.play_moves(reply)
            game.play(player.best_move(game))
    # Its first empty cell each time: it knew every stone, though every TURN was lost.
    assert game.moves_text() == "a15 h8 b15 h9 c15 h10 d15"


def test_a_pbrain_engine_is_never_written_to_within_a_moment_of_its_answer():
    """The fake exits (status 5) when a line comes within 45 ms of its move; a load can
    only lengthen the gap, so this holds on any machine."""
    game = Gomoku()
    with PbrainPlayer(fake("pbrain", "impatient"), seconds=5) as player:
        game.play(player.best_move(game))
        for reply in ("h8", "h9", "h10", "h11"):
            game.play_moves(reply)
            game.play(player.best_move(game))
        game.pop()
        game.pop()  # a take-back: RESTART and BOARD, also after the pause
        game.play_moves("j9")
        game.play(player.best_move(game))
    assert game.moves_text() == "a15 h8 b15 h9 c15 h10 d15 j9 e15"  # its first empty cells


def test_match_counts_forfeits_per_side_with_the_first_reason(capsys, tmp_path):
    spec = "time=0.2,engine=" + fake("pbrain", "illegal", after=3)
    report = run_match(capsys, tmp_path, "gomoku", "level=1", spec, games=2)
    assert (report["a_forfeits"], report["b_forfeits"]) == (0, 2)
    assert report["a_first_forfeit"] is None
    assert "which is illegal" in report["b_first_forfeit"]
    assert [r["forfeit"] for r in report["results"]] == ["b", "b"]
    code = main(["match", "gomoku", "--a", "level=1", "--b", spec, "--games", "2",
                 "--jobs", "1", "--openings", "random:0", "--out", str(tmp_path / "t")])
    table = capsys.readouterr().out
    assert code == 0
    assert "forfeits A/B" in table.splitlines()[1]
    assert table.splitlines()[2].split()[-1] == "0/2"
    assert "B lost 2 games by forfeit; the first (game 1):" in table


def test_a_forfeit_is_named_by_the_specs_name(capsys, tmp_path):
    spec = "time=0.2,name=Brainy,engine=" + fake("pbrain", "illegal", after=1)
    report = run_match(capsys, tmp_path, "gomoku", "level=1", spec, games=1)
    assert report["b_first_forfeit"].startswith("The engine 'Brainy' played "), report
    assert "fake_pbrain" not in report["b_first_forfeit"]


@pytest.mark.parametrize("command, sentence", [
    ("/nonexistent/engine", r"player B: The engine '/nonexistent/engine' cannot be started"),
    (None, r"player B: .*refused the 15x15 board"),
])
def test_an_engine_that_cannot_start_is_refused_before_the_first_game(capsys, tmp_path,
                                                                       command, sentence):
    import re

    command = command or fake("pbrain", "refuse")
    code = main(["match", "gomoku", "--a", "level=1", "--b", f"engine={command}",
                 "--games", "2", "--jobs", "1", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert re.search(sentence, err) and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_spec_may_say_the_protocol(capsys, tmp_path):
    from game.commands.common import CliError

    assert parse_player_spec("protocol=gtp,engine=gtp-rhino -l 2").protocol == "gtp"
    assert parse_player_spec("engine=edax").protocol == ""  # asked when it starts
    with pytest.raises(CliError, match="protocol must be one of pbrain, nboard, gtp"):
        parse_player_spec("protocol=uci,engine=stockfish")
    with pytest.raises(CliError, match="protocol= belong to an outside engine"):
        parse_player_spec("protocol=gtp,level=3")
    code = main(["match", "othello", "--a", "level=1", "--b",
                 "protocol=pbrain,engine=" + fake("nboard", "good"), "--games", "2",
                 "--jobs", "1", "--out", str(tmp_path)])
    assert code == 2
    assert "Othello engines speak nboard or gtp, not pbrain" in capsys.readouterr().err


def test_the_help_of_match_and_engine_names_gtp_and_protocol(capsys):
    for command in ("match", "engine"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "GTP" in text, command
        if command == "match":
            assert "protocol=P" in text and "nboard or gtp" in text


@pytest.mark.parametrize("spec, name", [
    ("engine=env X=1 {fake}", "fake_pbrain"),  # env's setting is not the program
    ("engine={brain}", "brain!"),  # a program whose file name has a "!"
    ("name=R&D,engine={fake}", "R&D"),  # a name= beyond letters and digits
])
def test_a_match_keeps_its_records_whatever_the_engine_is_called(capsys, tmp_path, spec,
                                                                 name):
    """D1: such an engine ended the match with a RecordError after its game, and the
    record was lost. Now its name is written and read back in every record format."""
    from game.formats import save_record

    brain = tmp_path / "brain!"
    brain.write_text(f"#!/bin/sh\nexec {fake('pbrain', 'good')}\n")
    brain.chmod(0o755)
    spec = spec.format(fake=fake("pbrain", "good"), brain=brain)
    out = tmp_path / "out"
    report = run_match(capsys, out, "gomoku", "level=1", "time=2," + spec, games=1)
    assert report["b_engine"] == name and report["b_forfeits"] == 0, report
    record = load_record(out / "game-1.json")
    assert record.players[1].name == name
    for suffix in (".txt", ".json"):  # (a .psq file keeps no engine)
        save_record(tmp_path / f"again{suffix}", record)
        assert load_record(tmp_path / f"again{suffix}").players[1] == record.players[1]


@pytest.mark.parametrize("command, name, spoken", [
    ("env X=1 /opt/prog", None, "prog"), ("/opt/brain!", None, "brain!"),
    ("/opt/prog", "R&D", "R&D"), ("/opt/prog", " R&D\tlabs ", "R&D labs"),
])
def test_the_windows_engine_names_make_a_record(command, name, spoken):
    """D1 in the window: the game of such an engine was never autosaved (the record
    check refused the name the window had given it)."""
    from game.formats.plies_json import record_to_json
    from game.players import Human, engine
    from game.records import record_from_game

    player = engine("gomoku", command, name=name)
    assert player.name == spoken
    game = gomoku_after("h8 h9")
    record = record_from_game(game, [Human(), player])  # raised RecordError
    assert json.loads(record_to_json(record))["players"][1]["name"] == spoken
