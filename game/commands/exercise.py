"""``plies exercise minimax|alphabeta|ordering --game G [--moves M | --board B | --tree T]``
and ``plies exercise check KEY ANSWERS``.

Prints an exercise cut from a real position (``ai.explain.exercises``), or made of a
hand-made tree (``--tree``: the notes' nested lists inline, or a JSON tree file;
``--root min`` for a MIN root): the tree with its leaf values, and the question.
``--json`` gives the exercise, its tree and its answer key; ``--svg FILE`` writes the
worksheet and ``--answers FILE`` its key, as figures (``game.formats.tree_svg``);
``--gift FILE`` the questions as a Moodle quiz (``game.formats.gift``). The same
arguments give the same exercise; ``--seed`` chooses another. ``--level
easy|medium|hard`` sets the depth and the moves kept per node at once (the one table
``ai.explain.exercises.DIFFICULTIES``; ``--depth``, ``--branching`` override it).
``--prune ge|gt`` and ``--values soft|hard`` choose the alpha-beta the key follows;
``--distinct``, ``--small`` and ``--deep-cut`` shape generated trees.

``check KEY ANSWERS`` compares a learner's answers (the JSON ``--json`` writes, its
``answers`` filled in, or a CSV table ``item,node,answer``) with the key (a file
``--json`` wrote) and prints one verdict per item: exit status 0 when every item is
right, 1 when one is wrong or missing, 2 when a file cannot be read.

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_arguments(parser)
>>> args = parser.parse_args(["minimax", "--game", "tictactoe", "--seed", "3"])
>>> args.kind, args.seed, args.level
('minimax', 3, 'easy')
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ai.evaluators import EvaluatorError
from ai.explain.answers import AnswerError, check, items_from_csv, items_from_json
from ai.explain.conventions import ConventionError, Conventions
from ai.explain.exercises import (
    DIFFICULTIES,
    KINDS,
    MAX_DEPTH,
    MAX_WIDTH,
    MIN_DEPTH,
    MIN_WIDTH,
    Exercise,
    ExerciseError,
    generate,
)
from ai.explain.trees import HandTree, LeafEvaluator, TreeSyntaxError, read_tree_json
from game.commands.common import (
    CliError,
    add_board_arguments,
    add_game_argument,
    build_game,
    int_range,
)
from game.commands.exercise_sheets import add_sheet_arguments, class_set, write_exercise_sheets
from game.commands.tree import (
    add_convention_arguments,
    add_tree_arguments,
    conventions_of,
    hand_tree_of,
    write_figure,
)
from game.files import RECORD_BYTES, FileError, read_text
from game.formats.gift import gift_quiz
from game.i18n import N_, _, english
from game.rules.base import Game
from game.settings import find_evaluator

CHECK = "check"
"""The ``kind`` that checks answers instead of making an exercise."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``plies exercise``."""
    parser.add_argument("kind", choices=KINDS + (CHECK,),
                        help=_("what the learner works out, or check: compare answers "
                               "with a key"))
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help=_("check: the key (a file plies exercise --json wrote), then "
                               "the answers (the same JSON filled in, or CSV "
                               "item,node,answer)"))
    add_game_argument(parser, positional=False)
    parser.add_argument("--moves", metavar="M", help=_("the position, as moves from the start"))
    add_board_arguments(parser)
    add_tree_arguments(parser)
    parser.add_argument("--level", choices=tuple(DIFFICULTIES), default="easy",
                        help=_("easy: depth 2, 2 moves a node; medium: depth 2, 3 moves; "
                               "hard: depth 3, 2 moves"))
    parser.add_argument("--depth", type=int_range(MIN_DEPTH, MAX_DEPTH, "--depth"),
                        help=_("plies ({low}-{high}; default: the level's)").format(
                            low=MIN_DEPTH, high=MAX_DEPTH))
    parser.add_argument("--branching", type=int_range(MIN_WIDTH, MAX_WIDTH, "--branching"),
                        help=_("moves kept per node ({low}-{high}; default: the "
                               "level's)").format(low=MIN_WIDTH, high=MAX_WIDTH))
    parser.add_argument("--seed", type=int, default=1, help=_("which exercise (default 1)"))
    parser.add_argument("--eval", metavar="E", help=_("evaluator preset name or TOML file"))
    add_convention_arguments(parser)
    parser.add_argument("--distinct", action="store_true",
                        help=_("no two leaves with the same value"))
    parser.add_argument("--small", action="store_true",
                        help=_("leaf values mapped onto −9…9, in the same order, for work "
                               "by hand"))
    parser.add_argument("--deep-cut", action="store_true",
                        help=_("alphabeta: a cut-off two plies below the root or deeper "
                               "(depth 3 or more)"))
    parser.add_argument("--json", action="store_true",
                        help=_("the exercise, its tree and its answer key as one JSON "
                               "object (check: the verdicts)"))
    parser.add_argument("--svg", metavar="FILE", help=_("write the worksheet as an SVG figure"))
    parser.add_argument("--answers", metavar="FILE",
                        help=_("write the answer key as an SVG figure"))
    parser.add_argument("--gift", metavar="FILE",
                        help=_("write the questions as a Moodle quiz (GIFT format, numeric "
                               "answers)"))
    add_sheet_arguments(parser)


