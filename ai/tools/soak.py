"""Soak test of the search worker: many searches in one process, memory printed as it goes.

A long session asks the worker for thousands of searches (every computer move, hint and
evaluation-bar update is one). Whatever the searcher, the evaluators or the solvers keep
between searches must stay bounded; this script shows that it does::

    python -m ai.tools.soak --searches 10000          # RSS after 1k, 5k and 10k searches

Positions are random but reproducible (``--seed``): short random games of Connect-4,
Othello and Gomoku in turn, each searched to a small depth by the worker thread, as the
window would ask for them. The resident set size is read from ``/proc/self/statm``
(Linux); elsewhere the peak from ``resource.getrusage`` is printed instead.
"""

from __future__ import annotations

import argparse
import random
import threading
from collections.abc import Iterator, Sequence

from ai.evaluators import load_evaluator
from ai.search import Limits
from ai.worker import SearchWorker, WorkerReport
from game.rules import Game, new_game

GAMES: tuple[tuple[str, dict[str, object], int], ...] = (
    ("connect4", {}, 5),
    ("othello", {}, 3),
    ("gomoku", {"size": 15}, 2),
)
"""(game, variant, depth) searched in turn: depths that answer in milliseconds."""

DEFAULT_CHECKPOINTS = (1_000, 5_000, 10_000)


def rss_bytes() -> int:
    """The process's resident set size now (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        import os

        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource
        import sys

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def random_position(rng: random.Random, name: str, variant: dict[str, object]) -> Game:
    """A running game after a random number of random legal moves."""
    while True:
        game = new_game(name, **variant)
        for _ in range(rng.randrange(0, 40)):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over():
            return game


def soak(searches: int, checkpoints: Sequence[int] = DEFAULT_CHECKPOINTS,
         seed: int = 1, positions: int = 0) -> Iterator[tuple[int, int]]:
    """Run ``searches`` worker searches; yield ``(searches done, RSS bytes)`` at each
    checkpoint (and at the end).

    ``positions``: 0 searches a new random position every time (the caches keep
    meeting new positions and fill up to their bounds); ``K`` cycles through ``K``
    positions per game, so that once the caches hold them, any further growth is a
    leak (what the CI test looks for).
    """
    rng = random.Random(seed)
    pools = {name: [random_position(rng, name, variant) for _ in range(positions)]
             for name, variant, _ in GAMES} if positions > 0 else None
    evaluators = {name: load_evaluator(name) for name, _, _ in GAMES}
    done = threading.Event()
    failures: list[str] = []

    def report(message: WorkerReport) -> None:
        if message.kind == "error":
            failures.append(message.error or "error")
        if message.kind != "progress":
            done.set()

    worker = SearchWorker(report)
    marks = set(checkpoints) | {searches}
    try:
        for count in range(1, searches + 1):
            name, variant, depth = GAMES[count % len(GAMES)]
            game = (pools[name][(count // len(GAMES)) % positions] if pools is not None
                    else random_position(rng, name, variant))
            done.clear()
            worker.request(count, game, evaluators[name], Limits(depth=depth))
            if not done.wait(60):
                raise RuntimeError(f"search {count} gave no answer within 60 s")
            if failures:
                raise RuntimeError(failures[0])
            if count in marks:
                yield count, rss_bytes()
    finally:
        worker.shutdown()


def main(argv: Sequence[str] | None = None) -> int:
    """Print the RSS after each checkpoint."""
    parser = argparse.ArgumentParser(prog="python -m ai.tools.soak", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--searches", type=int, default=10_000, help="searches to run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random positions")
    parser.add_argument("--positions", type=int, default=0,
                        help="cycle through this many positions per game (default 0: "
                             "a new random position every search)")
    parser.add_argument("--every", type=int, default=0,
                        help="also print every N searches (default: 1k, 5k, 10k only)")
    args = parser.parse_args(argv)
    if args.searches < 1:
        parser.error("--searches must be at least 1")
    points = list(DEFAULT_CHECKPOINTS)
    if args.every > 0:
        points += range(args.every, args.searches + 1, args.every)
    print(f"start: {rss_bytes() / 2**20:.1f} MB", flush=True)
    for count, rss in soak(args.searches, points, args.seed, args.positions):
        print(f"after {count:>6} searches: {rss / 2**20:.1f} MB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
