"""Laying out and drawing a recorded search tree the way lectures draw it.

MAX nodes are triangles pointing up, MIN nodes triangles pointing down, leaves squares
(a circle when the game is over there); under each node its backed-up value (``≥``/``≤``
when the search cut it short) and the (α, β) window it was searched with. Children that
alpha-beta never searched hang under their node as grey outlines, their edge crossed by
a double bar: the cut-off.

The layout is a plain top-down tree: every visible node without visible children takes
one slot of a row, and a parent sits above the middle of its children. What is visible
depends on the step the learner has reached (a node appears when the search enters it,
its value when the search is done with it, pruned children at the cut-off) and on which
nodes are expanded. Everything here is pure geometry and drawing: the scene owns the
state.
"""

from __future__ import annotations

import dataclasses
import math

import pygame

from ai.explain.tree import SearchTree, TreeNode, value_text, window_text
from game.i18n import _
from game.rules import Move
from game.ui import draw
from game.ui.theme import RGB, Theme, mix

SLOT = 66
"""Width of a node's slot, in pixels (wide enough for a window like ``(−377, +∞)``)."""
LEAF_SLOT = 52
"""Width of a leaf's slot (a value, no window under it)."""
STUB = 40
"""Width of a pruned child's slot (an outline and its move name)."""
MAX_STUBS = 4
"""Pruned children drawn one by one under a node; more are gathered in the last stub."""
HALF = 15
"""Half the width of a node's shape; triangles are ``2 * HALF`` wide, 26 px tall."""
TOP_PAD = 30
"""Room above the root (its ring)."""
BELOW = HALF + 38
"""From a node's centre to the end of the words under it, where its edges start."""
LEAF_BELOW = HALF + 22
"""The same under a leaf (a value, no window)."""
VALUE_SIZE, WINDOW_SIZE, MOVE_SIZE = 18, 15, 16
"""Font sizes: the value under a node, its window, the move name above it."""


@dataclasses.dataclass(frozen=True)
class Metrics:
    """The sizes of one drawing: the constants above times ``scale`` (projector mode
    draws every shape, slot and word larger together, so the tree keeps its look)."""

    scale: float = 1.0

    def px(self, value: float) -> int:
        """``value`` pixels at this scale (at least 1)."""
        return max(1, round(value * self.scale))

    @property
    def slot(self) -> int:
        return self.px(SLOT)

    @property
    def leaf_slot(self) -> int:
        return self.px(LEAF_SLOT)

    @property
    def stub(self) -> int:
        return self.px(STUB)

    @property
    def half(self) -> int:
        return self.px(HALF)

    @property
    def top_pad(self) -> int:
        return self.px(TOP_PAD)

    @property
    def below(self) -> int:
        return self.px(BELOW)

    @property
    def leaf_below(self) -> int:
        return self.px(LEAF_BELOW)

    @property
    def value_size(self) -> int:
        return self.px(VALUE_SIZE)

    @property
    def window_size(self) -> int:
        return self.px(WINDOW_SIZE)

    @property
    def move_size(self) -> int:
        return self.px(MOVE_SIZE)

    @property
    def line(self) -> int:
        """An edge's width."""
        return self.px(2)


NORMAL = Metrics()
"""The explorer's usual sizes (``scale`` 1)."""


@dataclasses.dataclass
class Placed:
    """A node (or a pruned stub) at its place in the tree's own pixel space.

    Attributes:
        node: the recorded node, or ``None`` for a pruned stub.
        parent: where the edge to it starts.
        label: the move name (``""`` at the root; ``"+3"`` for gathered stubs).
        kind: ``max``/``min``/``leaf`` (a stub takes the kind its node would have had).
        collapsed: an inner node whose children are hidden (drawn with a ``+``).
    """

    x: float
    y: float
    node: TreeNode | None
    parent: Placed | None
    label: str
    kind: str
    collapsed: bool = False
    move: Move | None = None
    """A pruned stub's move (``None`` for the stub that gathers several)."""
    reason: str | None = None
    """A stub of a move left out for another reason than a cut-off (a forced block,
    renju, Gomoku's far cells): that reason; ``None`` for a pruned stub."""
    value: int | None = None
    """A pruned leaf's value where it is known (a hand-made tree), drawn greyed."""
    named_above: bool = False
    """A pruned child named above its shape, beside its edge's cut, its value under it,
    as a searched node is (a hand-made tree's letters); else its move is under it."""


