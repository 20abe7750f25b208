"""The tree explorer with a tree of one's own (typed, pasted, opened), the conventions
switched, and projector mode — driven with real events, checked against a textbook
alpha-beta written here."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from ai.explain.conventions import Conventions
from game.rules import new_game
from game.settings import settings_from_dict, settings_to_dict
from game.ui import draw
from game.ui.scenes.tree import OwnTreeDialog, TreeScene
from tests.ui import pictures as pic
from tests.ui.helpers import HUMAN, post_click, post_key, post_text

WISCONSIN = "((100 3 -1) (6 5) (2 9))"
"""Wisconsin CS540's S -> A(100 3 -1) B(6 5) C(2 9): root 5, the leaf 9 never visited."""
WALK_THROUGH = "((((3 17) (2 12)) ((15) (25 0))) (((2 5) (3)) ((2 14))))"
"""The number-line walk-through's tree: root 3, six leaves examined under α ≥ β."""
CTRL = pygame.KMOD_LCTRL


# --- a textbook alpha-beta, written from the lecture notes, independent of the code --------

def textbook(node, alpha, beta, is_max, strict, hard, seen):
    """Alpha-beta on nested lists, the leaves' values for MAX; ``seen`` collects the
    leaves examined. ``strict`` prunes only when α > β (Cornell's ``minimax(n, d, min,
    max)``), else when α ≥ β; ``hard`` returns the value clamped into the window the
    node was entered with (Cornell's code returns ``max`` at a cut and ``min`` at the
    end, that is: the best clamped into [min, max])."""
    if isinstance(node, int):
        seen.append(node)
        return node
    low, high = alpha, beta
    best = -math.inf if is_max else math.inf
    for child in node:
        value = textbook(child, alpha, beta, not is_max, strict, hard, seen)
        if is_max:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if (alpha > beta) if strict else (alpha >= beta):
            break
    return min(max(best, low), high) if hard else best


def examined(text, strict=False, hard=False):
    tree = json.loads(text.replace("(", "[").replace(")", "]").replace(" ", ","))
    seen: list[int] = []
    value = textbook(tree, -math.inf, math.inf, True, strict, hard, seen)
    return value, len(seen)


def minimax(node, is_max=True):
    if isinstance(node, int):
        return node
    values = [minimax(c, not is_max) for c in node]
    return max(values) if is_max else min(values)


# --- driving the window ---------------------------------------------------------------------

def open_explorer(app):
    game = new_game("connect4")
    game.play_moves("4453")
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    post_key(pygame.K_t, 0, "t")
    app.run_frames(2)
    scene = app.top
    assert isinstance(scene, TreeScene)
    assert app.pump_until(lambda: not scene.recording, 20)
    return scene


def paste(app, scene, text):
    pygame.scrap.put_text(text)
    post_key(pygame.K_v, CTRL)
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    app.run_frames(1)