def exercise_text(exercise: Exercise) -> str:
    """The exercise for a person: the question, then the tree indented, leaves valued."""
    lines = [exercise.question(), "", *exercise.tree_lines(), ""]
    lines.append(_("Answers: --json prints the key; --answers FILE draws it."))
    return "\n".join(lines)


def make_exercise(args: argparse.Namespace, seed: int | None = None) -> Exercise:
    """The exercise the options ask for (``seed`` overrides ``--seed``: a class set
    makes one per student). Bad input raises ``CliError``."""
    made = hand_tree_of(args)
    conventions = conventions_of(args)
    if made is not None:
        game, evaluator = made
        depth, width = 2, 2  # a hand-made tree is taken whole
    else:
        if args.game is None:
            raise CliError(_("--game is needed (connect4, othello, gomoku or tictactoe), or "
                             "--tree"))
        game = build_game(args)
        level = DIFFICULTIES[args.level]
        depth = args.depth or level.depth
        width = args.branching or level.width
        try:
            evaluator = find_evaluator(args.game, args.eval, paths=True)
        except EvaluatorError as error:
            raise CliError(str(error)) from None
    try:
        return generate(args.kind, game, evaluator, depth=depth,
                        seed=args.seed if seed is None else seed, width=width,
                        conventions=conventions, distinct=args.distinct, small=args.small,
                        deep_cut=args.deep_cut)
    except ExerciseError as error:
        raise CliError(str(error)) from None


def root_game(args: argparse.Namespace) -> Game | None:
    """The position an exercise is cut from, for the sheets' board (``None``: a
    hand-made tree)."""
    return None if args.game is None or hand_tree_of(args) is not None else build_game(args)


def write_outputs(args: argparse.Namespace, exercise: Exercise) -> None:
    """The files the options ask for: ``--svg``, ``--answers``, ``--pdf``,
    ``--answers-pdf``, ``--gift``."""
    write_exercise_sheets(args, exercise, root_game(args))
    if args.gift:
        write_figure(args.gift, gift_quiz([exercise]))


def run(args: argparse.Namespace) -> int:
    """``plies exercise``: bad input raises ``CliError`` (exit 2)."""
    if args.kind == CHECK:
        return run_check(args)
    if args.files:
        raise CliError(_("only check takes files: {files}").format(files=" ".join(args.files)))
    if args.class_set:
        return class_set(args, lambda seed: make_exercise(args, seed), root_game(args))
    exercise = make_exercise(args)
    write_outputs(args, exercise)
    if args.json:
        with english():  # JSON is for programs: the question stays English
            print(json.dumps(exercise.to_json()))
    else:
        print(exercise_text(exercise))
    return 0


# --- checking answers ------------------------------------------------------------------------

KEY_FILE = N_("exercise key")
ANSWER_FILE = N_("answer file")


def key_exercise(data: Any) -> Exercise:
    """The exercise a key file (``plies exercise --json``) holds, its key computed again
    from its tree and conventions (the file's own answers are not trusted).

    Raises:
        CliError: not an exercise key; one sentence.
    """
    if not isinstance(data, dict) or data.get("format") != "plies-exercise":
        raise CliError(_("the key must be a file written by plies exercise --json"))
    kind = data.get("kind")
    if kind not in KINDS:
        raise CliError(_("the key's kind must be one of {kinds}").format(kinds=", ".join(KINDS)))
    try:
        spec = read_tree_json(json.dumps({"tree": data.get("tree")}))
        conventions = Conventions.from_json(data.get("conventions"))
        exercise = generate(kind, HandTree(spec), LeafEvaluator(), conventions=conventions)
    except (TreeSyntaxError, ConventionError, ExerciseError) as error:
        raise CliError(_("the key's tree cannot be read: {reason}").format(
            reason=str(error))) from None
    return exercise


def run_check(args: argparse.Namespace) -> int:
    """``plies exercise check KEY ANSWERS``: 0 all right, 1 some wrong, 2 bad files."""
    if len(args.files) != 2:
        raise CliError(_("check needs two files: the key, then the answers"))
    key_path, answer_path = args.files
    try:
        key_text = read_text(key_path, limit=RECORD_BYTES, what=KEY_FILE)
        answer_text = read_text(answer_path, limit=RECORD_BYTES, what=ANSWER_FILE)
    except FileError as error:
        raise CliError(str(error)) from None
    try:
        exercise = key_exercise(json.loads(key_text))
    except (ValueError, RecursionError):
        raise CliError(_("{file} is not JSON written by plies exercise --json").format(
            file=key_path)) from None
    try:
        if answer_text.lstrip().startswith("{"):
            try:
                data = json.loads(answer_text)
            except (ValueError, RecursionError):
                raise AnswerError(_("{file} is not valid JSON").format(file=answer_path)) \
                    from None
            answers = data.get("answers", data) if isinstance(data, dict) else data
            given = items_from_json(exercise.kind, answers, exercise)
        else:
            given = items_from_csv(answer_text)
    except AnswerError as error:
        raise CliError(str(error)) from None
    verdicts = check(exercise, given)
    wrong = sum(not v.right for v in verdicts)
    if args.json:
        print(json.dumps({"items": len(verdicts), "right": len(verdicts) - wrong,
                          "verdicts": [v.to_json() for v in verdicts]}))
    else:
        for verdict in verdicts:
            print(verdict.text())
        # Translators: the summary of a check: {right} items right of {total}.
        print(_("{right} of {total} right").format(right=len(verdicts) - wrong,
                                                   total=len(verdicts)))
    return 1 if wrong else 0
