"""A plugin evaluator that declares its weights: they are checked when the plugin loads,
a weights file based on it sets them, and `plies tune` tunes them end to end."""

from __future__ import annotations

import json
import re
import sys
import threading

import pytest

from ai.evaluators import EvaluatorError, evaluator_by_name, load_evaluator
from ai.evaluators.plugin import FunctionEvaluator
from ai.search import Limits, Searcher
from ai.tune.weights import parameters
from game.cli import main
from game.plugins import load_plugins, search_in_process, use_folder
from game.rules import new_game
from game.settings import evaluators_dir
from tests.plugins.helpers import readme_folder

MINE = '''from dataclasses import dataclass

from game.plugins import evaluator, weight


@dataclass(frozen=True)
class Mine:
    centre: int = weight(3, 0, 20)    # a piece in the centre column
    piece: int = weight(1, 0, 10)     # any piece
    note: str = "not a weight"        # a field without weight(): never tuned


@evaluator("connect4", name="mine", weights={weights})
def mine(game, w):
    me, score = game.turn, 0
    for x in range(game.width):
        for y in range(game.height):
            owner = game.piece_at(x, y)
            if owner is not None:
                points = w.piece + (w.centre if x == game.width // 2 else 0)
                score += points if owner == me else -points
    return score
'''


def install(weights: str = "Mine()", text: str = MINE, name: str = "mine") -> None:
    (readme_folder() / f"{name}.py").write_text(text.replace("{weights}", weights))


def refusal(name: str = "mine") -> str | None:
    found = {p.name: p for p in load_plugins(readme_folder(), distributions=False, again=True)}
    return found[name].refusal


def weights_file(name: str, text: str) -> None:
    evaluators_dir().mkdir(parents=True, exist_ok=True)
    (evaluators_dir() / f"{name}.toml").write_text(text, encoding="utf-8")


def position():
    """Connect-4 after 4 1 4 (columns from 1): Red has two pieces in the centre column,
    Yellow one in the first; Yellow to move.

        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . R . . .
        Y . . R . . .
    """
    game = new_game("connect4")
    game.play_moves("414")
    return game


def test_declared_weights_are_listed_for_tuning_and_passed_to_the_function():
    install()
    assert refusal() is None
    mine = evaluator_by_name("connect4", "mine")
    assert isinstance(mine, FunctionEvaluator)
    assert [(p.name, p.start, p.low, p.high) for p in parameters(mine.weights)] == [
        ("centre", 3, 0, 20), ("piece", 1, 0, 10)]
    # Yellow to move: its 1 piece, Red's 2 centre pieces: 1 - 2 * (1 + 3) = -7
    assert mine.evaluate(position()) == -7


@pytest.mark.parametrize(("weights", "words"), [
    ('{"centre": 3}', "mine.py, line 13: the weights of evaluator mine must be an instance "
                      "of a frozen dataclass (@dataclass(frozen=True)) whose fields are "
                      "weight(default, low, high), not {'centre': 3}"),
    ("Mine", "mine.py, line 13: the weights of evaluator mine must be an instance of a "
             "frozen dataclass"),
    ("Mine(centre=21)", "mine.py, line 13: weight centre of evaluator mine is 21, not a whole "
                        "number from 0 to 20"),
    ("Mine(piece=1.5)", "mine.py, line 13: weight piece of evaluator mine is 1.5, not a whole "
                        "number from 0 to 10"),
])
def test_a_bad_declaration_is_refused_with_its_sentence(weights, words):
    install(weights)
    assert refusal().startswith(words)
    with pytest.raises(EvaluatorError):
        evaluator_by_name("connect4", "mine")  # refused as a whole: not registered


def test_a_thawed_dataclass_or_a_function_without_the_weights_is_refused():
    install(text=MINE.replace("frozen=True", "frozen=False"))
    assert "must be an instance of a frozen dataclass" in refusal()
    install(text=MINE.replace("def mine(game, w):", "def mine(game):"))
    assert refusal() == ("mine.py, line 13: evaluator mine declares weights, so mine is "
                         "called as mine(game, weights): give it a second parameter")


