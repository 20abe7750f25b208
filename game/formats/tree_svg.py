"""Game trees as figures and worksheets in the lectures' style, for slides and paper.

MAX nodes are triangles pointing up, MIN nodes triangles pointing down, leaves squares;
under each shape its value (and, for alpha-beta, the (α, β) window it was searched
with); the move beside each edge; children alpha-beta never searched hang greyed under
their node with a red cross on their edge; moves left out for another reason (a forced
block, renju) are dotted circles with no cross. Every node is exactly one shape whose
``class`` starts with ``node`` (``node max``, ``node min``, ``node leaf``, ``node
pruned``, ``node skipped``), so a script (or a test) can find them. MAX and MIN are
filled with the colours of the pieces of the side each stands for, as the window's tree
explorer fills them (``PIECE_COLOURS``).

Made for printing: one unit is one typographic point, the smallest text is
``SMALLEST_TEXT`` (10 pt) and no figure is wider than ``PAGE_WIDTH`` (a landscape Letter
page less its margins, the narrower of Letter and A4), so a figure printed at its size
is legible. A tree too wide for that is split into parts (the root and its children,
then each child's subtree below the first part); one whose parts are still too wide is
refused (``FigureTooWide``). Captions and questions wrap inside the width
(``wrap_text``, measured with the bold DejaVu Sans advance widths in ``_WIDTHS``: an
over-estimate for the regular face, and a full em for anything else, CJK included).
Move labels are placed beside their edge where they overlap no cross, no other label
and no node's text.

A figure is first a ``Drawing``: a list of plain shapes (``Shape``) in page units, with
the places a page may break; ``to_svg`` writes it as SVG, ``game.formats.pdf`` draws it
on PDF pages. Nothing is read from or written to files here (the commands do that,
``game.files``).

>>> leaf = FigNode("leaf", "", "a1", "+3")
>>> svg = figure_svg(FigNode("max", "", "", "+3", children=[leaf]), "A tiny tree")
>>> svg.count('class="node'), svg.startswith("<?xml")
(2, True)
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable

from ai.explain.exercises import INF, Exercise, ExNode, bound_text, preorder
from ai.explain.tree import MODE_TITLES, SearchTree, TreeNode, value_text, window_text
from game.i18n import N_, _, ngettext, raw
from game.rules import GAMES
from game.rules.base import Game

PAGE_WIDTH = 720.0
"""The widest figure, in points: US Letter landscape (792 pt) less two half-inch margins
(A4 landscape less 12.7 mm margins is 785 pt: Letter is the narrower)."""
PAGE_HEIGHT = 540.0
"""The tallest part of a figure that must stay on one page (Letter landscape, 612 pt
less its margins)."""
SMALLEST_TEXT = 10.0
"""The smallest text of a figure, in points: legible on paper and on a slide."""
NAME_SIZE, VALUE_SIZE, WINDOW_SIZE, MOVE_SIZE = 10.0, 11.0, 10.0, 10.0
BODY_SIZE, TITLE_SIZE = 10.0, 12.0
ROW = 14.0
"""Height of one row of text under a node (value, window)."""
HALF = 12.0
"""Half the size of a shape."""
LEVEL = 104.0
"""Vertical distance between levels."""
MIN_SLOT = 34.0
"""The narrowest width given to a leaf."""
STUB_SLOT = 26.0
"""The width given to each pruned or skipped stub (a shape with no text under it)."""
GAP = 8.0
"""The least space between two nodes' texts side by side."""
MARGIN = 12.0
"""White space around a figure's content."""
MAX_PARTS = 32
"""The most parts a tree is split into (a few pages); a bigger tree is refused."""
MAX_STUBS = 4
"""Pruned or skipped children drawn one by one under a node; more are gathered."""
EXERCISE_KINDS = {"minimax": N_("minimax"), "alphabeta": N_("alphabeta"),
                  "ordering": N_("ordering")}
"""An exercise's kind as the caption names it ("alphabeta exercise")."""
SEPARATOR = " · "  # untranslated: between the caption's parts, each translated alone
FONT_FAMILY = raw("DejaVu Sans, Noto Sans CJK SC, Helvetica, Arial, sans-serif")

RGB = tuple[int, int, int]
PIECE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "connect4": ((222, 49, 56), (247, 201, 40)),
    "othello": ((34, 35, 40), (242, 241, 236)),
    "gomoku": ((34, 35, 40), (242, 241, 236)),
    "tictactoe": ((36, 88, 200), (206, 52, 52)),
}
"""Side 0's and side 1's piece colours, the classic theme's (``game.ui.theme``, which
this layer may not import; a test keeps the two equal). MAX is filled with the colour of
the side to move at the root, MIN with the other's, as in the window's tree explorer."""
NEUTRAL_COLOURS: tuple[RGB, RGB] = ((246, 201, 69), (120, 170, 230))
"""MAX and MIN of a tree from no game (a hand-made tree)."""
BOARD_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "connect4": ((38, 96, 212), (214, 224, 240)),
    "othello": ((34, 134, 82), (14, 72, 42)),
    "gomoku": ((232, 190, 122), (84, 58, 32)),
    "tictactoe": ((250, 248, 240), (60, 66, 84)),
}
"""Each board's surface and its lines (Connect-4: its empty holes), the classic theme's."""
INK, GREY, SOFT, CUT = "#222831", "#9aa0aa", "#5a6270", "#d0312d"


class FigureTooWide(ValueError):
    """A tree too wide for a page even in parts: ``leaves`` side by side in its widest
    part where a page holds ``most`` (or in the whole tree, where ``MAX_PARTS`` parts
    hold ``most``). The command says which option makes it smaller."""

    def __init__(self, leaves: int, most: int) -> None:
        super().__init__(leaves, most)
        self.leaves = leaves
        self.most = most


