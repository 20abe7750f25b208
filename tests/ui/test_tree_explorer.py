"""The search-tree explorer driven with real events: open, step, expand, cancel, new game."""

from __future__ import annotations

import pygame
import pytest

from ai.evaluators import load_evaluator
from ai.explain.tree import record
from game.rules import new_game
from game.ui.scenes.tree import TreeScene
from tests.ui import pictures as pic
from tests.ui.helpers import HUMAN, post_click, post_key, pump_when_idle

BIG_GOMOKU = "h8i9h9"
"""A Gomoku position whose depth-4 minimax tree has about 17,000 nodes (a second or so)."""


_FIRST_RECORDINGS: dict = {}
"""The explorer's recordings kept by :func:`shared_recordings`, by position and choice."""


@pytest.fixture
def shared_recordings(monkeypatch):
    """A recording the explorer finishes (the tree and the three modes' costs) is made
    once for the tests of this module that ask for it, then handed out again by the
    worker as the job's result.

    The Gomoku explorer's first recording (depth 3, alpha-beta) costs about 1.4 s, nearly
    all of it the comparison's minimax count that stops at the node cap; three tests start
    from it and test something else (the themes, a later recording cancelled, a new game
    during one). A recording cancelled or refused is never kept: each test records what
    it cancels. The scene keeps its own state (the step, what is expanded) and only reads
    the tree."""
    from game.ui.scenes import tree as tree_module

    real = tree_module.recording_job

    def recording_job(game, preset, depth, mode, cap=tree_module.NODE_CAP,
                      conventions=tree_module.DEFAULT, *args, **kwargs):
        job = real(game, preset, depth, mode, cap, conventions, *args, **kwargs)
        key = (game.name, game.moves_text(), preset, depth, mode, cap, conventions,
               args, tuple(sorted(kwargs.items())))

        def shared(stop, progress):
            if key not in _FIRST_RECORDINGS:
                made = job(stop, progress)
                if made is None or made.tree is None:  # cancelled or refused
                    return made
                _FIRST_RECORDINGS[key] = made
            return _FIRST_RECORDINGS[key]
        return shared

    monkeypatch.setattr(tree_module, "recording_job", recording_job)


def open_explorer(app, name="connect4", moves="4453", *, by_key=True):
    game = new_game(name)
    game.play_moves(moves)
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    play = app.play
    app.run_frames(2)
    if by_key:
        post_key(pygame.K_t, 0, "t")
    else:
        post_click(play.b_tree.rect.center)
    app.run_frames(2)
    scene = app.top
    assert isinstance(scene, TreeScene)
    assert recorded(app, scene, 20)
    return scene


def recorded(app, scene, timeout: float) -> bool:
    """Wait for ``scene``'s recording to end, then let the loop take in its result (as
    ``app.pump_until(lambda: not scene.recording)`` does alone).

    The frames drawn since the recording began (at least two) show it under way; while
    the worker thread records, the wait draws no more of them: at full speed the loop
    drew a Gomoku explorer some two hundred times while the comparison's minimax count
    (20,000 nodes, the cap) ran, twice the recording's own CPU."""
    return pump_when_idle(app, lambda: scene._worker is not None and scene._worker.busy,
                          lambda: not scene.recording, timeout)


def screen_pos(scene, node):
    placed = next(p for p in scene._placed if p.node is node)
    return (scene.tree_area.x + placed.x - scene.offset[0],
            scene.tree_area.y + placed.y - scene.offset[1])