def test_a_default_outside_its_range_stops_the_plugin_loading_with_its_line():
    install(text=MINE.replace("weight(3, 0, 20)", "weight(30, 0, 20)"))
    assert refusal() == ("mine.py: failed to load: ValueError: default 30 outside its range "
                         "0..20 (mine.py, line 8)")


def test_a_weights_file_based_on_the_plugin_evaluator_sets_its_weights():
    install()
    load_plugins(readme_folder(), distributions=False, again=True)
    weights_file("heavy", 'game = "connect4"\nbase = "mine"\n[weights]\ncentre = 5\npiece = 4\n')
    heavy = evaluator_by_name("connect4", "heavy", user_dir=evaluators_dir())
    assert isinstance(heavy, FunctionEvaluator) and heavy.name == "heavy"
    assert (heavy.weights.centre, heavy.weights.piece, heavy.base) == (5, 4, "mine")
    # Yellow's 4 against Red's 2 * (4 + 5): -14 (the default weights give -7)
    assert heavy.evaluate(position()) == -14
    assert evaluator_by_name("connect4", "mine").evaluate(position()) == -7
    # ...also as a path typed on the command line, and as tune's trial weights are built
    assert load_evaluator("connect4", str(evaluators_dir() / "heavy.toml")).evaluate(
        position()) == -14
    # the ranges of the plugin's dataclass hold as the built-in ones do
    weights_file("wild", 'base = "mine"\n[weights]\ncentre = 21\n')
    with pytest.raises(EvaluatorError, match=r"^wild.toml: weight 'centre' must be a whole "
                                             r"number from 0 to 20, not 21$"):
        evaluator_by_name("connect4", "wild", user_dir=evaluators_dir())
    weights_file("noted", 'base = "mine"\n[weights]\nnote = 1\n')
    with pytest.raises(EvaluatorError, match="unknown weight 'note'; known: centre, piece"):
        evaluator_by_name("connect4", "noted", user_dir=evaluators_dir())


def test_the_windows_plugin_process_finds_a_weights_file_by_name():
    install()
    use_folder(readme_folder())
    weights_file("heavy", 'base = "mine"\n[weights]\ncentre = 5\npiece = 4\n')
    heavy = evaluator_by_name("connect4", "heavy", user_dir=evaluators_dir())
    result = search_in_process(position(), heavy, Limits(depth=1), "full", threading.Event(),
                               lambda info: None)
    here = Searcher(heavy).search(position(), Limits(depth=1))
    assert (result.move, result.score) == (here.move, here.score)


def test_a_base_naming_no_installed_plugin_is_one_sentence_and_imports_nothing(
        tmp_path, capsys):
    # ghost.py lies next to the file that names it, and in no plugins folder.
    marker = tmp_path / "imported"
    (evaluators_dir()).mkdir(parents=True)
    (evaluators_dir() / "ghost.py").write_text(
        "from pathlib import Path\nPath(%r).write_text('x')\n" % str(marker))
    weights_file("haunted", 'game = "connect4"\nbase = "ghost"\n[weights]\ncentre = 1\n')
    assert main(["analyse", "connect4", "--eval", "haunted", "--depth", "1"]) == 2
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [
        "plies: error: haunted.toml: base must name a preset (default, naive) or an installed "
        "plugin evaluator that declares its weights, not 'ghost'"]
    assert not marker.exists() and not any("ghost" in m for m in sys.modules)


def test_a_base_naming_a_plugin_evaluator_without_weights_is_one_sentence():
    install(text='from game.plugins import evaluator\n\n\n@evaluator("connect4")\n'
                 'def plain(game):\n    return 0\n', name="plain")
    load_plugins(readme_folder(), distributions=False, again=True)
    weights_file("onplain", 'base = "plain"\n[weights]\n')
    with pytest.raises(EvaluatorError, match=r"^onplain.toml: base 'plain' is a plugin "
                                             r"evaluator that declares no weights$"):
        evaluator_by_name("connect4", "onplain", user_dir=evaluators_dir())


