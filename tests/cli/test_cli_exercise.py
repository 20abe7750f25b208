"""``plies exercise`` and ``plies tree --svg``: figures that parse as XML with one shape
per node, JSON with the tree and the key, one-sentence errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from ai.evaluators import load_evaluator
from ai.explain.tree import record
from game.cli import main
from game.rules import new_game


def shapes(path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    return [e for e in root.iter() if (e.get("class") or "").split(" ")[0] == "node"]


def classes(elements) -> list[str]:
    return [e.get("class").split(" ")[1] for e in elements]


def test_tree_svg_has_one_shape_per_node_pruned_child_and_skipped_move(tmp_path, capsys):
    out = tmp_path / "tree.svg"
    assert main(["tree", "connect4", "--moves", "4453", "--depth", "3", "--svg", str(out)]) == 0
    game = new_game("connect4")
    game.play_moves("4453")
    tree = record(game, load_evaluator("connect4"), 3, "alphabeta")
    found = classes(shapes(out))
    assert found.count("max") + found.count("min") + found.count("leaf") == tree.node_count
    assert found.count("max") == sum(n.kind == "max" for n in tree.nodes)
    assert found.count("min") == sum(n.kind == "min" for n in tree.nodes)
    assert found.count("pruned") > 0
    assert len(ET.parse(out).getroot().findall("{http://www.w3.org/2000/svg}path")) > 0  # ✕
    skipped = tmp_path / "block.svg"
    assert main(["tree", "connect4", "--moves", "44536", "--depth", "2", "--svg",
                 str(skipped)]) == 0
    assert classes(shapes(skipped)).count("skipped") == 4  # 3 shown, 1 gathering the rest
    capsys.readouterr()


@pytest.mark.parametrize("kind", ["minimax", "alphabeta", "ordering"])
def test_exercise_json_worksheet_and_key(kind, tmp_path, capsys):
    sheet, key = tmp_path / "sheet.svg", tmp_path / "key.svg"
    assert main(["exercise", kind, "--game", "tictactoe", "--moves", "b2", "--seed", "4",
                 "--json", "--svg", str(sheet), "--answers", str(key)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == kind and data["game"] == "tictactoe" and data["moves"] == "b2"

    def count(node):
        return 1 + sum(count(c) for c in node.get("children", []))

    n = count(data["tree"])
    assert len(shapes(sheet)) == n == len(shapes(key))
    assert len(data["answers"]["values"]) == n
    texts = [e for e in ET.parse(sheet).getroot().iter() if e.tag.endswith("text")]
    blanks = [e for e in texts if (e.get("class") or "").startswith("blank value")]
    inner = n - sum(1 for e in shapes(sheet) if e.get("class") == "node leaf")
    # the worksheet leaves a line to write each inner value on (not the ordering's)
    assert len(blanks) == (0 if kind == "ordering" else inner)


def test_exercise_text_and_bad_input(capsys):
    assert main(["exercise", "minimax", "--game", "connect4", "--moves", "4453"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("MAX is Red") and "A MAX ?" in out
    assert main(["exercise", "minimax", "--game", "tictactoe", "--moves",
                 "a1 a2 b1 b2 c1"]) == 2
    assert "over" in capsys.readouterr().err
    assert main(["exercise", "minimax"]) == 2
    assert "--game" in capsys.readouterr().err
    assert main(["exercise", "minimax", "--game", "tictactoe", "--depth", "9"]) == 2
    assert "1 to 4" in capsys.readouterr().err