def level_height(area_height: int, depth: int, metrics: Metrics = NORMAL) -> int:
    """Vertical distance between two levels: fill the area, but never cramped."""
    m = metrics
    return max(m.px(84), min(m.px(130), (area_height - m.top_pad - m.leaf_below - 8)
                             // max(1, depth)))


def root_top(metrics: Metrics, root_label: str = "") -> int:
    """Where the root's centre sits below the top: room for its ring, or for its letter
    (a hand-made tree's root is named above it, as its children are)."""
    if not root_label:
        return metrics.top_pad
    return metrics.half + draw.text_size(root_label, metrics.move_size)[1] + metrics.px(12)


def visible_children(node: TreeNode, step: int) -> list[TreeNode]:
    """The children the search has entered by ``step``."""
    return [c for c in node.children if c.enter_step <= step]


def stubs_shown(node: TreeNode, step: int) -> bool:
    """Whether ``node``'s pruned children are known by ``step`` (after its cut-off)."""
    return bool(node.pruned_moves) and node.exit_step <= step


def place(tree: SearchTree, expanded: set[int], step: int, level_h: int,
          metrics: Metrics = NORMAL, *, root_label: str = "",
          stub_values: dict[tuple[int, Move], int] | None = None
          ) -> tuple[list[Placed], int, int]:
    """Every visible node and stub with its position; and the tree's width and height.

    ``root_label`` is drawn above the root (a hand-made tree's root letter);
    ``stub_values`` gives pruned children's values where they are known, by
    ``(parent order, move)`` (a hand-made tree's pruned leaves, drawn greyed).
    """
    m = metrics
    placed: list[Placed] = []
    cursor = 0.0
    SLOT, LEAF_SLOT, STUB = m.slot, m.leaf_slot, m.stub  # noqa: N806 - the scaled constants

    def visit(node: TreeNode, parent: Placed | None, y: float) -> Placed:
        nonlocal cursor
        children = visible_children(node, step)
        stubs = node.pruned_names if stubs_shown(node, step) else []
        aside = node.skipped if node.enter_step <= step else []
        open_ = node.order in expanded and (children or stubs or aside)
        here = Placed(0.0, y, node, parent, node.name, node.kind,
                      collapsed=bool(children or stubs or aside) and not open_)
        placed.append(here)
        if not open_:
            width = LEAF_SLOT if node.kind == "leaf" else SLOT
            here.x = cursor + width / 2
            cursor += width
            return here
        xs: list[float] = []
        for child in children:
            xs.append(visit(child, here, y + level_h).x)
        # A pruned child is what its searched siblings are (a leaf at the horizon).
        stub_kind = node.children[0].kind if node.children else (
            "min" if node.kind == "max" else "max")
        moves: list[Move | None] = list(node.pruned_moves) if stubs else []
        if len(stubs) > MAX_STUBS:
            stubs = [*stubs[:MAX_STUBS - 1], f"+{len(stubs) - MAX_STUBS + 1}"]
            moves = [*moves[:MAX_STUBS - 1], None]
        for name, move in zip(stubs, moves):
            known = None if stub_values is None or move is None else \
                stub_values.get((node.order, move))
            stub = Placed(cursor + STUB / 2, y + level_h, None, here, name, stub_kind,
                          move=move, value=known, named_above=stub_values is not None)
            placed.append(stub)
            xs.append(stub.x)
            cursor += STUB
        # The moves left out for another reason: greyed, with no cut mark, and when there
        # are many (Gomoku's far cells) one stub per reason.
        groups: dict[str, list[tuple[Move, str]]] = {}
        for move, name, skip in aside:
            groups.setdefault(skip.sentence, []).append((move, name))
        shown: list[tuple[str, Move | None, str]] = []
        for why, items in groups.items():
            if len(items) <= 2 or len(groups) * 2 + len(shown) > MAX_STUBS + 2:
                if len(items) > 2:
                    shown.append((f"+{len(items)}", None, why))
                else:
                    shown.extend((name, move, why) for move, name in items)
            else:
                shown.append((items[0][1], items[0][0], why))
                shown.append((f"+{len(items) - 1}", None, why))
        for name, move, why in shown:
            stub = Placed(cursor + STUB / 2, y + level_h, None, here, name, stub_kind,
                          move=move, reason=why)
            placed.append(stub)
            xs.append(stub.x)
            cursor += STUB
        here.x = (xs[0] + xs[-1]) / 2
        return here

    top = root_top(m, root_label)
    visit(tree.root, None, top)
    placed[0].label = root_label
    bottom = max((p.y + (m.leaf_below if p.node is None or p.node.kind == "leaf" else m.below)
                  for p in placed), default=top)
    return placed, max(SLOT, math.ceil(cursor)), round(bottom + 8)


def node_at(placed: list[Placed], pos: tuple[float, float],
            metrics: Metrics = NORMAL) -> Placed | None:
    """The node or stub whose shape (or value under it) is at ``pos`` (tree space)."""
    best, best_d = None, float(metrics.px(26)) ** 2
    for p in placed:
        dx, dy = pos[0] - p.x, pos[1] - (p.y + metrics.px(8))  # the shape and the value
        d = dx * dx + (dy * 0.7) ** 2
        if d <= best_d:
            best, best_d = p, d
    return best


# --- drawing ----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Look:
    """The colours of one drawing (from the theme and the game's pieces)."""

    text: RGB
    dim: RGB
    ghost: RGB
    card: RGB
    edge: RGB
    path: RGB
    current: RGB
    selected: RGB
    max_fill: RGB
    min_fill: RGB
    leaf_fill: RGB
    cut: RGB


def look_for(theme: Theme, max_piece: RGB, min_piece: RGB) -> Look:
    """Colours for the tree: MAX in the root player's colour, MIN in the other's."""
    hc = theme.name == "high-contrast"
    return Look(
        text=theme.text, dim=theme.text_dim,
        ghost=theme.disabled_text if not hc else (150, 150, 150),
        card=theme.card,
        edge=mix(theme.text_dim, theme.card, 0.25) if not hc else theme.text,
        path=theme.accent, current=theme.accent, selected=theme.text,
        max_fill=max_piece, min_fill=min_piece,
        leaf_fill=theme.button if not hc else (0, 0, 0),
        cut=theme.danger,
    )


def shape_points(kind: str, cx: float, cy: float, half: float = HALF) -> list[tuple[float, float]]:
    """The outline of a MAX (up) or MIN (down) triangle centred on ``(cx, cy)``."""
    h = half * 0.87
    if kind == "max":
        return [(cx, cy - h - 2), (cx - half, cy + h), (cx + half, cy + h)]
    return [(cx - half, cy - h), (cx + half, cy - h), (cx, cy + h + 2)]


def draw_shape(surface: pygame.Surface, kind: str, terminal: bool, centre: tuple[float, float],
               fill: RGB | None, outline: RGB, width: int = 2, half: float = HALF) -> None:
    """One node's shape; ``fill=None`` draws the outline only (a pruned child).
    ``half``: half its width (``HALF``, or a projector's larger one)."""
    cx, cy = centre
    k = half / HALF
    if kind in ("max", "min"):
        points = shape_points(kind, cx, cy, half)
        if fill is not None:
            pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, outline, points, width)
    elif terminal:
        if fill is not None:
            draw.aa_circle(surface, fill, centre, round(12 * k))
        draw.aa_circle(surface, outline, centre, round(12 * k), width)
    else:
        side = round(22 * k)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(cx), round(cy))
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=3)
        pygame.draw.rect(surface, outline, rect, width, border_radius=3)


