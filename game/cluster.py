"""Games played on a Dask cluster (``--cluster ADDRESS`` of ``plies match`` and
``plies tournament``): the second place games can run, beside the local worker pool
of ``game.match.run_games``, with the same contract -- every task's result once, as
games finish.

Dask distributed (the optional ``cluster`` extra) is imported here only, and this
module only with ``--cluster``: without it nothing of Dask is loaded.

Why results stay the same as on one machine: a game's searchers are seeded by its
task's number, never by where or when it runs, and the results are put back in task
order by the caller. Why none is lost or counted twice: the scheduler plays again,
on another worker, a game whose worker died; a result is yielded once per task number
whatever arrives. What each worker needs: the same Plies (checked before any game, by
a fingerprint of its source), the evaluators the players name, and, for games with an
outside engine, the resource ``engines`` that says the engines are installed there
(``dask worker ADDRESS --resources engines=4``).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import uuid
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import Any

from game.commands.common import CliError
from game.i18n import _
from game.match import GameResult, GameTask, play_game
from game.players import Computer, Engine

__all__ = ["ClusterError", "ENGINE_RESOURCE", "fingerprint", "run_games_on_cluster", "runner"]

CONNECT_SECONDS = 10.0
"""How long to wait for the scheduler to answer before saying it cannot be reached."""

ENGINE_RESOURCE = "engines"
"""The Dask worker resource that says a worker has the outside engines installed; a
game with an outside engine needs one unit of it."""


class ClusterError(RuntimeError):
    """The cluster cannot play these games: one sentence for a person."""


def fingerprint() -> str:
    """Plies' version and a digest of its Python source: two installations that give
    the same fingerprint play the same games."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in ("game", "ai"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        version = importlib.metadata.version("plies")
    except importlib.metadata.PackageNotFoundError:
        version = "source"
    return f"{version}+{digest.hexdigest()[:16]}"


def _worker_check(evaluators: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """Run on each worker: its fingerprint, and the evaluators it cannot load."""
    from ai.evaluators import EvaluatorError, load_evaluator
    from game.plugins import loaded_plugins
    from game.settings import evaluators_dir

    loaded_plugins()  # the worker's own plugins folder: plugin evaluators, files based on them
    missing = []
    for game_name, name in evaluators:
        try:
            load_evaluator(game_name, name, user_dir=evaluators_dir())
        except (EvaluatorError, OSError) as error:
            missing.append(f"{name} ({error})")
    return fingerprint(), missing


def _needs_engines(task: GameTask) -> bool:
    return isinstance(task.spec_a, Engine) or isinstance(task.spec_b, Engine)


def _evaluators(tasks: Iterable[GameTask]) -> list[tuple[str, str]]:
    found = {(task.game_name, spec.evaluator_name(task.game_name))
             for task in tasks for spec in (task.spec_a, task.spec_b)
             if isinstance(spec, Computer)}
    return sorted(found)


def _connect(address: str) -> Any:
    from distributed import Client

    try:
        return Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(_("the cluster at {address} cannot be reached: {reason}").format(
            address=address, reason=str(error).split("\n")[0][:200] or type(error).__name__)
        ) from None


def _check_workers(client: Any, tasks: list[GameTask]) -> None:
    """Refuse, in one sentence naming the worker, a cluster that would play these games
    differently: another Plies, a missing evaluator, no worker with the engines."""
    workers = client.scheduler_info().get("workers", {})
    if not workers:
        raise ClusterError(_("the cluster has no worker: start one with "
                             "'dask worker ADDRESS'"))
    ours = fingerprint()
    answers = client.run(_worker_check, _evaluators(tasks), on_error="return")
    for worker, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            raise ClusterError(_("the worker {worker} cannot run Plies' games (is Plies "
                                 "installed there?): {reason}").format(
                worker=worker, reason=str(answer)[:200] or type(answer).__name__))
        theirs, missing = answer
        if theirs != ours:
            raise ClusterError(_("the worker {worker} has another Plies ({theirs}; this "
                                 "one is {ours}): install the same version on every "
                                 "worker").format(worker=worker, theirs=theirs, ours=ours))
        if missing:
            raise ClusterError(_("the worker {worker} cannot load the evaluator {name}")
                               .format(worker=worker, name=missing[0]))
    if any(_needs_engines(task) for task in tasks) and not any(
            info.get("resources", {}).get(ENGINE_RESOURCE) for info in workers.values()):
        raise ClusterError(_("no worker says it has the outside engines: start the workers "
                             "that have them with 'dask worker ADDRESS --resources "
                             "{resource}=4'").format(resource=ENGINE_RESOURCE))


def runner(address: str) -> Callable[[list[GameTask]], Generator[GameResult, None, None]]:
    """A ``game.match.GameRunner`` that plays on the cluster at ``address``; its
    refusals become the command line's one sentence (``CliError``)."""
    def run(tasks: list[GameTask]) -> Generator[GameResult, None, None]:
        try:
            yield from run_games_on_cluster(tasks, address)
        except ClusterError as error:
            raise CliError(str(error)) from None
    return run


def run_games_on_cluster(tasks: list[GameTask], address: str
                         ) -> Generator[GameResult, None, None]:
    """Results as games finish on the cluster at ``address``, each task's once.

    Closing the generator early (an SPRT decided, Ctrl-C) cancels the games not yet
    played and closes the connection.

    Raises:
        ClusterError: the scheduler cannot be reached, or its workers cannot play these
            games as this machine would (before any game is sent).
    """
    if not tasks:
        return
    from distributed import KilledWorker, as_completed

    client = _connect(address)
    futures = []
    try:
        _check_workers(client, tasks)
        run = uuid.uuid4().hex[:12]  # keys of their own: never a cached result of another run
        for task in tasks:
            futures.append(client.submit(
                play_game, task, key=f"plies-game-{run}-{task.index}", pure=False,
                resources={ENGINE_RESOURCE: 1} if _needs_engines(task) else None))
        seen: set[int] = set()
        for future in as_completed(futures, loop=client.loop):
            try:
                result: GameResult = future.result()
            except KilledWorker as error:  # the game killed every worker it was given
                raise ClusterError(_("the cluster gave up a game after losing the workers "
                                     "that played it: {reason}").format(
                                         reason=str(error)[:200])) from None
            if result.index not in seen:
                seen.add(result.index)
                yield result
    finally:
        if futures:
            client.cancel(futures)
        client.close()
