"""CPU time per move of a Gomoku player on fixed positions from match records.

The positions are every ``--step``-th ply from ``--first`` of the first ``--games``
games of a ``plies match`` records folder (sorted by name); each is searched once by a
fresh ``Searcher`` with the player spec's limits (``plies match`` specs: ``level=8``,
``level=8,vct=off``, ...)::

    python -m ai.tools.gomoku_level_time RECORDS_DIR --spec level=8 --step 10 --first 6

prints the CPU seconds (``time.process_time``) per move (mean, 90th percentile, max),
the mean depth reached and how many results were proven (``WIN - plies``). A player
with a time limit is cut by wall time: on a loaded machine it gets less CPU, so say
how loaded the machine was. ``--probe N`` sets ``ai.search.THREAT_PROBE_PLIES`` for
the run (a lever measured in ``ai/TUNING.md``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

import ai.search
from ai.evaluators import load_evaluator
from ai.evaluators.base import is_proven
from ai.search import Searcher
from game.formats import load_record
from game.match import parse_player_spec
from game.players import Computer
from game.rules import Game, new_game

__all__ = ["main", "positions"]


def positions(folder: Path, games: int, first: int, step: int) -> list[Game]:
    """The positions measured: after ``first``, ``first + step``, ... plies of each of
    the first ``games`` records, short of each game's last two moves."""
    found = []
    for path in sorted(folder.glob("game-*.json"))[:games]:
        record = load_record(path)
        for plies in range(first, len(record.moves) - 1, step):
            game = new_game("gomoku", **record.variant)
            for move in record.moves[:plies]:
                game.push(game.parse_move(move))
            found.append(game)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="a plies match records folder (game-K.json files)")
    parser.add_argument("--spec", default="level=8", help="player spec (default level=8)")
    parser.add_argument("--games", type=int, default=14, help="records used (default 14)")
    parser.add_argument("--first", type=int, default=6, help="first ply (default 6)")
    parser.add_argument("--step", type=int, default=10, help="plies apart (default 10)")
    parser.add_argument("--probe", type=int, help="THREAT_PROBE_PLIES for this run")
    args = parser.parse_args(argv)
    if args.probe is not None:
        ai.search.THREAT_PROBE_PLIES = args.probe
    spec = parse_player_spec(args.spec)
    if not isinstance(spec, Computer):
        parser.error("the spec must name a Plies level or evaluator, not a person or an engine")
    evaluator = load_evaluator("gomoku", spec.evaluator_name("gomoku"))
    limits = spec.limits("gomoku", evaluator.unit)
    cpu, depths, proven = [], [], 0
    for game in positions(Path(args.folder), args.games, args.first, args.step):
        started = time.process_time()
        result = Searcher(evaluator, seed=0).search(game, limits)
        cpu.append(time.process_time() - started)
        depths.append(result.depth)
        proven += is_proven(result.score)
    if not cpu:
        print("no positions")
        return 1
    ranked = sorted(cpu)
    print(f"{args.spec} (probe plies {ai.search.THREAT_PROBE_PLIES}): {len(cpu)} positions, "
          f"CPU mean {sum(cpu) / len(cpu):.2f} s, p90 {ranked[int(0.9 * len(ranked))]:.2f} s, "
          f"max {ranked[-1]:.2f} s, mean depth {sum(depths) / len(depths):.1f}, "
          f"proven {proven}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
