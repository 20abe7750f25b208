"""``plies bench``: speed of move generation, search and solvers on fixed positions.

The positions live in ``game/data/bench.toml`` and never change between commits, so
two commits can be compared on one machine. Every figure is the median of ``--runs``
runs (default 3). ``--long`` adds the long exact solves (Othello: FFO #40-#44, the
best move proven; minutes each, run once, never in CI). ``--ui`` measures the window instead: frame intervals while the
computer searches, and how fast an Undo stops the search.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.resources
import statistics
import time
import tomllib
from typing import Any

from ai.endgame import solver_for
from ai.evaluators import EvaluatorError
from ai.search import Limits, Searcher
from game.commands.common import CliError, check_game_name, emit, int_range, seconds_value
from game.i18n import _, number, percent
from game.rules import GAMES, Game, Othello, new_game
from game.rules.perft import perft
from game.settings import find_evaluator


def load_positions() -> dict[str, Any]:
    """The benchmark's positions, per game (see ``game/data/bench.toml``)."""
    text = importlib.resources.files("game.data").joinpath("bench.toml").read_text("utf-8")
    return tomllib.loads(text)


@dataclasses.dataclass(frozen=True)
class SearchFigures:
    """One position searched for a fixed time."""

    name: str
    depth: int
    nodes: int
    seconds: float
    nps: float
    tt_hit_rate: float
    time_to_depth: dict[int, float]


def _game(name: str, table: dict[str, Any], moves: str) -> Game:
    game = new_game(name, **table.get("variant", {}))
    game.play_moves(moves)
    return game


def bench_search(name: str, table: dict[str, Any], entry: dict[str, str],
                 seconds: float) -> SearchFigures:
    """Search one position for ``seconds`` with the default evaluator (or the preset
    ``table["eval"]``), solver off."""
    game = _game(name, table, entry["moves"])
    searcher = Searcher(find_evaluator(name, table.get("eval"), paths=True))
    reached: dict[int, float] = {}
    result = searcher.search(game, Limits(seconds=seconds, use_solver=False),
                             on_info=lambda info: reached.__setitem__(info.depth, info.seconds))
    probes = max(1, searcher.tt_probes)
    return SearchFigures(entry["name"], result.depth, result.nodes, result.seconds,
                         result.nodes / max(result.seconds, 1e-9), searcher.tt_hits / probes,
                         reached)


def bench_game(name: str, table: dict[str, Any], runs: int) -> dict[str, Any]:
    """Every figure of one game, medians over ``runs``."""
    figures: dict[str, Any] = {"game": name}
    perft_game = _game(name, table, table.get("perft_moves", ""))
    depth = table["perft_depth"]
    timings = []
    for _run in range(runs):
        started = time.perf_counter()
        nodes = perft(perft_game, depth)
        timings.append(time.perf_counter() - started)
    seconds = statistics.median(timings)
    figures["perft"] = {"depth": depth, "nodes": nodes, "seconds": round(seconds, 4),
                        "nodes_per_second": round(nodes / seconds)}

    searches = []
    for entry in table["search"]:
        runs_of_entry = [bench_search(name, table, entry, table["search_seconds"])
                         for _run in range(runs)]
        depths = sorted({d for r in runs_of_entry for d in r.time_to_depth})
        searches.append({
            "position": entry["name"],
            "moves": entry["moves"],
            "depth": statistics.median_low([r.depth for r in runs_of_entry]),
            "nodes_per_second": round(statistics.median(r.nps for r in runs_of_entry)),
            "tt_hit_rate": round(statistics.median(r.tt_hit_rate for r in runs_of_entry), 3),
            "time_to_depth": {
                d: round(statistics.median(r.time_to_depth[d] for r in runs_of_entry
                                           if d in r.time_to_depth), 4)
                for d in depths if all(d in r.time_to_depth for r in runs_of_entry)},
        })
    figures["search_seconds"] = table["search_seconds"]
    if table.get("eval"):
        figures["eval"] = table["eval"]
    figures["search"] = searches

    solves = []
    for entry in table.get("solve", []):
        game = _game(name, table, entry["moves"])
        timings, solution = [], None
        for _run in range(runs):
            started = time.perf_counter()
            solution = solver_for(name).solve(game)
            timings.append(time.perf_counter() - started)
        assert solution is not None
        solves.append({"position": entry["name"], "moves": entry["moves"],
                       "score": solution.score, "nodes": solution.nodes,
                       "seconds": round(statistics.median(timings), 4)})
    figures["solve"] = solves
    return figures


