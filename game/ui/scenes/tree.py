"""The search-tree explorer: watch minimax and alpha-beta search the position on the board.

The learner picks a depth (1-4) and a mode (minimax, alpha-beta in the evaluator's
order, alpha-beta with ordered moves); the explorer records that search
(``ai.explain.tree``) off the UI thread, with progress and cancel, and draws the tree as
lectures do (``game.ui.tree_canvas``). The learner steps through the search in visiting
order, watching α and β move on a number line with a one-line explanation of each step,
expands and collapses nodes, pans, sees any node's position on a small board, and
compares the three modes' costs on the same position.

The learner may also bring a tree of their own (``ai.explain.trees``: the lecture
notes' nested lists, typed or pasted, or a JSON tree file): it is then drawn alone,
with no board, recorded whole. Alpha-beta's conventions (prune on α ≥ β or α > β,
fail-soft or fail-hard values) are switches, and the rule in force is always stated
over the tree. Projector mode (the Settings' switch, Ctrl+= and Ctrl+−) draws the
tree's shapes and words larger together (``tree_canvas.Metrics``).

Every key is in ``game.ui.keys.TREE_KEYS``, the list the key handler, the key card
(F1) and the README's table read; everything the mouse does has a key.

The recording runs on a ``SearchWorker`` of the explorer's own, so that it neither
cancels nor is cancelled by the game's search going on underneath; its reports reach
the scene through a queue drained in ``update``, whatever dialog is on top.

Why this module is longer than the 800 lines the others keep to: it is one scene whose
stepping, panning, zoom, projector scaling, comparison and side panel all read and
change the same recording state; what needs none of that state lives apart (the
tree's drawing in ``game.ui.tree_canvas``, the recording job and the tree reader in
``tree_recording``, the own-tree dialog in ``own_tree``). The side panel, which only
reads that state, is the next part to split out.
"""

from __future__ import annotations

import dataclasses
import math
import queue
from typing import TYPE_CHECKING, Any

import pygame

from ai.explain.conventions import DEFAULT, Conventions
from ai.explain.tree import (
    MAX_DEPTH,
    MIN_DEPTH,
    MODE_TITLES,
    NODE_CAP,
    TREE_MODES,
    Progress,
    SearchTree,
    TreeMode,
    TreeNode,
    value_text,
    window_text,
)
from ai.explain.trees import (
    HandTree,
    RootKind,
    TreeSpec,
    TreeSyntaxError,
)
from ai.worker import SearchWorker, WorkerReport
from game.files import FileError
from game.i18n import _, ngettext, number
from game.rules import Game
from game.ui import draw, tree_canvas
from game.ui.boards import BoardOverlay, view_for
from game.ui.keys import TREE_KEYS, command_for
from game.ui.scenes.base import Scene
from game.ui.scenes.help import draw_keys
from game.ui.scenes.own_tree import OwnTreeDialog
from game.ui.scenes.tree_recording import (
    Cost,
    Recording,
    read_tree_file,
    read_tree_text,
    recording_job,
)
from game.ui.text_input import clipboard_text
from game.ui.widgets import Button, Choice, Segmented, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App