# --- measuring text ---------------------------------------------------------------------

def _table(first: int, widths: str) -> dict[str, float]:
    return {chr(first + i): int(w) / 100 for i, w in enumerate(widths.split())}


_WIDTHS: dict[str, float] = {
    **_table(32, """
35 46 53 84 70 101 88 31 46 46 53 84 38 42 38 37 70 70 70 70 70 70 70 70 70 70 40 40 84
84 84 58 100 78 77 74 83 69 69 83 84 38 38 78 64 100 84 85 74 85 77 73 69 82 78 111 78
73 73 46 37 46 84 50 50 68 72 60 72 68 44 72 72 35 35 67 35 105 72 69 72 72 50 60 48 72
66 93 65 66 59 72 37 72 84"""),
    **_table(160, """
35 46 70 70 64 70 37 50 50 100 57 65 84 42 100 50 50 84 44 44 50 74 64 38 50 44 57 65
104 104 104 58 78 78 78 78 78 78 109 74 69 69 69 69 38 38 38 38 84 84 85 85 85 85 85 84
85 82 82 82 82 73 74 72 68 68 68 68 68 68 105 60 68 68 68 68 35 35 35 35 69 72 69 69 69
69 69 84 69 72 72 72 72 66 72 66"""),
    **_table(0x100, """
78 68 78 68 78 68 74 60 74 60 74 60 74 60 83 72 84 72 69 68 69 68 69 68 69 68 69 68 83
72 83 72 83 72 83 72 84 72 98 79 38 35 38 35 38 35 38 35 38 35 75 69 38 35 78 67 67 64
35 64 35 64 48 64 56 65 38 84 72 84 72 84 72 99 84 72 85 69 85 69 85 69 117 110 77 50 77
50 77 50 73 60 73 60 73 60 73 60 69 48 69 48 69 48 82 72 82 72 82 72 82 72 82 72 82 72
111 93 73 66 73 73 59 73 59 73 59 44"""),
    **dict(zip("−∞αβ≤≥·–—…‘’“”•×÷←→↑↓", (
        0.84, 0.84, 0.69, 0.72, 0.84, 0.84, 0.38, 0.50, 1.00, 1.00, 0.38, 0.38, 0.66, 0.66,
        0.64, 0.84, 0.84, 0.84, 0.84, 0.84, 0.84), strict=True)),
}
"""Advance widths (em) of DejaVu Sans Bold, the figure's first font, for Latin text and
the figures' symbols (read from the font's ``hmtx`` table with fontTools)."""


def text_width(text: str, size: float) -> float:
    """An upper estimate of ``text``'s width in points at ``size`` points: DejaVu Sans
    Bold's widths (wider than the regular face), a full em for any other character (a
    CJK character is one em in Noto Sans CJK; zero-width marks count as nothing)."""
    em = 0.0
    for char in text:
        width = _WIDTHS.get(char)
        if width is None:
            width = 0.0 if unicodedata.combining(char) else 1.0
        em += width
    return em * size


