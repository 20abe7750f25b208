"""game.players: one typed player, one spec parser, one JSON form.

The two faults that made the type necessary are tested end to end: an outside engine
in a ``plies match`` record was written as a human, and a win against an engine chosen
on the start screen was tallied as a win against Plies level 4.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game import players, tally
from game.formats import load_record, save_record
from game.match import GameTask, play_game
from game.players import Computer, Engine, Human, PlayerError, from_json, parse_spec
from game.records import record_from_game
from game.rules import new_game

FAKE_BRAIN = Path(__file__).resolve().parents[1] / "engines" / "fakes" / "fake_pbrain.py"


def test_specs_people_type() -> None:
    assert parse_spec("human") == Human()
    assert parse_spec("level=5,eval=naive") == Computer(5, "naive")
    assert parse_spec(" level=5 , eval=naive ") == Computer(5, "naive")
    assert parse_spec("depth=6,time=1.5") == Computer(None, None, depth=6, seconds=1.5)
    engine = parse_spec('time=2,engine="./brain --opt a,b"', "gomoku")
    assert engine == Engine("brain", "pbrain", "./brain --opt a,b", seconds=2.0)
    # The name is the program's, past an interpreter, unless name= gives one.
    assert parse_spec("engine=python3 -u /x/my_brain.py 2", "othello").name == "my_brain"
    assert parse_spec("name=Edax 4.4,engine=edax -q", "othello").name == "Edax 4.4"
    assert parse_spec("protocol=gtp,engine=grhino --gtp", "othello").protocol == "gtp"


@pytest.mark.parametrize("spec, words", [
    ("level=5,level=6", "level is given twice"),
    ("eval=naive,level=3,eval=default", "eval is given twice"),
    ("level=9", "level must be 1 to 8"),
    ("level=five", "level must be 1 to 8"),
    ("speed=3", "name=value pairs"),
    ("random=0.5", "needs a level, depth, time or nodes"),  # eval=NAME alone is a level
    ("depth=0", "depth must be"),
    ("depth=3,random=lots", "random must be"),
    ("depth=3,solver=maybe", "solver must be on or off"),
    ("engine=", "engine= needs a command"),
    ("level=3,engine=brain", "an engine takes time, depth, name and protocol"),
    ("name=x,level=3", "belong to an outside engine"),
    ("protocol=uci,engine=x", "protocol must be one of"),
])
def test_bad_specs_are_one_sentence(spec: str, words: str) -> None:
    with pytest.raises(PlayerError) as caught:
        parse_spec(spec)
    message = str(caught.value)
    assert words in message and "\n" not in message and spec in message


def test_one_json_form_each_way() -> None:
    for player in (Human(), Computer(5, "naive"), Computer(None, "default", depth=3)):
        assert from_json(json.loads(json.dumps(player.to_json()))) == player
    engine = Engine("pbrain-embryo", "pbrain", "/opt/embryo/pbrain-embryo -x")
    assert engine.to_json() == {"type": "engine", "name": "pbrain-embryo",
                                "protocol": "pbrain"}
    # A file never gives an engine a command line, whatever it says.
    loaded = from_json({**engine.to_json(), "command": "rm -rf ~"})
    assert loaded == Engine("pbrain-embryo", "pbrain") and loaded.command == ""
    # Old files: a computer without level is the default level, without eval "default".
    assert from_json({"type": "computer"}) == Computer(4, "default")
    for bad, words in (({"type": "robot"}, "type"), ({"type": "computer", "level": 0}, "level"),
                       ({"type": "computer", "eval": "../x.toml"}, "evaluator"),
                       ({"type": "engine", "name": "x", "protocol": "uci"}, "protocol"),
                       ({"type": "engine", "protocol": "pbrain"}, "name"), ([], "a list")):
        with pytest.raises(PlayerError, match=words):
            from_json(bad)


def test_records_keep_an_engine_as_an_engine(tmp_path: Path) -> None:
    game = new_game("gomoku")
    game.play_moves("h8 h9")
    engine = Engine("Embryo 21", "pbrain", "pbrain-embryo")
    for suffix in (".json", ".txt"):
        path = tmp_path / f"g{suffix}"
        save_record(path, record_from_game(game, [Human(), engine]))
        assert "pbrain-embryo" not in path.read_text(encoding="utf-8")  # no command line
        assert load_record(path).players == [Human(), Engine("Embryo 21", "pbrain")]


def test_a_match_record_names_the_engine_not_a_human(tmp_path: Path) -> None:
    brain = players.engine("gomoku", f"{sys.executable} {FAKE_BRAIN} good", seconds=10)
    task = GameTask(0, "gomoku", {"size": 9}, (), (), True, brain, Computer(None, depth=1))
    result = play_game(task)
    assert result.record.players[0] == Engine("fake_pbrain", "pbrain", brain.command, 10)
    path = tmp_path / "game-1.json"
    save_record(path, result.record)
    written = json.loads(path.read_text(encoding="utf-8"))["players"]
    assert written == [{"type": "engine", "name": "fake_pbrain", "protocol": "pbrain"},
                       {"type": "computer", "eval": "default", "depth": 1}]


def test_the_tally_counts_an_engine_by_its_name_never_as_a_level(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    tally.record_result("gomoku", Engine("pbrain-embryo", "pbrain", "x"), "win", path)
    tally.record_result("gomoku", Computer(4, "default"), "loss", path)
    loaded = tally.load_tally(path)
    assert loaded.get_engine("gomoku", "pbrain-embryo") == (1, 0, 0)
    assert loaded.get("gomoku", 4) == (0, 0, 1)  # the engine's win is not level 4's
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["engines"] == {"gomoku": {"pbrain-embryo": [1, 0, 0]}}
    assert data["games"] == {"gomoku": {"4": [0, 0, 1]}}