TOP = 54
BOTTOM = 110
MARGIN = 12
DEFAULT_DEPTH = 3
PAN_STEP = 60
ZOOMS = (0.05, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 1.0, 1.25, 1.5)
"""The zoom steps of + and - (the spacing across; shapes and words keep their size);
fitting the tree may choose any scale down to the first."""
WAKE = pygame.event.custom_type()
"""Posted by the explorer's worker so a sleeping loop wakes and drains the reports."""
RULE_H = 40
"""Room over the tree for the sentence naming alpha-beta's conventions (two lines)."""
PROJECTOR = 2.25
"""Projector mode's scale at 1280 × 800 (larger windows more, in proportion): node
letters and values some 19-22 px tall, against 9-10 px at scale 1."""
LABEL_STEP = 0.25
"""Ctrl+= / Ctrl+−: a quarter of the base scale larger or smaller a step."""
LABEL_STEPS = (-1, 6)
"""The fewest and most steps from the base scale."""
class TreeScene(Scene):
    """The explorer for a copy of ``game`` (see the module docstring)."""

    def __init__(self, app: App, game: Game, *, preset: str = "default",
                 depth: int = DEFAULT_DEPTH, mode: TreeMode = "alphabeta",
                 cap: int = NODE_CAP) -> None:
        super().__init__(app)
        self.cap = cap
        self.game = game.copy()
        """The position searched: the game's, or a hand-made tree (``hand``)."""
        self.base_game = self.game
        """The game's position the explorer was opened on (its board and colours)."""
        self.conventions: Conventions = DEFAULT
        self.label_steps = 0
        """Ctrl+= / Ctrl+−: steps larger or smaller than the base scale."""
        self._scale_used = 1.0
        self.preset = preset
        self.depth, self.mode = depth, mode
        self.tree: SearchTree | None = None
        self.skipped: set[int] = set()
        """Orders of the minimax tree's nodes that alpha-beta never visits."""
        self.costs: dict[str, Cost | str] = {}
        self.message: str | None = None
        self.step = 0
        self.expanded: set[int] = set()
        self.selected: TreeNode | None = None
        self.hovered: tree_canvas.Placed | None = None
        self.offset = [0.0, 0.0]
        self.zoom = 1.0
        """Scale of the tree drawing (``ZOOMS``; F fits the whole tree)."""
        self.show_keys = False
        self.recording = False
        self.progress: Progress | None = None
        self.comparing: str | None = None
        self.generation = 0
        self._reports: queue.Queue[WorkerReport] = queue.Queue()
        self._worker: SearchWorker | None = None
        self._drag: tuple[tuple[int, int], tuple[float, float]] | None = None
        self._dragged = False
        self._placed: list[tree_canvas.Placed] = []
        self._positions: dict[int, Game] = {}
        self._stub_values: dict[tuple[int, int], int] = {}
        """A hand-made tree's pruned leaves' values, by (parent's order, move)."""
        self.board = None if isinstance(game, HandTree) else view_for(game.name)
        self.widgets = WidgetGroup(arrows_move_focus=False)
        self._build()
        self.tree_area = pygame.Rect(0, 0, 0, 0)
        self.tree_card = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.bottom = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.start_recording()

    # --- widgets ------------------------------------------------------------------------

    def _build(self) -> None:
        # Translators: a button of about 8 characters: back to the game.
        self.b_back = Button(_("‹ Game"), self.close, tooltip=_("Back to the game (Esc)"))
        self.c_depth = Choice([(d, _("Depth {depth}").format(depth=d))
                               for d in range(MIN_DEPTH, MAX_DEPTH + 1)],
                              self.depth, self.set_depth, tooltip=_("Plies to search (D)"))
        modes = {"minimax": _("Minimax"), "alphabeta": _("Alpha-beta"),
                 # Translators: alpha-beta with ordered moves (a search mode's button).
                 "ordered": _("Ordered")}
        self.s_mode = Segmented([(m, modes[m]) for m in TREE_MODES], self.mode, self.set_mode,
                                tooltip=_("Minimax, alpha-beta, or alpha-beta with ordered "
                                          "moves (M)"))
        self.b_cancel = Button(_("Cancel"), self.cancel, danger=True,
                               tooltip=_("Stop the recording (Esc)"))
        # Translators: a button: opens a dialog to type, paste or open a tree of one's own.
        self.b_own = Button(_("Your own tree…"), self.own_tree, size=19,
                            tooltip=_("Type, paste (Ctrl+V) or open (Ctrl+O) a tree of your "
                                      "notes (O)"))
        self.s_prune = Segmented([("ge", "α ≥ β"), ("gt", "α > β")],  # untranslated: symbols
                                 self.conventions.prune, self.set_prune, size=17,
                                 tooltip=_("Alpha-beta prunes as soon as α ≥ β, or only when "
                                           "α > β (P)"))
        # Translators: the two switches of fail-soft and fail-hard values (short words).
        self.s_values = Segmented([("soft", _("soft")), ("hard", _("hard"))],
                                  self.conventions.values, self.set_values, size=17,
                                  tooltip=_("Fail-soft values (a node's best, even outside "
                                            "its window) or fail-hard (clamped into it) (V)"))
        self.b_keys = Button("?", self.toggle_keys, tooltip=_("Keys (F1)"))
        # Translators: the four step buttons share a row: about 8 characters each.
        self.b_first = Button(_("« Start"), lambda: self.go_to(0),
                              tooltip=_("First step (Home)"))
        self.b_prev = Button(_("‹ Back"), lambda: self.go_to(self.step - 1),
                             tooltip=_("Previous step (Backspace)"))
        self.b_next = Button(_("Next ›"), lambda: self.go_to(self.step + 1), primary=True,
                             tooltip=_("Next step (Space)"))
        self.b_last = Button(_("End »"), self.go_to_end, tooltip=_("Last step (End)"))
        self.widgets.add(self.b_back, self.c_depth, self.s_mode, self.b_cancel, self.b_own,
                         self.b_keys, self.s_prune, self.s_values,
                         self.b_first, self.b_prev, self.b_next, self.b_last)

    @property
    def hand(self) -> bool:
        """Whether the tree shown is a hand-made one (no board, no depth to choose)."""
        return isinstance(self.game, HandTree)

    @property
    def metrics(self) -> tree_canvas.Metrics:
        """The tree's sizes now (projector mode and Ctrl+= / Ctrl+−)."""
        return tree_canvas.Metrics(self.label_scale())

    def label_scale(self) -> float:
        """How much larger than usual the tree's shapes and words are drawn: the
        Settings' projector mode (``PROJECTOR`` at 1280 × 800, in proportion to the
        window) and the learner's steps (a quarter of that each)."""
        base = 1.0
        if getattr(self.app.settings, "projector", False):
            w, h = self.app.screen.get_size()
            base = max(1.5, PROJECTOR * min(w / 1280, h / 800))
        return max(0.75, base * (1 + LABEL_STEP * self.label_steps))

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bh = 38
        y = (TOP - bh) // 2
        self.b_back.rect = pygame.Rect(MARGIN, y, 92, bh)
        self.c_depth.rect = pygame.Rect(self.b_back.rect.right + 10, y, 150, bh)
        self.b_keys.rect = pygame.Rect(w - MARGIN - 42, y, 42, bh)
        own_w = min(170, max(110, self.b_own.preferred_width()))
        self.b_own.rect = pygame.Rect(self.b_keys.rect.x - 10 - own_w, y, own_w, bh)
        # Cancel takes the own tree button's place while a recording runs.
        self.b_cancel.rect = self.b_own.rect.copy()
        left = self.b_back.rect.right + 10 if self.hand else self.c_depth.rect.right + 10
        mode_w = min(360, self.b_own.rect.x - 10 - left)
        self.s_mode.rect = pygame.Rect(left, y, mode_w, bh)
        side_w = max(250, min(330, round(w * 0.27)))
        self.side = pygame.Rect(w - MARGIN - side_w, TOP + 6, side_w, h - TOP - 6 - BOTTOM - 8)
        half = (self.side.width - 28 - 8) // 2
        self.s_prune.rect = pygame.Rect(self.side.x + 14, self.side.y + 8, half, 30)
        self.s_values.rect = pygame.Rect(self.s_prune.rect.right + 8, self.side.y + 8, half, 30)
        self.tree_card = pygame.Rect(MARGIN, TOP + 6, self.side.x - 2 * MARGIN,
                                     self.side.height)
        # The tree is drawn (and panned) under the conventions' sentence and above a
        # strip for the legend.
        self.tree_area = pygame.Rect(self.tree_card.x + 2, self.tree_card.y + 2 + RULE_H,
                                     self.tree_card.width - 4,
                                     self.tree_card.height - 30 - RULE_H)
        self.bottom = pygame.Rect(MARGIN, h - BOTTOM, w - 2 * MARGIN, BOTTOM - MARGIN)
        x = self.bottom.x + 10
        by = self.bottom.y + 8
        for button, bw in ((self.b_first, 80), (self.b_prev, 80), (self.b_next, 84),
                           (self.b_last, 70)):
            button.rect = pygame.Rect(x, by, bw, 34)
            x += bw + 8
        board_side = min(self.side.width - 24, max(110, self.side.height - 290))
        top = self.s_prune.rect.bottom + 36
        if self.board is None or self.hand:  # a hand-made tree: no board, only words
            self.board_rect = pygame.Rect(self.side.x + 14, top - 10, self.side.width - 28, 0)
        else:
            self.board_rect = pygame.Rect(0, 0, board_side, board_side)
            self.board_rect.midtop = (self.side.centerx, top)
            self.board.layout(self.board_rect, self.base_game)
        self.c_depth.visible = not self.hand
        self._relayout_tree()

    # --- the recording -------------------------------------------------------------------

    def _report(self, report: WorkerReport) -> None:
        """Worker thread: queue the report and wake the loop (no pygame objects touched)."""
        self._reports.put(report)
        self.app.post_event(pygame.event.Event(WAKE))

    def start_recording(self) -> None:
        """Record the chosen depth and mode (cancelling a recording under way)."""
        if self.game.is_over():
            self.message = _("The game is over here: there is no move to search. Take a move "
                             "back in the game to explore the position before.")
            return
        if self._worker is None:
            self._worker = SearchWorker(self._report)
        self.generation = self.app.next_generation()
        self.recording = True
        self.progress = None
        self.comparing = None
        self.message = None
        self._worker.run_job(self.generation, recording_job(self.game, self.preset, self.depth,
                                                            self.mode, self.cap,
                                                            self.conventions),
                             purpose="tree recording")  # untranslated: the worker's tag

    def cancel(self) -> None:
        """Stop the recording; what was shown before stays."""
        if not self.recording:
            return
        if self._worker is not None:
            self._worker.cancel(self.generation)
        self.generation = self.app.next_generation()  # anything still queued is stale
        self.recording = False
        self.message = _("Recording cancelled.") if self.tree is None else None

    def set_depth(self, depth: int) -> None:
        self.depth = depth
        self.start_recording()

    def set_mode(self, mode: TreeMode) -> None:
        self.mode = mode
        self.start_recording()

    # --- the conventions, the labels' size ----------------------------------------------

    def set_prune(self, rule: str) -> None:
        """Prune on α ≥ β (``"ge"``) or only on α > β (``"gt"``): recorded again."""
        if rule != self.conventions.prune:
            self.conventions = Conventions(rule, self.conventions.values)  # type: ignore[arg-type]
            self.s_prune.set_value(rule)
            self.start_recording()

    def set_values(self, rule: str) -> None:
        """Fail-soft (``"soft"``) or fail-hard (``"hard"``) values: recorded again."""
        if rule != self.conventions.values:
            self.conventions = Conventions(self.conventions.prune, rule)  # type: ignore[arg-type]
            self.s_values.set_value(rule)
            self.start_recording()

    def toggle_prune(self) -> None:
        """P: the other pruning rule."""
        self.set_prune("gt" if self.conventions.prune == "ge" else "ge")

    def toggle_values(self) -> None:
        """V: the other kind of values."""
        self.set_values("hard" if self.conventions.values == "soft" else "soft")

    def scale_labels(self, step: int) -> None:
        """Ctrl+= / Ctrl+−: the tree's shapes and words a step larger or smaller."""
        self.label_steps = max(LABEL_STEPS[0], min(LABEL_STEPS[1], self.label_steps + step))
        self._relayout_tree()
        node = self.selected or self.current
        if node is not None:
            self._centre_on(node, pack=False)

    # --- a tree of one's own ------------------------------------------------------------

    def own_tree(self) -> None:
        """O, Your own tree…: the dialog to type, paste or open one."""
        self.app.push_scene(OwnTreeDialog(self.app, self))

    def paste(self) -> None:
        """Ctrl+V: the clipboard's tree; one that does not read is one sentence, and the
        tree shown stays."""
        text = clipboard_text()
        if not text.strip():
            self.refuse(_("The clipboard holds no tree: copy one such as "
                          "((3 12 8) (2 4 6) (14 5 2)) first."))
            return
        self.open_text(text)

    def open_tree_file(self) -> None:
        """Ctrl+O: a tree file, through the file dialog."""
        from game.ui.scenes.files import FileDialog
        self.app.push_scene(FileDialog(self.app, "open", on_open=self.open_file,
                                       title=_("Open a tree")))

    def open_text(self, text: str, root: RootKind | None = None) -> str | None:
        """Show the tree ``text`` (see :func:`read_tree_text`); a tree that does not
        read keeps the explorer as it was and says why. Returns that sentence, or
        ``None`` when the tree is shown."""
        try:
            spec = read_tree_text(text, root)
        except TreeSyntaxError as error:
            return self.refuse(_sentence(str(error)))
        self.show_hand_tree(spec)
        return None

    def open_file(self, path: Any) -> str | None:
        """The file dialog's choice: as :meth:`open_text`."""
        try:
            spec = read_tree_file(str(path))
        except (TreeSyntaxError, FileError) as error:
            return self.refuse(_sentence(str(error)))
        self.show_hand_tree(spec)
        return None

    def refuse(self, sentence: str) -> str:
        """Say ``sentence`` over the tree, which stays as it was."""
        self.message = sentence
        self.app.sounds.play("illegal")
        return sentence

    def show_hand_tree(self, spec: TreeSpec) -> None:
        """Record and draw the hand-made tree ``spec`` (any recording under way stops)."""
        self.cancel()
        self.game = HandTree(spec)
        self.tree = None
        self.costs = {}
        self.skipped = set()
        self._placed = []
        self.selected = self.hovered = None
        self.layout(self.app.screen.get_size())
        self.start_recording()

    def _take(self, report: WorkerReport) -> bool:
        """Apply one report of the current generation; ``False`` when it is stale."""
        if report.generation != self.generation or not self.recording:
            return False
        if report.kind == "progress":
            if isinstance(report.payload, Progress):
                self.progress = report.payload
            elif isinstance(report.payload, str):
                self.comparing = report.payload
            return True
        self.recording = False
        if report.kind == "error":
            self.message = _sentence(report.error or _("the recording failed"))
            return True
        outcome = report.payload
        if not isinstance(outcome, Recording):
            return True
        if outcome.tree is None:
            self.message = _sentence(outcome.refusal or _("the recording was refused"))
            return True
        self._show(outcome.tree, outcome.costs, outcome.alphabeta_paths)
        return True

    def _show(self, tree: SearchTree, costs: dict[str, Cost | str],
              alphabeta_paths: frozenset[tuple[int, ...]] | None = None) -> None:
        self.tree, self.costs = tree, costs
        self._stub_values = {}
        if isinstance(self.game, HandTree):  # a pruned leaf's value is known: drawn greyed
            spec = self.game.spec
            where = {tree.root.order: self.game.node}  # each node's index in the spec
            for node in tree.nodes:  # parents come first
                if node.parent is not None and node.move is not None:
                    where[node.order] = spec.children[where[node.parent.order]][node.move]
                below = spec.children[where[node.order]]
                for move in node.pruned_moves:
                    value = spec.values[below[move]]
                    if value is not None:
                        self._stub_values[(node.order, move)] = value
        # In a minimax tree, mark what alpha-beta would never visit: the two side by side.
        self.skipped = set() if alphabeta_paths is None else {
            n.order for n in tree.nodes if tuple(n.path) not in alphabeta_paths}
        self._positions.clear()
        self.step = len(tree.steps) - 1
        self.expanded = {tree.root.order}
        self.selected = tree.root
        self.hovered = None
        self.offset = [0.0, 0.0]
        self._relayout_tree()
        self._centre_on(tree.root)

    def on_close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(0.5)
            self._worker = None
        self.recording = False

    def close(self) -> None:
        self.app.pop_scene(self)

    # --- stepping and selection ---------------------------------------------------------------

    @property
    def current(self) -> TreeNode | None:
        """The node the current step happens at."""
        if self.tree is None:
            return None
        return self.tree.nodes[self.tree.steps[self.step].node]

    def go_to(self, step: int) -> None:
        if self.tree is None:
            return
        self.step = max(0, min(len(self.tree.steps) - 1, step))
        node = self.current
        assert node is not None
        # Open the way to the step's node, and follow it with the selection and the view.
        parent = node.parent
        while parent is not None:
            self.expanded.add(parent.order)
            parent = parent.parent
        if self.tree.steps[self.step].kind not in ("enter", "leaf", "done"):
            self.expanded.add(node.order)  # a value coming back, a cut-off: show the children
        self.selected = node
        self._relayout_tree()
        self._centre_on(node)

    def next_step(self) -> None:
        self.go_to(self.step + 1)

    def previous_step(self) -> None:
        self.go_to(self.step - 1)

    def next_cutoff(self) -> None:
        """Jump to the next step where β ≤ α pruned something (or stay at the last one)."""
        if self.tree is None:
            return
        later = [s.index for s in self.tree.steps[self.step + 1:] if s.kind == "cutoff"
                 and self.tree.nodes[s.node].pruned_moves]
        if later:
            self.go_to(later[0])

    def previous_cutoff(self) -> None:
        """Shift+X: jump back to the previous step where β ≤ α pruned something."""
        if self.tree is None:
            return
        earlier = [s.index for s in self.tree.steps[:self.step] if s.kind == "cutoff"
                   and self.tree.nodes[s.node].pruned_moves]
        if earlier:
            self.go_to(earlier[-1])

    def set_zoom(self, zoom: float, *, keep: TreeNode | None = None) -> None:
        """Draw the tree at ``zoom``, centred on ``keep`` (default: the current node)."""
        self.zoom = max(ZOOMS[0], min(ZOOMS[-1], zoom))
        self._clamp_offset()
        node = keep or self.current
        if node is not None:
            self._centre_on(node, pack=False)

    def step_zoom(self, direction: int) -> None:
        """+ / -: the next zoom step in or out."""
        steps = [z for z in ZOOMS if (z > self.zoom + 1e-6 if direction > 0
                                      else z < self.zoom - 1e-6)]
        if steps:
            self.set_zoom(steps[0] if direction > 0 else steps[-1])

    def actual_size(self) -> None:
        """0: 100%, centred on the selected node."""
        self.set_zoom(1.0, keep=self.selected)

    def fit(self) -> None:
        """F: the whole tree in view (no larger than 100%)."""
        if self.tree is None or self.tree_area.width <= 0:
            return
        area = self.tree_area
        self.zoom = max(ZOOMS[0], min(1.0, (area.width - 40) / max(1, self._tree_w + 40)))
        self.offset = [0.0, 0.0]
        self._clamp_offset()

    def go_to_end(self) -> None:
        if self.tree is not None:
            self.go_to(len(self.tree.steps) - 1)

    def select(self, node: TreeNode | None) -> None:
        if node is None:
            return
        self.selected = node
        self._relayout_tree()
        self._reveal(node)

    def toggle(self, node: TreeNode, *, whole: bool | None = None) -> None:
        """Expand or collapse ``node``; ``whole=True/False`` opens/closes its subtree."""
        if node.kind == "leaf":
            return
        if whole is None:
            self.expanded ^= {node.order}
        else:
            stack = [node]
            while stack:
                n = stack.pop()
                if whole:
                    self.expanded.add(n.order)
                else:
                    self.expanded.discard(n.order)
                stack.extend(c for c in n.children if c.kind != "leaf")
        self._relayout_tree()
        self._reveal(node)

    def _move_selection(self, key: int) -> None:
        node = self.selected
        if node is None or self.tree is None:
            return
        shown = {p.node.order for p in self._placed if p.node is not None}
        if key == pygame.K_UP:
            self.select(node.parent)
        elif key == pygame.K_DOWN:
            kids = tree_canvas.visible_children(node, self.step)
            if kids:
                if node.order not in self.expanded:
                    self.expanded.add(node.order)
                self.select(kids[0])
        elif node.parent is not None:
            siblings = [c for c in tree_canvas.visible_children(node.parent, self.step)
                        if c.order in shown]
            if node in siblings:
                i = siblings.index(node) + (1 if key == pygame.K_RIGHT else -1)
                if 0 <= i < len(siblings):
                    self.select(siblings[i])

    # --- geometry ------------------------------------------------------------------------------

    def _relayout_tree(self) -> None:
        if self.tree is None or self.tree_area.width <= 0:
            self._placed = []
            return
        metrics = self.metrics
        self._scale_used = metrics.scale
        root_label, values, reserve = "", None, 0
        if isinstance(self.game, HandTree):
            spec = self.game.spec
            root_label = spec.labels[self.game.node]
            # The root's letter above it takes room the levels give up.
            reserve = tree_canvas.root_top(metrics, root_label) - metrics.top_pad
            values = self._stub_values
        level_h = tree_canvas.level_height(self.tree_area.height - reserve, self.tree.depth,
                                           metrics)
        self._placed, self._tree_w, self._tree_h = tree_canvas.place(
            self.tree, self.expanded, self.step, level_h, metrics, root_label=root_label,
            stub_values=values)
        self._clamp_offset()

    def _view(self) -> tuple[float, float]:
        """The tree area's width and height in tree units (the zoom is across only)."""
        return self.tree_area.width / self.zoom, self.tree_area.height

    def _clamp_offset(self) -> None:
        if self.tree is None:
            return
        view_w, view_h = self._view()
        w, h = self._tree_w, self._tree_h
        if w <= view_w:  # a narrow tree stays centred
            self.offset[0] = -(view_w - w) / 2
        else:
            self.offset[0] = min(max(self.offset[0], -40), w - view_w + 40)
        if h <= view_h:
            self.offset[1] = 0
        else:
            self.offset[1] = min(max(self.offset[1], 0), h - view_h + 20)

    def _placed_of(self, node: TreeNode) -> tree_canvas.Placed | None:
        return next((p for p in self._placed if p.node is node), None)

    def _reveal(self, node: TreeNode) -> None:
        """Pan just enough that ``node`` is inside the tree area."""
        p = self._placed_of(node)
        if p is None:
            return
        view_w, view_h = self._view()
        margin = 50
        sx = p.x - self.offset[0]
        if sx < margin:
            self.offset[0] = p.x - margin
        elif sx > view_w - margin:
            self.offset[0] = p.x - view_w + margin
        m = self.metrics
        top = p.y - m.half - m.px(24)  # the move's label above it
        bottom = p.y + (m.leaf_below if node.kind == "leaf" else m.below)
        if top < self.offset[1]:
            self.offset[1] = top
        elif bottom > self.offset[1] + view_h:
            self.offset[1] = bottom - view_h
        self._clamp_offset()

    def _centre_on(self, node: TreeNode, *, pack: bool = True) -> None:
        """Centre the view on ``node`` across, its children below it (a cut-off's
        pruned moves hang there); then make sure the node itself is in view."""
        p = self._placed_of(node)
        if p is None:
            return
        family = [q for q in self._placed if q is p or (q.parent is p)]
        slot = self.metrics.slot
        left = min(q.x for q in family) - slot / 2
        right = max(q.x for q in family) + slot / 2
        if pack and right - left > self._view()[0]:  # pack (never spread) until all fit
            self.zoom = max(ZOOMS[0], self.tree_area.width / (right - left + 20))
        view_w, view_h = self._view()
        self.offset[0] = (left + right) / 2 - view_w / 2
        self.offset[1] = p.y - view_h / 3
        self._clamp_offset()
        self._reveal(node)

    def pan(self, dx: float, dy: float) -> None:
        self.offset[0] += dx
        self.offset[1] += dy
        self._clamp_offset()

    def _tree_pos(self, pos: tuple[int, int]) -> tuple[float, float]:
        return ((pos[0] - self.tree_area.x) / self.zoom + self.offset[0],
                pos[1] - self.tree_area.y + self.offset[1])

    # --- actions of the keyboard and mouse ------------------------------------------------------

    def toggle_keys(self) -> None:
        self.show_keys = not self.show_keys

    def escape(self) -> None:
        """Esc: close the key card, else cancel the recording, else back to the game."""
        if self.show_keys:
            self.show_keys = False
        elif self.recording:
            self.cancel()
        else:
            self.close()

    def toggle_selected(self, whole: bool | None = None) -> None:
        """Enter / E / C: expand or collapse the selected node (its subtree: ``whole``)."""
        if self.selected is not None:
            self.toggle(self.selected, whole=whole)

    def step_depth(self, direction: int) -> None:
        if not self.hand:  # a hand-made tree is recorded whole: no depth to choose
            self.c_depth.step(direction)

    def step_mode(self, direction: int) -> None:
        i = TREE_MODES.index(self.mode)
        self.s_mode.choose((i + direction) % len(TREE_MODES))

    def new_game(self) -> None:
        play = self.app.play
        if play is None:
            return
        game = play.game
        self.app.show_start(dialog=True, game=game.name, variant=game.variant(),
                            players=play.session.players)

    def handle_event(self, event: pygame.event.Event) -> None:
        self._handle(event)
        self._refresh_buttons()  # the event may have stepped, started or cancelled

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == WAKE:
            return  # the reports are drained in update
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.tree is not None \
                and not self.recording:
            self.message = None  # a refusal said over the tree goes with the next action
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.widgets.handle_event(event)
            if self._drag is not None:
                (x0, y0), (ox, oy) = self._drag
                dx, dy = event.pos[0] - x0, event.pos[1] - y0
                if abs(dx) + abs(dy) > 4:
                    self._dragged = True
                if self._dragged:
                    self.offset = [ox - dx / self.zoom, oy - dy]
                    self._clamp_offset()
                return
            self._hover(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.widgets.handle_event(event):
                return
            if self.tree_area.collidepoint(event.pos) and self.tree is not None:
                self._drag = (event.pos, (self.offset[0], self.offset[1]))
                self._dragged = False
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._drag is not None:
                dragged, self._drag = self._dragged, None
                if not dragged:
                    self._click(event.pos)
                return
            self.widgets.handle_event(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            # The wheel pans the tree; with Shift (or a sideways wheel) it pans sideways.
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            dx, dy = -event.x * PAN_STEP, -event.y * PAN_STEP
            self.pan(dy if shift else dx, 0 if shift else dy)
            return
        self.widgets.handle_event(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        if self.tree_area.collidepoint(pos):
            self.hovered = tree_canvas.node_at(self._placed, self._tree_pos(pos), self.metrics)
        else:
            self.hovered = None

    def _click(self, pos: tuple[int, int]) -> None:
        found = tree_canvas.node_at(self._placed, self._tree_pos(pos), self.metrics)
        if found is None:
            return
        node = found.node if found.node is not None else (
            found.parent.node if found.parent is not None else None)
        if node is None:
            return
        if node is self.selected or found.collapsed:
            self.toggle(node)
        self.select(node)

    def _key(self, event: pygame.event.Event) -> None:
        """The keys of ``game.ui.keys.TREE_KEYS`` (the key card's list), after the
        toolbar's; below, the arrows, which act on the selection or pan with Shift."""
        key = event.key
        mods = getattr(event, "mod", 0)
        if mods & pygame.KMOD_ALT:
            return
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_META):  # the table's Ctrl keys only
            command = command_for(TREE_KEYS, event, loose=pygame.KMOD_SHIFT)
            if command is not None:
                name, *arguments = command
                getattr(self, name)(*arguments)
            return
        if key != pygame.K_ESCAPE and self.widgets.toolbar_key(
                event, arrows=(self.c_depth, self.s_mode)):
            return
        command = command_for(TREE_KEYS, event, loose=pygame.KMOD_SHIFT)
        if command is not None:
            name, *arguments = command
            getattr(self, name)(*arguments)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.widgets.focus_visible = False
            if mods & pygame.KMOD_SHIFT:
                dx = {pygame.K_LEFT: -PAN_STEP, pygame.K_RIGHT: PAN_STEP}.get(key, 0)
                dy = {pygame.K_UP: -PAN_STEP, pygame.K_DOWN: PAN_STEP}.get(key, 0)
                self.pan(dx, dy)
            else:
                self._move_selection(key)

    # --- frame ------------------------------------------------------------------------------------

    def update(self, dt: float) -> bool | None:
        super().update(dt)
        changed = False
        while True:
            try:
                report = self._reports.get_nowait()
            except queue.Empty:
                break
            changed = self._take(report) or changed
        if self.tree is not None and abs(self.label_scale() - self._scale_used) > 1e-6:
            self._relayout_tree()  # projector mode switched in Settings, or the window
            changed = True
        self._refresh_buttons()
        return changed or None

    def _refresh_buttons(self) -> None:
        """Show Cancel while recording; enable the step buttons that can move."""
        self.b_cancel.visible = self.recording
        self.b_own.visible = not self.recording
        tree = self.tree
        at_end = tree is None or self.step >= len(tree.steps) - 1
        self.b_first.enabled = self.b_prev.enabled = tree is not None and self.step > 0
        self.b_next.enabled = self.b_last.enabled = not at_end

    def wants_frames(self) -> bool:
        return self.recording

    # --- drawing ------------------------------------------------------------------------------------

    def position_of(self, node: TreeNode) -> Game:
        """The position at ``node`` (the root's copy with the node's path played)."""
        game = self._positions.get(node.order)
        if game is None:
            game = self.game.copy()
            for move in node.path:
                game.push(move)
            if len(self._positions) > 64:
                self._positions.clear()
            self._positions[node.order] = game
        return game

    def focus_node(self) -> TreeNode | None:
        """The node the side panel describes: the hovered one, else the selected one
        (a hovered pruned child: its parent)."""
        if self.hovered is not None:
            if self.hovered.node is not None:
                return self.hovered.node
            if self.hovered.parent is not None:
                return self.hovered.parent.node
        return self.selected

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        surface.blit(draw.vertical_gradient((w, h), theme.background, theme.background_low),
                     (0, 0))
        bar = pygame.Rect(0, 0, w, TOP)
        pygame.draw.rect(surface, theme.card, bar)
        pygame.draw.line(surface, theme.card_border, (0, TOP - 1), (w, TOP - 1),
                         theme.border_width)
        for rect in (self.tree_card, self.side, self.bottom):
            draw.card(surface, rect, theme.card, theme.card_border, 12, theme.shadow_alpha,
                      theme.border_width)
        self._draw_tree(surface)
        self._draw_side(surface)
        self._draw_bottom(surface)
        self.widgets.draw(surface, theme)
        if self.show_keys:
            self._draw_keys(surface)
        self.widgets.draw_tooltip(surface, theme)

    def _colours(self) -> tree_canvas.Look:
        theme = self.theme
        pieces = theme.board(self.base_game.name).pieces
        turn = 0 if self.hand else self.game.turn  # a hand-made tree: MAX is side 0
        return tree_canvas.look_for(theme, pieces[turn], pieces[1 - turn])

    def rule_text(self) -> str:
        """The sentence over the tree: the conventions in force (``Conventions.text``)."""
        return self.conventions.text()

    def _draw_tree(self, surface: pygame.Surface) -> None:
        theme, area = self.theme, self.tree_area
        rule = self.rule_text()
        room = self.tree_card.width - 28
        lines = draw.wrap(rule, 16, room)
        size = 16 if len(lines) <= 2 else 14
        y = self.tree_card.y + 8
        for line in draw.wrap(rule, size, room)[:2]:
            draw.blit_text(surface, line, size, theme.text_dim, (self.tree_card.x + 14, y),
                           "topleft", max_width=room)
            y += size + 2
        if self.tree is not None:
            current = self.current if self.step < len(self.tree.steps) - 1 else None
            self._draw_zoomed(surface, area, current)
            pygame.draw.line(surface, theme.card_border, (area.x + 8, area.bottom),
                             (area.right - 8, area.bottom))
            self._draw_legend(surface, self.tree_card)
        if self.recording:
            self._draw_progress(surface, area)
        elif self.message:
            box = area.inflate(-60, 0)
            lines = draw.wrap(self.message, 21, box.width)
            y = area.centery - len(lines) * 14
            if self.tree is not None:  # over a tree: on a card of its own
                card = pygame.Rect(box.x - 10, y - 12, box.width + 20, len(lines) * 28 + 24)
                draw.rounded_rect(surface, card, theme.card, 10, 2, theme.danger)
            for line in lines:
                draw.blit_text(surface, line, 21, theme.text, (area.centerx, y), "midtop")
                y += 28

    def _draw_zoomed(self, surface: pygame.Surface, area: pygame.Rect,
                     current: TreeNode | None) -> None:
        """The tree at ``zoom``: the zoom spreads or packs the nodes across (the
        levels already fill the height), the shapes and words keep their size."""
        placed, hovered = self._placed, self.hovered
        if abs(self.zoom - 1.0) > 1e-6:
            copies: dict[int, tree_canvas.Placed] = {}
            for p in placed:  # parents come before their children
                copies[id(p)] = dataclasses.replace(
                    p, x=p.x * self.zoom,
                    parent=None if p.parent is None else copies.get(id(p.parent), p.parent))
            placed = [copies[id(p)] for p in placed]
            hovered = None if hovered is None else copies.get(id(hovered))
        tree_canvas.draw_tree(surface, area, placed, (self.offset[0] * self.zoom, self.offset[1]),
                              self._colours(), self.step, current=current,
                              selected=self.selected, hovered=hovered, skipped=self.skipped,
                              metrics=self.metrics)

    def _draw_legend(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A small key to the shapes in the tree area's corner."""
        theme = self.theme
        look = self._colours()
        tree = self.tree
        assert tree is not None
        x, y = area.x + 12, area.bottom - 15
        # Translators: the legend under the tree: short words next to each shape; MAX and
        # MIN are the search's two players, {side} the game's side ("Red").
        if self.hand:  # MAX and MIN are not a game's sides here
            max_word, min_word = "MAX", "MIN"  # untranslated: minimax's names, as above
        else:
            max_word = _("MAX {side}").format(side=_(tree.side_names[0]))
            min_word = _("MIN {side}").format(side=_(tree.side_names[1]))
        items = [("max", False, look.max_fill, max_word),
                 ("min", False, look.min_fill, min_word),
                 ("leaf", False, look.leaf_fill, _("leaf")),
                 ("ghost", False, None, _("alpha-beta skips") if self.skipped else _("pruned"))]
        if any(n.skipped or n.outside for n in tree.nodes):
            items.append(("aside", False, None, _("left out")))
        for kind, terminal, fill, text in items:
            if kind == "aside":  # the dotted ring of a move left out, not by α-β
                for i in range(8):
                    angle = i * math.pi / 4
                    draw.aa_circle(surface, look.ghost, (x + 7 + 6 * math.cos(angle),
                                                         y + 6 * math.sin(angle)), 1)
                x += 18
            elif kind == "ghost":
                tree_canvas.cut_mark(surface, look.cut, (x + 2, y - 8), (x + 2, y + 8))
                x += 14
            else:
                saved = tree_canvas.HALF
                centre = (x + 8, y)
                assert fill is not None  # only the ghost and aside entries have none
                if kind in ("max", "min"):
                    points = [(px * 0.55 + centre[0] * 0.45, py * 0.55 + centre[1] * 0.45)
                              for px, py in tree_canvas.shape_points(kind, *centre, saved)]
                    pygame.draw.polygon(surface, fill, points)
                    pygame.draw.polygon(surface, look.text, points, 1)
                else:
                    rect = pygame.Rect(0, 0, 12, 12)
                    rect.center = centre
                    pygame.draw.rect(surface, fill, rect)
                    pygame.draw.rect(surface, look.text, rect, 1)
                x += 20
            r = draw.blit_text(surface, text, 16, theme.text_dim, (x, y), "midleft")
            x = r.right + 14
        # The badge of a closed node, and how to open it.
        badge = (x + 8, y)
        draw.aa_circle(surface, look.card, badge, 8)
        draw.aa_circle(surface, look.dim, badge, 8, 2)
        pygame.draw.line(surface, look.text, (badge[0] - 4, y), (badge[0] + 4, y), 2)
        pygame.draw.line(surface, look.text, (badge[0], y - 4), (badge[0], y + 4), 2)
        # Translators: the legend's last item, next to a closed node's "+" badge.
        opens = _("click or Enter opens")
        room = area.right - x - 30
        draw.blit_text(surface, opens, 16, theme.text_dim, (x + 22, y), "midleft",
                       max_width=room, min_size=12)

    def _draw_progress(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.theme
        card = pygame.Rect(0, 0, min(420, area.width - 40), 118)
        card.center = area.center
        draw.card(surface, card, theme.card, theme.accent, 12, theme.shadow_alpha, 2)
        # Translators: {mode} is a search mode ("minimax", "alpha-beta").
        title = _("Recording {mode}, depth {depth}…").format(mode=_(MODE_TITLES[self.mode]),
                                                              depth=self.depth)
        if self.comparing:
            title = _("Counting {mode} for the comparison…").format(
                mode=_(MODE_TITLES[self.comparing]))
        # Smaller type rather than an ellipsis: a longer language's title reads whole.
        draw.blit_text(surface, title, 21, theme.text, (card.x + 18, card.y + 16), "topleft",
                       max_width=card.width - 36, bold=True, min_size=15)
        p = self.progress
        fraction = p.fraction if p is not None and not self.comparing else (
            1.0 if self.comparing else 0.0)
        bar = pygame.Rect(card.x + 18, card.y + 52, card.width - 36, 12)
        draw.rounded_rect(surface, bar, theme.button, 6, 1, theme.button_border)
        if fraction > 0:
            fill = bar.copy()
            fill.width = max(12, round(bar.width * fraction))
            draw.rounded_rect(surface, fill, theme.accent, 6)
        if p is not None:
            status = ngettext("{nodes} node so far · Esc cancels",
                              "{nodes} nodes so far · Esc cancels", p.nodes).format(
                nodes=number(p.nodes))
        else:
            status = _("starting · Esc cancels")
        draw.blit_text(surface, status, 18, theme.text_dim,
                       (card.x + 18, card.y + 78), "topleft", max_width=card.width - 36)

    def _draw_side(self, surface: pygame.Surface) -> None:
        theme, side = self.theme, self.side
        node = self.focus_node()
        x = side.x + 14
        stub = self.hovered if self.hovered is not None and self.hovered.node is None else None
        path = [] if node is None else list(node.path)
        if stub is not None and stub.move is not None:
            path.append(stub.move)
        if self.hand:
            game = self.game
            # Translators: the side panel's title over a hand-made tree; {name} a node's
            # letter.
            title = _("Your tree") if node is None else _("Node {name}").format(
                name=self._letter(node))
        elif node is None:
            title = _("The position")
            game = self.game
        else:
            game = self.game.copy() if stub is not None else self.position_of(node)
            if stub is not None and stub.move is not None:
                for move in path:
                    game.push(move)
            # Translators: the side panel's title: {moves} are the moves to the node shown.
            title = _("After {moves}").format(moves=" ".join(_path_names(self.game, path))) \
                if path else _("The position to search")
        draw.blit_text(surface, title, 19, theme.text, (x, self.s_prune.rect.bottom + 8),
                       "topleft", max_width=side.width - 28, bold=True)
        if self.board is not None and not self.hand:
            overlay = BoardOverlay(mover=game.turn)
            overlay.scores = _path_cells(self.game, path)
            self.board.draw(surface, game, theme, overlay)
        y = self.board_rect.bottom + 10
        if stub is not None and stub.reason is not None:
            if stub.move is not None:
                # Translators: {move} is a move left out, {reason} why the evaluator leaves it.
                words = _("{move}: {reason} (not an alpha-beta cut-off: the evaluator leaves "
                          "it out before the search)").format(move=stub.label,
                                                               reason=stub.reason)
            else:
                words = _("{n} moves: {reason} (not an alpha-beta cut-off: the evaluator "
                          "leaves it out before the search)").format(n=stub.label[1:],
                                                                     reason=stub.reason)
        elif stub is not None:
            if self.tree is not None and self.tree.conventions.prune == "gt":
                words = _("{move}: never searched, because the window of its parent closed "
                          "(β < α) before its turn came").format(move=stub.label) \
                    if stub.move is not None else \
                    _("{n} more moves never searched (β < α)").format(n=stub.label[1:])
            else:
                words = _("{move}: never searched, because the window of its parent closed "
                          "(β ≤ α) before its turn came").format(move=stub.label) \
                    if stub.move is not None else \
                    _("{n} more moves never searched (β ≤ α)").format(n=stub.label[1:])
        if stub is not None:  # a move left out or pruned: why, in words
            for row in draw.wrap(words, 17, side.width - 28):
                draw.blit_text(surface, row, 17, theme.text, (x, y), "topleft")
                y += 20
        elif node is not None and self.tree is not None:
            for line in self._node_lines(node):
                for row in draw.wrap(line, 17, side.width - 28):
                    draw.blit_text(surface, row, 17, theme.text, (x, y), "topleft")
                    y += 20
        y += 6
        if self.costs:
            self._draw_costs(surface, pygame.Rect(x, y, side.width - 28, side.bottom - y - 8))

    def _node_lines(self, node: TreeNode) -> list[str]:
        tree = self.tree
        assert tree is not None
        if self.hand:
            # Translators: {name} is a node's letter in a hand-made tree ("B").
            kind = {"max": _("MAX node {name}"), "min": _("MIN node {name}"),
                    "leaf": _("leaf {name} (its value is given)")}[node.kind].format(
                name=self._letter(node))
        elif node.kind == "max":
            kind = _("MAX node ({side} to move)").format(side=_(tree.side_names[0]))
        elif node.kind == "min":
            kind = _("MIN node ({side} to move)").format(side=_(tree.side_names[1]))
        else:
            kind = _("leaf (game over)") if node.terminal else _("leaf (scored by the evaluator)")
        shown = tree_canvas.node_value_text(node, self.step)
        if node.alpha is not None:
            # Translators: a node's value and its alpha-beta window "(α, β)".
            value = _("value {value} · window {window}").format(
                value=shown, window=window_text(node.alpha, node.beta))
        else:
            value = _("value {value}").format(value=shown)
        lines = [kind, value]
        if node.kind != "leaf":
            searched = len(node.children)
            moves = ngettext("{n} move searched", "{n} moves searched", searched).format(
                n=number(searched))
            if node.pruned_moves:
                # Translators: added to "3 moves searched": the moves alpha-beta pruned.
                moves = _("{moves}, {n} pruned").format(moves=moves,
                                                        n=number(len(node.pruned_moves)))
            if node.skipped:
                # Translators: added to "3 moves searched": the moves the evaluator leaves
                # out, and why.
                moves = _("{moves}, {n} left out ({reason})").format(
                    moves=moves, n=number(len(node.skipped)),
                    reason=node.skipped[0][2].sentence)
            lines.append(moves)
        if node.outside is not None:
            lines.append(_("Alpha-beta never tries this move: {reason}.").format(
                reason=node.outside))
        elif node.order in self.skipped:
            lines.append(_("Alpha-beta never visits this node: a cut-off above it prunes it."))
        return lines

    def _letter(self, node: TreeNode) -> str:
        """A hand-made tree's node's letter (the root's too)."""
        game = self.position_of(node)
        return game.spec.labels[game.node] if isinstance(game, HandTree) else node.name

    def _draw_costs(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = self.theme
        if rect.height < 50:
            return
        heading = _("Same tree, each way:") if self.hand else _("Same position, each way:")
        draw.blit_text(surface, heading, 17, theme.text_dim,
                       rect.topleft, "topleft", max_width=rect.width)
        cols = (rect.x, rect.x + rect.width * 0.46, rect.x + rect.width * 0.68, rect.right)
        y = rect.y + 22
        # Translators: the heads of the comparison table's number columns (narrow).
        for i, head in enumerate(("", _("nodes"), _("leaves"), _("value"))):
            if head:
                draw.blit_text(surface, head, 16, theme.text_dim, (cols[i], y), "topright")
        y += 19
        for mode in TREE_MODES:
            cost = self.costs.get(mode)
            if y + 18 > rect.bottom:
                break
            name = {"minimax": _("minimax"), "alphabeta": _("alpha-beta"),
                    "ordered": _("ordered")}[mode]
            chosen = mode == (self.tree.mode if self.tree is not None else None)
            colour = theme.text
            draw.blit_text(surface, name, 17, colour, (cols[0], y), "topleft", bold=chosen)
            if isinstance(cost, Cost):
                for i, text in ((1, number(cost.nodes)), (2, number(cost.leaves)),
                                (3, value_text(cost.value))):
                    draw.blit_text(surface, text, 17, colour, (cols[i], y), "topright",
                                   bold=chosen)
            elif isinstance(cost, str):
                # Translators: {nodes} is the node cap (a number): the count was refused.
                refused = _("more than {nodes} nodes: refused").format(nodes=cost)
                draw.blit_text(surface, refused, 16, theme.text_dim,
                               (cols[3], y), "topright")
            y += 20
        values = {c.value for c in self.costs.values() if isinstance(c, Cost)}
        if len(values) == 1 and y + 18 <= rect.bottom:
            same = _("same root value, fewer nodes with pruning")
            draw.blit_text(surface, same, 16,
                           theme.success if theme.name != "classic" else theme.text_dim,
                           (cols[0], y + 2), "topleft", max_width=rect.width, min_size=12)

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.bottom
        x = self.b_last.rect.right + 12
        tree = self.tree
        if tree is None:
            hint = _("Choose a depth and a mode above; the tree appears here.")
            draw.blit_text(surface, hint, 19, theme.text_dim, (x, self.b_last.rect.centery),
                           "midleft", max_width=rect.right - x - 12)
            return
        step = tree.steps[self.step]
        counter = _("Step {step} / {steps}").format(step=self.step + 1,
                                                     steps=len(tree.steps))
        draw.blit_text(surface, counter, 17, theme.text_dim, (x, self.b_last.rect.centery),
                       "midleft")
        line_x = x + draw.text_size(counter, 17)[0] + 14
        line = pygame.Rect(line_x, rect.y + 2, rect.right - line_x - 12, 46)
        if line.width > 160:
            tree_canvas.draw_number_line(surface, line, theme, step.alpha, step.beta, step.best,
                                         step.value, strict=tree.conventions.prune == "gt")
        text = step.text
        if self.step == len(tree.steps) - 1:
            # Translators: {step} is the last step's sentence.
            text = _("{step} Home goes back to the first step.").format(step=text)
        lines = draw.wrap(text, 19, rect.width - 24)[:2]
        y = rect.y + 50
        for i, row in enumerate(lines):
            draw.blit_text(surface, row, 19, theme.text, (rect.x + 12, y + i * 22), "topleft",
                           max_width=rect.width - 24)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        theme = self.theme
        card = pygame.Rect(0, 0, min(600, self.tree_card.width - 12),
                           min(60 + 30 * len(TREE_KEYS), self.tree_card.height - 8))
        card.center = self.tree_card.center
        draw.card(surface, card, theme.card, theme.accent, 12, theme.shadow_alpha, 2)
        draw.blit_text(surface, _("Keys"), 24, theme.text, (card.x + 20, card.y + 14), "topleft",
                       bold=True)
        draw.blit_text(surface, _("Esc or F1 closes"), 17, theme.text_dim,
                       (card.right - 20, card.y + 18), "topright")
        pitch = min(30, (card.height - 60) // len(TREE_KEYS))
        draw_keys(surface, theme, TREE_KEYS, (card.x + 20, card.y + 48),
                  min(250, card.width // 2 - 20), pitch)


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (a translation that ends
    with its script's own full stop, "。", keeps it alone)."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + ("" if text.endswith("。") else ".")


def _path_names(game: Game, path: list[int]) -> list[str]:
    """The notation of ``path`` played from ``game`` (names may depend on the position)."""
    twin = game.copy()
    names = []
    for move in path:
        names.append(twin.move_name(move))
        twin.push(move)
    return names


def _path_cells(game: Game, path: list[int]) -> dict[tuple[int, int], str]:
    """``{cell: "1"}``: where each move of ``path`` lands, numbered from the root."""
    twin = game.copy()
    cells: dict[tuple[int, int], str] = {}
    for i, move in enumerate(path, start=1):
        twin.push(move)
        cell = twin.last_cell()
        if cell is not None:
            cells[cell] = str(i)
    return cells


# untranslated: the module's names
__all__ = ["Cost", "OwnTreeDialog", "Recording", "TreeScene", "read_tree_file",
           "read_tree_text", "recording_job"]