def wrap_text(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` points: between
    words, or between any two wide (CJK) characters, which take no spaces; a word
    longer than a line is cut between characters."""
    tokens: list[str] = []
    word = ""
    for char in text:
        if unicodedata.east_asian_width(char) in "WF":
            if word:
                tokens.append(word)
            tokens.append(char)
            word = ""
        elif char == " ":
            tokens.append(word + " ")
            word = ""
        else:
            word += char
    if word:
        tokens.append(word)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if text_width((line + token).rstrip(), size) <= width:
            line += token
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = ""
        while text_width(token.rstrip(), size) > width:  # a word wider than a line
            cut = len(token) - 1
            while cut > 1 and text_width(token[:cut], size) > width:
                cut -= 1
            lines.append(token[:cut])
            token = token[cut:]
        line = token
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def escape(text: str) -> str:
    """``text`` safe inside SVG markup: ``&``, ``<`` and ``>`` as entities (the standard
    library's xml.sax.saxutils does the same, but costs every `plies` command 40 ms)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;")


# --- shapes and drawings ----------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Shape:
    """One thing drawn, in page units (points, y down).

    ``tag`` says what ``points`` hold: ``line`` x1 y1 x2 y2; ``polygon`` x y x y …;
    ``rect`` x y w h; ``circle`` cx cy r; ``cross`` cx cy r (two strokes); ``text`` x y
    (the baseline; ``anchor`` start, middle or end).
    """

    tag: str
    points: tuple[float, ...]
    cls: str = ""
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.0
    dash: tuple[float, float] | None = None
    text: str = ""
    size: float = 0.0
    bold: bool = False
    anchor: str = "start"

    def box(self) -> tuple[float, float, float, float]:
        """The extent ``(x0, y0, x1, y1)``; a text's from its estimated width."""
        p = self.points
        if self.tag == "text":
            w = text_width(self.text, self.size)
            x0 = p[0] - {"start": 0.0, "middle": w / 2, "end": w}[self.anchor]
            return x0, p[1] - self.size * 0.8, x0 + w, p[1] + self.size * 0.25
        if self.tag == "rect":
            return p[0], p[1], p[0] + p[2], p[1] + p[3]
        if self.tag in ("circle", "cross"):
            return p[0] - p[2], p[1] - p[2], p[0] + p[2], p[1] + p[2]
        xs, ys = p[0::2], p[1::2]
        return min(xs), min(ys), max(xs), max(ys)


@dataclasses.dataclass
class Drawing:
    """A figure or a worksheet: its size, its shapes in drawing order, and the heights
    where a page may break (between the parts of a split tree, above a tree)."""

    width: float
    height: float = 0.0
    shapes: list[Shape] = dataclasses.field(default_factory=list)
    breaks: list[float] = dataclasses.field(default_factory=list)
    title: str = ""
    continued: str = ""
    """A line for the top of every page after a drawing's first (which sheet it is)."""

    def add(self, tag: str, *points: float, **style: object) -> Shape:
        shape = Shape(tag, tuple(points), **style)  # type: ignore[arg-type]
        self.shapes.append(shape)
        return shape

    def paragraph(self, text: str, x: float, y: float, width: float, *,
                  size: float = BODY_SIZE, bold: bool = False, fill: RGB = (34, 40, 49),
                  cls: str = "caption") -> float:
        """``text`` wrapped into ``width`` from the top ``y``; the height below it."""
        for line in wrap_text(text, width, size):
            y += size * 1.3
            self.add("text", x, y, text=line, size=size, bold=bold, fill=fill, cls=cls)
        return y + size * 0.4

    def texts(self) -> list[Shape]:
        return [s for s in self.shapes if s.tag == "text"]


def _hex(colour: RGB | None) -> str:
    return "none" if colour is None else "#{:02x}{:02x}{:02x}".format(*colour)  # untranslated: CSS


def _rgb(text: str) -> RGB:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def to_svg(drawing: Drawing) -> str:
    """The drawing as an SVG document (UTF-8 text), one unit a point."""
    w, h = _n(drawing.width), _n(drawing.height)
    out = [raw('<?xml version="1.0" encoding="UTF-8"?>'),
           raw(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" '
               f'viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">')]
    if drawing.title:
        out.append(raw(f"<title>{escape(drawing.title)}</title>"))
    out.append(raw(f'<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>'))
    for s in drawing.shapes:
        cls = f' class="{s.cls}"' if s.cls else ""
        paint = (f' fill="{_hex(s.fill)}" stroke="{_hex(s.stroke)}"'
                 + (f' stroke-width="{_n(s.width)}"' if s.stroke else "")
                 + (f' stroke-dasharray="{_n(s.dash[0])},{_n(s.dash[1])}"' if s.dash else ""))
        p = [_n(v) for v in s.points]
        if s.tag == "line":
            out.append(f'<line{cls} x1="{p[0]}" y1="{p[1]}" x2="{p[2]}" y2="{p[3]}"{paint}/>')
        elif s.tag == "polygon":
            pairs = " ".join(f"{p[i]},{p[i + 1]}" for i in range(0, len(p), 2))
            out.append(f'<polygon{cls} points="{pairs}"{paint}/>')
        elif s.tag == "rect":
            out.append(f'<rect{cls} x="{p[0]}" y="{p[1]}" width="{p[2]}" height="{p[3]}"'
                       f'{paint}/>')
        elif s.tag == "circle":
            out.append(f'<circle{cls} cx="{p[0]}" cy="{p[1]}" r="{p[2]}"{paint}/>')
        elif s.tag == "cross":
            x, y, r = s.points
            out.append(f'<path{cls} d="M{_n(x - r)},{_n(y - r)} L{_n(x + r)},{_n(y + r)} '
                       f'M{_n(x - r)},{_n(y + r)} L{_n(x + r)},{_n(y - r)}"{paint}/>')
        else:
            weight = ' font-weight="bold"' if s.bold else ""
            anchor = f' text-anchor="{s.anchor}"' if s.anchor != "start" else ""
            out.append(f'<text{cls} x="{p[0]}" y="{p[1]}" font-size="{_n(s.size)}"{weight}'
                       f'{anchor} fill="{_hex(s.fill)}">{escape(s.text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- the tree drawn ---------------------------------------------------------------------

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
    blank_value: bool = False
    """A worksheet's line to write the value on (instead of ``value``)."""
    blank_window: bool = False
    """A worksheet's blanks to write (α, β) on (instead of ``window``)."""
    part: int = 0
    """Drawn without its subtree, which is part ``part`` of the figure (a split tree)."""
    ref: bool = False
    """The top of a part: the node is drawn again, its one shape being in part 1."""
    path: str = ""
    """The top of a part: the moves from the root to it (the heading names it so)."""
    x: float = 0.0
    y: float = 0.0

    def walk(self) -> list[FigNode]:
        """This node and everything below it, depth-first in drawing order."""
        return preorder(self)


def _side_colours(game_name: str, max_side: str) -> tuple[RGB, RGB]:
    """MAX's and MIN's fill: the pieces of the side to move at the root, and the other's."""
    pieces = PIECE_COLOURS.get(game_name)
    game = GAMES.get(game_name)
    if pieces is None or game is None:
        return NEUTRAL_COLOURS
    turn = 1 if max_side == game.side_names[1] else 0
    return pieces[turn], pieces[1 - turn]


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
    """The worksheet (``answers=False``: node names, leaf values, blanks to write the
    values and, for alpha-beta, the windows) or its key (every value; for alpha-beta the
    windows, and the nodes never visited greyed with a cross on the edge where the
    cut-off was). A key value is drawn as the key gives it (an exact value, or a bound
    such as ``≤ 180`` where alpha-beta cut the node short)."""
    key = exercise.key
    trace = key.get("alphabeta")
    never = set(trace["never_visited"]) if trace and exercise.kind == "alphabeta" else set()
    cut_children = {c for rest in (trace or {}).get("cutoffs", {}).values() for c in rest}

    def one(node: ExNode, parent_never: bool) -> FigNode:
        gone = node.id in never
        fig = FigNode(node.kind, node.id, node.move)
        if node.kind == "leaf" and node.value is not None:
            fig.value = bound_text(node.value)  # given, on the sheet and the key alike
        elif answers:
            fig.value = key_value_text(exercise, node.id)
        elif exercise.kind != "ordering":
            fig.blank_value = True
            fig.blank_window = exercise.kind == "alphabeta"
        if answers and exercise.kind == "alphabeta" and not gone and node.kind != "leaf":
            fig.window = key_window_text(exercise, node.id)
        if answers and gone:
            fig.dim = True
            fig.crossed = node.id in cut_children and not parent_never
        fig.children = [one(c, gone) for c in node.children]
        return fig

    return one(exercise.root, False)


BOUND_MARKS = {"lower": "≥ ", "upper": "≤ "}
"""How a key writes a bound before its value (``≤ 180``: at most 180)."""


def key_value_text(exercise: Exercise, node_id: str) -> str:
    """A node's value as the key gives it: in an alpha-beta exercise whose key says
    what alpha-beta returned (``nodes``: value and bound per node), that, with its bound
    (``≤ 180`` at a node cut short; ``""`` at a node never visited: alpha-beta computed
    nothing there); otherwise the key's value (minimax's)."""
    trace = exercise.key.get("alphabeta") or {}
    nodes = trace.get("nodes") if exercise.kind == "alphabeta" else None
    if isinstance(nodes, dict) and node_id in nodes:
        entry = nodes[node_id]
        if entry.get("value") is None:
            return ""
        return BOUND_MARKS.get(entry.get("bound") or "", "") + bound_text(entry["value"])
    given = exercise.key["values"][node_id]
    return given if isinstance(given, str) else bound_text(given)


def key_window_text(exercise: Exercise, node_id: str) -> str:
    """The (α, β) an alpha-beta key says ``node_id`` is entered with, ``(−∞, +180)``;
    ``""`` for a node never visited (or a key with no alpha-beta)."""
    window = (exercise.key.get("alphabeta") or {}).get("windows", {}).get(node_id)
    return "" if window is None else f"({bound_text(window[0])}, {bound_text(window[1])})"


def exercise_title(exercise: Exercise) -> str:
    """The position and the exercise: ``Connect-4 after 4453 · alphabeta exercise, depth
    2, seed 7``."""
    kind = _(EXERCISE_KINDS.get(exercise.kind, exercise.kind))
    return SEPARATOR.join((
        _where(exercise.game_name, exercise.moves),
        # Translators: {kind} is the exercise's kind ("minimax"); {seed} a number that
        # makes the same exercise again.
        _("{kind} exercise, depth {depth}, seed {seed}").format(
            kind=kind, depth=exercise.depth, seed=exercise.seed)))


def exercise_answers(exercise: Exercise) -> str:
    """What a key says beside its figure (the answers not drawn on the tree)."""
    if exercise.kind == "ordering":
        o = exercise.key["ordering"]
        # Translators: {best_order}, {worst_order} are move orders (notation), the others
        # counts of nodes.
        return ngettext("answers: best order {best_order} ({best_nodes} node), worst "
                        "{worst_order} ({worst_nodes}), as given {given_nodes}",
                        "answers: best order {best_order} ({best_nodes} nodes), worst "
                        "{worst_order} ({worst_nodes}), as given {given_nodes}",
                        o["best_nodes"]).format(
            best_order=" ".join(o["best_order"]), best_nodes=o["best_nodes"],
            worst_order=" ".join(o["worst_order"]), worst_nodes=o["worst_nodes"],
            given_nodes=o["given_nodes"])
    if exercise.kind == "alphabeta":
        never = exercise.key["alphabeta"]["leaves_never_visited"]
        # Translators: {leaves} are the leaves' names ("D, F"), or "none".
        return _("answers: leaves never visited: {leaves}").format(
            # Translators: no leaf (the leaves alpha-beta never visits).
            leaves=", ".join(never) if never else _("none"))
    # Translators: the caption of an exercise's key (the answers are in the figure).
    return _("answers")


def exercise_caption(exercise: Exercise, *, answers: bool) -> str:
    """The worksheet's caption (with the question) or the key's (with the answers), in
    the current language; the parts are translated one by one."""
    said = exercise_answers(exercise) if answers else exercise.question()
    return SEPARATOR.join((exercise_title(exercise), said))


# --- laying a tree out ------------------------------------------------------------------

VALUE_BLANK = "______"  # untranslated: a line to write on
WINDOW_BLANK = "(_____, _____)"  # untranslated: two lines to write on


def _rows(node: FigNode) -> list[tuple[str, float, bool, str]]:
    """The texts under a node, top down: (text, size, bold, class)."""
    rows = []
    if node.blank_value:
        rows.append((VALUE_BLANK, VALUE_SIZE, False, raw("blank value")))
    elif node.value:
        rows.append((node.value, VALUE_SIZE, True, "value"))
    if node.blank_window:
        rows.append((WINDOW_BLANK, WINDOW_SIZE, False, raw("blank window")))
    elif node.window:
        rows.append((node.window, WINDOW_SIZE, False, "window"))
    if node.kind in ("pruned", "skipped") and node.move:
        # a stub's edge is short and close to its siblings': its move goes under it
        rows.append((node.move, MOVE_SIZE, False, "move"))
    if node.part:
        # Translators: under a node of a split tree: its subtree is drawn in part {part}.
        rows.append((_("↓ part {part}").format(part=node.part), WINDOW_SIZE, False, "part"))
    return rows


STUBS = ("pruned", "skipped")


def _extents(node: FigNode) -> tuple[float, float]:
    """The widths of a node's shape and of the widest text under it (0: none)."""
    shape = 2 * HALF * (0.8 if node.kind in (*STUBS, "leaf") else 1.0)
    return shape, max([0.0] + [text_width(t, s) for t, s, _b, _c in _rows(node)])


def _place(root: FigNode, slot: float, stub_slot: float) -> float:
    """Set every node's ``x`` (leaves ``slot`` apart, stubs ``stub_slot``, a parent over
    its children) and ``y`` (its level, from 0); the width taken."""
    cursor = 0.0

    def place(node: FigNode, depth: int) -> None:
        nonlocal cursor
        node.y = depth * LEVEL
        if not node.children:
            width = stub_slot if node.kind in STUBS else slot
            node.x = cursor + width / 2
            cursor += width
            return
        for child in node.children:
            place(child, depth + 1)
        node.x = (node.children[0].x + node.children[-1].x) / 2

    place(root, 0)
    return cursor


def _fit(root: FigNode) -> float:
    """Lay the tree out with the narrowest slots at which no two neighbours' shapes
    come closer than 4 points and no two texts closer than ``GAP``; the width taken."""
    nodes = root.walk()
    extents = {id(n): _extents(n) for n in nodes}
    slot = max([MIN_SLOT] + [max(extents[id(n)]) + GAP for n in nodes
                             if not n.children and n.kind not in STUBS])
    stub_slot = max([STUB_SLOT] + [extents[id(n)][1] + GAP for n in nodes if n.kind in STUBS])

    def apart(a: FigNode, b: FigNode) -> bool:
        (sa, ta), (sb, tb) = extents[id(a)], extents[id(b)]
        gap = b.x - a.x
        return gap >= (sa + sb) / 2 + 4 and gap >= (ta + tb) / 2 + GAP

    levels: dict[int, list[FigNode]] = {}
    for _attempt in range(400):
        width = _place(root, slot, stub_slot)
        levels.clear()
        for n in nodes:
            levels.setdefault(round(n.y), []).append(n)
        rows = [sorted(row, key=lambda n: n.x) for row in levels.values()]
        if all(apart(a, b) for row in rows for a, b in zip(row, row[1:])):
            return width
        slot += 2
        stub_slot += 1
    return width


def _leaves(root: FigNode) -> int:
    return sum(1 for n in root.walk() if not n.children)


def _parts(root: FigNode, room: float) -> list[tuple[FigNode, float]]:
    """The tree as parts that each fit ``room``, each laid out: the whole tree, or (too
    wide) the root with its children's subtrees cut off, then each cut-off subtree split
    the same way. A cut-off child is drawn again at the top of its part (``ref``).

    Raises:
        FigureTooWide: a node's children alone do not fit.
    """
    out: list[tuple[FigNode, float]] = []

    def split(node: FigNode, path: tuple[str, ...]) -> None:
        width = _fit(node)
        if width <= room:
            out.append((node, width))
            return
        top = dataclasses.replace(node, children=[])
        below = [child for child in node.children if child.children]
        index = len(out)
        out.append((top, 0.0))
        for child in node.children:
            if child.children:
                top.children.append(dataclasses.replace(child, children=[]))
            else:
                top.children.append(child)
        width = _fit(top)
        if width > room:
            slot = width / max(1, _leaves(top))
            raise FigureTooWide(_leaves(top), int(room // slot))
        out[index] = (top, width)
        cut = [c for c in top.children if c.children == [] and c.kind in ("max", "min")]
        for stub, child in zip(cut, below, strict=True):
            stub.part = len(out) + 1
            moves = (*path, child.move)
            split(dataclasses.replace(child, ref=True, path=" ".join(moves)), moves)

    split(root, ())
    if len(out) > MAX_PARTS:
        raise FigureTooWide(_leaves(root), sum(_leaves(p) for p, _w in out[:MAX_PARTS]))
    for part, _width in out:  # the numbers of the parts changed the texts' widths
        _fit(part)
    return [(part, _fit(part)) for part, _width in out]


def _luminance(colour: RGB) -> float:
    return (0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]) / 255


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _draw_tree(d: Drawing, root: FigNode, ox: float, oy: float,
               colours: tuple[RGB, RGB]) -> None:
    """Draw a laid-out tree (or part) with its top-left corner at (``ox``, ``oy``)."""
    nodes = root.walk()
    for n in nodes:
        n.x += ox
        n.y += oy + HALF + 2
    parents = {id(c): n for n in nodes for c in n.children}
    taken: list[tuple[float, float, float, float]] = []  # boxes a move label must avoid
    labels: list[tuple[FigNode, float, float, float, float, RGB]] = []
    edges: list[tuple[float, float, float, float]] = []  # a label crosses none if it can
    for node in nodes:  # edges first, under the shapes
        parent = parents.get(id(node))
        if parent is None:
            continue
        grey = node.kind in ("pruned", "skipped") or node.dim
        colour = _rgb(GREY) if grey else (51, 58, 68)
        x1, y1 = parent.x, parent.y + HALF + 4 + ROW * len(_rows(parent))
        x2, y2 = node.x, node.y - HALF - 3
        d.add("line", x1, y1, x2, y2, cls="edge", stroke=colour, width=1.5,
              dash=(5, 4) if grey else None)
        edges.append((x1, y1, x2, y2))
        if node.crossed:
            cross = d.add("cross", x1 + (x2 - x1) * 0.6, y1 + (y2 - y1) * 0.6, 5.0,
                          cls="cut", stroke=_rgb(CUT), width=2.5)
            taken.append(cross.box())
        if node.move and node.kind not in ("pruned", "skipped"):
            labels.append((node, x1, y1, x2, y2, colour))
    for node in nodes:
        grey = node.kind in ("pruned", "skipped") or node.dim
        outline = _rgb(GREY) if grey else _rgb(INK)
        fill: RGB | None = {"max": colours[0], "min": colours[1]}.get(node.kind, (255, 255, 255))
        if node.kind == "skipped":
            fill = None
        elif grey:
            fill = (238, 238, 238)
        cls = ("ref " if node.ref else "node ") + node.kind
        x, y, h = node.x, node.y, HALF
        if node.kind == "max":
            shape = d.add("polygon", x, y - h, x + h, y + h * 0.8, x - h, y + h * 0.8, cls=cls,
                          fill=fill, stroke=outline, width=2)
        elif node.kind == "min":
            shape = d.add("polygon", x - h, y - h * 0.8, x + h, y - h * 0.8, x, y + h, cls=cls,
                          fill=fill, stroke=outline, width=2)
        elif node.kind == "skipped":
            shape = d.add("circle", x, y, h * 0.8, cls=cls, stroke=_rgb(GREY), width=2,
                          dash=(2, 3))
        else:
            shape = d.add("rect", x - h * 0.8, y - h * 0.8, h * 1.6, h * 1.6, cls=cls,
                          fill=fill, stroke=outline, width=2)
        taken.append(shape.box())
        if node.name:
            dark = fill is not None and _luminance(fill) < 0.45
            lift = {"max": 6.0, "min": 1.5}.get(node.kind, 3.5)
            d.add("text", x, y + lift, cls="name", text=node.name, size=NAME_SIZE,
                  anchor="middle", fill=(255, 255, 255) if dark else _rgb(INK))
        row_y = y + HALF + 4
        for text, size, bold, kind in _rows(node):
            row_y += ROW
            colour = outline if kind in ("value", "move") else _rgb(SOFT)
            taken.append(d.add("text", x, row_y - 3, cls=kind, text=text, size=size, bold=bold,
                               anchor="middle", fill=colour).box())
    for node, x1, y1, x2, y2, colour in labels:
        taken.append(_label(d, node.move, x1, y1, x2, y2, colour, taken, edges).box())


def _cuts(box: tuple[float, float, float, float], x1: float, y1: float, x2: float,
          y2: float) -> bool:
    """Whether the segment (x1, y1)-(x2, y2) passes through ``box`` (Liang-Barsky)."""
    low, high = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _label(d: Drawing, text: str, x1: float, y1: float, x2: float, y2: float, colour: RGB,
           taken: list[tuple[float, float, float, float]],
           edges: list[tuple[float, float, float, float]]) -> Shape:
    """A move's label beside its edge: at the first place along it that touches no
    ``taken`` box and crosses no other edge, else the first that touches no ``taken``
    box (the side away from the middle first)."""
    width = text_width(text, MOVE_SIZE)
    sides = (1, -1) if x2 >= x1 else (-1, 1)
    candidates: list[Shape] = []
    for t in (0.75, 0.62, 0.85, 0.45, 0.3, 0.2):  # nearer the child, the edges fan out
        yc = y1 + (y2 - y1) * t
        top, bottom = yc - MOVE_SIZE * 0.55, yc + MOVE_SIZE * 0.5
        xs = [x1 + (x2 - x1) * (yy - y1) / (y2 - y1) for yy in (top, bottom)] \
            if y2 != y1 else [x1, x1]
        for side in sides:
            x = max(xs) + 3 if side > 0 else min(xs) - 3 - width
            candidates.append(Shape("text", (x, yc + MOVE_SIZE * 0.3), cls="move", text=text,
                                    size=MOVE_SIZE, fill=colour))
    own = (x1, y1, x2, y2)
    clear = [c for c in candidates if not any(_overlaps(c.box(), box) for box in taken)]
    free = [c for c in clear if not any(edge != own and _cuts(c.box(), *edge) for edge in edges)]
    chosen = (free or clear or candidates)[0]
    d.shapes.append(chosen)
    return chosen


# --- the board, the legend --------------------------------------------------------------

BOARD_SIZE = 110.0
"""The widest a root's board is drawn (a 15x15 Gomoku board: 7 pt a cell)."""


def draw_board(d: Drawing, game: Game, x: float, y: float) -> float:
    """A small drawing of ``game``'s position with its top-left corner at (x, y), in the
    classic theme's colours; the height taken (0 for a game with no drawing)."""
    colours = BOARD_COLOURS.get(game.name)
    pieces = PIECE_COLOURS.get(game.name)
    if colours is None or pieces is None:
        return 0.0
    surface, lines = colours
    cell = min(16.0, BOARD_SIZE / max(game.width, game.height))
    w, h = cell * game.width, cell * game.height
    d.add("rect", x, y, w, h, cls="board", fill=surface, stroke=_rgb(INK), width=1)
    if game.name in ("othello", "tictactoe"):  # lines between the cells
        for i in range(1, game.width):
            d.add("line", x + i * cell, y, x + i * cell, y + h, cls="board", stroke=lines,
                  width=1 if game.name == "tictactoe" else 0.6)
        for j in range(1, game.height):
            d.add("line", x, y + j * cell, x + w, y + j * cell, cls="board", stroke=lines,
                  width=1 if game.name == "tictactoe" else 0.6)
    elif game.name == "gomoku":  # lines through the points
        for i in range(game.width):
            d.add("line", x + (i + 0.5) * cell, y + cell / 2, x + (i + 0.5) * cell,
                  y + h - cell / 2, cls="board", stroke=lines, width=0.5)
        for j in range(game.height):
            d.add("line", x + cell / 2, y + (j + 0.5) * cell, x + w - cell / 2,
                  y + (j + 0.5) * cell, cls="board", stroke=lines, width=0.5)
    for j in range(game.height):
        for i in range(game.width):
            side = game.piece_at(i, j)
            cx, cy = x + (i + 0.5) * cell, y + (j + 0.5) * cell
            if game.name == "tictactoe":
                if side is not None:
                    d.add("text", cx, cy + cell * 0.3, cls=raw("board piece"),
                          text="XO"[side], size=cell * 0.8, bold=True, anchor="middle",
                          fill=pieces[side])
            elif side is not None:
                d.add("circle", cx, cy, cell * 0.42, cls=raw("board piece"), fill=pieces[side],
                      stroke=(20, 20, 20), width=0.5)
            elif game.name == "connect4":
                d.add("circle", cx, cy, cell * 0.42, cls="board", fill=lines)
    return h


def _legend(d: Drawing, x: float, y: float, width: float, colours: tuple[RGB, RGB],
            items: Iterable[tuple[str, str]]) -> float:
    """The legend: one line per (shape, meaning), the shape drawn small; the height
    below it."""
    for kind, meaning in items:
        h = 6.0
        cls = "legend " + kind
        cx, cy = x + h, y + 9
        if kind == "max":
            d.add("polygon", cx, cy - h, cx + h, cy + h * 0.8, cx - h, cy + h * 0.8,
                  cls=cls, fill=colours[0], stroke=_rgb(INK), width=1)
        elif kind == "min":
            d.add("polygon", cx - h, cy - h * 0.8, cx + h, cy - h * 0.8, cx, cy + h,
                  cls=cls, fill=colours[1], stroke=_rgb(INK), width=1)
        elif kind == "leaf":
            d.add("rect", cx - h * 0.8, cy - h * 0.8, h * 1.6, h * 1.6, cls=cls,
                  fill=(255, 255, 255), stroke=_rgb(INK), width=1)
        elif kind == "cut":
            d.add("cross", cx, cy, 4.0, cls=cls, stroke=_rgb(CUT), width=2)
        elif kind == "skipped":
            d.add("circle", cx, cy, h * 0.8, cls=cls, stroke=_rgb(GREY),
                  width=1.5, dash=(2, 2))
        elif kind == "dim":
            d.add("rect", cx - h * 0.8, cy - h * 0.8, h * 1.6, h * 1.6, cls=cls,
                  fill=(238, 238, 238), stroke=_rgb(GREY), width=1)
        y = d.paragraph(meaning, x + 2 * h + 6, y - 1, width - 2 * h - 6, cls="legend",
                        fill=_rgb(SOFT)) - 1
    return y


def _legend_items(game_name: str, max_side: str, min_side: str, *, windows: bool,
                  cuts: bool, skipped: bool, dim: bool) -> list[tuple[str, str]]:
    if game_name in GAMES:
        items = [
            # Translators: the legend of a tree figure; {side} is a game's side ("Red").
            ("max", _("MAX ({side}, to move at the top) takes the largest value below "
                      "it").format(side=_(max_side))),
            ("min", _("MIN ({side}) takes the smallest value below it").format(
                side=_(min_side))),
            ("leaf", _("a leaf: the evaluator's score, from MAX's view")),
        ]
    else:  # a hand-made tree: no game, no sides, no evaluator
        items = [("max", _("MAX takes the largest value below it")),
                 ("min", _("MIN takes the smallest value below it")),
                 ("leaf", _("a leaf: its value, from MAX's view"))]
    if windows:
        items.append(("", _("(α, β) under a node: the window it is searched with")))
    if cuts:
        items.append(("cut", _("a cut-off: alpha-beta never searches below the cross")))
    if dim:
        items.append(("dim", _("greyed: never visited")))
    if skipped:
        items.append(("skipped", _("a move the search leaves out for another reason than a "
                                   "cut-off")))
    return items


# --- whole figures and sheets -----------------------------------------------------------

MIN_FIGURE = 300.0
"""The narrowest figure's content (room for its caption and legend)."""
MIN_SHEET = 480.0
"""The narrowest worksheet's content: a portrait page's width less its margins, about."""


def _trees(d: Drawing, parts: list[tuple[FigNode, float]], y: float,
           colours: tuple[RGB, RGB]) -> float:
    """The parts of a tree, one under the other, each headed from the second on; the
    height below them."""
    for index, (part, width) in enumerate(parts):
        d.breaks.append(y)
        if index:
            name = part.name or part.path
            # Translators: the heading of a part of a tree split to fit the page;
            # {node} is the name of the node (or the move) at its top.
            y = d.paragraph(_("Part {part}: the subtree of {node}").format(
                part=index + 1, node=name), MARGIN, y, d.width - 2 * MARGIN, bold=True,
                cls="heading")
        left = MARGIN + (d.width - 2 * MARGIN - width) / 2
        _draw_tree(d, part, left, y, colours)
        y = max(n.y for n in part.walk()) + HALF + 6 + ROW * max(
            len(_rows(n)) for n in part.walk()) + 6
    return y


def figure_drawing(root: FigNode, caption: str, *, colours: tuple[RGB, RGB] = NEUTRAL_COLOURS,
                   legend: list[tuple[str, str]] | None = None) -> Drawing:
    """A tree, split into parts if it is too wide for a page, its legend and its caption
    wrapped under it.

    Raises:
        FigureTooWide: a part of the tree is still too wide.
    """
    parts = _parts(root, PAGE_WIDTH - 2 * MARGIN)
    width = min(PAGE_WIDTH, max([MIN_FIGURE] + [w for _p, w in parts]) + 2 * MARGIN)
    d = Drawing(width, title=caption)
    y = _trees(d, parts, MARGIN, colours)
    if legend:
        d.breaks.append(y)
        y = _legend(d, MARGIN, y, width - 2 * MARGIN, colours, legend)
    y = d.paragraph(caption, MARGIN, y, width - 2 * MARGIN, fill=_rgb(SOFT))
    d.height = y + MARGIN
    return d


def figure_svg(root: FigNode, caption: str) -> str:
    """A tree and its caption as an SVG document (no legend: a figure for a slide)."""
    return to_svg(figure_drawing(root, caption))


def search_drawing(tree: SearchTree) -> Drawing:
    """``plies tree --svg``: the recorded search, with its legend and caption.

    Raises:
        FigureTooWide: the tree is too wide for a page even in parts.
    """
    root = from_search(tree)
    kinds = {n.kind for n in root.walk()}
    legend = _legend_items(tree.game_name, tree.side_names[0], tree.side_names[1],
                           windows=tree.mode != "minimax", cuts="pruned" in kinds,
                           skipped="skipped" in kinds, dim=False)
    return figure_drawing(root, search_caption(tree),
                          colours=_side_colours(tree.game_name, tree.side_names[0]),
                          legend=legend)


def exercise_drawing(exercise: Exercise, *, answers: bool, number: int | None = None,
                     game: Game | None = None) -> Drawing:
    """An exercise's worksheet (``answers=False``) or its key, for one student.

    The worksheet: a name line (and the exercise's ``number`` in a class set), the
    position and the question, the root's board (``game``, when given) beside a legend,
    the tree with blanks for the values and (alpha-beta) the windows, and lines for the
    answers not written on the tree. The key: the same head, the answers, the tree with
    every value and window.

    Raises:
        FigureTooWide: the tree is too wide for a page even in parts.
    """
    root = from_exercise(exercise, answers=answers)
    parts = _parts(root, PAGE_WIDTH - 2 * MARGIN)
    width = min(PAGE_WIDTH, max([MIN_SHEET] + [w for _p, w in parts]) + 2 * MARGIN)
    inner = width - 2 * MARGIN
    colours = _side_colours(exercise.game_name, exercise.side_names[0])
    title = exercise_title(exercise)
    d = Drawing(width, title=title)
    y = MARGIN + 4
    if not answers:
        # Translators: the line where a student writes their name on a worksheet.
        label = _("Name:")
        d.add("text", MARGIN, y + 10, cls="name-line", text=label, size=BODY_SIZE, bold=True,
              fill=_rgb(INK))
        start = MARGIN + text_width(label, BODY_SIZE) + 6
        d.add("line", start, y + 12, MARGIN + inner * 0.6, y + 12, cls="name-line",
              stroke=_rgb(INK), width=0.8)
    if number is not None:
        # Translators: the head of a worksheet's (or key's) second and later pages.
        d.continued = _("Exercise {number}, continued").format(number=number)
        # Translators: the number of one student's exercise in a class set.
        d.add("text", MARGIN + inner, y + 10, cls="number", anchor="end", bold=True,
              text=_("Exercise {number}").format(number=number), size=TITLE_SIZE,
              fill=_rgb(INK))
    if not answers or number is not None:
        y += 24
    if answers:
        # Translators: the heading of an exercise's answer key.
        y = d.paragraph(_("Answer key"), MARGIN, y, inner, size=TITLE_SIZE, bold=True,
                        cls="heading")
    y = d.paragraph(title, MARGIN, y, inner, size=TITLE_SIZE, bold=True, cls="heading")
    y = d.paragraph(exercise.question(), MARGIN, y, inner, cls="question")
    if answers:
        y = d.paragraph(exercise_answers(exercise), MARGIN, y, inner, bold=True, cls="answers")
    y += 4
    board_h = draw_board(d, game, MARGIN, y) if game is not None else 0.0
    left = MARGIN + (BOARD_SIZE + 14 if board_h else 0.0)
    kinds = {n.kind for n in root.walk()}
    legend = _legend_items(exercise.game_name, exercise.side_names[0], exercise.side_names[1],
                           windows=exercise.kind == "alphabeta",
                           cuts=any(n.crossed for n in root.walk()),
                           skipped="skipped" in kinds, dim=any(n.dim for n in root.walk()))
    y = max(y + board_h, _legend(d, left, y, MARGIN + inner - left, colours, legend)) + 8
    y = _trees(d, parts, y, colours)
    if not answers:
        d.breaks.append(y)
        for line in _answer_lines(exercise):
            d.add("text", MARGIN, y + 14, cls="answer-line", text=line, size=BODY_SIZE,
                  fill=_rgb(INK))
            start = MARGIN + text_width(line, BODY_SIZE) + 6
            d.add("line", start, y + 16, MARGIN + inner, y + 16, cls="answer-line",
                  stroke=_rgb(INK), width=0.8)
            y += 26
    d.height = y + MARGIN
    return d


def _answer_lines(exercise: Exercise) -> list[str]:
    """The labels of the lines a student writes the answers on that have no place on
    the tree."""
    if exercise.kind == "alphabeta":
        return [_("Leaves never visited:")]
    if exercise.kind == "ordering":
        return [_("Best order of A's children:"), _("Nodes visited in that order:")]
    return []


# untranslated: the exported names
__all__ = ["PAGE_WIDTH", "SMALLEST_TEXT", "Drawing", "FigNode", "FigureTooWide", "Shape",
           "draw_board", "exercise_answers", "exercise_caption", "exercise_drawing",
           "exercise_title", "figure_drawing", "figure_svg", "from_exercise", "from_search",
           "key_value_text", "key_window_text",
           "search_caption", "search_drawing", "text_width", "to_svg", "wrap_text"]
