"""Lesson 6, depth and the horizon: a real Connect-4 position where depth 2 and depth 4
choose different moves; which does depth 4 choose, and why; what deepening and the
transposition table cost or save there."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.i18n import _
from game.learning import HORIZON_DEPTHS, HorizonQuestion, horizon_question
from game.rules import Game, new_game
from game.ui import draw
from game.ui.scenes.learn.base import LessonBase


def deepening_note(nodes: tuple[tuple[int, int, int], ...]) -> str:
    """What the table's numbers say about deepening, as they are: it costs more, saves,
    or does one then the other (never "pays" beside a larger count).

    >>> deepening_note(((4, 1203, 1466), (6, 9000, 5000)))[:30]
    'At depth 4 deepening and the t'
    """
    cheaper = [plain > deep for _d, plain, deep in nodes]
    if all(cheaper):
        return _("Here deepening and the table visit fewer nodes than plain alpha-beta at "
                 "each depth: the better order saves more than the extra iterations cost.")
    if not any(cheaper):
        return _("Here deepening and the table visit more nodes than plain alpha-beta: "
                 "the shallower iterations cost more than the better order saves.")
    first = next(d for (d, _p, _q), c in zip(nodes, cheaper) if not c)
    later = next(d for (d, _p, _q), c in zip(nodes, cheaper) if c)
    return _("At depth {costs} deepening and the table visit more nodes than plain "
             "alpha-beta; at depth {saves} fewer: the better order saves more as the tree "
             "grows.").format(costs=first, saves=later)


class HorizonLesson(LessonBase):
    """One item: depth 4's move."""

    number: ClassVar[int] = 6
    uses_level: ClassVar[bool] = False

    def __init__(self, scene) -> None:  # type: ignore[no-untyped-def]  # the scene, circular
        super().__init__(scene)
        self.horizon: HorizonQuestion | None = None

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.horizon = horizon_question(seed)
        self.restart(f"6:connect4:{seed}")

    def question(self) -> str:
        if self.horizon is None:
            return ""
        side = self.position()
        # Translators: {question} is the lesson's question (a sentence of its own).
        return _("{side} to move. {question}").format(side=_(side.side_names[side.turn]),
                                                      question=self.horizon.text)

    def check(self, text: str) -> None:
        q = self.horizon
        if q is None or self.finished:
            return
        if not text.strip():
            self.scene.say("info", _("Type a move, e.g. 4."))
            return
        ok, why = q.check(text)
        if ok:
            self.right(why)
            self.finish(why)
        elif self.wrong("move", _(
                "Not that one. Depth {deep} sees two moves further than depth {shallow}: "
                "play depth {shallow}'s move on the board, then look for the opponent's "
                "strongest reply (a threat) and yours after it.").format(
                    deep=HORIZON_DEPTHS[1], shallow=HORIZON_DEPTHS[0]), why):
            self.finish(why)

    def position(self) -> Game:
        assert self.horizon is not None
        game = new_game(self.horizon.game_name)
        game.play_moves(self.horizon.moves)
        return game

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The live table: nodes per depth, plain alpha-beta against the computer's
        search (iterative deepening, the transposition table, its move ordering)."""
        theme, q = self.scene.theme, self.horizon
        assert q is not None
        x, y = area.x + 4, area.y + 6
        draw.blit_text(surface, _("Nodes searched in this position:"), 16, theme.text_dim,
                       (x, y))
        y += 26
        # Translators: the heads of a table's columns: the depth, the nodes alpha-beta
        # searches, the nodes with iterative deepening and the transposition table.
        y = self.scene.draw_number_table(surface, (_("depth"), _("alpha-beta"),
                                                   _("+ deepening, table")),
                                         list(q.nodes), (x, y), gap=28)
        for line in draw.wrap(deepening_note(q.nodes), 15, area.width - 8)[:3]:
            draw.blit_text(surface, line, 15, theme.text_dim, (x, y + 4))
            y += 18
        if self.finished:
            shallow, deep = HORIZON_DEPTHS
            y += 12
            chose = (_("Depth {shallow} chose column {shallow_move}; depth {deep} chose "
                       "column {deep_move}.") if q.game_name == "connect4" else
                     _("Depth {shallow} chose {shallow_move}; depth {deep} chose "
                       "{deep_move}."))
            draw.blit_text(surface, chose.format(shallow=shallow, shallow_move=q.shallow,
                                                 deep=deep, deep_move=q.deep),
                           17, theme.text, (x, y), bold=True, max_width=area.width)


__all__ = ["HorizonLesson", "deepening_note"]  # untranslated: names
