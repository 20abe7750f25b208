"""PDF worksheets and class sets (issue 35, item 6), checked through poppler's
``pdftotext`` and ``pdfinfo``: what a printed page says, on which paper."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess

import pytest

from ai.evaluators import load_evaluator
from ai.explain.exercises import generate
from game import i18n
from game.cli import main
from game.formats import pdf
from game.rules import new_game

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="poppler-utils is not installed")


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def pdf_pages(path) -> list[str]:
    pages = pdf_text(path).split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def page_size(path) -> str:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    return re.search(r"Page size:\s+(.*)", info).group(1)


def textbook_minimax(node) -> int:
    """Plain minimax over an exercise's JSON tree (written again here, from the notes)."""
    if "children" not in node:
        return node["value"]
    values = [textbook_minimax(c) for c in node["children"]]
    return max(values) if node["kind"] == "max" else min(values)


def test_class_set_of_30_numbers_each_sheet_with_a_name_line(tmp_path, capsys):
    out = tmp_path / "class"
    assert main(["exercise", "alphabeta", "--game", "connect4", "--moves", "4453",
                 "--class-set", "30", "--out", str(out)]) == 0
    assert "30 exercises" in capsys.readouterr().out
    worksheets = pdf_text(out / "worksheets.pdf")  # read once, then page by page
    pages = worksheets.split("\f")
    numbers = [int(n) for page in pages for n in re.findall(r"Exercise (\d+)", page)]
    assert sorted(numbers) == list(range(1, 31))  # 30 distinct numbers
    for page in pages:
        if re.search(r"Exercise \d+", page):
            assert page.count("Name:") == 1
    assert worksheets.count("Name:") == 30
    key = pdf_text(out / "key.pdf")
    assert sorted(int(n) for n in re.findall(r"Exercise (\d+)", key)) == list(range(1, 31))
    assert key.count("Answer key") == 30 and "Name:" not in key

    rows = list(csv.DictReader((out / "answers.csv").open(encoding="utf-8")))
    assert {r["exercise"] for r in rows} == {str(n) for n in range(1, 31)}
    # the 30 exercises are different trees, and the CSV's root values are minimax's
    game = new_game("connect4")
    game.play_moves("4453")
    evaluator = load_evaluator("connect4")
    trees = set()
    for number in range(1, 31):
        mine = [r for r in rows if r["exercise"] == str(number)]
        seed = int(mine[0]["seed"])
        ex = generate("alphabeta", game, evaluator, depth=2, width=2, seed=seed)
        trees.add(repr(ex.tree_json()))
        root = next(r for r in mine if r["node"] == "A" and r["item"] == "value")
        assert int(root["answer"].replace("−", "-")) == textbook_minimax(ex.tree_json())
        assert any(r["item"] == "never" for r in mine)
        assert next(r for r in mine if r["node"] == "A" and r["item"] == "window")[
            "answer"] == "(−∞, +∞)"
    assert len(trees) == 30


def test_class_set_too_few_different_trees_and_missing_out(tmp_path, capsys):
    # tic-tac-toe with one empty square left has one tree of depth 1 only
    assert main(["exercise", "minimax", "--game", "tictactoe", "--moves",
                 "a1 b1 c1 a2 c2 b2 a3 c3", "--depth", "1", "--class-set", "3", "--out",
                 str(tmp_path)]) == 2
    assert "only 1 different exercise" in capsys.readouterr().err
    assert main(["exercise", "minimax", "--game", "tictactoe", "--class-set", "3"]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["exercise", "minimax", "--game", "tictactoe", "--class-set", "3", "--out",
                 str(tmp_path), "--svg", str(tmp_path / "x.svg")]) == 2
    assert "--svg" in capsys.readouterr().err


@pytest.mark.parametrize(("paper", "size"), [("a4", "595.28 x 841.89 pts (A4)"),
                                             ("letter", "612 x 792 pts (letter)")])
def test_worksheet_and_key_pdf_on_a4_and_letter(paper, size, tmp_path, capsys):
    sheet, key = tmp_path / "sheet.pdf", tmp_path / "key.pdf"
    assert main(["exercise", "alphabeta", "--game", "connect4", "--moves", "4453", "--seed",
                 "7", "--json", "--pdf", str(sheet), "--answers-pdf", str(key),
                 "--paper", paper]) == 0
    capsys.readouterr()
    assert page_size(sheet) == size == page_size(key)
    text = " ".join(pdf_text(sheet).split())
    assert "Name:" in text and "Leaves never visited:" in text
    assert "Search it with alpha-beta, children left to right" in text
    assert "MIN (Yellow) takes the smallest value below it" in text  # the legend
    assert "answers: leaves never visited" in " ".join(pdf_text(key).split())


