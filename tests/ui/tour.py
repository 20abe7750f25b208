"""A tour of every scene of the window, for tests that look at all of them at once
(every text translated, no explaining text cut: ``tests/ui/test_languages.py``).

``tour(app)`` opens each scene in turn on a fresh ``App`` (``conftest.make_app``), draws
it and yields its name; the texts drawn since the previous name are that scene's. It is
meant to be quick (about a second of work): people on both sides wherever no search is
needed, shallow searches (depth 2) where one is (the tree explorer, the review, a hint).

The scenes: the start screen; the new-game dialog on each game's page; a game in
progress in each game (Gomoku with renju rules and a forbidden point on the board), with
the side panel and the computer's thinking shown, a hint asked for in Connect-4 and
the analysis card (its lines and why) in tic-tac-toe; Gomoku's swap2 opening placed by
the computer (its reason, the person's choices); a demo, paused; a game opened for
study; a finished game with its result; the help (every page); Settings; Results (with a game
against the computer and one against an outside engine); Learn (every lesson, and a
wrong answer's reason); the search-tree explorer; the review; the position editor; the
file dialog (open, with a saved game in the folder; save); a confirm dialog (quit); and
every widget's tooltip on the main screens.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.rules import new_game
from game.rules.gomoku import Gomoku
from tests.ui.helpers import HUMAN, computer

SAVED_NAME = "tour-game.json"
"""The saved game the file dialog lists (a file name the tour makes)."""

OTHELLO_MIDGAME = "f5d6c3d3c4f4f6f3e6e7d7c5"
"""Twelve moves of Othello: Black (a person) to move."""

RENJU = "c5 a1 d5 a9 e6 i9 e7 i1"
"""Renju on 9×9 with Black to move: e5 is a double-three, a forbidden point."""

SCENES = ("start", "new-game:connect4", "tooltips:new-game:connect4", "new-game:othello",
          "tooltips:new-game:othello", "new-game:gomoku", "tooltips:new-game:gomoku",
          "new-game:tictactoe", "tooltips:new-game:tictactoe", "game:connect4",
          "hint:connect4", "demo:connect4", "game:othello", "tooltips:game",
          "game:gomoku", "forbidden:gomoku", "swap2:gomoku", "game:tictactoe", "analysis:tictactoe",
          "study:othello", "result:connect4",
          "help:keys", "help:connect4", "help:othello", "help:gomoku", "help:tictactoe",
          "settings", "results", "learn:1", "learn:2", "learn:2-feedback", "learn:3",
          "learn:4", "learn:5", "tooltips:learn", "learn:6", "tree", "tooltips:tree", "review",
          "tooltips:review", "editor", "open-file", "save-file",
          "confirm")
"""Every name :func:`tour` yields, in order."""


def shown(app: Any, frames: int = 1) -> None:
    """Draw the scene on top as it is now (the loop's own frames)."""
    app.invalidate()
    app.run_frames(frames)


def play(app: Any, name: str, moves: str = "", *, game: Any = None,
         players: list | None = None) -> Any:
    """A game of ``name`` after ``moves``, a person to move against the computer (level 1,
    waiting: nothing is searched), shown with its side panel; returns the play scene."""
    if game is None:
        game = new_game(name)
        game.play_moves(moves)
    if players is None:
        players = [HUMAN, computer(1)] if game.turn == 0 else [computer(1), HUMAN]
    app.start_game(game, players, remember=False)
    shown(app, 2)
    return app.play


def each_tooltip(app: Any, shown_tips: set | None = None) -> None:
    """Show the tooltip of each widget of the top scene in turn, as the mouse resting on
    it shows it (a frame each).

    ``shown_tips``: the (tooltip, widget's place) already shown on this window, skipped
    (and added to). A tooltip is drawn from its text, the widget's rectangle and the
    window's size alone (``WidgetGroup.draw_tooltip``): the same pair draws the same box
    in the same place, and the scene under it was drawn on its own before. The new-game
    dialog's pages share most of their controls: a third of the tour's tooltip frames
    were such repeats."""
    from game.ui.widgets import TOOLTIP_DELAY

    group = app.top.widgets
    for widget in list(group.widgets):
        if widget.visible and widget.tooltip and widget.rect.width:
            if shown_tips is not None:
                key = (widget.tooltip, tuple(widget.rect))
                if key in shown_tips:
                    continue
                shown_tips.add(key)
            group.update_hover(widget.rect.center)
            group.hover_time = TOOLTIP_DELAY
            shown(app)
    group.update_hover((-1, -1))


def tour(app: Any) -> Iterator[str]:
    """Open every scene of the window in turn on ``app``, draw it, yield its name
    (:data:`SCENES`). ``app`` should show the computer's thinking (``show_thinking``)."""
    from ai.explain.review import ReviewLimits
    from game import records
    from game.formats import save_record
    from game.tally import load_tally, save_tally
    from game.ui.scenes.confirm import ConfirmDialog
    from game.ui.scenes.files import FileDialog, documents_dir
    from game.ui.scenes.help import PAGES, HelpDialog
    from game.ui.scenes.learn import LearnScene
    from game.ui.scenes.results import ResultsDialog
    from game.ui.scenes.review import ReviewScene
    from game.ui.scenes.settings import SettingsDialog
    from game.ui.scenes.game_tiles import GAME_ORDER
    from game.ui.scenes.tree import TreeScene

    tips: set = set()  # the tooltips shown so far (each_tooltip)
    app.show_start()
    shown(app, 2)
    yield "start"

    scene = play(app, "connect4", "4453")
    app.show_start(dialog=True)
    dialog = app.top
    for name in GAME_ORDER:
        dialog.choose_game(name)
        shown(app)
        yield f"new-game:{name}"
        each_tooltip(app, tips)
        yield f"tooltips:new-game:{name}"
    app.pop_scene(dialog)

    scene = play(app, "connect4", "4453")
    yield "game:connect4"
    scene.hint()
    assert app.pump_until(lambda: scene.session.hint is not None, 30), "no hint came"
    shown(app)
    yield "hint:connect4"

    app.start_game(new_game("connect4"), [computer(1), computer(1)], demo=True, paused=True,
                   remember=False)
    shown(app, 2)
    yield "demo:connect4"  # the demo's toolbar (the most buttons) and its paused line

    play(app, "othello", OTHELLO_MIDGAME)
    yield "game:othello"
    each_tooltip(app, tips)
    yield "tooltips:game"

    play(app, "gomoku", "h8 i9 h9 h10")
    yield "game:gomoku"
    scene = play(app, "gomoku", game=_renju())
    assert scene.board_overlay().forbidden, "no forbidden point on the board"
    scene.cursor = next(iter(scene.board_overlay().forbidden))  # the status line says why
    scene.cursor_visible = True
    shown(app)
    yield "forbidden:gomoku"

    app.start_game(new_game("gomoku"), [computer(1), HUMAN], remember=False,
                   opening={"kind": "swap2", "choices": []})
    assert app.pump_until(lambda: app.play.game.ply >= 3 and app.play.session.pending is None,
                          30), "the computer did not place the swap2 stones"
    shown(app, 2)
    yield "swap2:gomoku"  # the computer's reason and the person's choices

    play(app, "tictactoe", "")
    yield "game:tictactoe"
    scene = play(app, "tictactoe", "b2 a1")
    scene.toggle_analysis()  # the analysis card: the best lines and why (a tiny tree)
    session = scene.session
    assert app.pump_until(lambda: session.analysis_done, 30), "the analysis did not end"
    shown(app)
    yield "analysis:tictactoe"

    othello = new_game("othello")
    othello.play_moves("f5d6c3")
    record = records.record_from_game(othello, [HUMAN, computer(1)])
    app.show_game(records.record_to_game(record), record.players, SAVED_NAME)
    if app.play.session.analysis_on:  # its search would change the panel while it runs
        app.play.toggle_analysis()
    shown(app, 2)
    app.play.session.message_until = -1  # past the "Opened …" message: the study line
    shown(app)
    yield "study:othello"

    scene = play(app, "connect4", "4455667")
    scene.result_shown_at = scene.time - 5  # the result as it stays, past its animation
    shown(app)
    yield "result:connect4"

    scene = play(app, "othello", OTHELLO_MIDGAME)
    for page, _title in PAGES:
        app.push_scene(HelpDialog(app, page))
        shown(app)
        yield f"help:{page}"
        app.pop_scene()

    app.push_scene(SettingsDialog(app))
    shown(app)
    yield "settings"
    app.pop_scene()

    tally = load_tally()
    tally.add("connect4", 3, "win")
    tally.add_engine("gomoku", "pbrain-embryo", "loss")
    save_tally(tally)
    app.push_scene(ResultsDialog(app))
    shown(app)
    yield "results"
    app.pop_scene()

    app.show_start()
    learn = LearnScene(app, lesson=1)
    app.push_scene(learn)
    shown(app)
    yield "learn:1"
    learn.set_lesson(2)
    shown(app)
    yield "learn:2"
    if learn.exercise is not None and learn.selected is not None:
        learn.check(str(learn.exercise.key["values"][learn.selected] + 1))  # a wrong answer
    shown(app)
    yield "learn:2-feedback"
    for lesson in (3, 4, 5, 6):
        learn.set_lesson(lesson)
        shown(app)
        yield f"learn:{lesson}"
        if lesson == 5:  # the weights' sliders and the evaluator's buttons
            each_tooltip(app, tips)
            yield "tooltips:learn"
    learn.close()

    scene = play(app, "connect4", "4453")
    tree = TreeScene(app, scene.game, depth=2)
    app.push_scene(tree)
    assert app.pump_until(lambda: not tree.recording, 30), "the tree was not recorded"
    for _step in range(6):  # a few steps in: the explanation of a node
        tree.next_step()
    shown(app)
    yield "tree"
    each_tooltip(app, tips)
    yield "tooltips:tree"
    app.pop_scene()

    review = ReviewScene(app, scene.session, limits=ReviewLimits(depth=2))
    app.push_scene(review)
    assert app.pump_until(lambda: review.complete, 60), "the review did not finish"
    review.select(3)
    shown(app)
    yield "review"
    each_tooltip(app, tips)
    yield "tooltips:review"
    app.pop_scene()

    scene.edit()
    shown(app)
    yield "editor"
    app.pop_scene()

    save_record(documents_dir() / SAVED_NAME, record)
    app.push_scene(FileDialog(app, "open"))
    shown(app)
    yield "open-file"
    app.pop_scene()
    app.push_scene(FileDialog(app, "save"))
    shown(app)
    yield "save-file"
    app.pop_scene()

    scene.ask_quit()
    assert isinstance(app.top, ConfirmDialog)
    shown(app)
    yield "confirm"
    app.pop_scene()


def _renju() -> Gomoku:
    game = Gomoku(9, "renju")
    game.play_moves(RENJU)
    return game
