"""What the tree explorer records, off the window's thread: the recording job (the
search as a tree, and the three modes' costs for the comparison), and how a person's
own tree is read (typed, pasted or from a file).

Split from ``game.ui.scenes.tree``, which draws and steps through what these make.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

from ai.evaluators.base import Evaluator
from ai.evaluators.plugin import EvaluatorFault
from ai.explain.conventions import DEFAULT, Conventions
from ai.explain.tree import (
    NODE_CAP,
    TREE_MODES,
    SearchTree,
    TreeCancelled,
    TreeError,
    TreeMode,
    TreeTooLarge,
    record,
)
from ai.explain.trees import (
    MAX_JSON_BYTES,
    HandTree,
    LeafEvaluator,
    RootKind,
    TreeSpec,
    parse_tree,
    read_tree_json,
)
from game.files import read_text
from game.i18n import N_, number
from game.rules import Game
from game.settings import find_evaluator

TREE_FILE = N_("tree file")
"""What an opened tree file should be, for the file reader's messages."""


def read_tree_text(text: str, root: RootKind | None = None) -> TreeSpec:
    """A tree typed, pasted or read from a file: JSON when it is an object (or a list
    holding objects), else the notes' nested lists (``ai.explain.trees``).

    Raises:
        TreeSyntaxError: one sentence on what is wrong.
    """
    stripped = text.strip()
    if stripped.startswith("{") or (stripped.startswith("[") and "{" in stripped):
        return read_tree_json(stripped, root)
    return parse_tree(stripped, root or "max")


def read_tree_file(path: str) -> TreeSpec:
    """The tree in the file ``path`` (read through ``game.files``' bounded reader).

    Raises:
        TreeSyntaxError, FileError: one sentence.
    """
    return read_tree_text(read_text(path, limit=MAX_JSON_BYTES, what=TREE_FILE))



@dataclasses.dataclass(frozen=True)
class Cost:
    """One mode's cost on the position (the comparison table)."""

    nodes: int
    leaves: int
    value: int
    best: str


@dataclasses.dataclass(frozen=True)
class Recording:
    """What a recording job returns: the tree and the three modes' costs, or a refusal."""

    tree: SearchTree | None
    refusal: str | None
    costs: dict[str, Cost | str]
    alphabeta_paths: frozenset[tuple[int, ...]] | None = None
    """With a minimax tree: the nodes alpha-beta visits on the same tree (as paths)."""


def recording_job(game: Game, preset: str, depth: int, mode: TreeMode, cap: int = NODE_CAP,
                  conventions: Conventions = DEFAULT
                  ) -> Callable[[threading.Event, Callable[[Any], None]], Recording | None]:
    """The worker job: record ``mode`` under ``conventions``, then count the other modes
    for the comparison.

    It loads its own evaluator (evaluators keep caches and are not shared across
    threads; a hand-made tree's is its leaves') and returns ``None`` when cancelled.
    """
    def job(stop: threading.Event, progress: Callable[[Any], None]) -> Recording | None:
        # A hand-made tree's evaluator is its leaves; else a preset or the user's NAME.toml.
        evaluator: Evaluator = LeafEvaluator() if isinstance(game, HandTree) \
            else find_evaluator(game.name, preset)
        try:
            tree = record(game, evaluator, depth, mode, cap=cap, stop=stop,
                          on_progress=progress, conventions=conventions)
        except TreeCancelled:
            return None
        except (TreeError, EvaluatorFault) as error:  # a plugin's code: its sentence
            return Recording(None, str(error), {})
        costs: dict[str, Cost | str] = {}
        paths = None
        for other in TREE_MODES:
            if other == mode:
                found: SearchTree | str = tree
            else:
                progress(other)
                try:
                    found = record(game, evaluator, depth, other, cap=cap, stop=stop,
                                   conventions=conventions)
                except TreeCancelled:
                    return None
                except TreeTooLarge:
                    found = number(cap)  # refused: more nodes than the cap
                except EvaluatorFault as fault:
                    return Recording(None, str(fault), {})
            if mode == "minimax" and other == "alphabeta" and not isinstance(found, str):
                paths = frozenset(tuple(n.path) for n in found.nodes)
            costs[other] = found if isinstance(found, str) else Cost(
                found.node_count, found.leaves, found.value, found.best_name)
        return Recording(tree, None, costs, paths)
    return job


__all__ = ["TREE_FILE", "Cost", "Recording", "read_tree_file", "read_tree_text",  # untranslated: names
           "recording_job"]
