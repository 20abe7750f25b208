"""What lessons 2-4 share: an exercise tree cut from a real position (or the person's own
tree, typed in the notes' syntax), placed in the lesson's area, drawn as the lectures
draw it, clicked node by node.

Sizes are ``ai.explain.exercises.DIFFICULTIES`` (the table ``plies exercise --level``
reads), and the generator's own filters make every exercise test something (a cut to
find, an order to improve)."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.evaluators import load_evaluator
from ai.explain.conventions import DEFAULT, Conventions
from ai.explain.exercises import DIFFICULTIES, ExerciseKind, ExNode
from ai.explain.exercises import generate as generate_exercise
from ai.explain.trees import HandTree, LeafEvaluator, RootKind, TreeSpec, TreeSyntaxError, \
    parse_tree
from game.i18n import _
from game.learning import ExerciseKey
from game.rules import Game, new_game
from game.ui import draw, tree_canvas
from game.ui.scenes.learn.base import LessonBase
from game.ui.theme import readable_on

NODE_RADIUS = 18
OWN_GAME = HandTree.name
"""The game choice "Your tree": the exercise is the person's own tree."""
OWN_LEAVES, OWN_LEVELS, OWN_CHILDREN = 16, 4, 5
"""The largest own tree Learn takes: what its tree area draws legibly at 800 × 560 (and
lesson 4's key tries every order of the root's children: 5! at most). The explorer
(``plies tree --tree``) takes larger ones."""

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


def own_tree(text: str) -> TreeSpec:
    """A tree a person typed in Learn: the notes' nested lists
    (``ai.explain.trees.parse_tree``), MAX at the root unless the text starts with
    ``min``, no larger than :data:`OWN_LEAVES` leaves, :data:`OWN_LEVELS` levels and
    :data:`OWN_CHILDREN` children a node.

    Raises:
        TreeSyntaxError: what is wrong, one sentence (without its full stop).

    >>> spec = own_tree("min ((3 12) (2 4))"); spec.root, spec.leaf_values()
    ('min', [3, 12, 2, 4])
    """
    root: RootKind = "max"
    said = re.match(r"\s*(min|max)\b\s*:?", text, re.IGNORECASE)
    if said:
        root = "min" if said[1].lower() == "min" else "max"
        text = text[said.end():]
    spec = parse_tree(text, root)
    if (len(spec.leaf_values()) > OWN_LEAVES or spec.height > OWN_LEVELS
            or max(len(below) for below in spec.children) > OWN_CHILDREN):
        raise TreeSyntaxError(_(
            "the tree is too large to draw here: Learn takes at most {leaves} leaves, "
            "{levels} levels below the root and {children} children a node (the explorer "
            "takes larger trees)").format(leaves=OWN_LEAVES, levels=OWN_LEVELS,
                                          children=OWN_CHILDREN))
    return spec


def exercise_position(game_name: str, seed: int) -> Game:
    """A real position a few random moves from the start (seeded), not yet over."""
    rng = random.Random(f"learn:{game_name}:{seed}")
    game = new_game(game_name)
    for _i in range(rng.randint(1, 3) if game_name == "tictactoe" else rng.randint(2, 8)):
        game.push(rng.choice(game.legal_moves()))
        if game.is_over():
            game.pop()
            break
    return game