def test_plies_tune_tunes_a_plugin_evaluator_and_the_tuned_one_plays(capsys):
    install()
    # --jobs 2: the games run in worker processes, which load the plugin and the trial
    # weights files based on it.
    status = main(["tune", "connect4", "--eval", "mine", "--method", "spsa", "--games", "4",
                   "--final-games", "2", "--depth", "1", "--jobs", "2", "--out", "mine-tuned",
                   "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    payload = json.loads(out)
    assert [w["name"] for w in payload["weights"]] == ["centre", "piece"]
    assert payload["final"]["games"] == 2
    text = (evaluators_dir() / "mine-tuned.toml").read_text(encoding="utf-8")
    assert text.splitlines()[:3] == ['game = "connect4"', 'base = "mine"', "[weights]"]
    tuned = evaluator_by_name("connect4", "mine-tuned", user_dir=evaluators_dir())
    assert {w["name"]: w["tuned"] for w in payload["weights"]} == {
        "centre": tuned.weights.centre, "piece": tuned.weights.piece}
    assert main(["match", "connect4", "--a", "eval=mine-tuned", "--b", "eval=mine",
                 "--games", "2", "--json"]) == 0
    match = json.loads(capsys.readouterr()[0])
    assert match["games"] == 2 == match["a_wins"] + match["draws"] + match["b_wins"]
    assert match["a_forfeits"] == match["b_forfeits"] == 0
    from game.ui.scenes.start import preset_options

    assert "mine-tuned" in preset_options("connect4")  # the new-game dialog offers it


def test_texel_fits_a_plugin_evaluators_weights(capsys):
    install()
    status = main(["tune", "connect4", "--eval", "mine", "--method", "texel", "--games", "6",
                   "--final-games", "0", "--depth", "1", "--out", "mine-texel", "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    tuned = {w["name"]: w["tuned"] for w in json.loads(out)["weights"]}
    fitted = evaluator_by_name("connect4", "mine-texel", user_dir=evaluators_dir())
    assert (fitted.base, fitted.weights.centre, fitted.weights.piece) == (
        "mine", tuned["centre"], tuned["piece"])


def test_plies_tune_refuses_a_plugin_evaluator_without_weights(capsys):
    install(text='from game.plugins import evaluator\n\n\n@evaluator("connect4")\n'
                 'def plain(game):\n    return 0\n', name="plain")
    assert main(["tune", "connect4", "--eval", "plain", "--games", "2"]) == 2
    assert "the evaluator plain declares no weights to tune" in capsys.readouterr()[1]


STUCK_COPY = '''from dataclasses import dataclass

from game.plugins import evaluator, weight

MADE = []


@dataclass(frozen=True)
class Stuck:
    centre: int = weight(3, 0, 20)

    def __post_init__(self):
        MADE.append(self)
        while len(MADE) > 1:  # the declared one is made; every copy never returns
            pass


@evaluator("connect4", name="stuck", weights=Stuck())
def stuck(game, w):
    return 0
'''


def test_weights_whose_copy_never_returns_are_one_sentence_not_a_hang(capsys, monkeypatch):
    import ai.evaluators.plugin

    monkeypatch.setattr(ai.evaluators.plugin, "CALL_SECONDS", 0.3)
    install(text=STUCK_COPY, name="stuck")
    assert refusal("stuck") is None  # loading makes the declared weights only
    sentence = "the weights Stuck were not made within 0.3 s (an endless loop in __post_init__?)"
    # plies tune copies them at every step: it stops before the first, with the sentence.
    assert main(["tune", "connect4", "--eval", "stuck", "--games", "2", "--depth", "1"]) == 2
    out, err = capsys.readouterr()
    assert err == f"plies: error: {sentence}\n"
    assert not (evaluators_dir() / "stuck-spsa.toml").exists()
    # A weights file based on them: every command that reads it says so.
    weights_file("onstuck", 'base = "stuck"\n[weights]\ncentre = 4\n')
    with pytest.raises(EvaluatorError, match=rf"^onstuck.toml: {re.escape(sentence)}$"):
        evaluator_by_name("connect4", "onstuck", user_dir=evaluators_dir())
    assert main(["match", "connect4", "--a", "eval=onstuck", "--b", "level=1",
                 "--games", "1"]) == 2
    assert capsys.readouterr()[1] == f"plies: error: onstuck.toml: {sentence}\n"


def test_the_readmes_weights_example_loads_and_declares_its_weights():
    from tests.plugins.test_plugins_readme import section

    text = section("Writing your own evaluator")
    start = text.index("    from dataclasses import dataclass\n")
    block = text[start:text.index("\nThen `plies tune", start)]
    code = "\n".join(line[4:] for line in block.splitlines())
    install(text=code)
    assert refusal() is None
    mine = evaluator_by_name("connect4", "mine")
    assert [(p.name, p.start, p.low, p.high) for p in parameters(mine.weights)] == [
        ("centre", 3, 0, 20), ("piece", 1, 0, 10)]
    assert mine.evaluate(position()) == -7  # 1 - 2 * (1 + 3), as above


def test_a_cluster_worker_loads_its_plugins_before_it_checks_the_evaluators():
    # What `--cluster` runs on each worker before the games (game.cluster); a worker is
    # a fresh process whose plugins nothing has loaded yet.
    from game.cluster import _worker_check
    from game.plugins import unload_plugins

    install()
    weights_file("heavy", 'base = "mine"\n[weights]\ncentre = 5\n')
    unload_plugins()
    _fingerprint, missing = _worker_check([("connect4", "mine"), ("connect4", "heavy"),
                                           ("connect4", "ghost")])
    assert [m.split(" ")[0] for m in missing] == ["ghost"]


NIM_EVALUATOR = '''from dataclasses import dataclass

from game.plugins import evaluator, weight


@dataclass(frozen=True)
class Tokens:
    each: int = weight(5, 0, 50)


@evaluator("nim", name="tokens", weights=Tokens())
def tokens(game, w):
    return w.each * len(game.legal_moves())
'''


def test_a_plugin_games_evaluator_with_weights_reads_its_weights_files():
    from tests.plugins.helpers import EXAMPLES

    (readme_folder() / "nim.py").write_text((EXAMPLES / "nim.py").read_text())
    install(text=NIM_EVALUATOR, name="tokens")
    load_plugins(readme_folder(), distributions=False, again=True)
    weights_file("seven", 'game = "nim"\nbase = "tokens"\n[weights]\neach = 7\n')
    start = new_game("nim")  # heaps of 3, 4 and 5: 12 tokens, 12 moves
    assert evaluator_by_name("nim", "tokens").evaluate(start) == 60
    assert evaluator_by_name("nim", "seven", user_dir=evaluators_dir()).evaluate(start) == 84
    weights_file("bare", 'game = "nim"\nbase = "default"\n')
    with pytest.raises(EvaluatorError, match="^bare.toml: base 'default' is a plugin evaluator "
                                             "that declares no weights$"):
        evaluator_by_name("nim", "bare", user_dir=evaluators_dir())


def test_a_hand_made_range_that_is_not_two_whole_numbers_is_refused():
    install(text=MINE.replace("piece: int = weight(1, 0, 10)",
                              'piece: int = field(default=1, metadata={"range": "0-10"})')
            .replace("from dataclasses import dataclass", "from dataclasses import dataclass, field"))
    assert refusal() == ("mine.py, line 13: weight piece of evaluator mine has no range of two "
                         "whole numbers: declare it with weight(default, low, high)")
