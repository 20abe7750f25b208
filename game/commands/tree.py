"""``plies tree G --moves M --depth D --mode minimax|alphabeta|ordered [--json]``.

``--board``/``--turn`` start from a set-up position, as in the other analysis commands.
``--tree TREE`` records a hand-made tree instead of a position: the lecture notes'
nested lists inline (``"((3 12 8) (2 4 6))"``, root MAX unless ``--root min``) or the
path of a JSON tree file (``ai.explain.trees``); no game is named then.
``--prune ge|gt`` and ``--values soft|hard`` choose the textbook's alpha-beta
(``ai.explain.conventions``); the text and the JSON say which.

Records a small real search of the position (``ai.explain.tree``) and prints it: as an
indented tree with each node's value and (α, β) window and the moves pruned under it,
or with ``--json`` as one object whose ``tree`` nests the nodes (``move``, ``kind``,
``value``, ``bound``, ``alpha``, ``beta``, ``pruned``, visit ``order``, ``children``).
``--compare`` prints instead what each of the three modes costs on the position.
``--svg FILE`` also writes the tree as a figure in the lectures' style
(``game.formats.tree_svg``).

A tree past the node cap, a finished game, a bad depth or move is exit status 2 with
one sentence on stderr.

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_arguments(parser)
>>> args = parser.parse_args(["connect4", "--moves", "44", "--depth", "2"])
>>> args.depth, args.mode
(2, 'alphabeta')
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ai.evaluators import EvaluatorError
from ai.evaluators.base import Evaluator
from ai.explain.conventions import PRUNE_RULES, VALUE_RULES, Conventions
from ai.explain.tree import (
    MAX_DEPTH,
    MIN_DEPTH,
    MODE_TITLES,
    NODE_CAP,
    TREE_MODES,
    SearchTree,
    TreeMode,
    TreeError,
    compare,
    record,
    tree_text,
    value_text,
)
from ai.explain.trees import MAX_JSON_BYTES, HandTree, LeafEvaluator, TreeSyntaxError, \
    parse_tree, read_tree_json
from game.commands.common import (
    CliError,
    add_board_arguments,
    add_game_argument,
    build_game,
)
from game.commands.exercise_sheets import (  # write_figure: its old home was here
    add_paper_argument,
    write_figure,
    write_tree_figures,
)
from game.files import FileError, read_text
from game.i18n import N_, _, ngettext, number, pgettext
from game.rules import GAMES
from game.rules.base import Game
from game.settings import find_evaluator

DEFAULT_DEPTH = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``plies tree``."""
    add_game_argument(parser, optional=True)
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=_("plies to search, {low}-{high} (default {depth})").format(
                            low=MIN_DEPTH, high=MAX_DEPTH, depth=DEFAULT_DEPTH))
    parser.add_argument("--mode", choices=TREE_MODES, default="alphabeta",
                        help=_("plain minimax, alpha-beta in the evaluator's order, or "
                               "alpha-beta with the moves ordered by a quick look"))
    parser.add_argument("--eval", metavar="E", help=_("evaluator preset name or TOML file"))
    add_tree_arguments(parser)
    add_convention_arguments(parser)
    parser.add_argument("--compare", action="store_true",
                        help=_("nodes, leaves and value of all three modes instead of the tree"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))
    parser.add_argument("--svg", metavar="FILE",
                        help=_("also write the tree as an SVG figure (MAX up-triangles, MIN "
                               "down-triangles, leaves squares, values, windows, cut-offs)"))
    parser.add_argument("--pdf", metavar="FILE", help=_("also write the tree as a PDF"))
    add_paper_argument(parser)


def add_tree_arguments(parser: argparse.ArgumentParser) -> None:
    """``--tree`` and ``--root``: a hand-made tree instead of a game's position."""
    parser.add_argument("--tree", metavar="TREE",
                        help=_("a hand-made tree instead of a position: nested lists as in "
                               "the notes, \"((3 12 8) (2 4 6))\", or a JSON tree file"))
    parser.add_argument("--root", choices=("max", "min"), default=None,
                        help=_("whether the hand-made tree's root is a MAX (default) or a "
                               "MIN node"))


def add_convention_arguments(parser: argparse.ArgumentParser) -> None:
    """``--prune ge|gt`` and ``--values soft|hard`` (``ai.explain.conventions``)."""
    parser.add_argument("--prune", choices=PRUNE_RULES, default="ge",
                        help=_("prune as soon as α ≥ β (ge, the default) or only when "
                               "α > β (gt)"))
    parser.add_argument("--values", choices=VALUE_RULES, default="soft",
                        help=_("fail-soft values (soft, the default) or fail-hard ones "
                               "clamped into the window (hard)"))


def conventions_of(args: argparse.Namespace) -> Conventions:
    """The conventions the options chose."""
    return Conventions(args.prune, args.values)


