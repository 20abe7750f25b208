"""``plies review FILE``: judge every move of a saved game.

Reads the record through ``game.formats.load_record`` (every check of a loaded game
applies), reviews it with ``ai.explain.review`` and prints a table of the moves with
their labels, the better move where there was one, the scores before and after from
the mover's view, and a summary per side (counts per label, accuracy). ``--json``
prints one JSON object per line: one per move (``"type": "move"``), then one summary
(``"type": "summary"``). A file that cannot be read or replayed is exit status 2
with one sentence on stderr.

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_arguments(parser)
>>> parser.parse_args(["game.json", "--depth", "3"]).depth
3
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ai.evaluators import EvaluatorError
from ai.evaluators.base import is_proven
from ai.explain.review import (
    DEFAULT_DEPTH,
    LABELS,
    GameReview,
    MoveReview,
    ReviewLimits,
    SideSummary,
    review_game,
)
from ai.explain.scores import percent, raw_text
from game.commands.common import MAX_DEPTH, CliError, check_game_name, int_range, seconds_value
from game.formats import load_record
from game.i18n import _, english, ngettext, number, pgettext
from game.i18n import percent as percent_text
from game.records import GameRecord, RecordError, record_to_game
from game.rules import GAMES, Game
from game.settings import find_evaluator

MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The annotation symbols chess players know, shown after a judged move."""


