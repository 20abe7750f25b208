"""The README's example plugins and broken ones, through the ``plies`` command line.

The example files are copied where the README says (``$XDG_CONFIG_HOME/plies/plugins``);
the perft counts and tree values are checked against small reference implementations
of the rules written here (not the plugins' own code).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.cli import main
from game.plugins import load_plugins
from tests.plugins.helpers import (
    BROKEN_EVALUATORS,
    BROKEN_FILES,
    install_broken,
    install_examples,
)


def plies(*args: str) -> subprocess.CompletedProcess[str]:
    """``plies ARGS`` as a program, in this test's environment (its XDG folders)."""
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=300, env=os.environ.copy())


def run_json(capsys, *args: str) -> dict:
    capsys.readouterr()
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.fixture
def examples():
    folder = install_examples()
    load_plugins(again=True)  # this process: as a fresh `plies` would, from the folder
    return folder


# --- reference rules -----------------------------------------------------------------------

def breakthrough_moves(white: frozenset, black: frozenset, white_to_move: bool):
    """Breakthrough 6x6 from the rules (Troyka): (column, row) with rows 1-6 from White's
    side; a step forward straight onto an empty cell or diagonally onto an empty or
    enemy cell. Yields the positions after each move."""
    mine, theirs = (white, black) if white_to_move else (black, white)
    ahead = 1 if white_to_move else -1
    for (c, r) in mine:
        for dc in (-1, 0, 1):
            to = (c + dc, r + ahead)
            if not (1 <= to[0] <= 6 and 1 <= to[1] <= 6) or to in mine:
                continue
            if dc == 0 and to in theirs:
                continue
            moved, taken = (mine - {(c, r)}) | {to}, theirs - {to}
            yield (moved, taken) if white_to_move else (taken, moved)


def breakthrough_over(white, black) -> bool:
    return (any(r == 6 for _c, r in white) or any(r == 1 for _c, r in black)
            or not white or not black)


def breakthrough_start():
    return (frozenset((c, r) for c in range(1, 7) for r in (1, 2)),
            frozenset((c, r) for c in range(1, 7) for r in (5, 6)))


def breakthrough_perft(white, black, white_to_move, depth) -> int:
    if depth == 0:
        return 1
    if breakthrough_over(white, black):
        return 0
    return sum(breakthrough_perft(w, b, not white_to_move, depth - 1)
               for w, b in breakthrough_moves(white, black, white_to_move))


def nim_perft(heaps: tuple[int, ...], depth: int) -> int:
    """Nim: take 1..k tokens from one heap."""
    if depth == 0:
        return 1
    return sum(nim_perft(heaps[:i] + (h - k,) + heaps[i + 1:], depth - 1)
               for i, h in enumerate(heaps) for k in range(1, h + 1))


# --- the README's examples -----------------------------------------------------------------

