"""Printed sheets for ``plies exercise`` and ``plies tree``: SVG and PDF files, class sets.

``plies exercise … --svg FILE`` / ``--answers FILE`` write the worksheet and its key as
SVG, ``--pdf FILE`` / ``--answers-pdf FILE`` as PDF on ``--paper a4|letter``.
``--class-set N --out DIR`` makes N different exercises of the same kind, position and
size (seeds from ``--seed`` on; a seed giving a tree already in the set is passed over),
numbered 1 to N, and writes into DIR:

* ``worksheets.pdf``: one worksheet per student, each with its number and a name line;
* ``key.pdf``: the key booklet, the same numbers;
* ``answers.csv``: every answer of every exercise, one per row (``exercise, seed, node,
  item, answer``; values as integers, ``-inf``/``inf`` for an open window edge), for a
  spreadsheet or a marking script.

``plies tree … --svg FILE`` / ``--pdf FILE`` write the recorded search as a figure.

A tree too wide for a page even in parts is refused with a sentence naming the option
that makes it smaller (``FigureTooWide``); so is a PDF whose text no font on the computer
can draw (``PdfError``).

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_sheet_arguments(parser)
>>> args = parser.parse_args(["--class-set", "30", "--out", "sheets"])
>>> args.class_set, args.out, args.paper
(30, 'sheets', 'a4')
"""

from __future__ import annotations

import argparse
import csv
import io
import os
from collections.abc import Callable, Iterator

from ai.explain.exercises import Exercise, ExerciseError
from ai.explain.tree import SearchTree
from game.commands.common import CliError, int_range
from game.files import atomic_write_bytes, atomic_write_text, os_reason
from game.formats.pdf import PAPERS, PdfError, pdf_bytes
from game.formats.tree_svg import (
    Drawing,
    FigureTooWide,
    exercise_drawing,
    exercise_title,
    key_value_text,
    key_window_text,
    search_drawing,
    to_svg,
)
from game.i18n import _, english, ngettext
from game.rules.base import Game

MAX_CLASS = 200
"""The largest class set: a lecture hall."""
TRIES_PER_EXERCISE = 20
"""Seeds tried per exercise wanted before a class set is refused as too small a tree."""


def add_paper_argument(parser: argparse.ArgumentParser) -> None:
    """``--paper``, for every command that writes a PDF."""
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                        help=_("the PDF's paper size (default a4)"))


def add_sheet_arguments(parser: argparse.ArgumentParser) -> None:
    """The PDF and class-set options of ``plies exercise`` (``--svg`` and ``--answers``
    are the command's own)."""
    parser.add_argument("--pdf", metavar="FILE", help=_("write the worksheet as a PDF"))
    parser.add_argument("--answers-pdf", metavar="FILE", help=_("write the answer key as a PDF"))
    add_paper_argument(parser)
    parser.add_argument("--class-set", type=int_range(1, MAX_CLASS, "--class-set"),
                        metavar="N", help=_("make N different exercises, one per student, "
                                            "as one worksheet PDF, a key booklet and a CSV of "
                                            "the answers, in --out"))
    parser.add_argument("--out", metavar="DIR",
                        help=_("the folder a class set is written into"))


def too_wide(error: FigureTooWide, *, branching: bool) -> CliError:
    """The sentence for a tree no page holds, naming the options that make it smaller
    (``--branching`` too where the command has it)."""
    numbers = {"leaves": error.leaves, "most": error.most}
    if branching:
        return CliError(_("the tree is too wide to print legibly, even split into parts: "
                          "{leaves} nodes side by side where the pages hold {most}; choose a "
                          "smaller --depth or --branching").format(**numbers))
    return CliError(_("the tree is too wide to print legibly, even split into parts: "
                      "{leaves} nodes side by side where the pages hold {most}; choose a "
                      "smaller --depth").format(**numbers))


def write_figure(path: str, svg: str | bytes) -> None:
    """Write a figure (SVG text, PDF bytes) to the file the user named (atomically; a
    named pipe or a device such as ``/dev/stdout`` is written through, never replaced);
    a path that cannot be written is a ``CliError``."""
    try:
        if isinstance(svg, bytes):
            atomic_write_bytes(path, svg, special=True)
        else:
            atomic_write_text(path, svg, special=True)
    except OSError as error:
        raise CliError(_("{path} could not be written: {reason}").format(
            path=path, reason=os_reason(error))) from None


def _write_pdf(path: str, drawings: list[Drawing], paper: str, title: str) -> None:
    try:
        data = pdf_bytes(drawings, paper, title)
    except PdfError as error:
        raise CliError(str(error)) from None
    write_figure(path, data)


def write_exercise_sheets(args: argparse.Namespace, exercise: Exercise,
                          game: Game | None) -> None:
    """Write what ``--svg``, ``--answers``, ``--pdf`` and ``--answers-pdf`` ask for;
    ``game`` is the root's position (its board is drawn), ``None`` for a hand-made tree.

    Raises:
        CliError: a tree too wide, no font for a PDF, a file that cannot be written.
    """
    wanted = [(args.svg, False, "svg"), (args.answers, True, "svg"),
              (getattr(args, "pdf", None), False, "pdf"),
              (getattr(args, "answers_pdf", None), True, "pdf")]
    for path, answers, kind in wanted:
        if not path:
            continue
        try:
            drawing = exercise_drawing(exercise, answers=answers, game=game)
        except FigureTooWide as error:
            raise too_wide(error, branching=True) from None
        if kind == "svg":
            write_figure(path, to_svg(drawing))
        else:
            _write_pdf(path, [drawing], getattr(args, "paper", "a4"), drawing.title)