def test_t_opens_the_explorer_on_the_position_and_records_it(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    tree = scene.tree
    assert tree is not None and tree.mode == "alphabeta" and tree.depth == 3
    game = new_game("connect4")
    game.play_moves("4453")
    expected = record(game, load_evaluator("connect4"), 3, "alphabeta")
    assert (tree.value, tree.node_count) == (expected.value, expected.node_count)
    # The comparison counted every mode on the same position.
    assert {m: c.value for m, c in scene.costs.items()} == {
        "minimax": expected.value, "alphabeta": expected.value, "ordered": expected.value}
    assert scene.costs["alphabeta"].nodes < scene.costs["minimax"].nodes
    # The board game was left alone; Esc goes back to it.
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play and app.play.game.moves_text() == "4453"


def test_the_tree_button_opens_it_too(make_app):
    app = make_app()
    scene = open_explorer(app, "othello", "f5d6", by_key=False)
    assert scene.tree is not None and scene.tree.side_names == ("Black", "White")


def test_stepping_with_keys_and_buttons(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    steps = scene.tree.steps
    assert scene.step == len(steps) - 1  # the finished tree first
    # On the very frame the result arrived, the buttons already say so.
    assert not scene.b_cancel.visible and scene.b_first.enabled and not scene.b_next.enabled
    post_key(pygame.K_HOME)
    app.run_frames(1)
    assert scene.step == 0 and scene.current is scene.tree.root
    post_key(pygame.K_SPACE, 0, " ")
    post_key(pygame.K_SPACE, 0, " ")
    app.run_frames(1)
    assert scene.step == 2 and scene.selected is scene.current
    post_key(pygame.K_BACKSPACE)
    app.run_frames(1)
    assert scene.step == 1
    post_click(scene.b_next.rect.center)
    app.run_frames(1)
    assert scene.step == 2
    # Walk to the first cut-off: its node is on screen, expanded up to it.
    cut = next(s for s in steps if s.kind == "cutoff")
    for _ in range(cut.index - scene.step):
        post_key(pygame.K_PERIOD, 0, ".")
    app.run_frames(1)
    assert scene.step == cut.index and "β ≤ α" in steps[scene.step].text
    node = scene.current
    assert any(p.node is node for p in scene._placed)
    assert node.pruned_moves and scene._placed_of(node) is not None
    stubs = [p for p in scene._placed if p.node is None and p.parent.node is node]
    assert stubs  # the pruned children are drawn, greyed, under it
    post_key(pygame.K_END)
    app.run_frames(1)
    assert scene.step == len(steps) - 1
    post_click(scene.b_first.rect.center)
    app.run_frames(1)
    assert scene.step == 0


def test_expand_and_collapse_with_keys_and_clicks(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    root = scene.tree.root
    shown = len(scene._placed)
    assert shown == 1 + len(root.children)  # root open, its children closed
    post_key(pygame.K_DOWN)  # select the first child
    app.run_frames(1)
    first = root.children[0]
    assert scene.selected is first
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert first.order in scene.expanded and len(scene._placed) > shown
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert first.order not in scene.expanded and len(scene._placed) == shown
    post_key(pygame.K_e)  # the whole subtree
    app.run_frames(1)
    assert len(scene._placed) == shown - 1 + first.subtree_size() + sum(
        min(len(n.pruned_moves), 4) for n in scene.tree.nodes
        if n.order in scene.expanded and _under(n, first))
    post_key(pygame.K_c)
    app.run_frames(1)
    assert len(scene._placed) == shown
    # A click on a closed node opens it (the second click on a selected node closes it).
    second = root.children[1]
    post_click(screen_pos(scene, second))
    app.run_frames(1)
    assert scene.selected is second and second.order in scene.expanded
    post_click(screen_pos(scene, second))
    app.run_frames(1)
    assert second.order not in scene.expanded


def _under(node, top):
    while node is not None:
        if node is top:
            return True
        node = node.parent
    return False


def test_hover_shows_a_nodes_position_and_arrows_walk_the_tree(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    child = scene.tree.root.children[2]
    pos = screen_pos(scene, child)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)
    assert scene.focus_node() is child
    assert scene.position_of(child).moves_text() == "4453" + child.name
    post_key(pygame.K_DOWN)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    assert scene.selected is scene.tree.root.children[2]
    post_key(pygame.K_UP)
    app.run_frames(1)
    assert scene.selected is scene.tree.root


def test_pan_by_drag_keys_and_wheel(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "othello", "f5d6c3d3c4")
    scene.toggle(scene.tree.root, whole=True)  # wider than the window
    app.run_frames(1)
    assert scene._tree_w > scene.tree_area.width
    x0 = scene.offset[0]
    for _ in range(3):
        post_key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    app.run_frames(1)
    assert scene.offset[0] == x0 + 180
    start = (scene.tree_area.centerx, scene.tree_area.bottom - 20)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 80, start[1]),
                                         rel=(80, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 80, start[1]),
                                         button=1))
    before = scene.offset[0]
    app.run_frames(1)
    assert scene.offset[0] == pytest.approx(before - 80, abs=1)
    assert scene.selected is scene.tree.root  # a drag is not a click
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False))
    app.run_frames(1)
    assert scene.offset[0] == pytest.approx(before - 80 - 60, abs=1)


