"""Lesson 1, the game tree: count the lines (perft) or the different positions a few
moves ahead of a real tic-tac-toe position."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.explain.exercises import INF
from game.i18n import _, number
from game.learning import CountingQuestion, counting_question, tree_counts
from game.rules import Game, new_game
from game.ui import draw
from game.ui.scenes.learn.base import LessonBase, parse_value

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


class CountingLesson(LessonBase):
    """One question, one item: the count."""

    number: ClassVar[int] = 1

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.asked: CountingQuestion | None = None
        self.example_counts = tree_counts(new_game("tictactoe"), 3)

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.asked = counting_question(seed, level, "tictactoe")
        self.restart(f"1:tictactoe:{level}:{seed}")

    def question(self) -> str:
        return self.asked.text if self.asked is not None else ""

    def check(self, text: str) -> None:
        q = self.asked
        if q is None or self.finished:
            return
        guess = parse_value(text)
        if guess is None or abs(guess) >= INF:
            self.scene.say("info", _("Type a whole number."))
            return
        ok, why = q.check(guess)
        if ok:
            self.right(why)
            self.finish(why)
        elif self.wrong("count", q.hint(), why):
            self.finish(why)

    def position(self) -> Game:
        game = new_game("tictactoe")
        if self.asked is not None:
            game.play_moves(self.asked.moves)
        return game

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The live example: the empty board's tree, level by level."""
        theme = self.scene.theme
        x, y = area.x + 4, area.y + 6
        draw.blit_text(surface, _("Example, from the empty board:"), 16, theme.text_dim, (x, y))
        y += 26
        rows = [(depth, lines, positions)
                for depth, (lines, positions) in enumerate(self.example_counts, 1)]
        # Translators: the heads of a table's three columns of numbers.
        y = self.scene.draw_number_table(surface, (_("moves ahead"), _("lines (perft)"),
                                                   _("different positions")), rows, (x, y),
                                         gap=24)
        note = _("After {moves} moves, {lines} lines reach only {positions} positions: "
                 "{line} and {other_line} are the same position.").format(
            moves=number(3), lines=number(504), positions=number(252),
            line="X a1, O b2, X c3", other_line="X c3, O b2, X a1")
        for line in draw.wrap(note, 15, area.width - 8)[:3]:
            draw.blit_text(surface, line, 15, theme.text_dim, (x, y + 4))
            y += 18


__all__ = ["CountingLesson"]  # untranslated: names
