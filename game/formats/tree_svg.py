"""Game trees as SVG figures in the lectures' style, for slides and worksheets.

MAX nodes are triangles pointing up, MIN nodes triangles pointing down, leaves squares;
under each shape its value (and, for alpha-beta, the (α, β) window it was searched
with); the move on each edge; children alpha-beta never searched hang greyed under
their node with a red cross on their edge; moves left out for another reason (a forced
block, renju) are dotted circles with no cross. Every node is exactly one shape whose
``class`` starts with ``node`` (``node max``, ``node min``, ``node leaf``, ``node
pruned``, ``node skipped``), so a script (or a test) can find them.

The SVG is plain text built here; nothing is read from or written to files (the
commands do that, ``game.files``).

>>> leaf = FigNode("leaf", "", "a1", "+3")
>>> svg = figure_svg(FigNode("max", "", "", "+3", children=[leaf]), "A tiny tree")
>>> svg.count('class="node'), svg.startswith("<?xml")
(2, True)
"""

from __future__ import annotations

import dataclasses

from ai.explain.exercises import INF, Exercise, ExNode, preorder
from ai.explain.tree import MODE_TITLES, SearchTree, TreeNode, value_text, window_text
from game.i18n import N_, _, ngettext
from game.rules import GAMES

SLOT = 64
"""Width given to each leaf (and each pruned or skipped stub), in SVG units."""
LEVEL = 96
"""Vertical distance between levels."""
HALF = 15
"""Half the size of a shape."""
MAX_STUBS = 4
"""Pruned or skipped children drawn one by one under a node; more are gathered."""
EXERCISE_KINDS = {"minimax": N_("minimax"), "alphabeta": N_("alphabeta"),
                  "ordering": N_("ordering")}
"""An exercise's kind as the caption names it ("alphabeta exercise")."""
SEPARATOR = " · "  # untranslated: between the caption's parts, each translated alone