def _label_count(label: str, n: int) -> str:
    """``"3 inaccuracies"``: how many moves got ``label``, as the language counts."""
    forms = {
        "best": ngettext("{n} best", "{n} best", n),
        "good": ngettext("{n} good", "{n} good", n),
        "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies", n),
        "mistake": ngettext("{n} mistake", "{n} mistakes", n),
        "blunder": ngettext("{n} blunder", "{n} blunders", n),
    }
    return forms[label].format(n=number(n))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``plies review``."""
    parser.add_argument("file", metavar="FILE", help=_("a saved game (.json or .txt)"))
    limit = parser.add_mutually_exclusive_group()
    depths = ", ".join(f"{g} {d}" for g, d in DEFAULT_DEPTH.items())
    limit.add_argument("--depth", type=int_range(1, MAX_DEPTH, "depth"), metavar="D",
                       help=_("search depth per position (default: {depths})").format(
                           depths=depths))
    limit.add_argument("--time", type=seconds_value, metavar="S",
                       help=_("seconds per position (above 0, at most a day)"))
    parser.add_argument("--eval", metavar="E", help=_("evaluator preset name or TOML file"))
    parser.add_argument("--game", metavar="GAME",
                        help=_("the game of a bare move list without a '# game:' line "
                               "({games})").format(games=", ".join(GAMES)))
    parser.add_argument("--json", action="store_true",
                        help=_("one JSON object per move, then a summary object"))


def run(args: argparse.Namespace) -> int:
    """Review ``args.file``; ``CliError`` (status 2, one sentence) on bad input."""
    try:
        limits = ReviewLimits(depth=args.depth, seconds=args.time)
    except ValueError as error:
        raise CliError(str(error)) from None
    if args.game is not None:
        check_game_name(args.game)
    try:
        record = load_record(args.file, default_game=args.game)
        game = record_to_game(record)
        evaluator = find_evaluator(game.name, args.eval, paths=True)
    except (RecordError, EvaluatorError) as error:
        raise CliError(str(error)) from None
    if args.game is not None and game.name != args.game:
        # --game only fills in what a bare move list leaves out: never overruled silently.
        raise CliError(_("{file} holds a {game} game, not {option} "
                         "(--game names the game of a bare move list)").format(
                             file=Path(args.file).name, game=game.name, option=args.game))
    limits = limits.for_game(game.name)
    started = time.perf_counter()
    review = review_game(game, evaluator, limits)
    seconds = time.perf_counter() - started
    if args.json:
        with english():  # JSON is for programs: its words stay English
            for move in review.moves:
                print(json.dumps(move_payload(game, move)))
            print(json.dumps(summary_payload(game, record, review, limits, seconds)))
    else:
        print(review_text(game, record, review, limits, seconds))
    return 0


# --- JSON ------------------------------------------------------------------------------

def move_payload(game: Game, move: MoveReview) -> dict[str, Any]:
    """The JSON object of one judged move (scores from the mover's view)."""
    name = game.move_name
    return {
        "type": "move",
        "ply": move.ply,
        "side": game.side_names[move.side],
        "move": name(move.move),
        "label": move.label,
        "best": name(move.best),
        "exact": move.exact,
        "score_before": move.score_before,
        "score_after": move.score_after,
        "chance_before": round(move.chance_before, 4),
        "chance_after": round(move.chance_after, 4),
        "loss": round(move.loss, 4),
        "accuracy": round(move.accuracy, 1),
        "verdict": move.verdict or None,
        "forced": move.forced,
        "depth": move.depth,
        **({"margins": list(move.margins)} if move.margins is not None else {}),
    }


def summary_payload(game: Game, record: GameRecord, review: GameReview, limits: ReviewLimits,
                    seconds: float) -> dict[str, Any]:
    """The JSON summary: per side counts and accuracy, and how the review was run."""
    return {
        "type": "summary",
        "game": game.name,
        "variant": game.variant(),
        "moves": review.total,
        "result": record.result,
        "depth": limits.depth,
        "time": limits.seconds,
        "seconds": round(seconds, 3),
        "sides": [_side_payload(game, record, s) for s in review.summary()],
    }


def _side_payload(game: Game, record: GameRecord, summary: SideSummary) -> dict[str, Any]:
    return {
        "side": game.side_names[summary.side],
        "player": _player_text(record, summary.side),
        "moves": summary.moves,
        "counts": summary.counts,
        "accuracy": None if summary.accuracy is None else round(summary.accuracy, 1),
    }


# --- text --------------------------------------------------------------------------------

def _player_text(record: GameRecord, side: int) -> str:
    return record.players[side].describe()


def review_text(game: Game, record: GameRecord, review: GameReview, limits: ReviewLimits,
                seconds: float) -> str:
    """The table and the summary, for a person."""
    # Translators: the review's first line: "Othello · 60 moves · depth 4 per position
    # (12.3 s)". English keeps "moves" for one too; give each plural form of your language.
    if limits.depth is not None:
        heading = ngettext("{game} · {count} moves · depth {depth} per position ({seconds} s)",
                           "{game} · {count} moves · depth {depth} per position ({seconds} s)",
                           len(game.move_stack))
    else:
        heading = ngettext("{game} · {count} moves · {limit} s per position ({seconds} s)",
                           "{game} · {count} moves · {limit} s per position ({seconds} s)",
                           len(game.move_stack))
    lines = [heading.format(game=_(game.title), count=len(game.move_stack), depth=limits.depth,
                            limit=f"{limits.seconds:g}" if limits.seconds is not None else "",
                            seconds=number(seconds, 1))]
    variant = game.variant()
    if variant:
        lines.append(_("variant: {variant}").format(
            variant=", ".join(f"{k} {v}" for k, v in variant.items())))
    sides = [_(name) for name in game.side_names]
    for side in (0, 1):
        lines.append(_("{side}: {player}").format(side=sides[side],
                                                  player=_player_text(record, side)))
    if record.result is not None:
        winner = record.result.get("winner")
        reason = record.result.get("reason", "")
        reason = _(reason) if reason else ""
        if winner is None:
            who = _("result: draw, {reason}").format(reason=reason)
        else:
            who = _("result: {side} wins, {reason}").format(side=sides[winner], reason=reason)
        lines.append(who.rstrip(", "))
    lines.append("")
    width = max(len(n) for n in sides)
    # Translators: the headings of the review table's columns; each at most as wide as
    # its column: ply 4, side (a side's name), move 5, label 12, best 5, before and after
    # 16, chance 11, then the note.
    lines.append("{:>4}  {:<{width}}  {:<5} {:<13}{:<6}{:>16} {:>16}  {:<11} {}".format(
        _("ply"), _("side"), _("move"), _("label"), pgettext("move", "best"), _("before"),
        _("after"), _("chance"), _("note"), width=width))
    for move in review.moves:
        name = game.move_name
        mark = MARKS[move.label]
        best = "" if move.best == move.move else name(move.best)
        chance = (f"{_pct(move.chance_before, move.exact or is_proven(move.score_before))}→"
                  f"{_pct(move.chance_after, move.exact or is_proven(move.score_after))}")
        note = move.verdict
        if move.exact:
            note = _("{verdict} (exact)").format(verdict=note)
        if move.forced:
            note = _("{note}; only move").format(note=note) if note else _("only move")
        if move.margins is not None:  # Othello solved: the final disc margins say more
            # Translators: a final disc margin, "+4 discs" (English: "discs" for one too).
            before, after = (ngettext("{margin} discs", "{margin} discs", abs(m)).format(
                margin=f"{m:+d}") if m else _("draw") for m in move.margins)
        else:
            # The table's scores: ``+0.4 threats``, ``win in 7 plies``, ``draw (exact)``.
            before = raw_text(game.name, move.score_before, exact=move.exact)
            after = raw_text(game.name, move.score_after, exact=move.exact)
        lines.append(
            f"{move.ply:>4}  {sides[move.side]:<{width}}  "
            f"{name(move.move) + mark:<5} {_(move.label):<13}{best:<6}"
            f"{before:>16} {after:>16}  {chance:<11} {note}".rstrip())
    if not review.complete:
        # Translators: English keeps "moves" for one too.
        lines.append(ngettext("(stopped after {done} of {total} moves)",
                              "(stopped after {done} of {total} moves)", review.total).format(
            done=len(review.moves), total=review.total))
    lines.append("")
    for summary in review.summary():
        lines.append(side_summary_text(game, record, summary))
    lines.append("")
    lines.append(_("labels: drop in the mover's expected result against the best move: "
                   "inaccuracy ≥ 10, mistake ≥ 20, blunder ≥ 30 points of 100; "
                   "scores are the mover's"))
    return "\n".join(lines)


def side_summary_text(game: Game, record: GameRecord, summary: SideSummary) -> str:
    """``Red (computer level 3): accuracy 92.5% · 10 best, 6 good, 1 inaccuracy, ...``."""
    accuracy = "—" if summary.accuracy is None else percent_text(summary.accuracy / 100, 1)
    counts = ", ".join(_label_count(label, summary.counts[label]) for label in LABELS)
    return _("{side} ({player}): accuracy {accuracy} · {counts}").format(
        side=_(game.side_names[summary.side]), player=_player_text(record, summary.side),
        accuracy=accuracy, counts=counts)


def _pct(chance: float, proven: bool) -> str:
    return f"{percent(chance, proven)}%"


__all__ = ["add_arguments", "move_payload", "review_text", "run", "summary_payload"]