def write_tree_figures(args: argparse.Namespace, tree: SearchTree) -> None:
    """``plies tree --svg FILE`` and ``--pdf FILE``: the recorded search as a figure."""
    if not (args.svg or getattr(args, "pdf", None)):
        return
    try:
        drawing = search_drawing(tree)
    except FigureTooWide as error:
        raise too_wide(error, branching=False) from None
    if args.svg:
        write_figure(args.svg, to_svg(drawing))
    if getattr(args, "pdf", None):
        _write_pdf(args.pdf, [drawing], args.paper, drawing.title)


# --- class sets -------------------------------------------------------------------------

def distinct_exercises(make: Callable[[int], Exercise], *, first_seed: int,
                       count: int) -> list[Exercise]:
    """``count`` exercises with different trees, ``make(seed)`` from ``first_seed`` on.

    Raises:
        ExerciseError: fewer different trees come out (a small position or size); or
            what ``make`` raises.
    """
    found: list[Exercise] = []
    seen: set[str] = set()
    for seed in range(first_seed, first_seed + TRIES_PER_EXERCISE * count):
        exercise = make(seed)
        shape = repr(exercise.tree_json())
        if shape in seen:
            continue
        seen.add(shape)
        found.append(exercise)
        if len(found) == count:
            return found
    raise ExerciseError(ngettext(
        "only {found} different exercise after {tries} seeds: choose a larger --depth or "
        "--branching, or another position", "only {found} different exercises after "
        "{tries} seeds: choose a larger --depth or --branching, or another position",
        len(found)).format(found=len(found), tries=TRIES_PER_EXERCISE * count))


def answer_rows(number: int, exercise: Exercise) -> Iterator[list[str]]:
    """The CSV rows of one exercise, ``[exercise, seed, item, node, answer]``, the items
    named and written as ``plies exercise check`` reads them: ``value`` (as the key
    figure shows it: ``≤ +180`` where alpha-beta cut a node short), ``window``
    (``(−∞, +180)``), ``never`` (the leaves never visited, ``F G``), ``order`` and
    ``nodes`` (the best order of the root's children and its node count)."""
    key = exercise.key
    head = [str(number), str(exercise.seed)]
    trace = key.get("alphabeta") or {}
    for node in exercise.nodes:
        if node.kind == "leaf":
            continue
        value = key_value_text(exercise, node.id)
        if value:
            yield [*head, "value", node.id, value]  # untranslated: CSV items (English)
        window = key_window_text(exercise, node.id) if exercise.kind == "alphabeta" else ""
        if window:
            yield [*head, "window", node.id, window]
    if exercise.kind == "alphabeta":
        yield [*head, "never", "", " ".join(trace["leaves_never_visited"])]
    if exercise.kind == "ordering":
        order = key["ordering"]
        yield [*head, "order", exercise.root.id, " ".join(order["best_order"])]
        yield [*head, "nodes", exercise.root.id, str(order["best_nodes"])]


def answers_csv(exercises: list[Exercise]) -> str:
    """The answers of a class set as CSV text (English, for programs and spreadsheets)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["exercise", "seed", "item", "node", "answer"])  # untranslated: CSV
    for number, exercise in enumerate(exercises, 1):
        writer.writerows(answer_rows(number, exercise))
    return out.getvalue()


def class_set(args: argparse.Namespace, make: Callable[[int], Exercise],
              game: Game | None) -> int:
    """``plies exercise KIND … --class-set N --out DIR``: write the class set; prints
    where it went. ``make(seed)`` is the exercise the options ask for with that seed;
    ``game`` the root's position (its board is drawn), ``None`` for none.

    Raises:
        CliError: bad options, too few different trees, a tree too wide, no font, a
            folder that cannot be written.
    """
    if not args.out:
        raise CliError(_("--class-set needs --out DIR, the folder to write the sheets into"))
    others = [flag for flag, value in (("--svg", args.svg), ("--answers", args.answers),
                                       ("--pdf", args.pdf), ("--answers-pdf", args.answers_pdf),
                                       ("--json", args.json),
                                       ("--tree", getattr(args, "tree", None)))
              if value]
    if others:
        raise CliError(_("--class-set writes its own files into --out: leave out "
                         "{options}").format(options=", ".join(others)))
    try:
        exercises = distinct_exercises(make, first_seed=args.seed, count=args.class_set)
    except ExerciseError as error:
        raise CliError(str(error)) from None
    try:
        sheets = [exercise_drawing(e, answers=False, number=n, game=game)
                  for n, e in enumerate(exercises, 1)]
        keys = [exercise_drawing(e, answers=True, number=n, game=game)
                for n, e in enumerate(exercises, 1)]
    except FigureTooWide as error:
        raise too_wide(error, branching=True) from None
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as error:
        raise CliError(_("the folder {path} could not be made: {reason}").format(
            path=args.out, reason=os_reason(error))) from None
    title = exercise_title(exercises[0])
    paths = [os.path.join(args.out, name) for name in ("worksheets.pdf", "key.pdf",
                                                       "answers.csv")]  # untranslated: files
    _write_pdf(paths[0], sheets, args.paper, title)
    _write_pdf(paths[1], keys, args.paper, title)
    with english():
        write_figure(paths[2], answers_csv(exercises))
    seeds = [e.seed for e in exercises]
    print(ngettext("{count} exercise (seeds {first} to {last}): {files}",
                   "{count} exercises (seeds {first} to {last}): {files}",
                   len(exercises)).format(count=len(exercises), first=seeds[0],
                                          last=seeds[-1], files=", ".join(paths)))
    return 0


__all__ = ["add_paper_argument", "write_figure", "add_sheet_arguments", "answers_csv", "class_set",
           "distinct_exercises", "too_wide", "write_exercise_sheets", "write_tree_figures"]