def test_depth_and_mode_by_keys_and_widgets(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    post_key(pygame.K_m, 0, "m")  # alpha-beta -> ordered
    app.run_frames(1)
    assert scene.recording or scene.tree.mode == "ordered"
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.mode == "ordered" and scene.tree.ordering_looks > 0
    post_click(scene.s_mode._segment(0).center)  # minimax
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.mode == "minimax" and scene.tree.pruned_count == 0
    post_key(pygame.K_d, pygame.KMOD_SHIFT, "D")  # depth 3 -> 2
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.depth == 2
    # Tab to the depth selector, then Right raises it.
    while scene.widgets.focus is not scene.c_depth:
        post_key(pygame.K_TAB)
        app.run_frames(1)
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree.depth == 3


@pytest.mark.slow
def test_cancel_keeps_the_tree_shown_and_drops_the_late_result(make_app, shared_recordings):
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "gomoku", BIG_GOMOKU)
    shown = scene.tree
    post_click(scene.s_mode._segment(0).center)  # minimax...
    post_key(pygame.K_d, 0, "d")  # ...at depth 4: about a second of work
    app.run_frames(2)
    assert scene.recording and scene.b_cancel.visible
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert not scene.recording and scene.tree is shown
    assert app.top is scene  # Esc cancelled; it did not leave
    app.run_frames(60)
    assert scene.tree is shown and not scene.recording
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert app.top is app.play


def test_a_tree_past_the_cap_is_refused_in_one_sentence(make_app):
    app = make_app(size=(800, 560))
    game = new_game("connect4")
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    scene = TreeScene(app, game, depth=4, mode="minimax", cap=500)
    app.push_scene(scene)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.tree is None
    assert "more than 500 nodes" in scene.message and "choose depth 3" in scene.message
    app.run_frames(1)  # and it draws


@pytest.mark.slow
def test_new_game_while_recording_closes_the_explorer_and_its_thread(make_app,
                                                                      shared_recordings):
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "gomoku", BIG_GOMOKU)
    post_click(scene.s_mode._segment(0).center)
    post_key(pygame.K_d, 0, "d")
    app.run_frames(1)
    assert scene.recording and scene.depth == 4
    worker = scene._worker
    post_key(pygame.K_n, 0, "n")
    app.run_frames(2)
    dialog = app.top
    assert dialog is not scene and dialog.overlay
    dialog.choose_game("connect4")
    post_click(dialog.b_start.rect.center)
    app.run_frames(2)
    assert app.play.game.name == "connect4" and scene not in app.scenes
    assert scene._worker is None and not worker._thread.is_alive()
    app.run_frames(10)
    assert app.top is app.play


def test_a_finished_game_says_so(make_app):
    app = make_app(size=(800, 560))
    game = new_game("connect4")
    game.play_moves("1212121")
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    post_key(pygame.K_t, 0, "t")
    app.run_frames(2)
    scene = app.top
    assert isinstance(scene, TreeScene) and not scene.recording
    assert "game is over" in scene.message


