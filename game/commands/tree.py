"""``plies tree G --moves M --depth D --mode minimax|alphabeta|ordered [--json]``.

``--board``/``--turn`` start from a set-up position, as in the other analysis commands.

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
from ai.explain.tree import (
    MAX_DEPTH,
    MIN_DEPTH,
    MODE_TITLES,
    NODE_CAP,
    TREE_MODES,
    SearchTree,
    TreeError,
    compare,
    record,
    tree_text,
    value_text,
)
from game.commands.common import (
    CliError,
    add_board_arguments,
    add_game_argument,
    build_game,
)
from game.files import atomic_write_text, os_reason
from game.formats.tree_svg import figure_svg, from_search, search_caption
from game.i18n import _, ngettext, number, pgettext
from game.settings import find_evaluator

DEFAULT_DEPTH = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``plies tree``."""
    add_game_argument(parser)
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=_("plies to search, {low}-{high} (default {depth})").format(
                            low=MIN_DEPTH, high=MAX_DEPTH, depth=DEFAULT_DEPTH))
    parser.add_argument("--mode", choices=TREE_MODES, default="alphabeta",
                        help=_("plain minimax, alpha-beta in the evaluator's order, or "
                               "alpha-beta with the moves ordered by a quick look"))
    parser.add_argument("--eval", metavar="E", help=_("evaluator preset name or TOML file"))
    parser.add_argument("--compare", action="store_true",
                        help=_("nodes, leaves and value of all three modes instead of the tree"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))
    parser.add_argument("--svg", metavar="FILE",
                        help=_("also write the tree as an SVG figure (MAX up-triangles, MIN "
                               "down-triangles, leaves squares, values, windows, cut-offs)"))


def comparison_payload(trees: dict[str, SearchTree | str]) -> dict[str, Any]:
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


def comparison_text(trees: dict[str, SearchTree | str]) -> str:
    """A small table: one line per mode."""
    # Translators: the headings of the comparison table's columns: mode at most ~21
    # characters, nodes, leaves and pruned at most 7, value 5.
    # (The headings are translated outside the format string: gettext's extraction does
    # not look inside f-strings.)
    heads = (_("mode"), _("nodes"), _("leaves"), _("pruned"), _("value"), pgettext("move", "best"))
    lines = ["{:<22}{:>8}{:>8}{:>8}  {:<5}  {}".format(*heads)]
    for mode, tree in trees.items():
        title = _(MODE_TITLES[mode])  # type: ignore[index]
        if isinstance(tree, str):
            lines.append(f"{title:<22}{tree}")
            continue
        extra = "  " + ngettext("(+{n} quick look)", "(+{n} quick looks)",
                                tree.ordering_looks).format(n=number(tree.ordering_looks)) \
            if tree.ordering_looks else ""
        lines.append(f"{title:<22}{tree.node_count:>8}{tree.leaves:>8}{tree.pruned_count:>8}"
                     f"  {value_text(tree.value):<5}  {tree.best_name}{extra}")
    return "\n".join(lines)


def write_figure(path: str, svg: str) -> None:
    """Write an SVG figure to the file the user named (atomically; a named pipe or a
    device such as ``/dev/stdout`` is written through, never replaced); a path that
    cannot be written is a ``CliError``."""
    try:
        atomic_write_text(path, svg, special=True)
    except OSError as error:
        raise CliError(_("{path} could not be written: {reason}").format(
            path=path, reason=os_reason(error))) from None


def run(args: argparse.Namespace) -> int:
    """``plies tree``: record and print; bad input raises ``CliError`` (exit 2)."""
    if not MIN_DEPTH <= args.depth <= MAX_DEPTH:
        raise CliError(_("depth must be {low} to {high} for a tree a person can read, "
                         "not {depth}").format(low=MIN_DEPTH, high=MAX_DEPTH, depth=args.depth))
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
            trees: dict[str, SearchTree | str] = dict(compare(game, evaluator, args.depth))
            payload = {"game": game.name, "moves": game.moves_text(), "depth": args.depth,
                       "cap": NODE_CAP, "modes": comparison_payload(trees)}
            text = comparison_text(trees)
        else:
            tree = record(game, evaluator, args.depth, args.mode)
            payload, text = tree.to_json(), tree_text(tree)
    except TreeError as error:
        raise CliError(str(error)) from None
    if args.svg:
        if args.compare:
            raise CliError(_("--svg draws one tree: leave out --compare"))
        write_figure(args.svg, figure_svg(from_search(tree), search_caption(tree)))
    print(json.dumps(payload) if args.json else text)
    return 0