def test_tree_pdf_and_the_refusal_that_names_depth(tmp_path, capsys):
    out = tmp_path / "tree.pdf"
    assert main(["tree", "connect4", "--moves", "4453", "--depth", "2", "--pdf", str(out),
                 "--paper", "letter"]) == 0
    capsys.readouterr()
    assert "alpha-beta, depth 2" in " ".join(pdf_text(out).split())
    wide = tmp_path / "wide.svg"
    assert main(["tree", "connect4", "--moves", "4453", "--depth", "4", "--mode",
                 "alphabeta", "--svg", str(wide)]) == 2
    err = capsys.readouterr().err
    assert "--depth" in err and err.count("\n") == 1 and not wide.exists()


@pytest.mark.skipif(not pdf.choose_fonts("0"), reason="no font")
def test_chinese_sheet_prints_its_question_or_says_which_font_to_install(tmp_path, capsys,
                                                                        monkeypatch):
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "zh_CN")  # the command speaks the desktop's language
    out = tmp_path / "sheet.pdf"
    code = main(["exercise", "minimax", "--game", "tictactoe", "--pdf", str(out)])
    captured = capsys.readouterr()
    assert i18n.current() == "zh_CN"
    game = new_game("tictactoe")
    question = generate("minimax", game, load_evaluator("tictactoe"), depth=2, width=2,
                        seed=1).question()
    if code == 0:
        assert "".join(question[:12].split()) in "".join(pdf_text(out).split())
        assert any("\u4e00" <= c <= "\u9fff" for c in question[:12])
    else:
        assert code == 2 and "Noto Sans CJK" in captured.err


def test_no_font_for_the_characters_is_one_sentence(monkeypatch):
    monkeypatch.setattr(pdf, "_fc_match", lambda pattern: None)
    monkeypatch.setattr(pdf, "_search", lambda name: None)
    with pytest.raises(pdf.PdfError) as caught:
        pdf.choose_fonts("α")
    assert "install DejaVu Sans" in str(caught.value)


def test_characters_no_font_has_are_named(monkeypatch):
    dejavu = pdf._search("DejaVuSans.ttf")
    if dejavu is None:
        pytest.skip("DejaVu Sans is not installed")
    monkeypatch.setattr(pdf, "_fc_match", lambda pattern: None)
    monkeypatch.setattr(pdf, "_search", lambda name: dejavu if "DejaVu" in name else None)
    assert len(pdf.choose_fonts("MAX is Red, α ≤ −∞")) == 1
    with pytest.raises(pdf.PdfError) as caught:
        pdf.choose_fonts("MAX 是红方")
    assert "是" in str(caught.value) and "Noto Sans CJK" in str(caught.value)


def test_a_sheet_longer_than_a_page_breaks_between_parts_and_says_whose_it_is(tmp_path):
    from game.formats.tree_svg import exercise_drawing

    game = new_game("connect4")
    game.play_moves("4453")
    ex = generate("alphabeta", game, load_evaluator("connect4"), depth=3, width=3, seed=1)
    out = tmp_path / "sheet.pdf"
    out.write_bytes(pdf.pdf_bytes([exercise_drawing(ex, answers=False, number=5, game=game)],
                                  "letter"))
    pages = pdf_pages(out)
    assert len(pages) == 2
    assert "Name:" in pages[0] and "Exercise 5, continued" not in pages[0]
    assert "Exercise 5, continued" in pages[1] and "Name:" not in pages[1]
    # the break falls between two parts: each part's heading and all its leaves together
    headings = 0
    for page in pages:
        words = set(page.split())
        for name in re.findall(r"Part \d: the subtree of (\w+)", page):
            headings += 1
            leaves = [n.id for n in ex.node(name).walk() if n.kind == "leaf"]
            assert set(leaves) <= words, (name, leaves)
    assert headings == 3
    assert "Leaves never visited:" in pages[-1]


def test_class_set_into_a_file_or_a_folder_that_cannot_be_made_is_one_sentence(tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    assert main(["exercise", "minimax", "--game", "tictactoe", "--class-set", "2", "--out",
                 str(taken)]) == 2
    err = capsys.readouterr().err
    assert "could not be made" in err and err.count("\n") == 1
    assert taken.read_text() == "not a folder"
