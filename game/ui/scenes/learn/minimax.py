"""Lesson 2, minimax: fill in every MAX and MIN node's backed-up value, bottom up."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.explain.exercises import ExerciseKind, ExNode, check_value
from ai.explain.tree import value_text
from game.i18n import _
from game.ui.scenes.learn.base import parse_value
from game.ui.scenes.learn.trees import TreeLesson

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


class MinimaxLesson(TreeLesson):
    """Items: every inner node, the root included; any order (a click chooses)."""

    number: ClassVar[int] = 2
    kind: ClassVar[ExerciseKind] = "minimax"

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.answers: dict[str, int] = {}
        """The values answered (right, or shown worked out)."""
        self.negamax = False
        """After the exercise: every value shown from the side to move at its node."""

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.make(seed, level, game_name)
        self.answers, self.negamax = {}, False
        self.selected = self.first_open()

    def inner(self) -> list[ExNode]:
        """Inner nodes bottom-up (the order minimax fills them in)."""
        assert self.exercise is not None
        return sorted((n for n in self.exercise.nodes if n.kind != "leaf"),
                      key=lambda n: -len(n.path))

    def first_open(self) -> str | None:
        return next((n.id for n in self.inner() if n.id not in self.answers), None)

    def question(self) -> str:
        if self.exercise is None or self.key is None:
            return ""
        if self.finished and self.negamax:
            return _("Negamax: each value is from the side to move at its node; every node "
                     "takes the largest of its children's values negated. One rule.")
        if self.finished:
            # Translators: {value} is the root's value, {line} the principal variation:
            # moves in the game's notation ("b2 a1").
            return _("Done: A is worth {value}. The root move is the first child with that "
                     "value; the principal variation, both sides' best line: {line}.").format(
                value=value_text(self.key.values[self.exercise.root.id]),
                line=" ".join(self.principal()))
        return _("{players} Value of node {node}? (Click a node to choose it.)").format(
            players=self.players(), node=self.selected)

    def check(self, text: str) -> None:
        if self.exercise is None or self.key is None or self.selected is None or self.finished:
            return
        guess = parse_value(text)
        if guess is None:
            self.scene.say("info", _("Type a value such as -12, 0, +35 or loss 2."))
            return
        node_id = self.selected
        node = self.exercise.node(node_id)
        truth = self.key.values[node_id]
        ok, worked = check_value(self.exercise, node_id, guess)
        if ok:
            self.right(worked)
        else:
            children = _(", ").join(c.id for c in node.children)
            if node.kind == "max":
                # Translators: {node} is a node's letter, {children} its children's ("D, E").
                hint = _("Not quite. {node} is a MAX node: it takes the largest of its "
                         "children's values ({children}).").format(node=node_id,
                                                                   children=children)
            else:
                hint = _("Not quite. {node} is a MIN node: it takes the smallest of its "
                         "children's values ({children}).").format(node=node_id,
                                                                   children=children)
            if not self.wrong(node_id, hint, worked):
                return
        self.answers[node_id] = truth
        self.selected = self.first_open()
        self.scene.entry.set_text("")
        self.scene.relayout()
        if self.selected is None:
            # Translators: {reason} is the sentence saying the last value was right.
            self.finish(_("{reason} Every node is done: that is minimax.").format(
                reason=self.scene.feedback))

    def principal(self) -> list[str]:
        """The principal variation: from the root, each time the first child whose
        value is its parent's, down to a leaf."""
        assert self.exercise is not None and self.key is not None
        values, node, line = self.key.values, self.exercise.root, []
        while node.children:
            node = next(c for c in node.children if values[c.id] == values[node.id])
            line.append(node.move or node.id)  # an own tree: no moves, node names
        return line

    def click_node(self, node_id: str) -> None:
        assert self.exercise is not None
        if (self.exercise.node(node_id).kind != "leaf" and node_id not in self.answers
                and not self.finished):
            self.selected = node_id
            self.scene.focus_entry()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_TAB and not self.scene.typing():
            ids = [n.id for n in self.inner()]
            i = ids.index(self.selected) if self.selected in ids else -1
            self.selected = ids[(i + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(ids)]
            self.scene.relayout()
            return True
        return False

    def node_text(self, node: ExNode) -> str:
        if node.kind == "leaf":
            value = node.value
        elif node.id in self.answers:
            value = self.answers[node.id]
        else:
            return "?"
        assert value is not None
        if self.negamax and len(node.path) % 2:  # MIN to move there: its own view
            value = -value
        return value_text(value)

    def extra_label(self) -> str:
        if not self.finished:
            return ""
        # Translators: a button: shows the tree's values as negamax sees them, or back.
        return _("Minimax view") if self.negamax else _("Negamax view")

    def extra(self) -> None:
        if self.finished:
            self.negamax = not self.negamax
            self.scene.relayout()


__all__ = ["MinimaxLesson"]  # untranslated: names