def escape(text: str) -> str:
    """``text`` safe inside SVG markup: ``&``, ``<`` and ``>`` as entities (the standard
    library's xml.sax.saxutils does the same, but costs every `plies` command 40 ms)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclasses.dataclass
class FigNode:
    """One shape of a figure: its kind, the name inside it, the move on its edge, and
    the words under it (value, window)."""

    kind: str
    """``max``, ``min``, ``leaf``, ``pruned`` (never searched: a cut-off) or ``skipped``
    (left out for another reason)."""
    name: str
    move: str
    value: str = ""
    window: str = ""
    children: list[FigNode] = dataclasses.field(default_factory=list)
    dim: bool = False
    """Drawn greyed (an exercise's node alpha-beta never visits)."""
    crossed: bool = False
    """A red cross on the edge above it (a cut-off is why it was never searched)."""
    x: float = 0.0
    y: float = 0.0

    def walk(self) -> list[FigNode]:
        """This node and everything below it, depth-first in drawing order."""
        return preorder(self)


# --- from a recorded search -------------------------------------------------------------

def from_search(tree: SearchTree) -> FigNode:
    """The recorded tree, every visited node with its value and window, the pruned and
    skipped children under their nodes."""
    windowed = tree.mode != "minimax"

    def one(node: TreeNode) -> FigNode:
        mark = {"lower": "≥", "upper": "≤"}.get(node.bound, "")
        fig = FigNode(node.kind, "", node.name, mark + value_text(node.value),
                      window_text(node.alpha, node.beta) if windowed and node.kind != "leaf"
                      else "")
        fig.children = [one(c) for c in node.children]
        stub_kind = "pruned"
        names = list(node.pruned_names)
        if len(names) > MAX_STUBS:
            names = [*names[:MAX_STUBS - 1], f"+{len(names) - MAX_STUBS + 1}"]
        fig.children += [FigNode(stub_kind, "", name, crossed=True) for name in names]
        skipped = [name for _move, name, _reason in node.skipped]
        if len(skipped) > MAX_STUBS:
            skipped = [*skipped[:MAX_STUBS - 1], f"+{len(skipped) - MAX_STUBS + 1}"]
        fig.children += [FigNode("skipped", "", name) for name in skipped]
        return fig

    return one(tree.root)


def _where(game_name: str, moves: str) -> str:
    """The caption's first part: the game and the position."""
    if game_name not in GAMES:  # ai.explain.trees.HandTree: a lecturer's own tree
        return _("A hand-made tree")
    game = _(GAMES[game_name].title)
    if moves:
        # Translators: a figure's caption: {moves} are the moves played (notation).
        return _("{game} after {moves}").format(game=game, moves=moves)
    return _("{game}, start position").format(game=game)


def search_caption(tree: SearchTree) -> str:
    """``Connect-4 after 4453 · alpha-beta, depth 2 · MAX Yellow · 21 nodes, 24 pruned``
    (in the current language; the parts are translated one by one)."""
    return SEPARATOR.join((
        _where(tree.game_name, tree.moves_text),
        # Translators: {mode} is a search mode ("alpha-beta").
        _("{mode}, depth {depth}").format(mode=_(MODE_TITLES[tree.mode]), depth=tree.depth),
        # Translators: MAX and MIN are the search's two players, {max_side} and {min_side}
        # the game's sides ("Red").
        _("MAX {max_side}, MIN {min_side}").format(max_side=tree.side_names[0],
                                                   min_side=tree.side_names[1]),
        _("value {value}, best {move}").format(value=value_text(tree.value),
                                              move=tree.best_name),
        ngettext("{nodes} node, {pruned} pruned", "{nodes} nodes, {pruned} pruned",
                 tree.node_count).format(nodes=tree.node_count, pruned=tree.pruned_count)))


# --- from an exercise -------------------------------------------------------------------

def from_exercise(exercise: Exercise, *, answers: bool) -> FigNode:
    """The worksheet (``answers=False``: node names, leaf values, blanks) or its key
    (every value; for alpha-beta the windows, and the nodes never visited greyed with
    a cross on the edge where the cut-off was)."""
    key = exercise.key
    trace = key.get("alphabeta")
    never = set(trace["never_visited"]) if trace and exercise.kind == "alphabeta" else set()
    cut_children = {c for rest in (trace or {}).get("cutoffs", {}).values() for c in rest}

    def one(node: ExNode, parent_never: bool) -> FigNode:
        gone = node.id in never
        fig = FigNode(node.kind, node.id, node.move)
        if node.kind == "leaf" or answers:
            fig.value = _v(key["values"][node.id]) if answers or node.value is None \
                else _v(node.value)
        else:
            fig.value = "?"
        if answers and exercise.kind == "alphabeta" and not gone and node.kind != "leaf":
            a, b = trace["windows"][node.id]
            fig.window = f"({_v(a)}, {_v(b)})"
        if answers and gone:
            fig.dim = True
            fig.crossed = node.id in cut_children and not parent_never
        fig.children = [one(c, gone) for c in node.children]
        return fig

    return one(exercise.root, False)


def exercise_caption(exercise: Exercise, *, answers: bool) -> str:
    """The worksheet's caption (with the question) or the key's (with the answers), in
    the current language; the parts are translated one by one."""
    kind = _(EXERCISE_KINDS.get(exercise.kind, exercise.kind))
    head = [_where(exercise.game_name, exercise.moves),
            # Translators: {kind} is the exercise's kind ("minimax"); {seed} a number that
            # makes the same exercise again.
            _("{kind} exercise, depth {depth}, seed {seed}").format(
                kind=kind, depth=exercise.depth, seed=exercise.seed)]
    if not answers:
        return SEPARATOR.join((*head, exercise.question()))
    if exercise.kind == "ordering":
        o = exercise.key["ordering"]
        # Translators: {best_order}, {worst_order} are move orders (notation), the others
        # counts of nodes.
        said = ngettext("answers: best order {best_order} ({best_nodes} node), worst "
                        "{worst_order} ({worst_nodes}), as given {given_nodes}",
                        "answers: best order {best_order} ({best_nodes} nodes), worst "
                        "{worst_order} ({worst_nodes}), as given {given_nodes}",
                        o["best_nodes"]).format(
            best_order=" ".join(o["best_order"]), best_nodes=o["best_nodes"],
            worst_order=" ".join(o["worst_order"]), worst_nodes=o["worst_nodes"],
            given_nodes=o["given_nodes"])
    elif exercise.kind == "alphabeta":
        never = exercise.key["alphabeta"]["leaves_never_visited"]
        # Translators: {leaves} are the leaves' names ("D, F"), or "none".
        said = _("answers: leaves never visited: {leaves}").format(
            # Translators: no leaf (the leaves alpha-beta never visits).
            leaves=", ".join(never) if never else _("none"))
    else:
        # Translators: the caption of an exercise's key (the answers are in the figure).
        said = _("answers")
    return SEPARATOR.join((*head, said))


def _v(value: int) -> str:
    if value >= INF:
        return "+∞"
    if value <= -INF:
        return "−∞"
    return value_text(value)


# --- drawing ----------------------------------------------------------------------------

def _layout(root: FigNode) -> tuple[float, float]:
    cursor = 0.0

    def place(node: FigNode, depth: int) -> None:
        nonlocal cursor
        node.y = 40 + depth * LEVEL
        if not node.children:
            node.x = cursor + SLOT / 2
            cursor += SLOT
            return
        for child in node.children:
            place(child, depth + 1)
        node.x = (node.children[0].x + node.children[-1].x) / 2

    place(root, 0)
    height = max(n.y for n in root.walk()) + 60
    return max(cursor, 200.0), height


def _shape(node: FigNode, colour: str, fill: str) -> str:
    x, y, h = node.x, node.y, HALF
    if node.kind == "max":
        points = f"{x},{y - h} {x + h},{y + h * 0.8} {x - h},{y + h * 0.8}"
        # untranslated: SVG markup
        return (f'<polygon class="node max" points="{points}" fill="{fill}" '
                f'stroke="{colour}" stroke-width="2"/>')
    if node.kind == "min":
        points = f"{x - h},{y - h * 0.8} {x + h},{y - h * 0.8} {x},{y + h}"
        # untranslated: SVG markup
        return (f'<polygon class="node min" points="{points}" fill="{fill}" '
                f'stroke="{colour}" stroke-width="2"/>')
    if node.kind == "skipped":
        # untranslated: SVG markup
        return (f'<circle class="node skipped" cx="{x}" cy="{y}" r="{h * 0.8}" fill="none" '
                f'stroke="#9aa0aa" stroke-width="2" stroke-dasharray="2,3"/>')
    kind = "pruned" if node.kind == "pruned" else "leaf"
    # untranslated: SVG markup
    return (f'<rect class="node {kind}" x="{x - h * 0.8}" y="{y - h * 0.8}" '
            f'width="{h * 1.6}" height="{h * 1.6}" fill="{fill}" stroke="{colour}" '
            f'stroke-width="2"/>')


def figure_svg(root: FigNode, caption: str) -> str:
    """The whole figure as an SVG document (UTF-8 text)."""
    width, height = _layout(root)
    width += 20
    height += 30
    # untranslated: SVG markup
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           # untranslated: SVG markup
           (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="-10 0 {width:.0f} {height:.0f}" '
            f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'),
           # untranslated: SVG markup
           f'<rect x="-10" y="0" width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    nodes = root.walk()
    parents = {id(c): n for n in nodes for c in n.children}
    for node in nodes:  # edges first, under the shapes
        parent = parents.get(id(node))
        if parent is None:
            continue
        grey = node.kind in ("pruned", "skipped") or node.dim
        colour = "#9aa0aa" if grey else "#333a44"
        dash = ' stroke-dasharray="5,4"' if grey else ""
        x1, y1, x2, y2 = parent.x, parent.y + HALF + 26, node.x, node.y - HALF - 2
        # untranslated: SVG markup
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
                   f'stroke-width="1.5"{dash}/>')
        mx, my = x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55
        if node.crossed:
            # untranslated: SVG markup
            out.append(f'<path class="cut" d="M{mx - 6},{my - 6} L{mx + 6},{my + 6} '
                       f'M{mx - 6},{my + 6} L{mx + 6},{my - 6}" stroke="#d0312d" '
                       f'stroke-width="2.5"/>')
        if node.move:
            # untranslated: SVG markup
            out.append(f'<text x="{mx + 9}" y="{my - 2}" font-size="12" fill="{colour}">'
                       f'{escape(node.move)}</text>')
    for node in nodes:
        grey = node.kind in ("pruned", "skipped") or node.dim
        colour = "#9aa0aa" if grey else "#222831"
        fill = {"max": "#f6c945", "min": "#e8584f", "leaf": "#ffffff",
                "pruned": "#ffffff"}.get(node.kind, "none")
        if grey and node.kind != "skipped":
            fill = "#eeeeee"
        out.append(_shape(node, colour, fill))
        if node.name:
            # untranslated: SVG markup
            out.append(f'<text x="{node.x}" y="{node.y + 4}" font-size="11" '
                       f'text-anchor="middle" fill="#222831">{escape(node.name)}</text>')
        if node.value:
            # untranslated: SVG markup
            out.append(f'<text x="{node.x}" y="{node.y + HALF + 14}" font-size="13" '
                       f'font-weight="bold" text-anchor="middle" fill="{colour}">'
                       f'{escape(node.value)}</text>')
        if node.window:
            # untranslated: SVG markup
            out.append(f'<text x="{node.x}" y="{node.y + HALF + 27}" font-size="10" '
                       f'text-anchor="middle" fill="#5a6270">{escape(node.window)}</text>')
    # untranslated: SVG markup
    out.append(f'<text x="0" y="{height - 10}" font-size="12" fill="#5a6270">'
               f'{escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["FigNode", "exercise_caption", "figure_svg", "from_exercise", "from_search",
           "search_caption"]
