"""``plies analyse``: run the search and print the answer.

Plain text is for people; ``--json`` gives one object per position for scripts. With
``--file`` every non-empty line is a position and every position gives one line.

* plain: the best move, its score (winning chance, game unit, raw), line and effort;
* ``--multipv N``: the N best moves, each with its exact score and its own line;
* ``--explain``: why the best move beats the second best, in the evaluator's terms.

Scores are from the view of the side to move in the analysed position.
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from ai.evaluators import EvaluatorError
from ai.evaluators.base import Evaluator, is_proven
from ai.explain.scores import chance, describe, is_settled, raw_text, short_text
from ai.explain.why import (
    Why,
    compare_lines,
    compared_line,
    exact_summary,
    summary,
    term_name,
    term_words,
)
from ai.levels import DEFAULT_LEVEL, level
from ai.search import Bound, Limits, Searcher, SearchResult, TopMoves
from game.commands.common import CliError, build_game, emit, file_positions, located
from game.i18n import _, english, number, pgettext
from game.rules import Game
from game.settings import find_evaluator


def describe_score(score: int) -> str:
    """A score for a person: ``+37``, ``-5``, ``win in 3``, ``loss in 4``
    (``ai.explain.scores.short_text``).

    >>> describe_score(999_997), describe_score(-12)
    ('win in 3', '-12')
    """
    return short_text(score)


def _limits(args: argparse.Namespace, evaluator: Evaluator) -> Limits:
    if args.depth is not None:
        if args.depth < 1:
            raise CliError(_("depth must be at least 1, not {depth}").format(depth=args.depth))
        return Limits(depth=args.depth)
    if args.time is not None:
        if args.time <= 0:
            raise CliError(_("time must be positive, not {seconds}").format(seconds=args.time))
        return Limits(seconds=args.time)
    if args.mode != "full":
        raise CliError(_("--mode {mode} needs --depth").format(mode=args.mode))
    try:
        chosen = level(args.game, DEFAULT_LEVEL if args.level is None else args.level)
    except ValueError as error:
        raise CliError(str(error)) from None
    # Analysis reports the best move, so the easy levels' randomness is left out; the
    # rest (solver use and reach) is the level's own, so it answers as the level plays.
    return dataclasses.replace(chosen.limits(evaluator.unit), randomness=0)


def score_fields(game: Game, evaluator: Evaluator, score: int, exact: bool,
                 margin: int | None = None) -> dict[str, Any]:
    """A score's JSON fields, from the side to move's view: raw, chance, words
    (``margin``: a solver's exact score in the game's convention, when known)."""
    return {
        "score": score,
        "win_chance": round(chance(game.name, score, evaluator.name, exact), 4),
        "words": describe(game.name, score, _(game.side_names[game.turn]), exact=exact,
                          preset=evaluator.name, margin=margin),
        "unit": raw_text(game.name, score, exact=exact),
    }


def score_line(game: Game, evaluator: Evaluator, score: int, exact: bool,
               margin: int | None = None) -> str:
    """``"Black 62% (+1.5 discs, raw +150)"`` or ``"Red wins in 4 moves"``."""
    fields = score_fields(game, evaluator, score, exact, margin)
    if is_settled(score, exact):
        return fields["words"]
    # Translators: "Black 62% (+1.5 discs, raw +150)": the words, the game's unit, the
    # evaluator's own number.
    return _("{words} ({unit}, raw {score})").format(words=fields["words"], unit=fields["unit"],
                                                     score=f"{score:+d}")


def analysis_payload(game: Game, result: SearchResult,
                     evaluator: Evaluator | None = None) -> dict[str, Any]:
    """The JSON object ``plies analyse --json`` prints for one position."""
    name = game.move_name
    payload: dict[str, Any] = {
        "game": game.name,
        "moves": game.moves_text(),
        "best": None if result.move is None else name(result.move),
        "score": result.score,
        "exact": result.exact,
        "pv": [name(m) for m in result.pv],
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
        "root_scores": {name(m): {"score": rs.score, "bound": rs.bound.name.lower()}
                        for m, rs in result.root_scores.items()},
    }
    if evaluator is not None and result.move is not None:
        with english():  # JSON is for programs: the same words whatever the language
            fields = score_fields(game, evaluator, result.score, result.exact)
        payload.update(side=game.side_names[game.turn], win_chance=fields["win_chance"],
                       words=fields["words"], unit=fields["unit"])
    return payload


def analysis_text(game: Game, result: SearchResult, evaluator: Evaluator | None = None) -> str:
    """Several lines for a person: best move, score, line, effort, root moves."""
    if result.move is None:
        return _("the game is over: no move to analyse")
    name = game.move_name
    nps = result.nodes / result.seconds if result.seconds > 0 else 0.0
    marks = {Bound.EXACT: "", Bound.UPPER: "<=", Bound.LOWER: ">="}
    roots = sorted(result.root_scores.items(), key=lambda item: -item[1].score)
    side = _(game.side_names[game.turn])
    if evaluator is not None:
        score = score_line(game, evaluator, result.score, result.exact)
    else:
        score = _("{score} for {side}").format(score=describe_score(result.score), side=side)
    return "\n".join([
        _("best move: {move}").format(move=name(result.move)),
        (_("score: {score} (exact)") if result.exact else _("score: {score}")).format(
            score=score),
        _("line: {moves}").format(moves=" ".join(name(m) for m in result.pv)),
        _("depth {depth}, {nodes} nodes, {seconds} s, {speed} nodes/s").format(
            depth=result.depth, nodes=result.nodes, seconds=number(result.seconds, 2),
            speed=number(round(nps))),
        _("root moves: {moves}").format(moves=", ".join(
            f"{name(m)} {marks[rs.bound]}{describe_score(rs.score)}" for m, rs in roots)),
    ])


# --- multi-PV and why ---------------------------------------------------------------------

def top_payload(game: Game, evaluator: Evaluator, top: TopMoves,
                why: Why | None = None) -> dict[str, Any]:
    """The JSON object of ``--multipv`` / ``--explain`` for one position."""
    name = game.move_name
    payload: dict[str, Any] = {
        "game": game.name,
        "moves": game.moves_text(),
        "side": game.side_names[game.turn],
        "depth": top.depth,
        "exact": top.exact,
        "nodes": top.nodes,
        "seconds": round(top.seconds, 4),
        "lines": [{"move": name(line.move), **score_fields(game, evaluator, line.score,
                                                          top.exact, line.margin),
                   "pv": [name(m) for m in line.pv], "margin": line.margin}
                  for line in top.lines],
    }
    if why is not None:
        payload["explain"] = why_payload(game, top, why)
    return payload


def why_payload(game: Game, top: TopMoves, why: Why) -> dict[str, Any]:
    """``--explain``'s JSON: the two moves, the totals and every differing term."""
    return {
        "best": game.move_name(top.lines[0].move),
        "second": game.move_name(top.lines[compared_line(top.lines) or 1].move),
        "total_best": why.total_best,
        "total_second": why.total_second,
        "ended_best": why.ended_best,
        "ended_second": why.ended_second,
        "terms": [{"name": d.name, "best": d.best, "second": d.second, "points": d.points,
                   "count": d.count, "words": term_words(game.name, d)} for d in why.terms],
        "summary": summary(game.name, why),
        "exact": exact_summary(game.name, top.lines[0], top.lines[compared_line(top.lines) or 1],
                               game.move_name(top.lines[0].move),
                               game.move_name(top.lines[compared_line(top.lines) or 1].move))
        if top.exact or is_proven(top.lines[0].score) else None,
    }