@pytest.mark.slow
@pytest.mark.parametrize("name, moves", [("connect4", "4453"), ("othello", "f5d6c3d3c4"),
                                         ("gomoku", "h8i9h9")])
def test_draws_in_every_theme_at_the_minimum_size(make_app, shared_recordings, name, moves):
    """One recording, drawn in each theme as the settings switch it (the recording is
    the costly part; the drawing is what differs by theme)."""
    app = make_app(size=(800, 560), theme="classic")
    scene = open_explorer(app, name, moves)
    post_key(pygame.K_HOME)
    for _ in range(12):
        post_key(pygame.K_SPACE, 0, " ")
    looks = []
    for theme in ("classic", "dark", "high-contrast"):
        app.settings.theme = theme
        app.apply_settings()
        app.run_frames(2)
        assert app.theme.name == theme
        explorer = app.screen.copy()
        assert len(set(pic.samples(explorer, explorer.get_rect(), 9))) > 8, "a blank explorer"
        looks.append(explorer)
        post_key(pygame.K_F1)
        app.run_frames(2)
        assert scene.show_keys
        assert pic.changed(explorer, app.screen) > 0.02, f"F1 drew no key help ({theme})"
        post_key(pygame.K_ESCAPE)  # closes the key help, not the explorer
        app.run_frames(1)
        assert not scene.show_keys and app.top is scene
        assert pic.changed(explorer, app.screen) < 0.01, f"the key help stayed ({theme})"
    assert all(pic.changed(a, b) > 0.05 for a, b in zip(looks, looks[1:])), \
        "a theme drew the explorer like the one before"