def _dashed(surface: pygame.Surface, colour: RGB, a: tuple[float, float],
            b: tuple[float, float], dash: int = 6, width: int = 2) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    n = max(1, int(length // (dash * 2)))
    for i in range(n + 1):
        t0, t1 = i * 2 * dash / length, min(1.0, (i * 2 * dash + dash) / length)
        if t0 >= 1:
            break
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, p0, p1, width)


def cut_mark(surface: pygame.Surface, colour: RGB, a: tuple[float, float],
             b: tuple[float, float], scale: float = 1.0) -> None:
    """Two short bars across the edge ``a``-``b`` at its middle: the lecture's cut-off
    (``scale``: larger in projector mode)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length  # along the edge
    px, py = -uy, ux  # across it
    arm, width = 7 * scale, max(3, round(3 * scale))
    for offset in (-3 * scale, 3 * scale):
        cx, cy = mx + ux * offset, my + uy * offset
        pygame.draw.line(surface, colour, (cx - px * arm, cy - py * arm),
                         (cx + px * arm, cy + py * arm), width)


def node_value_text(node: TreeNode, step: int) -> str:
    """The value under a node at ``step``: ``?`` until the search is done with it."""
    if node.exit_step > step or node.value is None:
        return "?"
    mark = {"lower": "≥", "upper": "≤"}.get(node.bound, "")
    return f"{mark}{value_text(node.value)}"


def draw_tree(surface: pygame.Surface, area: pygame.Rect, placed: list[Placed],
              offset: tuple[float, float], look: Look, step: int, *,
              current: TreeNode | None, selected: TreeNode | None,
              hovered: Placed | None, skipped: set[int] | frozenset[int] = frozenset(),
              metrics: Metrics = NORMAL) -> None:
    """Draw ``placed`` into ``area``, tree space shifted by ``offset`` (the pan).

    ``skipped``: nodes (by order) drawn faded, their top edge cut: in a minimax tree,
    the nodes alpha-beta would never visit. ``metrics``: the sizes (projector mode).
    """
    m = metrics
    half, slot, stub_w, below = m.half, m.slot, m.stub, m.below
    ox, oy = area.x - offset[0], area.y - offset[1]
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    on_path: set[int] = set()
    node = current
    while node is not None:
        on_path.add(node.order)
        node = node.parent

    def screen(p: Placed) -> tuple[float, float]:
        return (ox + p.x, oy + p.y)

    visible = area.inflate(slot * 2, m.px(160))
    shown = [p for p in placed if visible.collidepoint(screen(p))
             or (p.parent is not None and visible.collidepoint(screen(p.parent)))]
    # Highlights first, then the edges, then the shapes and their words on top.
    for p in shown:
        node = p.node
        if node is None and p is hovered:  # a pruned child under the mouse
            box = pygame.Rect(0, 0, stub_w, m.leaf_below + half + m.px(10))
            box.midtop = (round(ox + p.x), round(oy + p.y - half - m.px(6)))
            draw.translucent_rect(surface, box, look.selected, 28, radius=6)
            continue
        if node is None or not (node is current or node is selected or p is hovered):
            continue
        box = pygame.Rect(0, 0, slot - m.px(4), below + half + m.px(4))
        box.midtop = (round(ox + p.x), round(oy + p.y - half - m.px(6)))
        if node is current:
            draw.translucent_rect(surface, box, look.current, 60, radius=8)
            pygame.draw.rect(surface, look.current, box, m.px(3), border_radius=8)
        elif node is selected:
            pygame.draw.rect(surface, look.selected, box, m.px(2), border_radius=8)
        else:
            draw.translucent_rect(surface, box, look.selected, 28, radius=8)
    # Edges as elbows: down from the parent's words to a bar, along it, down to the child
    # (a wide fan of slanted lines would cross every label). Pruned children first, so
    # the searched ones draw over the bar they share; the way to the current step last.
    def elbow(p: Placed) -> tuple[tuple[float, float], float, tuple[float, float]]:
        assert p.parent is not None
        top = (ox + p.parent.x, oy + p.parent.y + below)
        return top, top[1] + m.px(5), (ox + p.x, oy + p.y - half - m.px(3))

    order = sorted((p for p in shown if p.parent is not None),
                   key=lambda p: 0 if p.node is None else 2 if p.node.order in on_path else 1)
    for p in order:
        (px, py), bar, (cx, cy) = elbow(p)
        if p.node is None:
            _dashed(surface, look.ghost, (px, bar), (cx, bar), m.px(6), m.line)
            _dashed(surface, look.ghost, (cx, bar), (cx, cy), m.px(6), m.line)
            if p.reason is None:  # a cut-off; a move left out for another reason has none
                cut_mark(surface, look.cut, (cx, bar + 2), (cx, cy), m.scale)
            continue
        colour, width = (look.path, m.px(4)) if p.node.order in on_path else (look.edge, m.line)
        pygame.draw.line(surface, colour, (px, py - 1), (px, bar), width)
        pygame.draw.line(surface, colour, (min(px, cx) - width // 2, bar),
                         (max(px, cx) + width // 2, bar), width)
        pygame.draw.line(surface, colour, (cx, bar), (cx, cy), width)
        assert p.parent is not None  # ``order`` holds children only
        parent = p.parent.node
        if p.node.order in skipped and (parent is None or parent.order not in skipped) \
                and p.node.outside is None:
            cut_mark(surface, look.cut, (cx, bar + 2), (cx, cy), m.scale)  # where α-β cuts
    for p in shown:  # each edge's move, just above its child
        if p.node is None and p.named_above and p.parent is not None:
            _, bar, (cx, cy) = elbow(p)  # beside the drop, which carries the cut mark
            w = draw.text_size(p.label, m.move_size)[0]
            _move_label(surface, p.label, (cx + w / 2 + m.px(11), (bar + cy) / 2), look,
                        m.move_size, look.ghost)
            continue
        if not p.label or p.node is None:
            continue
        if p.parent is None:  # the root's own letter (a hand-made tree), above it
            _move_label(surface, p.label, (ox + p.x, oy + p.y - half - m.px(6)
                                           - draw.text_size(p.label, m.move_size)[1] / 2),
                        look, m.move_size)
            continue
        _, bar, (cx, cy) = elbow(p)
        parent = p.parent.node
        if p.node.order in skipped and (parent is None or parent.order not in skipped):
            # Beside the drop, which carries the cut mark.
            w = draw.text_size(p.label, m.move_size)[0]
            _move_label(surface, p.label, (cx + w / 2 + m.px(9), (bar + cy) / 2), look,
                        m.move_size)
        else:
            _move_label(surface, p.label, (cx, (bar + cy) / 2), look, m.move_size)
    for p in shown:
        cx, cy = screen(p)
        if not area.inflate(slot, m.px(80)).collidepoint(cx, cy):
            continue
        if p.node is None and p.reason is not None:  # left out, not by α-β: a dotted ring
            for i in range(12):
                angle = i * math.pi / 6
                draw.aa_circle(surface, look.ghost, (cx + half * 0.8 * math.cos(angle),
                                                     cy + half * 0.8 * math.sin(angle)),
                               m.px(2))
            draw.blit_text(surface, p.label, m.move_size, look.ghost, (cx, cy + half + 3),
                           "midtop", max_width=stub_w + m.px(6))
            continue
        if p.node is None:  # a pruned child: an outline, its move (or value) in grey
            draw_shape(surface, p.kind, False, (cx, cy), None, look.ghost, m.line, half)
            if p.named_above:
                if p.value is not None:
                    draw.blit_text(surface, value_text(p.value), m.value_size, look.ghost,
                                   (cx, cy + half + 3), "midtop", max_width=slot - 2)
            else:
                draw.blit_text(surface, p.label, m.move_size, look.ghost, (cx, cy + half + 3),
                               "midtop", max_width=stub_w + m.px(6))
            continue
        node = p.node
        fill = {"max": look.max_fill, "min": look.min_fill}.get(node.kind, look.leaf_fill)
        outline = look.text
        if node.order in skipped:
            fill, outline = mix(fill, look.card, 0.6), look.ghost
        draw_shape(surface, node.kind, node.terminal, (cx, cy), fill, outline, m.line, half)
        value = node_value_text(node, step)
        r = draw.blit_text(surface, value, m.value_size,
                           look.dim if node.order in skipped else look.text,
                           (cx, cy + half + 3), "midtop", bold=True, max_width=slot - 2)
        if node.kind != "leaf" and node.alpha is not None:
            draw.blit_text(surface, window_text(node.alpha, node.beta), m.window_size, look.dim,
                           (cx, max(r.bottom, cy + half + m.px(21))), "midtop",
                           max_width=slot - 2)
        if p.collapsed:
            badge = (cx + half + m.px(8), cy - m.px(2))
            radius, arm = m.px(8), m.px(4)
            draw.aa_circle(surface, look.card, badge, radius)
            draw.aa_circle(surface, look.dim, badge, radius, m.line)
            pygame.draw.line(surface, look.text, (badge[0] - arm, badge[1]),
                             (badge[0] + arm, badge[1]), m.line)
            pygame.draw.line(surface, look.text, (badge[0], badge[1] - arm),
                             (badge[0], badge[1] + arm), m.line)
    surface.set_clip(clip)


def _move_label(surface: pygame.Surface, text: str, centre: tuple[float, float],
                look: Look, size: int = MOVE_SIZE, colour: RGB | None = None) -> None:
    w, h = draw.text_size(text, size)
    pill = pygame.Rect(0, 0, w + 8, h)
    pill.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, look.card, pill, border_radius=4)
    draw.blit_text(surface, text, size, colour or look.text, pill.center, "center")


# --- the window on a number line -------------------------------------------------------------

def draw_number_line(surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
                     alpha: int | None, beta: int | None, best: int | None,
                     value: int | None = None, strict: bool = False) -> None:
    """α and β on a number line, as lectures draw them: the band between them is what
    can still change the result; when β ≤ α it is empty and the node is cut off
    (``strict``, the rule of pruning only when α > β: when β < α).
    ``best`` is the best value so far of the node being searched (at a leaf step, the
    leaf's parent); ``value`` a leaf's own value, drawn apart as a ring.

    ``−∞`` and ``+∞`` sit at the ends; finite values are spread between them in order
    (the scale is ordinal: it shows which is larger, not by how much).
    """
    text, dim = theme.text, theme.text_dim
    if alpha is None or beta is None:
        draw.blit_text(surface, _("Minimax has no window: it searches every move."), 18, dim,
                       rect.center, "center", max_width=rect.width)
        return
    edge = INFINITY_EDGE
    end_w = draw.text_size("+∞", 16)[0] + 6
    left, right = rect.x + end_w, rect.right - end_w
    y = rect.y + 27
    finite = sorted({v for v in (alpha, beta, best, value)
                     if v is not None and abs(v) < edge})
    inner_left = left + (right - left) * 0.16
    inner_right = right - (right - left) * 0.16

    def x_of(v: int) -> float:
        if v <= -edge:
            return left
        if v >= edge:
            return right
        if len(finite) == 1:
            return (inner_left + inner_right) / 2
        return inner_left + (inner_right - inner_left) * finite.index(v) / (len(finite) - 1)

    pygame.draw.line(surface, dim, (left, y), (right, y), 2)
    draw.blit_text(surface, "−∞", 16, dim, (left - 4, y), "midright")
    draw.blit_text(surface, "+∞", 16, dim, (right + 4, y), "midleft")
    xa, xb = x_of(alpha), x_of(beta)
    closed = beta < alpha if strict else beta <= alpha
    colour = theme.danger if closed else theme.accent
    if not closed:
        band = pygame.Rect(round(xa), y - 5, max(2, round(xb - xa)), 10)
        draw.translucent_rect(surface, band, theme.accent, 110, radius=4)
    ink = colour if theme.name != "high-contrast" else text
    # α's words end at its mark and β's begin at its mark, so they never overlap; when
    # the window has closed (β left of α) they swap sides.
    for x, name, bound, anchor in ((xa, "α", alpha, "bottomleft" if closed else "bottomright"),
                                   (xb, "β", beta, "bottomright" if closed else "bottomleft")):
        pygame.draw.line(surface, colour, (x, y - 11), (x, y + 11), 3)
        label = f"{name} = {value_text(bound)}"
        w = draw.text_size(label, 17, True)[0]
        lx = x + 3 if anchor == "bottomleft" else x - 3 - w
        lx = min(max(lx, rect.x), rect.right - w)  # near the ends, keep the words inside
        draw.blit_text(surface, label, 17, ink, (lx, y - 10), "bottomleft", bold=True)
    if closed:  # the marks have crossed: say so under them instead of the best value
        # Translators: under the alpha-beta line when the window has closed (keep β ≤ α).
        words = _("β < α: cut off") if strict else _("β ≤ α: cut off")
        draw.blit_text(surface, words, 16, theme.danger, ((xa + xb) / 2, y + 8),
                       "midtop", bold=True)
        return
    taken: list[tuple[float, float]] = []  # the words under the line, kept apart
    for mark, kind in ((best, "best"), (value, "leaf")):
        if mark is None or abs(mark) >= edge:
            continue
        xm = x_of(mark)
        if kind == "leaf":
            draw.aa_circle(surface, theme.accent, (xm, y), 6, 2)
        else:
            draw.aa_circle(surface, text, (xm, y), 5)
        # Translators: a mark on the alpha-beta line; {value} is a number such as "+3".
        words = (_("best so far {value}") if kind == "best"
                 else _("leaf {value}")).format(value=value_text(mark))
        w = draw.text_size(words, 15)[0]
        lx = min(max(xm - w / 2, rect.x), rect.right - w)
        for a, b in taken:
            if lx < b + 6 and lx + w > a - 6:
                lx = b + 8 if xm >= (a + b) / 2 else a - 8 - w
        lx = min(max(lx, rect.x), rect.right - w)
        taken.append((lx, lx + w))
        draw.blit_text(surface, words, 15, dim, (lx, y + 8), "topleft")


INFINITY_EDGE = 10 ** 6 + 1
"""``ai.search.INFINITY``: a window edge this far out is drawn at the line's end."""


# untranslated: the exported names
__all__ = ["NORMAL", "Look", "Metrics", "Placed", "draw_number_line", "draw_tree",
           "level_height", "look_for", "node_at", "node_value_text", "place", "root_top"]
