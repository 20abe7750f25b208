"""A user's own evaluator (``evaluators/NAME.toml`` in the configuration folder) is a
name every command and the window accept, as ``analyse``, ``match`` and ``play`` did:
``tree``, ``exercise``, ``review``, ``bench --eval``, the tree explorer's job, and the
side that chooses in a swap opening (``match --opening swap``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from game.cli import main
from game.formats import save_record
from game.records import human, record_from_game
from game.rules import new_game
from game.ui.scenes.tree import recording_job

CENTRE_ONLY = ('game = "tictactoe"\nbase = "default"\n'
               "[weights]\nopen_two = 0\nopen_one = 0\ncentre = 100\n")
"""A tic-tac-toe evaluator that only values the centre: its leaf values differ from
the default's, so a test sees which one was used."""


@pytest.fixture
def evaluators(private_xdg_folders: Path) -> Path:
    """The user's evaluator folder, holding ``mine.toml`` (tic-tac-toe) and
    ``gmine.toml`` (Gomoku, the naive weights under another name)."""
    folder = private_xdg_folders / "config_home" / "plies" / "evaluators"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(CENTRE_ONLY)
    (folder / "gmine.toml").write_text('game = "gomoku"\nbase = "naive"\n[weights]\n')
    return folder


def tree_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    assert main(["tree", "tictactoe", "--moves", "a1", "--depth", "1", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_fixture_folder_is_the_one_plies_looks_in(evaluators: Path) -> None:
    from game.settings import evaluators_dir

    assert evaluators_dir() == evaluators


def test_tree_uses_the_users_evaluator(evaluators: Path, capsys) -> None:
    default = tree_json(capsys)
    mine = tree_json(capsys, "--eval", "mine")
    leaves = lambda data: [c["value"] for c in data["tree"]["children"]]  # noqa: E731
    assert leaves(mine) != leaves(default)
    # The centre alone counts: after a1, O taking b2 is worth +100 to MAX (O), any
    # other square 0 (neither side holds the centre).
    by_move = {c["move"]: c["value"] for c in mine["tree"]["children"]}
    assert by_move.pop("b2") == 100 and set(by_move.values()) == {0}


@pytest.mark.parametrize("args", [
    ["exercise", "minimax", "--game", "tictactoe", "--moves", "a1", "--seed", "1"],
    ["analyse", "tictactoe", "--moves", "a1", "--depth", "2"],
    # A tenth of a second per searched position, not bench.toml's second: the searches
    # run with the user's evaluator all the same (the figures are not what is checked).
    ["bench", "tictactoe", "--runs", "1", "--seconds", "0.1"],
])
def test_commands_take_the_users_evaluator_by_name(evaluators: Path, capsys, args) -> None:
    assert main([*args, "--eval", "mine"]) == 0, capsys.readouterr().err


def test_review_takes_the_users_evaluator(evaluators: Path, tmp_path: Path, capsys) -> None:
    game = new_game("tictactoe")
    game.play_moves("a1b2c3")
    path = tmp_path / "game.json"
    save_record(path, record_from_game(game, [human(), human()]))
    assert main(["review", str(path), "--depth", "2", "--eval", "mine"]) == 0, \
        capsys.readouterr().err


def test_an_unknown_name_still_names_the_folder(evaluators: Path, capsys) -> None:
    assert main(["tree", "tictactoe", "--eval", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "unknown evaluator 'nosuch'" in err and "nosuch.toml" in err and str(evaluators) in err


def test_the_tree_explorer_records_with_the_users_evaluator(evaluators: Path) -> None:
    game = new_game("tictactoe")
    game.play_moves("a1")
    recording = recording_job(game, "mine", 1, "minimax")(threading.Event(), lambda _: None)
    assert recording is not None and recording.tree is not None, recording
    values = {child.name: child.value for child in recording.tree.root.children}
    assert values.pop("b2") == 100 and set(values.values()) == {0}


def test_a_swap_opening_chosen_by_a_users_evaluator(evaluators: Path, tmp_path: Path,
                                                     capsys) -> None:
    out = tmp_path / "games"
    assert main(["match", "gomoku", "--size", "9", "--opening", "swap", "--games", "2",
                 "--a", "depth=1,eval=gmine", "--b", "depth=1", "--out", str(out)]) == 0, \
        capsys.readouterr().err
    records = [json.loads(p.read_text()) for p in sorted(out.glob("game-*.json"))]
    assert len(records) == 2
    assert all(r["opening"]["kind"] == "swap" and r["opening"]["choices"] for r in records)
    assert any(p.get("eval") == "gmine" for r in records for p in r["players"])