def test_wisconsin_tree_by_paste_root_5_and_the_9_never_visited(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    paste(app, scene, WISCONSIN)
    tree = scene.tree
    assert scene.hand and scene.message is None
    assert tree.value == 5 == examined(WISCONSIN)[0] == minimax([[100, 3, -1], [6, 5], [2, 9]])
    # No board: the side panel holds words only, and the tree still draws.
    assert scene.board_rect.height == 0 and not scene.c_depth.visible
    post_key(pygame.K_HOME)
    post_key(pygame.K_END)
    app.run_frames(1)
    assert scene.step == len(tree.steps) - 1
    scene.toggle(tree.root, whole=True)
    app.run_frames(1)
    # The leaf 9 (K, C's second child) is drawn as never visited: a pruned stub named K
    # with its value, under the MIN node that cut it off; every other leaf was scored.
    stubs = [p for p in scene._placed if p.node is None]
    assert [(p.label, p.value, p.reason, p.parent.label) for p in stubs] == [
        ("K", 9, None, "D")]
    scored = sorted(n.value for n in tree.nodes if n.kind == "leaf")
    assert scored == sorted([100, 3, -1, 6, 5, 2])
    assert scene._placed[0].label == "A"  # the root's letter too
    # The stub is on screen, inside the tree's area.
    stub = stubs[0]
    x = scene.tree_area.x + (stub.x - scene.offset[0]) * scene.zoom
    y = scene.tree_area.y + stub.y - scene.offset[1]
    assert scene.tree_area.collidepoint(x, y)
    # D does nothing here (the tree is taken whole); minimax fades what alpha-beta skips.
    post_key(pygame.K_d, 0, "d")
    post_click(scene.s_mode._segment(0).center)
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.mode == "minimax" and scene.tree.leaves == 7 and scene.depth == 3
    assert [scene.tree.nodes[o].value for o in scene.skipped] == [9]


def test_walk_through_six_leaves_then_the_strict_rule_and_fail_hard(make_app):
    app = make_app(size=(1280, 800))
    scene = open_explorer(app)
    paste(app, scene, WALK_THROUGH)
    assert (scene.tree.value, scene.tree.leaves) == examined(WALK_THROUGH) == (3, 6)
    assert scene.rule_text() == Conventions("ge", "soft").text()
    before = app.screen.copy()
    post_key(pygame.K_p, 0, "p")  # prune only when α > β
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    app.run_frames(1)
    strict = examined(WALK_THROUGH, strict=True)
    assert strict[1] != 6  # a tie is searched on: the count changes
    assert (scene.tree.value, scene.tree.leaves) == strict
    assert scene.tree.conventions == Conventions("gt", "soft") == scene.conventions
    assert scene.s_prune.value == "gt"
    assert "α > β" in scene.rule_text() and scene.rule_text() == Conventions("gt").text()
    # The sentence is drawn over the tree: its strip changed.
    strip = pygame.Rect(scene.tree_card.x, scene.tree_card.y, scene.tree_card.width, 40)
    assert pic.changed(before.subsurface(strip), app.screen.subsurface(strip)) > 0.005
    # Fail-hard by the switch: Cornell's strict, fail-hard search.
    post_click(scene.s_values._segment(1).center)
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.conventions == Conventions("gt", "hard")
    assert scene.tree.leaves == examined(WALK_THROUGH, strict=True, hard=True)[1]
    post_key(pygame.K_v, 0, "v")
    post_key(pygame.K_p, 0, "p")
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.conventions == Conventions() and scene.tree.leaves == 6


def test_a_bad_tree_says_its_sentence_and_keeps_the_tree(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    paste(app, scene, WISCONSIN)
    shown, game = scene.tree, scene.game
    app.run_frames(1)
    before = app.screen.copy()
    for text, words in (("((3 12) (2 4)", "never closed"),
                        ("((3 x) (2 4))", "not a number"),
                        ("((3 2.5))", "not a whole number"),
                        ("(() 3)", "empty"),
                        ("(" + "1 " * 2001 + ")", "more than 2,000 nodes"),
                        ("4453", "opening bracket")):
        paste(app, scene, text)
        assert scene.tree is shown and scene.game is game
        assert words in scene.message and scene.message.endswith(".")
        assert ". " not in scene.message, scene.message  # one sentence
        area = scene.tree_area
        assert pic.changed(before.subsurface(area), app.screen.subsurface(area)) > 0.02, \
            "the sentence is not on screen"
    post_key(pygame.K_SPACE, 0, " ")  # the next action clears it; the tree is the same
    app.run_frames(1)
    assert scene.message is None and scene.tree is shown
    # An empty clipboard says so too.
    paste(app, scene, "")
    assert "no tree" in scene.message and scene.tree is shown


def test_the_largest_tree_allowed_is_shown_and_stepped(make_app):
    """1,999 nodes (a root, 37 MIN nodes, 53 leaves each): recorded whole, drawn, stepped."""
    text = "(" + " ".join("(" + " ".join(str((i * 7 + j * 3) % 19 - 9) for j in range(53))
                          + ")" for i in range(37)) + ")"
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    paste(app, scene, text)
    assert scene.message is None and scene.hand
    assert scene.costs["minimax"].nodes == 1 + 37 + 37 * 53
    leaves = [[(i * 7 + j * 3) % 19 - 9 for j in range(53)] for i in range(37)]
    assert scene.tree.value == minimax(leaves)
    assert scene.tree.leaves == examined(text)[1]
    post_key(pygame.K_e, 0, "e")
    post_key(pygame.K_f, 0, "f")
    post_key(pygame.K_x, 0, "x")
    app.run_frames(2)
    assert scene.step > 0


def test_the_own_tree_dialog_types_a_tree_with_a_min_root(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    shown = scene.tree
    post_click(scene.b_own.rect.center)
    app.run_frames(1)
    dialog = app.top
    assert isinstance(dialog, OwnTreeDialog)
    post_text("((3 12 8) (2 4")
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert app.top is dialog and "never closed" in dialog.error
    assert scene.tree is shown and scene.message is None  # said in the dialog
    dialog.field.set_text("((3 12 8) (2 4 6) (14 5 2))")
    post_click(dialog.root._segment(1).center)  # the root is MIN
    post_click(dialog.b_show.rect.center)
    app.run_frames(1)
    assert app.top is scene
    assert app.pump_until(lambda: not scene.recording, 20)
    # A MIN root: the smallest of the MAX children's largest leaves.
    assert scene.tree.root.kind == "min" and scene.tree.value == min(12, 6, 14)
    post_key(pygame.K_o, 0, "o")  # O opens it again
    app.run_frames(1)
    assert isinstance(app.top, OwnTreeDialog)
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert app.top is scene


def test_a_json_tree_file_opens_with_its_labels_and_a_bad_one_is_refused(make_app, tmp_path):
    good = tmp_path / "notes.json"
    good.write_text(json.dumps({"root": "max", "tree": {"label": "S", "children": [
        {"label": "A", "children": [100, 3, -1]}, {"label": "B", "children": [6, 5]},
        {"label": "C", "children": [2, 9]}]}}), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text('{"tree": [[1, 2], []]}', encoding="utf-8")
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    shown = scene.tree
    post_key(pygame.K_o, CTRL)
    app.run_frames(1)
    files = app.top
    files.path.set_text(str(bad))
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert app.top is files and "empty list" in files.error
    assert scene.tree is shown
    files.path.set_text(str(good))
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert app.top is scene
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.value == 5 and [c.name for c in scene.tree.root.children] == ["A", "B",
                                                                                   "C"]
    app.run_frames(1)
    assert scene._placed[0].label == "S"
    # The same file from the own tree dialog's button: both dialogs close.
    paste(app, scene, WALK_THROUGH)
    post_key(pygame.K_o, 0, "o")
    app.run_frames(1)
    own = app.top
    post_click(own.b_file.rect.center)
    app.run_frames(1)
    files = app.top
    assert files is not own and files.title == "Open a tree"
    files.path.set_text(str(good))
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert app.top is scene and own not in app.scenes and files not in app.scenes
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.value == 5


def ink_height(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """The height of the pixels close to ``colour`` inside ``rect``."""
    rows = [y for y in range(rect.top, rect.bottom)
            if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], colour)) < 60
                   for x in range(rect.left, rect.right))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("theme", ["classic", "dark"])
def test_projector_mode_draws_letters_and_values_at_least_18_px_at_1280x800(make_app, theme):
    app = make_app(size=(1280, 800), theme=theme, projector=True)
    scene = open_explorer(app)
    paste(app, scene, WISCONSIN)
    post_key(pygame.K_END)
    app.run_frames(1)
    m = scene.metrics
    # The sizes used, measured on the ink of the rendered glyphs.
    for letter in "ABCDK":
        assert draw.text_surface(letter, m.move_size, (0, 0, 0)).get_bounding_rect().height >= 18
    for value in ("+5", "−1", "+100"):
        assert draw.text_surface(value, m.value_size, (0, 0, 0),
                                 True).get_bounding_rect().height >= 18
    # And on the screen: the root's value under its shape, its letter above it.
    root = scene._placed[0]
    cx = round(scene.tree_area.x + (root.x - scene.offset[0]) * scene.zoom)
    cy = round(scene.tree_area.y + root.y - scene.offset[1])
    text = scene.theme.text
    value_box = pygame.Rect(cx - 40, cy + m.half + 3, 80,
                            draw.text_size("+5", m.value_size, True)[1])
    assert ink_height(app.screen, value_box, text) >= 18
    h = draw.text_size("A", m.move_size)[1]
    letter_box = pygame.Rect(cx - 20, cy - m.half - m.px(6) - h, 40, h)
    assert ink_height(app.screen, letter_box, text) >= 18
    # Without projector mode the same window draws them about half as tall.
    assert scene.label_scale() >= 2
    app.settings.projector = False
    app.run_frames(1)
    assert scene.label_scale() == 1.0 and scene.metrics.move_size == 16


def test_ctrl_plus_minus_scale_the_labels_and_plus_minus_still_zoom(make_app):
    app = make_app(size=(1280, 800))
    scene = open_explorer(app)
    paste(app, scene, WALK_THROUGH)
    assert scene.label_scale() == 1.0
    slot = scene.metrics.slot
    post_key(pygame.K_EQUALS, CTRL, "=")
    post_key(pygame.K_EQUALS, CTRL | pygame.KMOD_LSHIFT, "+")  # Ctrl + on a US keyboard
    app.run_frames(1)
    assert scene.label_scale() == 1.5 and scene.zoom == 1.0
    assert scene.metrics.slot > slot and max(p.x for p in scene._placed) > 0
    post_key(pygame.K_MINUS, CTRL, "-")
    app.run_frames(1)
    assert scene.label_scale() == 1.25
    zoom = scene.zoom
    post_key(pygame.K_MINUS, 0, "-")  # − alone: the spacing, not the labels
    app.run_frames(1)
    assert scene.zoom < zoom and scene.label_scale() == 1.25
    for _ in range(10):
        post_key(pygame.K_MINUS, CTRL, "-")
    app.run_frames(1)
    assert scene.label_scale() == 0.75  # never smaller


def test_the_projector_setting_is_in_settings_and_saved(make_app):
    from game.ui.scenes.settings import SettingsDialog
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    paste(app, scene, WISCONSIN)
    dialog = SettingsDialog(app)
    app.push_scene(dialog)
    app.run_frames(1)
    # Every row fits the card above the Done button at the smallest window.
    rows = [dialog.t_sound, dialog.t_markers, dialog.t_thinking, dialog.t_numbers,
            dialog.t_projector, dialog.language, dialog.speed, dialog.theme_choice]
    assert all(dialog.card.contains(r.rect) for r in rows)
    assert all(not r.rect.colliderect(dialog.b_close.rect) for r in rows)
    assert all(not a.rect.colliderect(b.rect) for a, b in zip(rows, rows[1:]))
    post_click(dialog.t_projector.rect.center)
    app.run_frames(1)
    assert app.settings.projector
    assert settings_from_dict(settings_to_dict(app.settings)).projector
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is scene and scene.label_scale() == 1.5  # 800 × 560: its smallest
    assert scene._scale_used == 1.5  # laid out again at once