def top_text(game: Game, evaluator: Evaluator, top: TopMoves) -> str:
    """The N best moves, one line each: rank, move, chance, unit, line."""
    if not top.lines:
        return _("the game is over: no move to analyse")
    name = game.move_name
    side = _(game.side_names[game.turn])
    if top.exact:
        heading = _("top {count} for {side} (searched to the end, {nodes} nodes, {seconds} s):")
    else:
        heading = _("top {count} for {side} (depth {depth}, {nodes} nodes, {seconds} s):")
    rows = [heading.format(count=len(top.lines), side=side, depth=top.depth, nodes=top.nodes,
                           seconds=number(top.seconds, 2))]
    for rank, line in enumerate(top.lines, start=1):
        words = score_line(game, evaluator, line.score, top.exact, line.margin)
        rows.append(f"{rank:2d}. {name(line.move):<4} {words:<36}"
                    f" {' '.join(name(m) for m in line.pv)}")
    return "\n".join(rows)


def why_text(game: Game, top: TopMoves, why: Why) -> str:
    """``why f4 over d3: mobility +3 moves, corners +1`` and a small table."""
    if len(top.lines) < 2:
        return _("why: it is the only move the search considers here")
    other = compared_line(top.lines) or 1
    best, second = (game.move_name(top.lines[i].move) for i in (0, other))
    exact = exact_summary(game.name, top.lines[0], top.lines[other], best, second) \
        if top.exact or is_proven(top.lines[0].score) else None
    side = _(game.side_names[game.turn])
    reason = exact or _("(+ is good for {side}) {summary}").format(
        side=side, summary=summary(game.name, why))
    rows = [_("why {best} over {second}: {reason}").format(best=best, second=second,
                                                             reason=reason)]
    if why.terms:
        # Translators: the headings of a table's columns, at most ~9 characters each
        # ("term": an evaluation term such as mobility, at most ~25).
        rows.append("  {:<26}{:>10}{:>10}{:>12}".format(
            _("term"), _("best line"), pgettext("line", "second"), _("difference")))
        for d in why.terms[:6]:
            rows.append(f"  {term_name(d.name):<26}{d.best:>10}{d.second:>10}{d.points:>+12}")
        # Translators: the table's last row, at most ~25 characters.
        total = _("total (static score)")
        rows.append(f"  {total:<26}{why.total_best:>10}"
                    f"{why.total_second:>10}"
                    f"{(why.total_best or 0) - (why.total_second or 0):>+12}")
    return "\n".join(rows)