TREE_FILE = N_("tree file")
"""What a ``--tree`` file should be, for the file reader's messages."""


def hand_tree_of(args: argparse.Namespace) -> tuple[Game, Evaluator] | None:
    """The hand-made tree of ``--tree`` with its leaf evaluator, or ``None`` without
    ``--tree``. The tree is inline when it starts with a bracket, else the path of a
    JSON file (read through ``game.files``' bounded reader, nothing else opened).

    Raises:
        CliError: a tree that cannot be read, or ``--tree`` with a game's options.
    """
    if args.tree is None:
        if getattr(args, "root", None) is not None:
            raise CliError(_("--root goes with --tree"))
        return None
    for option in ("moves", "board", "eval"):
        if getattr(args, option, None):
            raise CliError(_("--tree replaces the position: leave out --{option}").format(
                option=option))
    if getattr(args, "game", None):
        raise CliError(_("--tree replaces the game: leave out {game}").format(game=args.game))
    text = args.tree.strip()
    try:
        if text[:1] in ("(", "["):
            spec = parse_tree(text, args.root or "max")
        else:
            spec = read_tree_json(read_text(args.tree, limit=MAX_JSON_BYTES, what=TREE_FILE),
                                  args.root)
    except (TreeSyntaxError, FileError) as error:
        raise CliError(str(error)) from None
    return HandTree(spec), LeafEvaluator()


def comparison_payload(trees: dict[TreeMode, SearchTree | str]) -> dict[str, Any]:
    """``--compare --json``: per mode its counts, or the sentence that refused it."""
    out: dict[str, Any] = {}
    for mode, tree in trees.items():
        if isinstance(tree, str):
            out[mode] = {"refused": tree}
        else:
            out[mode] = {"nodes": tree.node_count, "leaves": tree.leaves,
                         "pruned": tree.pruned_count, "ordering_looks": tree.ordering_looks,
                         "value": tree.value, "best": tree.best_name}
    return out


def comparison_text(trees: dict[TreeMode, SearchTree | str]) -> str:
    """A small table: one line per mode."""
    # Translators: the headings of the comparison table's columns: mode at most ~21
    # characters, nodes, leaves and pruned at most 7, value 5.
    # (The headings are translated outside the format string: gettext's extraction does
    # not look inside f-strings.)
    heads = (_("mode"), _("nodes"), _("leaves"), _("pruned"), _("value"), pgettext("move", "best"))
    lines = ["{:<22}{:>8}{:>8}{:>8}  {:<5}  {}".format(*heads)]
    for mode, tree in trees.items():
        title = _(MODE_TITLES[mode])
        if isinstance(tree, str):
            lines.append(f"{title:<22}{tree}")
            continue
        extra = "  " + ngettext("(+{n} quick look)", "(+{n} quick looks)",
                                tree.ordering_looks).format(n=number(tree.ordering_looks)) \
            if tree.ordering_looks else ""
        lines.append(f"{title:<22}{tree.node_count:>8}{tree.leaves:>8}{tree.pruned_count:>8}"
                     f"  {value_text(tree.value):<5}  {tree.best_name}{extra}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``plies tree``: record and print; bad input raises ``CliError`` (exit 2)."""
    if not MIN_DEPTH <= args.depth <= MAX_DEPTH:
        raise CliError(_("depth must be {low} to {high} for a tree a person can read, "
                         "not {depth}").format(low=MIN_DEPTH, high=MAX_DEPTH, depth=args.depth))
    conventions = conventions_of(args)
    made = hand_tree_of(args)
    if made is not None:
        game, evaluator = made
    else:
        if args.game is None:
            raise CliError(_("name a game ({games}) or give --tree").format(
                games=", ".join(GAMES)))
        game = build_game(args)
        if game.is_over():
            raise CliError(_("the game is already over after {moves}").format(
                moves=game.moves_text() or _("no moves")))
        try:
            evaluator = find_evaluator(args.game, args.eval, paths=True)
        except EvaluatorError as error:
            raise CliError(str(error)) from None
    try:
        if args.compare:
            trees = dict(compare(game, evaluator, args.depth, conventions=conventions))
            payload = {"game": game.name, "moves": game.moves_text(), "depth": args.depth,
                       "cap": NODE_CAP, "modes": comparison_payload(trees)}
            text = comparison_text(trees)
        else:
            tree = record(game, evaluator, args.depth, args.mode, conventions=conventions)
            payload, text = tree.to_json(), tree_text(tree)
    except TreeError as error:
        raise CliError(str(error)) from None
    if args.svg or args.pdf:
        if args.compare:
            raise CliError(_("--svg draws one tree: leave out --compare"))
        write_tree_figures(args, tree)
    print(json.dumps(payload) if args.json else text)
    return 0