def test_plugins_json_lists_two_games_and_two_evaluators_from_a_fresh_configuration():
    install_examples()
    done = plies("plugins", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert sorted(found["games"]) == ["breakthrough", "nim"]
    assert sorted((e["game"], e["name"]) for e in found["evaluators"]) == [
        ("connect4", "homework"), ("othello", "parity")]
    assert found["refused"] == [] and found["faults"] == []
    assert all(p["source"] == "folder" and p["location"].endswith(".py")
               for p in found["plugins"])


@pytest.mark.parametrize(("game", "expected"), [
    ("breakthrough", breakthrough_perft(*breakthrough_start(), True, 3)),
    ("nim", nim_perft((3, 4, 5), 3)),
])
def test_perft_of_the_example_games_matches_the_reference_rules(examples, capsys, game,
                                                                expected):
    assert run_json(capsys, "perft", game, "3", "--json")["nodes"] == expected


def test_perft_after_moves_reaches_captures(examples, capsys):
    # a2-a3 f5-f4 a3-a4 f4-f3: White's a4 touches Black's b5, Black's f3 touches e2.
    white, black = breakthrough_start()
    white = (white - {(1, 2)}) | {(1, 4)}
    black = (black - {(6, 5)}) | {(6, 3)}
    expected = breakthrough_perft(white, black, True, 3)
    found = run_json(capsys, "perft", "breakthrough", "3", "--moves", "a2-a3 f5-f4 a3-a4 f4-f3",
                     "--json")
    assert found["nodes"] == expected


@pytest.mark.parametrize("game", ["breakthrough", "nim"])
def test_a_match_between_levels_plays_every_game(examples, capsys, game):
    # Levels 2 and 1 (depth 2 and 1): that a plugin game's levels play a whole match does
    # not depend on their depth, and breakthrough's level 3 took 1.4 CPU-seconds more.
    found = run_json(capsys, "match", game, "--a", "level=2", "--b", "level=1", "--games", "4",
                     "--jobs", "1", "--json")
    assert found["games"] == 4 == found["a_wins"] + found["draws"] + found["b_wins"]
    assert found["a_forfeits"] == found["b_forfeits"] == 0
    assert all(r["moves"] for r in found["results"])


def reference_value(white, black, white_to_move, depth) -> int:
    """Plain minimax from White's view, leaves valued as the example's evaluate says:
    100 a piece and 10 a row advanced, White's minus Black's (a finished game never
    occurs at these depths here)."""
    if depth == 0:
        return (sum(100 + 10 * (r - 1) for _c, r in white)
                - sum(100 + 10 * (6 - r) for _c, r in black))
    values = [reference_value(w, b, not white_to_move, depth - 1)
              for w, b in breakthrough_moves(white, black, white_to_move)]
    return max(values) if white_to_move else min(values)


def test_tree_of_an_example_game_has_the_textbook_minimax_value(examples, capsys):
    white, black = breakthrough_start()
    white = (white - {(1, 2)}) | {(1, 4)}
    black = (black - {(6, 5)}) | {(6, 3)}
    found = run_json(capsys, "tree", "breakthrough", "--moves", "a2-a3 f5-f4 a3-a4 f4-f3",
                     "--depth", "2", "--mode", "alphabeta", "--json")
    assert found["value"] == reference_value(white, black, True, 2)
    nim = run_json(capsys, "tree", "nim", "--depth", "2", "--mode", "alphabeta", "--json")
    assert nim["game"] == "nim" and nim["value"] == 0  # no evaluate: nothing decided in 2


@pytest.mark.parametrize("game", ["breakthrough", "nim"])
def test_an_alphabeta_exercise_on_each_example_game(examples, capsys, game):
    found = run_json(capsys, "exercise", "alphabeta", "--game", game, "--json")
    assert found["kind"] == "alphabeta" and found["game"] == game


def test_the_example_connect4_evaluator_plays_a_match_and_analyses(examples, capsys):
    found = run_json(capsys, "match", "connect4", "--a", "eval=homework", "--b", "level=2",
                     "--games", "4", "--jobs", "1", "--json")
    assert found["games"] == 4 and found["a_forfeits"] == 0
    best = run_json(capsys, "analyse", "connect4", "--moves", "444", "--eval", "homework",
                    "--depth", "2", "--json")
    assert best["best"] == "4"  # only 4 stops Red's three in the column


def test_the_example_othello_evaluator_keeps_the_built_in_terms(examples):
    from ai.evaluators import evaluator_by_name, load_evaluator
    from game.rules import new_game

    game = new_game("othello")
    game.play_moves("f5d6c3d3c4f4f6f3e6e7")
    mine, built_in = evaluator_by_name("othello", "parity"), load_evaluator("othello")
    assert {k: v for k, v in mine.terms(game).items() if k != "parity"} == built_in.terms(game)
    assert mine.evaluate(game) == built_in.evaluate(game)  # 54 empty: no parity yet


# --- broken plugins ------------------------------------------------------------------------

def test_each_broken_plugin_has_its_sentence_in_plies_plugins():
    install_broken()
    done = plies("plugins", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    refused = {p["name"]: p["refused"] for p in found["plugins"] if p["refused"]}
    for file, (_text, sentence) in BROKEN_FILES.items():
        assert refused[file.removesuffix(".py")].startswith(sentence), refused
    faults = {f["name"]: f["fault"] for f in found["faults"]}
    for name, (_body, sentence) in BROKEN_EVALUATORS.items():
        assert faults[name].startswith(sentence), faults
    assert "badpop" not in found["games"]


@pytest.mark.parametrize("name", list(BROKEN_EVALUATORS))
def test_a_broken_evaluator_forfeits_its_match_games_and_the_match_goes_on(capsys, monkeypatch,
                                                                          name):
    import ai.evaluators.plugin

    monkeypatch.setattr(ai.evaluators.plugin, "CALL_SECONDS", 0.3)  # "loop": 0.3 s a game
    install_broken()
    load_plugins(again=True)
    found = run_json(capsys, "match", "connect4", "--a", f"eval={name}", "--b", "level=1",
                     "--games", "2", "--jobs", "1", "--json")
    assert found["games"] == 2 and found["a_forfeits"] == 2 and found["b_forfeits"] == 0
    assert found["a_first_forfeit"].lower().startswith(BROKEN_EVALUATORS[name][1].lower())


@pytest.mark.parametrize("command", [["perft", "badpop", "1"],
                                     ["match", "badpop", "--a", "level=1", "--b", "level=1",
                                      "--games", "2"]])
def test_a_refused_game_is_named_with_its_refusal(capsys, command):
    """Not "unknown game": the sentence says the plugin was refused, and why."""
    install_broken()
    load_plugins(again=True)
    assert main(command) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("plies: error: game 'badpop' is not available: its plugin was "
                            "refused: "), error
    assert "pop() after" in error and "does not restore the position" in error, error
    assert len(error.splitlines()) == 1


# --- files name plugins, never paths -------------------------------------------------------

def test_a_game_file_naming_a_path_or_a_missing_plugin_imports_nothing(tmp_path, capsys):
    marker = tmp_path / "imported"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').close()\n")
    load_plugins(again=True)
    for game_name, evaluator in ((str(evil), "default"), ("evil", "default"),
                                 ("breakthrough", "default"), ("connect4", str(evil)),
                                 ("connect4", "homework")):
        record = {"format": "plies-game", "version": 1, "game": game_name, "variant": {},
                  "moves": "", "players": [{"type": "human"},
                                           {"type": "computer", "level": 3,
                                            "eval": evaluator}], "result": None}
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        capsys.readouterr()
        status = main(["show", str(path)])
        err = capsys.readouterr().err
        if game_name == "connect4" and evaluator == "homework":
            assert status == 0  # an evaluator name is only a name until a game is played
        else:
            assert status == 2 and err.count("\n") == 1 and err.startswith("plies: error:")
    assert not marker.exists()


def test_an_installed_distribution_adds_plugins_through_its_entry_point(tmp_path, monkeypatch,
                                                                      capsys):
    import importlib.metadata

    from tests.plugins.helpers import EXAMPLES

    package = tmp_path / "site"
    package.mkdir()
    (package / "plies36_nim_dist.py").write_text((EXAMPLES / "nim.py").read_text())
    monkeypatch.syspath_prepend(str(package))
    points = [importlib.metadata.EntryPoint("nim", "plies36_nim_dist", "plies.plugins"),
              importlib.metadata.EntryPoint("gone", "plies36_not_installed", "plies.plugins")]
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: [p for p in points if p.group == group])
    load_plugins(again=True)
    found = run_json(capsys, "plugins", "--json")
    by_name = {p["name"]: p for p in found["plugins"]}
    assert by_name["nim"]["source"] == "distribution" and by_name["nim"]["games"] == ["nim"]
    assert by_name["gone"]["refused"].startswith(
        "entry point gone (plies36_not_installed): failed to load: ModuleNotFoundError")
    assert run_json(capsys, "perft", "nim", "2", "--json")["nodes"] == nim_perft((3, 4, 5), 2)


def test_a_plugin_refused_for_one_evaluator_adds_nothing(capsys):
    from tests.plugins.helpers import BAD_POP, readme_folder

    good_game = BAD_POP.replace("badpop", "okgame").split("    def pop(self):")[0]
    (readme_folder() / "mixed.py").write_text(
        good_game + '\n\nfrom game.plugins import evaluator\n\n\n@evaluator("okgame", name="fine")\n'
        'def fine(game):\n    return 0\n\n\n@evaluator("connect4", name="default")\n'
        'def clash(game):\n    return 0\n')
    load_plugins(again=True)
    found = run_json(capsys, "plugins", "--json")
    mixed = next(p for p in found["plugins"] if p["name"] == "mixed")
    assert "evaluator name 'default' is taken for connect4" in mixed["refused"]
    assert mixed["games"] == [] and mixed["evaluators"] == [] and found["games"] == []
    assert main(["perft", "okgame", "1"]) == 2


@pytest.mark.parametrize("moves", ["", "a2", "a2 b3", "c1", "b4 c5 a3"])
def test_solve_nim_agrees_with_the_nim_sum(examples, capsys, moves):
    """Bouton (1901): the side to move wins exactly when the heaps' XOR is not 0, and a
    winning move leaves an XOR of 0."""
    heaps = [3, 4, 5]
    for move in moves.split():
        column, row = "abc".index(move[0]), int(move[1])
        heaps[column] = min(heaps[column], row - 1)  # that token and all above it go
    found = run_json(capsys, "solve", "nim", "--moves", moves, "--json")
    xor = heaps[0] ^ heaps[1] ^ heaps[2]
    assert found["score"] == (1 if xor else -1)
    if xor:
        for best in found["best_moves"]:
            after = list(heaps)
            column, row = "abc".index(best[0]), int(best[1])
            after[column] = row - 1
            assert after[0] ^ after[1] ^ after[2] == 0, best


def test_analyse_and_review_a_plugin_game(examples, capsys, tmp_path):
    found = run_json(capsys, "analyse", "nim", "--depth", "12", "--json")
    # 3, 4, 5: XOR 2, so the side to move wins by taking 2 from the heap of 3 (a2).
    assert found["best"] == "a2" and found["score"] > 0
    match = run_json(capsys, "match", "nim", "--a", "level=2", "--b", "level=1", "--games", "1",
                     "--jobs", "1", "--out", str(tmp_path / "games"), "--json")
    record = tmp_path / "games" / "game-1.json"
    capsys.readouterr()
    assert main(["review", str(record), "--depth", "3", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    judged = [line["move"] for line in lines if line["type"] == "move"]
    assert " ".join(judged) == match["results"][0]["moves"]
    assert lines[-1]["type"] == "summary" and lines[-1]["game"] == "nim"