class TreeLesson(LessonBase):
    """An exercise tree: generation, placement, drawing, clicks (see the module)."""

    kind: ClassVar[ExerciseKind] = "minimax"
    uses_game: ClassVar[bool] = True

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.key: ExerciseKey | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self.slot = 60.0
        """The width each leaf has."""
        self.scale = 1.0
        """The tree's labels' scale (``LearnScene.label_scale`` where the tree fits)."""
        self.room: dict[str, float] = {}
        """The width under each node (its leaves' slots): its label is drawn inside it."""
        self.conventions: Conventions = DEFAULT
        """The alpha-beta rules the key is worked with (lesson 3 may switch them)."""
        self.spec: TreeSpec | None = None
        """The person's own tree, when the exercise is one."""

    def make(self, seed: int, level: str, game_name: str) -> None:
        """The exercise of ``seed`` at ``level`` (``ai.explain.exercises.DIFFICULTIES``)
        on a position of ``game_name``, or the person's own tree when ``game_name`` is
        :data:`OWN_GAME` (``scene.own_tree``). The exercise before stays when it fails.

        Raises:
            TreeSyntaxError, ExerciseError: one sentence (a tree Learn cannot use).
        """
        spec: TreeSpec | None = None
        if game_name == OWN_GAME:
            spec = own_tree(self.scene.own_tree)
            exercise = generate_exercise(self.kind, HandTree(spec), LeafEvaluator(),
                                         conventions=self.conventions)
            name = f"{self.number}:{OWN_GAME}:{spec.text()}"[:100]
        else:
            size = DIFFICULTIES[level]
            game = exercise_position(game_name, seed)
            exercise = generate_exercise(self.kind, game, load_evaluator(game.name),
                                         depth=size.depth, seed=seed, width=size.width,
                                         conventions=self.conventions)
            name = f"{self.number}:{game_name}:{level}:{seed}"
        if self.conventions != DEFAULT:  # another rule, another key: another exercise
            name += f":{self.conventions.prune}:{self.conventions.values}"
        self.exercise, self.spec = exercise, spec
        self.key = ExerciseKey.of(exercise)
        self.restart(name)

    def children(self, node: ExNode) -> list[ExNode]:
        """``node``'s children in the order shown (lesson 4 reorders them)."""
        return node.children

    # --- placement and clicks --------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        self.area = area
        self.placed = {}
        if self.exercise is None:
            return
        leaves: list[str] = []

        def collect(node: ExNode) -> None:
            if node.kind == "leaf":
                leaves.append(node.id)
            for child in self.children(node):
                collect(child)

        collect(self.exercise.root)
        slot = area.width / max(1, len(leaves))
        self.slot = slot
        depth = max(1, self.exercise.depth)
        # Each level needs its shape, two lines of labels and some edge (54k + 30 px),
        # the root room above and the leaves room below for their value (60k): the
        # learner's scale, as far as the tree still fits.
        self.scale = scale = min(self.scene.label_scale,
                                 max(1.0, (area.height - 30 * depth) / (54 * depth + 60)))
        level_h = (area.height - 60 * scale) / depth
        xs = {leaf: area.x + slot * (i + 0.5) for i, leaf in enumerate(leaves)}

        def place(node: ExNode, level: int) -> float:
            y = area.y + 18 * scale + level * level_h
            if node.kind == "leaf":
                x = xs[node.id]
                self.room[node.id] = slot
            else:
                got = [place(c, level + 1) for c in self.children(node)]
                x = (got[0] + got[-1]) / 2
                self.room[node.id] = got[-1] - got[0] + slot
            self.placed[node.id] = (x, y)
            return x

        place(self.exercise.root, 0)

    def node_at(self, pos: tuple[int, int]) -> str | None:
        radius = NODE_RADIUS * self.scale
        for node_id, (x, y) in self.placed.items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= radius ** 2:
                return node_id
        return None

    def click(self, pos: tuple[int, int]) -> bool:
        hit = self.node_at(pos)
        if hit is None:
            return False
        self.click_node(hit)
        self.scene.relayout()  # the board shows the selected node
        return True

    def click_node(self, node_id: str) -> None:
        pass

    # --- the board ----------------------------------------------------------------------

    def position(self) -> Game:
        """The selected node's position (a :class:`HandTree` for an own tree: the scene
        shows its text, there is no board)."""
        assert self.exercise is not None
        if self.spec is not None:
            game: Game = HandTree(self.spec)
        else:
            game = new_game(self.exercise.game_name)
            game.play_moves(self.exercise.moves)
        if self.selected is not None:
            for move in self.exercise.node(self.selected).path:
                game.play(game.parse_move(move))
        return game

    def caption(self) -> str:
        if self.spec is not None:
            return _("Your tree, as typed")
        if self.selected is None or self.exercise is None:
            return _("The root position (A)")
        path = self.exercise.node(self.selected).path
        if path:
            # Translators: {node} is a node's letter, {moves} the moves to it (notation).
            return _("At node {node}, after {moves}").format(node=self.selected,
                                                             moves=" ".join(path))
        return _("At node {node}").format(node=self.selected)

    def players(self) -> str:
        """Who MAX and MIN are, a sentence."""
        assert self.exercise is not None
        if self.spec is not None:
            root = self.exercise.root
            # Translators: {root} is the root node's name ("A").
            return (_("Your tree: the root {root} is MAX.") if root.kind == "max" else
                    _("Your tree: the root {root} is MIN.")).format(root=root.id)
        names = self.exercise.side_names
        # Translators: MAX and MIN are the search's two players; {max_side} and
        # {min_side} the game's sides ("Red").
        return _("MAX is {max_side}, MIN {min_side}.").format(max_side=_(names[0]),
                                                              min_side=_(names[1]))

    # --- drawing ------------------------------------------------------------------------

    def node_text(self, node: ExNode) -> str:
        """What is written under ``node`` (a leaf: its value); a second line after a
        line break."""
        from ai.explain.tree import value_text
        return value_text(node.value) if node.kind == "leaf" else ""

    def greyed(self, node: ExNode) -> bool:
        """Drawn as an outline: a node the solution shows never visited."""
        return False

    def cut(self, node: ExNode) -> bool:
        """Drawn with the cut-off mark above it (the learner's or the solution's)."""
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ex = self.exercise
        if ex is None or not self.placed:
            return
        theme = self.scene.theme
        colours = theme.board(ex.game_name)
        if ex.hand_made:
            mover = 0  # ai.explain.trees.max_side: MAX is side 0 in a hand-made tree
        else:
            start = new_game(ex.game_name)
            start.play_moves(ex.moves)
            mover = start.turn  # MAX is the side to move at the root
        look = tree_canvas.look_for(theme, colours.pieces[mover], colours.pieces[1 - mover])
        k = self.scale  # projector mode: shapes and words grow together
        pitch = round(17 * k)
        for node in ex.nodes:
            for child in self.children(node):
                (x1, y1), (x2, y2) = self.placed[node.id], self.placed[child.id]
                # From under the parent's labels down to the child's shape.
                colour = look.ghost if self.greyed(child) else look.edge
                labels = self.node_text(node)
                top = (y1 + 38 * k + pitch * labels.count("\n") if labels
                       else y1 + 18 * k)  # under the labels, or the shape
                low = y2 - 16 * k
                pygame.draw.line(surface, colour, (x1, top), (x2, low), 2)

                def along(t: float) -> tuple[float, float]:
                    return x1 + (x2 - x1) * t, top + (low - top) * t

                if self.cut(child):  # the lecture's bars across the edge, under its label
                    tree_canvas.cut_mark(surface, look.cut, along(0.62), along(0.92))
                if not child.move:  # an own tree: the node's letter says it all
                    continue
                size = round(14 * k)
                w, h = draw.text_size(child.move, size)
                pill = pygame.Rect(0, 0, w + 6, h + 1)
                t = 0.4 if self.slot >= 40 * k else 0.72  # crowded: nearer the child, apart
                pill.center = (round(along(t)[0]), round(along(t)[1]))
                pygame.draw.rect(surface, look.card, pill, border_radius=4)
                draw.blit_text(surface, child.move, size, look.dim, pill.center, "center")
        for node in ex.nodes:
            cx, cy = self.placed[node.id]
            grey = self.greyed(node)
            fill = {"max": look.max_fill, "min": look.min_fill}.get(node.kind, look.leaf_fill)
            if node.id == self.selected:
                box = pygame.Rect(0, 0, round(40 * k), round(40 * k))
                box.center = (round(cx), round(cy))
                pygame.draw.rect(surface, look.current, box, 3, border_radius=8)
            self._shape(surface, node.kind, (cx, cy), None if grey else fill,
                        look.ghost if grey else look.text, k)
            draw.blit_text(surface, node.id, round(14 * k), look.ghost if grey else readable_on(fill),
                           (cx, cy + 1), "center", bold=True)
            colour = look.ghost if grey else theme.danger if self.cut(node) else look.text
            for i, line in enumerate(self.node_text(node).split("\n")):
                if line:
                    draw.blit_text(surface, line, round((16 if i == 0 else 14) * k), colour,
                                   (cx, cy + 20 * k + pitch * i), "midtop", bold=i == 0,
                                   max_width=max(36, round(self.room.get(node.id, 60)) - 4),
                                   min_size=10)

    @staticmethod
    def _shape(surface: pygame.Surface, kind: str, centre: tuple[float, float],
               fill: tuple[int, int, int] | None, outline: tuple[int, int, int],
               scale: float) -> None:
        """A node's shape at ``scale`` (``tree_canvas.draw_shape``'s, grown for a
        projector): MAX ▲ and MIN ▼ triangles, a leaf's square."""
        if kind in ("max", "min"):
            points = tree_canvas.shape_points(kind, *centre, half=tree_canvas.HALF * scale)
            if fill is not None:
                pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, outline, points, 2)
            return
        rect = pygame.Rect(0, 0, round(22 * scale), round(22 * scale))
        rect.center = (round(centre[0]), round(centre[1]))
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=3)
        pygame.draw.rect(surface, outline, rect, 2, border_radius=3)


__all__ = ["OWN_GAME", "TreeLesson", "exercise_position", "own_tree"]  # untranslated: names