def explain(game: Game, evaluator: Evaluator, top: TopMoves) -> Why | None:
    """The comparison of the best line's end with the first line of another score
    (``why.compared_line``), or ``None`` with fewer than two lines."""
    other = compared_line(top.lines)
    if other is None:
        return None
    return compare_lines(game, evaluator, top.lines[0].pv, top.lines[other].pv)


def analyse_command(args: argparse.Namespace) -> int:
    """``plies analyse``: see ``game.cli``.

    With ``--file`` each position is searched as soon as its line is read, so results
    start at once on a long file; a bad line stops there (status 2) after the results
    of the lines before it.
    """
    if args.multipv < 1:
        raise CliError(_("--multipv must be at least 1, not {count}").format(count=args.multipv))
    if args.file and args.moves:
        raise CliError(_("give either --moves or --file, not both"))
    build_game(args, "")  # the game and variant, checked before any file is read
    try:
        evaluator = find_evaluator(args.game, args.eval, paths=True)
    except EvaluatorError as error:
        raise CliError(str(error)) from None
    limits = _limits(args, evaluator)
    searcher = Searcher(evaluator, mode=args.mode)
    for where, moves in file_positions(args):
        game = located(where, lambda: build_game(args, moves if moves is not None
                                                 else args.moves or ""))
        if args.multipv == 1 and not args.explain:
            result = searcher.search(game, limits)
            emit(args, analysis_payload(game, result, evaluator),
                 analysis_text(game, result, evaluator))
            continue
        count = max(args.multipv, 2 if args.explain else 1)
        top = searcher.search_top(game, limits, count)
        why = explain(game, evaluator, top) if args.explain else None
        text = top_text(game, evaluator, top)
        if args.explain and top.lines:
            text += "\n" + (why_text(game, top, why) if why is not None
                            else _("why: it is the only move the search considers here"))
        emit(args, top_payload(game, evaluator, top, why), text)
    return 0


__all__ = ["analyse_command", "analysis_payload", "analysis_text", "describe_score",
           "explain", "score_fields", "score_line", "top_payload", "top_text", "why_payload",
           "why_text"]
