"""``plies exercise minimax|alphabeta|ordering --game G [--moves M | --board B]``.

Prints an exercise cut from a real position (``ai.explain.exercises``): the tree with
its leaf values, and the question. ``--json`` gives the exercise, its tree and its answer
key; ``--svg FILE`` writes the worksheet and ``--answers FILE`` its key, as figures
(``game.formats.tree_svg``). The same arguments give the same exercise; ``--seed``
chooses another. ``--level easy|medium|hard`` sets the depth and the moves kept per
node at once (``--depth``, ``--branching`` override it).

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_arguments(parser)
>>> args = parser.parse_args(["minimax", "--game", "tictactoe", "--seed", "3"])
>>> args.kind, args.seed, args.level
('minimax', 3, 'easy')
"""

from __future__ import annotations

import argparse
import json

from ai.evaluators import EvaluatorError
from ai.explain.exercises import (
    KINDS,
    LEVELS,
    MAX_DEPTH,
    MAX_WIDTH,
    MIN_DEPTH,
    MIN_WIDTH,
    Exercise,
    ExerciseError,
    ExNode,
    generate,
)
from ai.explain.tree import value_text
from game.commands.common import (
    CliError,
    add_board_arguments,
    add_game_argument,
    build_game,
    int_range,
)
from game.commands.tree import write_figure
from game.formats.tree_svg import exercise_caption, figure_svg, from_exercise
from game.i18n import _, english
from game.settings import find_evaluator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``plies exercise``."""
    parser.add_argument("kind", choices=KINDS, help=_("what the learner works out"))
    add_game_argument(parser, positional=False)
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    parser.add_argument("--level", choices=tuple(LEVELS), default="easy",
                        help=_("easy: depth 2, 2 moves a node; medium: depth 3, 2 moves; "
                               "hard: depth 3, 3 moves"))
    parser.add_argument("--depth", type=int_range(MIN_DEPTH, MAX_DEPTH, "--depth"),
                        help=_("plies ({low}-{high}; default: the level's)").format(
                            low=MIN_DEPTH, high=MAX_DEPTH))
    parser.add_argument("--branching", type=int_range(MIN_WIDTH, MAX_WIDTH, "--branching"),
                        help=_("moves kept per node ({low}-{high}; default: the "
                               "level's)").format(low=MIN_WIDTH, high=MAX_WIDTH))
    parser.add_argument("--seed", type=int, default=1, help=_("which exercise (default 1)"))
    parser.add_argument("--eval", metavar="E", help=_("evaluator preset name or TOML file"))
    parser.add_argument("--json", action="store_true",
                        help=_("the exercise, its tree and its answer key as one JSON object"))
    parser.add_argument("--svg", metavar="FILE", help=_("write the worksheet as an SVG figure"))
    parser.add_argument("--answers", metavar="FILE",
                        help=_("write the answer key as an SVG figure"))


def exercise_text(exercise: Exercise) -> str:
    """The exercise for a person: the question, then the tree indented, leaves valued."""
    lines = [exercise.question(), ""]

    def walk(node: ExNode, indent: str) -> None:
        # MAX and MIN are the textbook's names for the players; a leaf is a word.
        kind = {"max": "MAX", "min": "MIN", "leaf": _("leaf")}[node.kind]
        move = f" {node.move}" if node.move else ""
        value = f" {value_text(node.value)}" if node.value is not None else " ?"
        lines.append(f"{indent}{node.id}{move} {kind}{value}")
        for child in node.children:
            walk(child, indent + "  ")

    walk(exercise.root, "")
    lines.append("")
    lines.append(_("Answers: --json prints the key; --answers FILE draws it."))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``plies exercise``: bad input raises ``CliError`` (exit 2)."""
    if args.game is None:
        raise CliError(_("--game is needed (connect4, othello, gomoku or tictactoe)"))
    game = build_game(args)
    depth, width = LEVELS[args.level]
    depth = args.depth or depth
    width = args.branching or width
    try:
        evaluator = find_evaluator(args.game, args.eval, paths=True)
    except EvaluatorError as error:
        raise CliError(str(error)) from None
    try:
        exercise = generate(args.kind, game, evaluator, depth=depth, seed=args.seed,
                            width=width)
    except ExerciseError as error:
        raise CliError(str(error)) from None
    if args.svg:
        write_figure(args.svg, figure_svg(from_exercise(exercise, answers=False),
                                          exercise_caption(exercise, answers=False)))
    if args.answers:
        write_figure(args.answers, figure_svg(from_exercise(exercise, answers=True),
                                              exercise_caption(exercise, answers=True)))
    if args.json:
        with english():  # JSON is for programs: the question stays English
            print(json.dumps(exercise.to_json()))
    else:
        print(exercise_text(exercise))
    return 0
