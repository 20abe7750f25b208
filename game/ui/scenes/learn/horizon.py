"""Lesson 6, depth and the horizon: on a real Connect-4 position where depth 2 and
depth 4 choose different moves, the learner works out what depth 2 sees — the two
moves' values from their replies' leaves (the evaluator's, on the real positions), then
the move depth 2 plays — and the solution shows what depth 4 sees two moves further:
its values, and the line it expects after depth 2's move, played out on the board.
What deepening and the transposition table cost or save there closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.evaluators import load_evaluator
from ai.explain.exercises import Exercise, ExNode, minimax_values
from ai.explain.tree import value_text
from game.i18n import _, number
from game.learning import HORIZON_DEPTHS, ExerciseKey, HorizonQuestion, horizon_question
from game.rules import Game, new_game
from game.ui import draw
from game.ui.scenes.learn.base import parse_value
from game.ui.scenes.learn.trees import TreeLesson

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


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


def two_move_tree(q: HorizonQuestion) -> Exercise:
    """Depth 2's tree for the two moves in question: A (MAX, the side to move), B after
    depth 2's move and C after depth 4's (MIN), and under each every reply, a leaf
    with the evaluator's value, MAX's view."""
    evaluator = load_evaluator(q.game_name)
    game = new_game(q.game_name)
    game.play_moves(q.moves)
    names = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    root = ExNode(next(names), "max", "", ())
    middles = []
    for name in (q.shallow, q.deep):
        move = game.parse_move(name)
        game.push(move)
        middle = ExNode(next(names), "min", name, (name,))
        middles.append((middle, move))
        root.children.append(middle)
        game.pop()
    for middle, move in middles:
        game.push(move)
        for reply in game.legal_moves():
            reply_name = game.move_name(reply)
            game.push(reply)
            outcome = game.outcome()
            value = (evaluator.terminal_score(game, outcome, 2) if outcome is not None
                     else evaluator.evaluate(game))  # MAX is to move again: MAX's view
            middle.children.append(ExNode(next(names), "leaf", reply_name,
                                          middle.path + (reply_name,), value=value,
                                          terminal=outcome is not None))
            game.pop()
        game.pop()
    side_names = (game.side_names[game.turn], game.side_names[1 - game.turn])
    return Exercise("minimax", q.game_name, q.moves, side_names, 2, 7, 0, root,
                    {"values": minimax_values(root)})


class HorizonLesson(TreeLesson):
    """Items: B's value, C's value (depth 2, from the leaves shown), the move depth 2
    plays; then the solution: depth 4's values and the line it sees."""

    number: ClassVar[int] = 6
    uses_level: ClassVar[bool] = False
    uses_game: ClassVar[bool] = False

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.horizon: HorizonQuestion | None = None
        self.answers: dict[str, int] = {}
        self.items = ("B", "C", "move")

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.horizon = horizon_question(seed)
        self.exercise = two_move_tree(self.horizon)
        self.key = ExerciseKey.of(self.exercise)
        self.restart(f"6:connect4:{seed}")
        self.answers = {}
        self.selected = "B"

    @property
    def item(self) -> str | None:
        return next((i for i in self.items if i not in self.answers), None)

    def question(self) -> str:
        q = self.horizon
        if q is None or self.exercise is None:
            return ""
        who = self.players()
        if self.finished:
            return _("{players} What depth {deep} sees: the line it expects after {move}, "
                     "on the board.").format(players=who, deep=HORIZON_DEPTHS[1],
                                             move=q.shallow)
        if self.item == "move":
            return _("{players} Which column does depth {depth} play, then?").format(
                players=who, depth=HORIZON_DEPTHS[0])
        node = self.item
        return _("{players} Depth {depth} stops at the leaves shown. Value of {node} "
                 "(after column {move})?").format(
            players=who, depth=HORIZON_DEPTHS[0], node=node,
            move=self.exercise.node(node or "B").move)

    def check(self, text: str) -> None:
        q, key = self.horizon, self.key
        if q is None or key is None or self.exercise is None or self.finished:
            return
        item = self.item
        if item in ("B", "C"):
            guess = parse_value(text)
            if guess is None:
                self.scene.say("info", _("Type a value such as -12, 0, +35 or loss 2."))
                return
            truth = key.values[item]
            if guess == truth:
                self.right(_("Right: {node} is worth {value}.").format(node=item,
                                                                     value=value_text(truth)))
            elif not self.wrong(item, _(
                    "Not quite. {node} is a MIN node: the opponent chooses, so it takes the "
                    "smallest of its leaves' values.").format(node=item), _(
                    "{node} takes the smallest of its leaves' values: {value}.").format(
                        node=item, value=value_text(truth))):
                return
            self.answers[item] = truth
            self.selected = "C" if item == "B" else None
            self.scene.entry.set_text("")
            self.scene.relayout()
            return
        b, c = key.values["B"], key.values["C"]
        best = {q.shallow} if b > c else {q.deep} if c > b else {q.shallow, q.deep}
        word = text.strip().lower()
        if word in best:
            self.right(_("Right: depth {depth} plays {move}.").format(
                depth=HORIZON_DEPTHS[0], move=q.shallow))
        elif not self.wrong("move", _(
                "Not quite. MAX plays the move whose value is the largest: compare B and C."),
                _("Depth {depth} plays {move}: B is worth {b}, C {c}.").format(
                    depth=HORIZON_DEPTHS[0], move=q.shallow, b=value_text(b),
                    c=value_text(c))):
            return
        self.answers["move"] = 0
        ok, why = q.check(q.deep)  # the solution: what depth 4 sees and why
        self.scene.entry.set_text("")
        # Translators: {reason} is the sentence about the last answer, {solution} what
        # the deeper search sees.
        self.finish(_("{reason} {solution}").format(reason=self.scene.feedback,
                                                    solution=why.removeprefix(_("Right. "))))
        self.scene.relayout()

    def click_node(self, node_id: str) -> None:
        if node_id in ("B", "C") and node_id not in self.answers and not self.finished:
            self.selected = node_id

    def node_text(self, node: ExNode) -> str:
        if node.kind == "leaf":
            return super().node_text(node)
        if node.id in self.answers or self.finished:
            assert self.key is not None
            return value_text(self.key.values[node.id])
        return "?"

    def position(self) -> Game:
        assert self.horizon is not None
        game = new_game(self.horizon.game_name)
        game.play_moves(self.horizon.moves)
        if self.finished:  # the threat: depth 2's move and the line depth 4 expects
            for name in (self.horizon.shallow, *self.horizon.later_line[:3]):
                if game.is_over():
                    break
                game.play(game.parse_move(name))
        elif self.selected in ("B", "C") and self.exercise is not None:
            game.play(game.parse_move(self.exercise.node(self.selected).move))
        return game

    def caption(self) -> str:
        q = self.horizon
        if q is not None and self.finished:
            line = " ".join((q.shallow, *q.later_line[:3]))
            # Translators: {depth} is a search depth, {line} moves (columns).
            return _("Depth {depth} expects {line}").format(depth=HORIZON_DEPTHS[1], line=line)
        return super().caption()

    def layout(self, area: pygame.Rect) -> None:
        if self.finished:  # room under the tree for the cost of deepening
            area = area.inflate(0, -60).move(0, -30)
        super().layout(area)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        super().draw(surface, area)
        q = self.horizon
        if q is None or not self.finished:
            return
        theme = self.scene.theme
        # Translators: node counts of two searches at two depths.
        costs = _("Nodes at depth {d1}: alpha-beta {a1}, with deepening and the table {t1}; "
                  "at depth {d2}: {a2} and {t2}.").format(
            d1=q.nodes[0][0], a1=number(q.nodes[0][1]), t1=number(q.nodes[0][2]),
            d2=q.nodes[1][0], a2=number(q.nodes[1][1]), t2=number(q.nodes[1][2]))
        y = area.bottom - 54
        for line in draw.wrap(f"{costs} {deepening_note(q.nodes)}", 14, area.width - 8)[:3]:
            draw.blit_text(surface, line, 14, theme.text_dim, (area.x + 4, y))
            y += 17


__all__ = ["HorizonLesson", "deepening_note", "two_move_tree"]  # untranslated: names