def test_x_jumps_to_each_cut_off_and_a_pruned_child_shows_its_move(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    post_key(pygame.K_HOME)
    post_key(pygame.K_x, 0, "x")
    app.run_frames(1)
    step = scene.tree.steps[scene.step]
    assert step.kind == "cutoff" and scene.current.pruned_moves
    first = scene.step
    post_key(pygame.K_x, 0, "x")
    app.run_frames(1)
    assert scene.step > first and scene.tree.steps[scene.step].kind == "cutoff"
    # Hover the first pruned child drawn under the cut-off node.
    node = scene.current
    stub = next(p for p in scene._placed if p.node is None and p.parent.node is node)
    pos = (round(scene.tree_area.x + stub.x - scene.offset[0]),
           round(scene.tree_area.y + stub.y - scene.offset[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.run_frames(1)
    assert scene.hovered is stub and stub.move == node.pruned_moves[0]
    assert scene.focus_node() is node


def test_resizing_lays_the_tree_out_again(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    small = scene.tree_area.copy()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    app.run_frames(2)
    assert scene.tree_area.width > small.width and scene.tree_area.height > small.height
    assert scene._tree_h <= scene.tree_area.height  # depth 3 fits without panning


def test_a_minimax_tree_marks_what_alpha_beta_never_visits(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    post_click(scene.s_mode._segment(0).center)  # minimax
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    tree = scene.tree
    assert tree.mode == "minimax"
    # Same tree, same order: alpha-beta's nodes are a subset; the rest are marked.
    assert len(scene.skipped) == tree.node_count - scene.costs["alphabeta"].nodes > 0
    assert 0 not in scene.skipped
    skipped = tree.nodes[min(scene.skipped)]
    assert skipped.parent.order not in scene.skipped or skipped.parent.parent is not None
    scene.select(skipped)
    assert any("never visits" in line for line in scene._node_lines(skipped))
    post_click(scene.s_mode._segment(1).center)  # alpha-beta: nothing marked
    app.run_frames(1)
    assert app.pump_until(lambda: not scene.recording, 20)
    assert scene.skipped == set()


def test_an_idle_explorer_draws_nothing(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app)
    app.run_frames(3)
    drawn = app.frames_drawn
    app.run_frames(20)
    assert app.frames_drawn == drawn and not scene.wants_frames()
    post_key(pygame.K_SPACE, 0, " ")  # ...until something happens
    app.run_frames(1)
    assert app.frames_drawn == drawn + 1


def _on_screen(scene, placed) -> tuple[float, float]:
    """Where ``placed`` is drawn, at the scene's pan and zoom."""
    return (scene.tree_area.x + (placed.x - scene.offset[0]) * scene.zoom,
            scene.tree_area.y + placed.y - scene.offset[1])


def test_at_800x560_every_cut_off_shows_its_node_and_its_pruned_children(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "othello", "f5d6c3d3c4")
    post_key(pygame.K_HOME)
    app.run_frames(1)
    cutoffs = 0
    while True:
        before = scene.step
        post_key(pygame.K_x, 0, "x")
        app.run_frames(1)
        if scene.step == before:
            break
        cutoffs += 1
        node = scene.current
        shown = [p for p in scene._placed if p.node is node or (
            p.node is None and p.parent is not None and p.parent.node is node)]
        assert len(shown) > 1, "the cut-off's pruned moves are drawn"
        for placed in shown:
            x, y = _on_screen(scene, placed)
            assert scene.tree_area.collidepoint(x, y), (scene.step, placed.label, x, y)
    assert cutoffs >= 3
    # Shift+X goes back through them.
    last = scene.step
    post_key(pygame.K_x, pygame.KMOD_SHIFT, "X")
    app.run_frames(1)
    assert scene.step < last and scene.tree.steps[scene.step].kind == "cutoff"
    assert scene.current.pruned_moves


def test_zoom_and_fit_to_view(make_app):
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "othello", "f5d6c3d3c4")
    post_key(pygame.K_e, 0, "e")  # the whole tree open: wider than the window
    app.run_frames(1)
    assert scene._tree_w > scene.tree_area.width
    post_key(pygame.K_f, 0, "f")
    app.run_frames(1)
    assert scene.zoom < 1.0
    for placed in scene._placed:
        x, y = _on_screen(scene, placed)
        assert scene.tree_area.collidepoint(x, y), (placed.label, x, y)
    fitted = scene.zoom
    post_key(pygame.K_EQUALS, 0, "=")
    app.run_frames(1)
    assert scene.zoom > fitted
    post_key(pygame.K_MINUS, 0, "-")
    post_key(pygame.K_MINUS, 0, "-")
    app.run_frames(1)
    assert scene.zoom < fitted
    # A click still selects the node under the mouse at this zoom.
    target = next(p for p in scene._placed if p.node is not None and p.node is not
                  scene.tree.root and scene.tree_area.collidepoint(*_on_screen(scene, p)))
    post_click(_on_screen(scene, target))
    app.run_frames(1)
    assert scene.selected is target.node
    post_key(pygame.K_0, 0, "0")
    app.run_frames(1)
    assert scene.zoom == 1.0


def test_a_forced_block_shows_the_other_moves_left_out_not_pruned(make_app):
    """Connect-4 4453 then 6: Yellow must play 7; the six other moves hang under the root
    as moves left out with that reason, not as alpha-beta's pruned children."""
    app = make_app(size=(800, 560))
    scene = open_explorer(app, "connect4", "44536")
    scene.go_to(0)
    app.run_frames(1)
    stubs = [p for p in scene._placed if p.node is None]
    assert stubs and all(p.reason == "not searched: Yellow must block at 7" for p in stubs)
    assert not scene.tree.root.pruned_moves
    pos = screen_pos(scene, stubs[0].parent.node)
    stub_pos = (pos[0] + stubs[0].x - stubs[0].parent.x, pos[1] + stubs[0].y - stubs[0].parent.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(stub_pos[0]),
                                         round(stub_pos[1])), rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert scene.hovered is not None and scene.hovered.reason is not None
