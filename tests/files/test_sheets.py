"""Figures and worksheets that print (issue 35, item 6): measured on the SVG text.

Each SVG is parsed with xml.etree and measured: its width against the page limit, every
text's extent (estimated with the bold DejaVu Sans widths, which a test here checks
against the font file itself) inside that width in every language, no move label on a
cross or on another label, no edge through the texts under a node, MAX and MIN in the
window's colours, and a worksheet's parts (name line, question, legend, board, blanks).
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest

from ai.evaluators import load_evaluator
from ai.explain.exercises import LEVELS, generate
from ai.explain.tree import TreeError, TreeTooLarge, record
from game import i18n
from game.formats import tree_svg
from game.formats.tree_svg import (
    PAGE_WIDTH,
    SMALLEST_TEXT,
    FigureTooWide,
    exercise_drawing,
    search_drawing,
    text_width,
    to_svg,
    wrap_text,
)
from game.i18n_catalogs import catalog_files, read_catalog
from game.rules import new_game

SVG = "{http://www.w3.org/2000/svg}"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == SVG + "svg"
    return root


def width_of(root: ET.Element) -> float:
    return float(root.get("viewBox").split()[2])


def text_box(e: ET.Element) -> tuple[float, float, float, float]:
    """The extent of an SVG <text>, from its attributes alone."""
    size = float(e.get("font-size"))
    w = text_width(e.text or "", size)
    x, y = float(e.get("x")), float(e.get("y"))
    x0 = x - {"start": 0, "middle": w / 2, "end": w}[e.get("text-anchor", "start")]
    return x0, y - size * 0.8, x0 + w, y + size * 0.25


def cross_box(e: ET.Element) -> tuple[float, float, float, float]:
    numbers = [float(v) for v in re.findall(r"-?[\d.]+", e.get("d"))]
    xs, ys = numbers[0::2], numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if (e.get("class") or "").startswith(cls)]


def position(game_name: str, moves: str):
    game = new_game(game_name)
    game.play_moves(moves)
    return game


def sample_figures():
    """(label, SVG) of search trees and exercise sheets and keys of every kind."""
    out = []
    for game_name, moves in (("connect4", "4453"), ("connect4", "445"), ("othello", "f5d6"),
                             ("tictactoe", "b2a1"), ("gomoku", "h8h9")):
        game = position(game_name, moves)
        evaluator = load_evaluator(game_name)
        too_large = set()
        for depth in (1, 2, 3):
            for mode in ("minimax", "alphabeta", "ordered"):
                if mode in too_large:
                    # A full-width minimax tree holds the shallower one: too many nodes
                    # (or too many leaves side by side) at one depth is too many at every
                    # greater depth (gomoku's depth-1 tree is already too wide: its
                    # depth-2 tree took over a second to be found too large).
                    continue
                try:
                    drawing = search_drawing(record(game, evaluator, depth, mode))
                except (TreeTooLarge, FigureTooWide):  # too big to record, or to draw
                    if mode == "minimax":
                        too_large.add(mode)
                    continue
                except TreeError:
                    continue
                out.append((f"tree {game_name} {moves} {depth} {mode}", to_svg(drawing)))
        for kind in ("minimax", "alphabeta", "ordering"):
            for level, (depth, width) in LEVELS.items():
                for seed in (1, 2):
                    ex = generate(kind, game, evaluator, depth=depth, width=width, seed=seed)
                    for answers in (False, True):
                        drawing = exercise_drawing(ex, answers=answers, number=seed, game=game)
                        out.append((f"{kind} {game_name} {level} {seed} {answers}",
                                    to_svg(drawing)))
    return out


@pytest.fixture(scope="module")
def figures():
    return sample_figures()


def test_no_figure_is_wider_than_a_landscape_page_and_no_text_is_smaller_than_10pt(figures):
    assert len(figures) > 100
    for label, svg in figures:
        root = parse(svg)
        assert width_of(root) <= PAGE_WIDTH, label
        assert root.get("width") == f"{root.get('viewBox').split()[2]}pt", label
        for e in root.iter(SVG + "text"):
            if "board" not in (e.get("class") or ""):  # the board's X and O are pictures
                assert float(e.get("font-size")) >= SMALLEST_TEXT, (label, e.text)


def test_every_text_lies_inside_the_figure(figures):
    for label, svg in figures:
        root = parse(svg)
        width = width_of(root)
        for e in root.iter(SVG + "text"):
            x0, _y0, x1, _y1 = text_box(e)
            assert 0 <= x0 and x1 <= width, (label, e.text, x0, x1, width)


def test_move_labels_overlap_no_cross_and_no_other_label(figures):
    crosses = 0
    for label, svg in figures:
        root = parse(svg)
        moves = [text_box(e) for e in by_class(root, "text", "move")]
        cuts = [cross_box(e) for e in by_class(root, "path", "cut")]
        crosses += len(cuts)
        for i, box in enumerate(moves):
            assert not any(overlap(box, cut) for cut in cuts), (label, box)
            assert not any(overlap(box, other) for other in moves[i + 1:]), (label, box)
    assert crosses > 50  # the keys and alpha-beta trees do draw cut-offs


def test_edges_start_below_the_texts_under_their_node(figures):
    for label, svg in figures:
        root = parse(svg)
        texts = [text_box(e) for cls in ("value", "window", "blank", "part")
                 for e in by_class(root, "text", cls)]
        for line in by_class(root, "line", "edge"):
            x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
            # Every point of the edge lies in its bounding box (give or take rounding): a
            # text box apart from that box holds none of them, so only the others are
            # looked at.
            e = 1e-6
            near = [box for box in texts
                    if box[0] < max(x1, x2) + e and min(x1, x2) - e < box[2]
                    and box[1] < max(y1, y2) + e and min(y1, y2) - e < box[3]]
            for step in range(21):  # points along the edge, ends included
                px, py = x1 + (x2 - x1) * step / 20, y1 + (y2 - y1) * step / 20
                for box in near:
                    assert not (box[0] < px < box[2] and box[1] < py < box[3]), (label, box)


def test_max_and_min_are_filled_as_in_the_window():
    from game.ui.theme import CLASSIC

    for name, pieces in tree_svg.PIECE_COLOURS.items():
        assert pieces == CLASSIC.boards[name].pieces
    evaluator = load_evaluator("connect4")
    for moves in ("4453", "445"):  # Red to move, then Yellow to move
        game = position("connect4", moves)
        red, yellow = "#de3138", "#f7c928"  # CLASSIC's RED and YELLOW
        mover, other = (red, yellow) if game.turn == 0 else (yellow, red)
        root = parse(to_svg(search_drawing(record(game, evaluator, 2, "alphabeta"))))
        assert {e.get("fill") for e in by_class(root, "polygon", "node max")} == {mover}
        assert {e.get("fill") for e in by_class(root, "polygon", "node min")} == {other}


def test_worksheet_has_name_line_question_legend_board_and_blanks():
    game = position("connect4", "4453")
    ex = generate("alphabeta", game, load_evaluator("connect4"), depth=2, width=2, seed=3)
    root = parse(to_svg(exercise_drawing(ex, answers=False, number=12, game=game)))
    texts = {e.get("class"): [] for e in root.iter(SVG + "text")}
    for e in root.iter(SVG + "text"):
        texts[e.get("class")].append(e.text)
    assert texts["name-line"] == ["Name:"] and by_class(root, "line", "name-line")
    assert texts["number"] == ["Exercise 12"]
    assert " ".join(texts["question"]) == ex.question()  # wrapped, every word kept
    assert len(by_class(root, "polygon", "legend")) == 2  # MAX and MIN explained
    assert any("window" in t for t in texts["legend"])
    pieces = [e for e in root.iter(SVG + "circle") if e.get("class") == "board piece"]
    assert len(pieces) == 4  # 4453: four discs on the board
    inner = [n for n in ex.nodes if n.kind != "leaf"]
    assert len(texts["blank value"]) == len(texts["blank window"]) == len(inner) == 3
    assert texts["answer-line"] == ["Leaves never visited:"]
    leaves = [n for n in ex.nodes if n.kind == "leaf"]
    assert sorted(texts["value"]) == sorted(tree_svg.bound_text(n.value) for n in leaves)


def test_key_draws_what_alpha_beta_knows_where_the_key_says_it():
    """A key that records what alpha-beta returned at each node (value and bound, the
    conventions work's ``nodes``) is drawn so: a bound as "≤ 180", nothing at an inner
    node never visited; a key without it keeps its exact values."""
    game = position("connect4", "4453")
    ex = generate("alphabeta", game, load_evaluator("connect4"), depth=2, width=2, seed=3)

    def values(exercise) -> dict[str, str]:
        """Each node's value text, by its name (a value is drawn under its node's name)."""
        root = parse(to_svg(exercise_drawing(exercise, answers=True, game=game)))
        names = {e.get("x"): e.text for e in by_class(root, "text", "name")}
        return {names[e.get("x")]: e.text for e in by_class(root, "text", "value")}

    trace = ex.key["alphabeta"]
    trace.pop("nodes", None)  # a key that does not say what alpha-beta returned
    assert values(ex) == {n.id: tree_svg.bound_text(ex.key["values"][n.id]) for n in ex.nodes}
    first, second = ex.root.children
    trace["nodes"] = {n.id: {"value": trace["values"].get(n.id), "bound": "exact"}
                      for n in ex.nodes}
    trace["nodes"][second.id] = {"value": 180, "bound": "upper"}
    trace["nodes"][first.id] = {"value": None, "bound": None}  # as if never visited
    drawn = values(ex)
    assert drawn[second.id] == "≤ +180"
    assert first.id not in drawn
    assert drawn[ex.root.id] == tree_svg.bound_text(trace["values"][ex.root.id])


def test_a_tree_too_wide_even_in_parts_is_refused():
    game = position("connect4", "4453")
    with pytest.raises(FigureTooWide):
        search_drawing(record(game, load_evaluator("connect4"), 4, "alphabeta"))


def test_a_wide_tree_is_split_into_parts_that_each_fit():
    game = position("connect4", "4453")
    ex = generate("alphabeta", game, load_evaluator("connect4"), depth=3, width=3, seed=7)
    root = parse(to_svg(exercise_drawing(ex, answers=True, game=game)))
    headings = [e.text for e in by_class(root, "text", "heading")]
    assert [h for h in headings if h.startswith("Part")] == [
        "Part 2: the subtree of B", "Part 3: the subtree of C", "Part 4: the subtree of D"]
    # every node exactly once as a node shape; the parts' tops drawn again as references
    assert len(by_class(root, "polygon", "node")) + len(by_class(root, "rect", "node")) \
        == len(ex.nodes)
    assert len(by_class(root, "polygon", "ref")) == 3


@pytest.mark.parametrize("language", i18n.available())
def test_sheets_and_captions_fit_in_every_language(language):
    i18n.set_language(language)
    for game_name, moves in (("connect4", "4453"), ("othello", "f5d6"), ("tictactoe", "b2")):
        game = position(game_name, moves)
        evaluator = load_evaluator(game_name)
        svgs = [to_svg(search_drawing(record(game, evaluator, 2, mode)))
                for mode in ("minimax", "alphabeta")]
        for kind in ("minimax", "alphabeta", "ordering"):
            ex = generate(kind, game, evaluator, depth=2, width=2, seed=1)
            svgs += [to_svg(exercise_drawing(ex, answers=a, number=1, game=game))
                     for a in (False, True)]
        for svg in svgs:
            root = parse(svg)
            width = width_of(root)
            assert width <= PAGE_WIDTH
            for e in root.iter(SVG + "text"):
                x0, _y0, x1, _y1 = text_box(e)
                assert 0 <= x0 and x1 <= width, (language, e.text)


def test_wrap_keeps_every_word_and_fits():
    text = "MAX is Red (to move at A), MIN is Yellow; an unbreakablewordlongerthanaline"
    lines = wrap_text(text, 120, 10)
    assert all(text_width(line, 10) <= 120 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    cjk = "最大方是红方（在A处走棋），最小方是黄方。"
    lines = wrap_text(cjk, 60, 10)
    assert "".join(lines) == cjk and all(text_width(line, 10) <= 60 for line in lines)


def catalog_texts() -> list[str]:
    out = []
    for path in catalog_files():
        for message in read_catalog(path):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out += [s for s in strings if s]
    return out


@pytest.mark.skipif(not os.path.exists(DEJAVU_BOLD), reason="DejaVu Sans is not installed")
def test_text_width_is_never_less_than_dejavu_sans_draws():
    """The estimate against the font itself (fontTools reads the advance widths), over
    every translated message: regular and bold text is never wider than estimated."""
    from fontTools.ttLib import TTFont

    fonts = []
    for path in (DEJAVU, DEJAVU_BOLD):
        font = TTFont(path, lazy=True)
        fonts.append((font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm))
    texts = catalog_texts()
    assert len(texts) > 500
    for text in texts:
        for cmap, hmtx, em in fonts:
            if all(ord(c) in cmap for c in text):
                real = sum(hmtx[cmap[ord(c)]][0] for c in text) / em * 10
                assert text_width(text, 10) >= real - 1e-6, text