def bench_long(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``long_solve`` positions, once each: a fresh solver proving the best move
    (``exact_all=False``, its first guess from the ``patterns`` evaluator as at the top
    levels); nodes, wall and CPU seconds, and the published value."""
    from ai.endgame.othello import OthelloSolver
    from ai.evaluators import evaluator_by_name
    from ai.evaluators.othello import OthelloEvaluator

    guesser = evaluator_by_name("othello", "patterns")
    assert isinstance(guesser, OthelloEvaluator)
    rows = []
    for entry in table.get("long_solve", []):
        game = Othello.from_board(entry["board"], "XO".index(entry["turn"]))
        started, cpu = time.perf_counter(), time.process_time()
        solution = OthelloSolver(exact_all=False, first_guess=guesser.margin_guess).solve(game)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        best = [game.move_name(m) for m in solution.best_moves]
        rows.append({"position": entry["name"], "empties": 64 - sum(game.counts()),
                     "score": solution.score, "best_moves": best, "nodes": solution.nodes,
                     "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
                     "published_score": entry["score"], "published_best": entry["best"],
                     "agrees": solution.score == entry["score"]
                     and bool(set(best) & set(entry["best"]))})
    return rows


def figures_text(figures: dict[str, Any]) -> str:
    """A table for a person."""
    perft_row = figures["perft"]
    # The positions' names (bench.toml) and the evaluator presets' names stay as written.
    lines = [f"== {figures['game']} ==",
             _("perft {depth}: {nodes} leaves in {seconds} s = {speed} positions/s").format(
                 depth=perft_row["depth"], nodes=perft_row["nodes"],
                 seconds=number(perft_row['seconds'], 2),
                 speed=number(perft_row["nodes_per_second"])),
             _("search, {seconds} s per position ({evaluator} evaluator):").format(
                 seconds=figures["search_seconds"], evaluator=figures.get("eval") or "default"),
             # Translators: the headings of a table's columns: position at most ~22
             # characters, depth 5, nodes/s 9, TT hits (transposition table) 7.
             "  {:22} {:>5} {:>9} {:>7}  {}".format(
                 _("position"), _("depth"), _("nodes/s"), _("TT hits"), _("time to depth (s)"))]
    for row in figures["search"]:
        ttd = " ".join(f"{d}:{s:.2f}" for d, s in row["time_to_depth"].items())
        lines.append(f"  {row['position']:22} {row['depth']:5d} "
                     f"{number(row['nodes_per_second']):>9} "
                     f"{percent(row['tt_hit_rate'], 1):>7}  {ttd}")
    if figures["solve"]:
        lines.append(_("exact solve:"))
        for row in figures["solve"]:
            lines.append(f"  {row['position']:22} " + _(
                "score {score}  {nodes} nodes  {seconds} s").format(
                    score=f"{row['score']:+d}", nodes=number(row["nodes"]),
                    seconds=f"{row['seconds']:.3f}"))
    if figures.get("long_solve"):
        lines.append(_("long exact solves (best move proven; published value in brackets):"))
        for row in figures["long_solve"]:
            verdict = _("ok") if row["agrees"] else _("DIFFERS")
            lines.append(f"  {row['position']:9} " + _(
                "{empties} empties  score {score} best {moves}  [{published_score} "
                "{published_moves}: {verdict}]  {nodes} nodes  {seconds} s ({cpu} s CPU)").format(
                    empties=row["empties"], score=f"{row['score']:+d}",
                    moves=" ".join(row["best_moves"]),
                    published_score=f"{row['published_score']:+d}",
                    published_moves=" ".join(row["published_best"]), verdict=verdict,
                    nodes=number(row["nodes"]), seconds=number(row['seconds'], 1),
                    cpu=number(row['cpu_seconds'], 1)))
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies bench``."""
    parser.add_argument("game", nargs="?", metavar="GAME",
                        help=_("one of {games} (default: all)").format(games=", ".join(GAMES)))
    parser.add_argument("--runs", type=int_range(1, 1000, "--runs"), default=3,
                        help=_("runs per figure; the median counts"))
    parser.add_argument("--seconds", type=seconds_value, default=None,
                        help=_("search time per position (default: as in bench.toml)"))
    parser.add_argument("--long", action="store_true",
                        help=_("add the long exact solves (Othello FFO #40-#44: minutes each)"))
    parser.add_argument("--ui", action="store_true",  # game.cli runs it (the window)
                        help=_("measure the window: frame intervals and cancel latency"))
    parser.add_argument("--values", action="store_true",
                        help=_("Connect-4: how often each level keeps the exact value of the "
                               "positions in game/data/connect4_values.txt"))
    parser.add_argument("--levels", default="8",
                        help=_("with --values: the levels, e.g. 8, 2-8 or 2,5,8 (default 8)"))
    parser.add_argument("--every", type=int_range(1, 1000, "--every"), default=1,
                        help=_("with --values: only every N-th position (a quicker subset)"))
    parser.add_argument("--seed-sets", type=int_range(1, 100, "--seed-sets"), default=1,
                        help=_("with --values: play each position this many times with "
                               "other seeds and add up (the random levels' average)"))
    parser.add_argument("--eval", default=None, metavar="NAME",
                        help=_("the searches' evaluator preset (default: default)"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per game"))


def run(args: argparse.Namespace) -> int:
    """``plies bench``."""
    if args.runs < 1:
        raise CliError(_("--runs must be at least 1, not {count}").format(count=args.runs))
    if args.values:
        from game.commands.bench_values import parse_levels, run_values

        if args.game not in (None, "connect4"):
            raise CliError(_("--values measures Connect-4 only"))
        try:
            parse_levels(args.levels)
        except ValueError as error:
            raise CliError(str(error)) from None
        run_values(args.levels, args.every, lambda data, text: emit(args, data, text),
                   args.seed_sets)
        return 0
    positions = load_positions()
    names = [args.game] if args.game else list(GAMES)
    for name in names:
        check_game_name(name)
    for name in names:
        table = dict(positions[name])
        if args.seconds is not None:
            table["search_seconds"] = args.seconds
        if args.eval is not None:
            try:
                find_evaluator(name, args.eval, paths=True)
            except EvaluatorError as error:
                raise CliError(str(error)) from None
            table["eval"] = args.eval
        figures = bench_game(name, table, args.runs)
        if args.long:
            figures["long_solve"] = bench_long(table)
        emit(args, figures, figures_text(figures))
    return 0
