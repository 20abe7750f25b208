"""Lesson 5, the evaluation function: the tic-tac-toe evaluator's weights on sliders,
each root move's depth-2 value following at once; a match against the default counts
when the learner's weights score more than half the points (a draw is half), each
setting once; Save writes them as a user evaluator, asking before it replaces one.

Instead of the sliders, the lesson can open an evaluator by name (issue 36): a preset,
the person's ``evaluators/NAME.toml`` or a plugin's Python function for tic-tac-toe
(``game.settings.find_evaluator``); its values, its terms and its match are shown the
same way, and a fault of the person's code is one sentence, the sliders back."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.evaluators import EvaluatorError
from ai.evaluators.base import Evaluator
from ai.evaluators.plugin import EvaluatorFault
from ai.explain.tree import value_text
from game.i18n import N_, _, ngettext, number
from game.learning import (
    EVAL_GAME,
    LabRow,
    lab_position,
    quick_match,
    root_values,
    save_evaluator,
)
from game.rules import Game
from game.ui import draw
from game.ui.scenes.learn.base import LessonBase

WEIGHTS = (("open_two", N_("open twos"), range(0, 101, 5)), ("open_one", N_("open ones"),
           range(21)), ("centre", N_("centre"), range(21)))
"""The sliders: the tic-tac-toe evaluator's weights (the names of its terms, as
``terms()`` gives them) and the values offered."""
MATCH_GAMES = 10

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


class EvaluationLesson(LessonBase):
    """An exercise is a setting of the weights that wins the match."""

    number: ClassVar[int] = 5
    uses_check: ClassVar[bool] = False
    uses_level: ClassVar[bool] = False
    placeholder: ClassVar[str] = N_("evaluator name")

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.weights = {"open_two": 10, "open_one": 1, "centre": 0}
        self.rows: list[LabRow] = []
        self.seed = 1
        self.replace_name: str | None = None
        """The name Save was refused for because it exists: Save again replaces it."""
        self.evaluator_name: str | None = None
        """The evaluator opened by name; ``None``: the sliders' weights."""
        self.opened: Evaluator | None = None

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.seed = seed
        self.follow()

    def setting(self) -> str:
        """The progress's name of the weights as they stand (or of the evaluator
        opened): each setting counts once."""
        if self.evaluator_name is not None:
            return f"5:evaluator:{self.evaluator_name}"
        return "5:" + ":".join(str(self.weights[k]) for k, _l, _v in WEIGHTS)

    def follow(self) -> None:
        """The rows for the weights or the evaluator opened; a fault of the person's
        evaluator is said, and the sliders' weights come back."""
        try:
            self.rows = root_values(self.position(), self.weights, self.opened)
        except EvaluatorFault as fault:
            self.evaluator_name = self.opened = None
            self.rows = root_values(self.position(), self.weights)
            self.scene.say("wrong", str(fault))
        self.restart(self.setting())

    def set_weight(self, key: str, value: int) -> None:
        """A slider moved: the lesson works with the sliders' weights again."""
        self.weights[key] = value
        self.evaluator_name = self.opened = None
        self.follow()
        self.scene.say("info", "")

    def use_evaluator(self, name: str | None) -> None:
        """Work with the evaluator called ``name`` (``None``: the sliders' weights)."""
        from game.settings import find_evaluator
        self.scene.say("info", "")
        try:
            self.opened = None if name is None else find_evaluator(EVAL_GAME, name)
        except EvaluatorError as error:  # a weights file that no longer reads
            self.opened, name = None, None
            self.scene.say("wrong", str(error))
        self.evaluator_name = name
        self.follow()

    def open_typed(self) -> None:
        """Open: the evaluator of the name typed; nothing typed, the names there are."""
        from ai.evaluators import preset_names
        name = self.scene.entry.text.strip()
        if not name:
            # Translators: {names} lists evaluator names: "default, naive, mine"; keep
            # evaluators/NAME.toml as it is (a file name).
            self.scene.say("info", _("Type the name of an evaluator, then Open: {names}, or "
                                     "the name of one of your weights files "
                                     "(evaluators/NAME.toml).").format(
                names=_(", ").join(preset_names(EVAL_GAME))))
            return
        self.use_evaluator(name)
        if self.evaluator_name is not None:
            # Translators: {name} is the evaluator opened.
            self.scene.say("info", _("Opened {name}: its values below; Match ×10 plays it "
                                     "against the default. Move a weight to come back to "
                                     "yours.").format(name=name))

    def question(self) -> str:
        game = self.position()
        side = _(game.side_names[game.turn])
        if self.evaluator_name is not None:
            # Translators: {name} is an evaluator's name ("mine", "naive").
            return _("{side} to move. Each move's value at depth 2 with the evaluator "
                     "{name}, the reply MIN would choose and the terms there:").format(
                side=side, name=self.evaluator_name)
        return _("{side} to move. Each move's value at depth 2 with your weights, the reply "
                 "MIN would choose and the terms there:").format(side=side)

    def check(self, text: str) -> None:
        pass  # no answer to type: Match and Save are the lesson's buttons

    def play_match(self) -> None:
        try:
            wins, draws, losses = quick_match(self.weights, MATCH_GAMES, self.seed,
                                              self.opened)
        except EvaluatorFault as fault:  # the person's code failed during the match
            self.scene.say("wrong", str(fault))
            return
        result = ngettext(
            "Your evaluator against the default, {games} game at depth 1: {wins} won, "
            "{draws} drawn, {losses} lost.",
            "Your evaluator against the default, {games} games at depth 1: {wins} won, "
            "{draws} drawn, {losses} lost.", MATCH_GAMES).format(
                games=number(MATCH_GAMES), wins=number(wins), draws=number(draws),
                losses=number(losses))
        self.scene.progress.record(self.number)
        if 2 * wins + draws > MATCH_GAMES:  # more than half the points, a draw half a point
            if self.scene.progress.solve(self.number, self.setting()):
                solved = self.scene.progress.count(self.number)
                # Translators: {result} is the match's sentence.
                text = _("{result} More than half the points: this setting counts "
                         "({solved} of 3).").format(result=result, solved=number(solved))
            else:
                text = _("{result} More than half the points, but this setting has counted "
                         "already: change a weight.").format(result=result)
            self.scene.say("right", text)
            self.scene.save_progress()
        elif 2 * wins + draws == MATCH_GAMES:
            self.scene.say("info", _("{result} Even: half the points. A setting counts when "
                                     "it scores more than half.").format(result=result))
        else:
            self.scene.say("wrong", _("{result} Less than half the points: the default "
                                      "plays better. Which threats does your evaluator "
                                      "miss?").format(result=result))

    def save(self) -> None:
        name = self.scene.entry.text.strip()
        saved, message = save_evaluator(name, self.weights, replace=name == self.replace_name)
        self.replace_name = None if saved else name
        self.scene.say("right" if saved else "info", message)

    def position(self) -> Game:
        return lab_position(self.seed)

    def caption(self) -> str:
        return _("The position searched (depth 2)")

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each root move's backed-up value, MIN's reply and the leaf's terms."""
        theme, rows = self.scene.theme, self.rows
        if not rows:
            return
        best = max(row.value for row in rows)
        chosen = next(row.move for row in rows if row.value == best)
        x, y = area.x + 4, area.y + 2
        pitch = max(18, min(24, (area.height - 50) // max(1, len(rows))))
        for row in rows:
            bold = row.move == chosen
            colour = theme.accent if bold else theme.text
            draw.blit_text(surface, row.move, 16, colour, (x, y), bold=bold)
            draw.blit_text(surface, value_text(row.value), 16, colour, (x + 36, y), bold=bold)
            words = ", ".join(f"{_(k)} {value_text(v)}" for k, v in row.terms.items()) or "0"
            # Translators: {move} is MIN's reply, {terms} the evaluator's terms there.
            detail = (_("after {move}: {terms}").format(move=row.reply, terms=words)
                      if row.reply else words)
            draw.blit_text(surface, detail, 15, theme.text_dim, (x + 96, y + 1),
                           max_width=area.width - 100)
            y += pitch
        draw.blit_text(surface, _("The search plays {move} (the first largest value)."
                                  ).format(move=chosen), 16,
                       theme.text, (x, y + 4), bold=True, max_width=area.width - 8)
        rule = _("A match counts when your weights score more than half the points against "
                 "the default (a draw is half a point); three different settings finish the "
                 "lesson.")
        y += 26
        for line in draw.wrap(rule, 14, area.width - 150)[:3]:  # beside Match ×10
            draw.blit_text(surface, line, 14, theme.text_dim, (x, y))
            y += 17


__all__ = ["WEIGHTS", "EvaluationLesson"]  # untranslated: names
