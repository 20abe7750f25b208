"""``plies tune``: tune a weights-file evaluator's weights from games (or a plugin
evaluator's declared weights: the file written then names it as its ``base``).

Two methods (the mathematics is in ``ai.tune``; this module plays the games and
writes the files):

* ``spsa``: each iteration plays ``PAIRS_PER_ITERATION`` game pairs of the weights
  perturbed up against the same weights perturbed down, and moves the weights
  towards the side that scored (``ai.tune.spsa``);
* ``texel``: self-play games of the evaluator, then the weights that make a logistic
  of each position's static score best predict the game's outcome
  (``ai.tune.texel``).

The tuned weights become ``NAME2.toml`` in the evaluators folder (``--eval NAME2``
everywhere, and the new-game dialog's list), and a fixed match of the tuned against
the original weights ends the run. A state file beside it (``NAME2.tune.json``,
replaced atomically after every iteration, game or pass, removed when the run ends)
lets ``--resume`` continue a run that was killed: the same command with ``--resume``
ends as an uninterrupted run would (the games are deterministic, the perturbations
drawn from the seed).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ai.evaluators import (
    EvaluatorError,
    build_evaluator,
    is_evaluator_name,
    load_evaluator,
    preset_names,
)
from ai.evaluators.base import weight_fields
from ai.evaluators.plugin import EvaluatorFault, FunctionEvaluator, copied_weights
from ai.openings import random_openings
from ai.tune import spsa, texel
from ai.tune.weights import Parameter, parameters, weights_toml
from game.commands.common import MAX_DEPTH, CliError, add_game_argument, build_game, emit, int_range
from game.commands.match import runner_for
from game.files import (
    FileError,
    atomic_write_text,
    os_reason,
    read_text,
    remove_stale_temporaries,
)
from game.i18n import _, ngettext, number, percent
from game.match import (
    GameResult,
    GameRunner,
    GameTask,
    Progress,
    Tally,
    add_cluster_argument,
    run_games,
)
from game.players import Computer
from game.rules import Game, new_game
from game.settings import evaluators_dir
from game.tournament import Sprt, pentanomial

DEPTHS = {"tictactoe": 2, "connect4": 4, "othello": 2, "gomoku": 2}
"""Search depth of the tuning games (``--depth``): shallow, so that the evaluation
decides the games, and fast (a few hundred games in about a minute)."""
PAIRS_PER_ITERATION = 4
"""SPSA game pairs played at the same weights before they move: the same whatever
``--jobs`` is, so that a seed gives the same weights on any machine."""
OPENING_PLIES = 2
"""Random balanced plies that start each game pair (as ``plies match``'s default)."""
SELF_PLAY_RANDOMNESS = 0.5
"""Texel's self-play games choose among moves within this many evaluator units of
the best, so that the games differ."""
FINAL_GAMES = 100
"""Games of the closing match, tuned against original (``--final-games``)."""
MAX_GAMES = 100_000
STATE_FORMAT = "plies-tune-state"
STATE_VERSION = 1
STATE_BYTES = 20_000_000
"""Largest state file read back (a run of ``MAX_GAMES`` Texel games stays below it)."""
STATE_SUFFIX = ".tune.json"
FINAL_SEED_OFFSET = 1_000_003
"""The closing match's openings come from another seed than the tuning games', so
that they do not repeat the openings the weights were tuned on (where there are
enough openings: tic-tac-toe has few)."""


# --- the options -------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies tune``."""
    add_game_argument(parser)
    parser.add_argument("--eval", default="default", metavar="NAME",
                        help=_("the evaluator to tune: a preset, one of your evaluators, or "
                               "a weights file (default: default)"))
    parser.add_argument("--method", choices=("spsa", "texel"), default="spsa",
                        help=_("spsa: matches of perturbed weights (default); texel: fit the "
                               "weights to the outcomes of self-play games"))
    parser.add_argument("--games", type=int_range(2, MAX_GAMES, "--games"), default=200,
                        help=_("games to play for the tuning (default 200)"))
    parser.add_argument("--out", metavar="NAME2",
                        help=_("the tuned evaluator's name: NAME2.toml in the evaluators "
                               "folder (default: NAME-METHOD)"))
    parser.add_argument("--records", metavar="DIR",
                        help=_("texel: learn from the finished games saved in this folder "
                               "(e.g. a plies match's records; at most --games of them) "
                               "instead of self-play"))
    parser.add_argument("--weights", metavar="W,W",
                        help=_("tune only these weights (default: all)"))
    parser.add_argument("--depth", type=int_range(1, MAX_DEPTH, "--depth"),
                        help=_("search depth of the games (default: 2; Connect-4 4)"))
    parser.add_argument("--final-games", type=int_range(0, MAX_GAMES, "--final-games"),
                        default=FINAL_GAMES,
                        help=_("games of the closing match, tuned against original "
                               "(default 100; 0: none)"))
    parser.add_argument("--sprt", metavar="elo0=0,elo1=10",
                        help=_("play the closing match as an SPRT (elo0=, elo1=, alpha=, "
                               "beta=): it stops as soon as the tuned weights are shown "
                               "stronger by elo1 or not by elo0, at most --final-games"))
    parser.add_argument("--seed", type=int, default=1,
                        help=_("seed of the openings and perturbations (default 1)"))
    parser.add_argument("--jobs", type=int_range(1, 64, "--jobs"), default=1,
                        help=_("worker processes (default 1; more pays when games are "
                               "slow: each SPSA iteration starts them anew)"))
    add_cluster_argument(parser)
    parser.add_argument("--resume", action="store_true",
                        help=_("continue the interrupted run of the same command"))
    parser.add_argument("--force", action="store_true",
                        help=_("replace NAME2.toml and any interrupted run of it"))
    parser.add_argument("--json", action="store_true", help=_("results as one JSON object"))


@dataclasses.dataclass(frozen=True)
class Setup:
    """What one run tunes, checked: the game, the evaluator, its weights and the files."""

    game: Game
    eval_spec: str
    """The evaluator as the tuning games' players name it (a path made absolute)."""
    weights: object
    params: list[Parameter]
    name: str
    path: Path
    state_path: Path
    depth: int
    config: dict[str, Any]
    sprt: Sprt | None = None
    """The closing match's SPRT (``--sprt``), or ``None``: a fixed match."""
    base: str = "default"
    """Whose weights they are, as the weights files written say it (``base``): the
    default preset, or the plugin evaluator that declares them."""


def prepare(args: argparse.Namespace) -> Setup:
    """The run that ``args`` (``plies tune``'s options) ask for, checked (``CliError``)."""
    game = build_game(args)
    folder = evaluators_dir()
    try:
        evaluator = load_evaluator(game.name, args.eval, user_dir=folder)
    except EvaluatorError as error:
        raise CliError(str(error)) from None
    # A plugin evaluator that declares its weights (a dataclass of weight() fields as
    # its ``weights``) tunes the same way; the files written name it as their base.
    weights = getattr(evaluator, "weights", None)
    base = evaluator.base if isinstance(evaluator, FunctionEvaluator) else "default"
    names = [n.strip() for n in args.weights.split(",")] if args.weights else None
    try:
        params = parameters(weights, names)
    except TypeError:
        raise CliError(_("the evaluator {name} declares no weights to tune").format(
            name=args.eval)) from None
    except KeyError as error:
        raise CliError(_("{weight} is not a weight of {game}'s evaluator; its weights are "
                         "{known}").format(weight=repr(error.args[0]), game=game.name,
                                           known=", ".join(p.name for p in parameters(
                                               weights)))) from None
    if not params:
        raise CliError(_("the evaluator {name} has no weight that can move").format(
            name=args.eval))
    try:  # every step copies them: a plugin's dataclass that cannot be copied stops here
        copied_weights(weights, {p.name: p.start for p in params})
    except EvaluatorFault as fault:
        raise CliError(str(fault)) from None
    except Exception as error:  # the plugin's __post_init__ refuses its own values
        raise CliError(_("the evaluator {name}'s weights cannot be copied: {error}").format(
            name=args.eval, error=error)) from None
    stem = args.eval if is_evaluator_name(args.eval) else Path(args.eval).stem
    name = args.out or f"{stem}-{args.method}"
    if not is_evaluator_name(name):
        raise CliError(_("--out {name} is not an evaluator name (letters, digits, _ and -)").format(
            name=repr(name)))
    if name in preset_names(game.name):
        raise CliError(_("--out {name} is a preset's name: choose another").format(name=name))
    eval_spec = args.eval if is_evaluator_name(args.eval) else str(Path(args.eval).resolve())
    depth = args.depth or DEPTHS.get(game.name, 2)
    sprt = None
    if getattr(args, "sprt", None):
        try:
            sprt = Sprt.parse(args.sprt)
        except ValueError as error:
            raise CliError(str(error)) from None
    if args.records and args.method != "texel":
        raise CliError(_("--records goes with --method texel"))
    if args.records and not Path(args.records).is_dir():
        raise CliError(_("--records {path} is not a folder").format(path=args.records))
    # What a resumed run must repeat exactly (the output's name is the state's own).
    config = {"game": game.name, "variant": game.variant(), "eval": args.eval,
              "start": {p.name: p.start for p in params}, "method": args.method,
              "games": args.games, "depth": depth, "seed": args.seed,
              "final_games": args.final_games,
              "records": str(Path(args.records).resolve()) if args.records else None,
              "sprt": sprt.to_json() if sprt is not None else None}
    return Setup(game, eval_spec, weights, params, name, folder / f"{name}.toml",
                 folder / f"{name}{STATE_SUFFIX}", depth, config, sprt, base)


# --- the state file ----------------------------------------------------------------

def fresh_state(setup: Setup) -> dict[str, Any]:
    """The state of a run that has played nothing yet."""
    return {"format": STATE_FORMAT, "version": STATE_VERSION, "config": setup.config,
            "phase": "tune", "theta": [float(p.start) for p in setup.params], "pairs": 0,
            "history": [], "games": {}, "fit": None, "tuned": None, "final": {}}


def _claim(setup: Setup, args: argparse.Namespace) -> dict[str, Any]:
    """The state to continue (``--resume``) or a fresh one, after the checks that keep
    a file from being replaced without ``--force``."""
    for path in (setup.path, setup.state_path):
        if os.path.lexists(path) and not path.is_file():
            raise CliError(_("{path} is not a regular file: Plies will not replace it").format(
                path=path))
    remove_stale_temporaries(setup.path.parent)  # what a run killed mid-write left
    if args.resume:
        if not setup.state_path.exists():
            raise CliError(_("--resume: no interrupted run of {name} ({path} is missing)").format(
                name=setup.name, path=setup.state_path))
        return _read_state(setup)
    if setup.state_path.exists() and not args.force:
        raise CliError(_("a run of {name} was interrupted: add --resume to continue it, or "
                         "--force to start again").format(name=setup.name))
    if setup.path.exists() and not args.force:
        raise CliError(_("{path} already exists: give another --out, or --force to replace "
                         "it").format(path=setup.path))
    return fresh_state(setup)


def _read_state(setup: Setup) -> dict[str, Any]:
    label = str(setup.state_path)
    try:
        state = json.loads(read_text(setup.state_path, limit=STATE_BYTES, name=label))
    except FileError as error:
        raise CliError(str(error)) from None
    except (ValueError, RecursionError):
        state = None
    if not (isinstance(state, dict) and state.get("format") == STATE_FORMAT
            and state.get("version") == STATE_VERSION and _state_ok(state, setup)):
        raise CliError(_("{path} is not a tuning state Plies can continue: start again with "
                         "--force").format(path=label))
    old = state["config"]
    for key, value in setup.config.items():
        if old.get(key) != value:
            # Translators: {key} is a setting's English name (games, seed, start...).
            raise CliError(_("--resume: the interrupted run had other settings ({key}: "
                             "{old}, not {new}): give the same options, or --force to start "
                             "again").format(key=key, old=json.dumps(old.get(key))[:80],
                                             new=json.dumps(value)[:80]))
    return state


def _state_ok(state: dict[str, Any], setup: Setup) -> bool:
    """The shape of a state file (it is ours, but a file may be damaged or edited)."""
    size = len(setup.params)
    theta, history = state.get("theta"), state.get("history")
    fit, final, games = state.get("fit"), state.get("final"), state.get("games")
    return (isinstance(state.get("config"), dict)
            and state.get("phase") in ("tune", "final", "done")
            and isinstance(theta, list) and len(theta) == size
            and all(_is_number(t) for t in theta)
            and isinstance(state.get("pairs"), int) and isinstance(history, list)
            and isinstance(games, dict) and all(
                isinstance(g, dict) and isinstance(g.get("moves"), str)
                and g.get("winner") in (0, 1, None) for g in games.values())
            and (fit is None or isinstance(fit, dict) and _fit_ok(fit, size))
            and (state.get("tuned") is None or _ints(state.get("tuned"), size))
            and isinstance(final, dict) and all(v in (0, 0.5, 1) for v in final.values()))


def _fit_ok(fit: dict[str, Any], size: int) -> bool:
    return (_is_number(fit.get("scale")) and _ints(fit.get("values"), size)
            and _ints(fit.get("steps"), size) and isinstance(fit.get("done"), bool)
            and isinstance(fit.get("losses"), list))


def _ints(value: object, size: int) -> bool:
    return (isinstance(value, list) and len(value) == size
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def _save(setup: Setup, state: dict[str, Any]) -> None:
    try:
        setup.state_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(setup.state_path, json.dumps(state))
    except OSError as error:
        raise CliError(_("{path} cannot be written: {reason}").format(
            path=setup.state_path, reason=os_reason(error))) from None


# --- the games ---------------------------------------------------------------------

def _player(setup: Setup, evaluator: str, randomness: float | None = None) -> Computer:
    """A player of the tuning games: the evaluator at the run's depth, without the
    exact solver (which would play the endgames perfectly whatever the weights)."""
    return Computer(level=None, evaluator=evaluator, depth=setup.depth, randomness=randomness,
                    solver=False)


def _task(setup: Setup, index: int, opening: Sequence[int], a_first: bool, a: Computer,
          b: Computer) -> GameTask:
    return GameTask(index, setup.game.name, setup.game.variant(), tuple(setup.game.move_stack),
                    tuple(opening), a_first, a, b)


def _openings(setup: Setup, pairs: int, seed: int) -> list[list[int]]:
    found = random_openings(setup.game, OPENING_PLIES, pairs, seed)
    return found or [[]]


def _values(setup: Setup, values: Sequence[int]) -> dict[str, int]:
    return {p.name: int(v) for p, v in zip(setup.params, values)}


def _toml(setup: Setup, values: Sequence[int]) -> str:
    """The weights file of the tuned ``values`` with every other weight as the
    original evaluator has it (not as the preset the file names as its base)."""
    every = {f.name: int(getattr(setup.weights, f.name)) for f in weight_fields(setup.weights)}
    every.update(_values(setup, values))
    return weights_toml(setup.game.name, every, setup.base)


def _write_weights(setup: Setup, path: Path, values: Sequence[int]) -> None:
    """``values`` (the tuned weights, the others as the original has them) as a weights
    file that reads back (checked: a file that does not load is never left behind)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, _toml(setup, values))
        load_evaluator(setup.game.name, str(path))
    except OSError as error:
        raise CliError(_("{path} cannot be written: {reason}").format(
            path=path, reason=os_reason(error))) from None
    except EvaluatorError as error:
        raise CliError(str(error)) from None


def _play(tasks: list[GameTask], jobs: int, runner: GameRunner | None
          ) -> Iterator[GameResult]:
    """The games of ``tasks``, played by ``runner`` (``--cluster``) or in ``jobs`` local
    processes; each result once, as games finish."""
    return runner(tasks) if runner is not None else run_games(tasks, min(jobs, len(tasks)))


def spsa_steps(setup: Setup, state: dict[str, Any], jobs: int = 1,
               runner: GameRunner | None = None) -> Iterator[dict[str, Any]]:
    """Play the SPSA run of ``setup`` on from ``state`` (changed in place and saved
    after every step), yielding each step's entry of ``state["history"]``: the pairs
    played so far, the step's pair results and the weights after it (``theta``).

    A caller that watches the weights move (a progress line, a lesson) iterates; the
    weights to keep are ``round(t)`` of the last ``theta``.
    """
    config = setup.config
    pairs = config["games"] // 2
    bounds = [(p.low, p.high) for p in setup.params]
    gains = [spsa.Gains(pairs, spsa.default_c_end(p.low, p.high), spsa.default_r_end(pairs))
             for p in setup.params]
    if state["pairs"] >= pairs:
        return
    openings = _openings(setup, pairs, config["seed"])
    with tempfile.TemporaryDirectory(prefix="plies-tune-") as folder:
        scratch = Path(folder)  # the trial weights' files, read by the game processes
        while state["pairs"] < pairs:
            ks = list(range(state["pairs"] + 1,
                            min(state["pairs"] + PAIRS_PER_ITERATION, pairs) + 1))
            deltas, tasks = [], []
            for k in ks:
                delta = spsa.perturbation(config["seed"], k, len(bounds))
                plus, minus = spsa.perturbed(state["theta"], delta, [g.c(k) for g in gains],
                                             bounds)
                deltas.append(delta)
                players = []
                for sign, values in (("plus", plus), ("minus", minus)):
                    path = scratch / f"{sign}-{k}.toml"
                    atomic_write_text(path, _toml(setup, values))
                    players.append(_player(setup, str(path)))
                opening = openings[(k - 1) % len(openings)]
                tasks += [_task(setup, 2 * (k - 1), opening, True, *players),
                          _task(setup, 2 * (k - 1) + 1, opening, False, *players)]
            scores = {r.index: r.score for r in _play(tasks, jobs, runner)}
            # wins minus losses of θ + cΔ over the pair: 2·score - 1 per game
            results = [sum(2 * scores[2 * (k - 1) + g] - 1 for g in (0, 1)) for k in ks]
            state["theta"] = spsa.step(state["theta"], deltas, results, gains, bounds, ks)
            state["pairs"] = ks[-1]
            entry = {"pairs": ks[-1], "results": results,
                     "theta": [round(t, 2) for t in state["theta"]]}
            state["history"].append(entry)
            _save(setup, state)
            yield entry


def _run_spsa(setup: Setup, state: dict[str, Any], jobs: int,
              runner: GameRunner | None = None) -> list[int]:
    progress = Progress(setup.config["games"] // 2, state["pairs"])
    for entry in spsa_steps(setup, state, jobs, runner):
        progress.show(entry["pairs"], None, "  ".join(f"{p.name} {t:.1f}"
                                                for p, t in zip(setup.params, entry["theta"])))
    progress.end()
    return [round(t) for t in state["theta"]]


def _run_texel(setup: Setup, state: dict[str, Any], jobs: int,
               runner: GameRunner | None = None) -> tuple[list[int], dict[str, Any]]:
    config = setup.config
    games = config["games"]
    if config["records"] is not None and not state["games"]:
        state["games"] = _from_records(setup, Path(config["records"]), games)
        _save(setup, state)
    if len(state["games"]) < games and config["records"] is None:
        openings = _openings(setup, (games + 1) // 2, config["seed"])
        player = _player(setup, setup.eval_spec, SELF_PLAY_RANDOMNESS)
        tasks = [_task(setup, i, openings[(i // 2) % len(openings)], i % 2 == 0, player, player)
                 for i in range(games) if str(i) not in state["games"]]
        progress = Progress(games, len(state["games"]))
        for result in _play(tasks, jobs, runner):
            state["games"][str(result.index)] = {"moves": result.moves, "winner": result.winner}
            _save(setup, state)
            progress.show(len(state["games"]), None)
        progress.end()
    positions, outcomes = _positions(setup, state["games"])
    if not positions:
        raise CliError(_("the self-play games left no position to learn from: play more "
                         "--games"))
    if all(y == 0.5 for y in outcomes):
        raise CliError(_("every self-play game was drawn: the outcomes say nothing about the "
                         "weights (try --method spsa, or a smaller --depth)"))
    bounds = [(p.low, p.high) for p in setup.params]
    loss_of, linear, left_out = _scorer(setup, positions, outcomes)
    fit = state["fit"]
    if fit is None:
        start = [p.start for p in setup.params]
        scale = texel.fit_scale(loss_of.scores(start), loss_of.outcomes)
        fit = state["fit"] = {"scale": scale, "values": start, "steps": texel.first_steps(bounds),
                              "done": False, "losses": []}
        fit["losses"].append(loss_of(start, scale))
        _save(setup, state)
    scale = fit["scale"]
    live, shown = sys.stderr.isatty(), False  # a pass line on a terminal, as Progress
    while not fit["done"]:
        values, steps, loss, done = texel.descent_pass(
            fit["values"], fit["steps"], bounds, lambda v: loss_of(v, scale))
        fit.update(values=values, steps=steps, done=done)
        fit["losses"].append(loss)
        _save(setup, state)
        if live:
            # Translators: the progress line of a Texel fit: passes so far and the error.
            print("\r" + _("pass {n}: error {error}").format(
                n=len(fit["losses"]) - 1, error=f"{loss:.6f}").ljust(60), end="",
                file=sys.stderr, flush=True)
            shown = True
    if shown:
        print(file=sys.stderr)
    info = {"games": len(state["games"]), "records": config["records"],
            "positions": len(positions), "left_out": left_out, "linear": linear,
            "scale": scale, "error_start": fit["losses"][0], "error_end": fit["losses"][-1],
            "passes": len(fit["losses"]) - 1}
    return list(fit["values"]), info


def _from_records(setup: Setup, folder: Path, limit: int) -> dict[str, Any]:
    """The finished games of ``setup``'s game and variant among the records in
    ``folder`` (``.json`` and ``.txt``, in name order, at most ``limit``), as the
    state keeps games; a record of another game, unfinished or set up from a
    position is passed over, a file that is not a record is an error."""
    from game.formats import load_record
    from game.records import RecordError, record_to_game

    games: dict[str, Any] = {}
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".json", ".txt"))
    except OSError as error:
        raise CliError(_("--records {path} cannot be read: {reason}").format(
            path=folder, reason=os_reason(error))) from None
    for path in paths:
        if len(games) >= limit:
            break
        try:
            record = load_record(path)
        except RecordError as error:
            raise CliError(str(error)) from None
        if (record.game != setup.game.name or record.variant != setup.game.variant()
                or record.start is not None or record.result is None
                or setup.game.move_stack):
            continue
        games[str(len(games))] = {"moves": record_to_game(record).moves_text(),
                                  "winner": record.result.get("winner")}
    if not games:
        raise CliError(_("--records {path} holds no finished {game} game with these "
                         "options").format(path=folder, game=setup.game.name))
    return games


def _positions(setup: Setup, games: dict[str, Any]) -> tuple[list[Game], list[float]]:
    """Every position of the self-play games after their openings, with its outcome
    for the side to move (1 won, 0.5 drawn, 0 lost), in game order."""
    positions: list[Game] = []
    outcomes: list[float] = []
    skip = len(setup.game.move_stack) + OPENING_PLIES
    for key in sorted(games, key=int):
        entry = games[key]
        game = new_game(setup.game.name, **setup.game.variant())
        try:
            game.play_moves(entry["moves"])
        except ValueError:
            raise CliError(_("{path} is not a tuning state Plies can continue: start again "
                             "with --force").format(path=setup.state_path)) from None
        winner = entry["winner"]
        replay = new_game(setup.game.name, **setup.game.variant())
        for ply, move in enumerate(game.move_stack):
            if ply >= skip and not replay.is_over():
                positions.append(replay.copy())
                outcomes.append(0.5 if winner is None else float(winner == replay.turn))
            replay.push(move)
    return positions, outcomes


class _Loss:
    """The Texel error of a weight vector: from each position's counts when the
    evaluator is linear in the weights (``texel.linear_scores``), else by building the
    evaluator and scoring every position."""

    def __init__(self, scores: Callable[[Sequence[int]], list[float]],
                 outcomes: list[float]) -> None:
        self.scores, self.outcomes = scores, outcomes
        self.cache: dict[tuple[int, ...], list[float]] = {}

    def __call__(self, values: Sequence[int], scale: float) -> float:
        key = tuple(values)
        if key not in self.cache:
            if len(self.cache) > 10_000:  # bounded memory over a long descent
                self.cache.clear()
            self.cache[key] = self.scores(values)
        return texel.mean_squared_error(self.cache[key], self.outcomes, scale)


def _scorer(setup: Setup, positions: list[Game],
            outcomes: list[float]) -> tuple[_Loss, bool, int]:
    """The loss, whether it uses the linear counts, and the positions left out (where
    the score does not follow the weights linearly: a position already won, scored
    as such whatever the weights)."""
    def exact(values: Sequence[int]) -> list[float]:
        evaluator = build_evaluator(setup.game.name,
                                    copied_weights(setup.weights, _values(setup, values)), "tune",
                                    base=setup.base)
        return [float(evaluator.evaluate(p)) for p in positions]

    base = [p.low for p in setup.params]
    zero = exact(base)
    counts = []
    for i in range(len(base)):
        one = exact(base[:i] + [base[i] + 1] + base[i + 1:])
        counts.append([a - b for a, b in zip(one, zero)])
    rows = [list(column) for column in zip(*counts)]
    offset = [z - sum(f * b for f, b in zip(row, base)) for z, row in zip(zero, rows)]
    rng = random.Random(0)
    checks = [[p.start for p in setup.params]] + [
        [rng.randint(p.low, p.high) for p in setup.params] for _ in range(2)]
    keep = [True] * len(positions)
    for values in checks:
        for n, (want, got) in enumerate(zip(exact(values),
                                            texel.linear_scores(offset, rows, values))):
            keep[n] = keep[n] and want == got
    kept = sum(keep)
    if kept < len(positions) / 2:  # not a linear evaluator: score every trial exactly
        return _Loss(exact, outcomes), False, 0
    offset = [o for o, k in zip(offset, keep) if k]
    rows = [r for r, k in zip(rows, keep) if k]
    outcomes = [y for y, k in zip(outcomes, keep) if k]
    return (_Loss(lambda values: texel.linear_scores(offset, rows, values), outcomes), True,
            len(positions) - kept)


def _final_match(setup: Setup, state: dict[str, Any],
                 jobs: int, runner: GameRunner | None = None
                 ) -> tuple[Tally, dict[str, Any] | None]:
    """The closing match, tuned (A) against original (B): pairs of games on the same
    opening, each side once first; results kept in the state as they come. With an
    SPRT, pairs are played ``jobs`` at a time until its log-likelihood ratio crosses a
    bound (or the games run out); its figures come back with the tally."""
    total = setup.config["final_games"]
    final = state["final"]
    if len(final) < total and _sprt_figures(setup, final, total)["verdict"] in (None, ""):
        openings = _openings(setup, (total + 1) // 2, setup.config["seed"] + FINAL_SEED_OFFSET)
        tuned, original = _player(setup, str(setup.path)), _player(setup, setup.eval_spec)
        tasks = [_task(setup, i, openings[(i // 2) % len(openings)], i % 2 == 0, tuned, original)
                 for i in range(total) if str(i) not in final]
        progress = Progress(total, len(final))
        batch = len(tasks) if setup.sprt is None else 2 * jobs  # whole pairs: the SPRT's unit
        while tasks:
            playing, tasks = tasks[:batch], tasks[batch:]
            for result in _play(playing, jobs, runner):
                final[str(result.index)] = result.score
                _save(setup, state)
                progress.show(len(final), _tally(final.values()))
            if _sprt_figures(setup, final, total)["verdict"] not in (None, ""):
                break
        progress.end()
    figures = _sprt_figures(setup, final, total) if setup.sprt is not None else None
    return _tally(final.values()), figures


def _sprt_figures(setup: Setup, final: dict[str, float], total: int) -> dict[str, Any]:
    """The SPRT over the closing match's finished pairs: the pentanomial counts, the
    LLR, Wald's bounds and the verdict (``H1``, ``H0``, ``inconclusive`` once the games
    ran out, ``None`` while it goes on; ``""`` without an SPRT)."""
    sprt = setup.sprt
    if sprt is None:
        return {"verdict": ""}
    pairs = [(final[str(2 * k)] + final[str(2 * k + 1)]) / 2 for k in range(total // 2)
             if str(2 * k) in final and str(2 * k + 1) in final]
    counts = pentanomial(pairs)
    lower, upper = sprt.bounds()
    verdict = sprt.verdict(counts) if pairs else None
    if verdict is None and len(pairs) >= total // 2:
        verdict = "inconclusive"
    return {**sprt.to_json(), "pairs": len(pairs), "pentanomial": counts,
            "llr": round(sprt.llr(counts), 4) if pairs else 0.0, "lower": round(lower, 4),
            "upper": round(upper, 4), "verdict": verdict}


def _tally(scores: Iterable[float]) -> Tally:
    """Wins, draws and losses of the tuned weights from their games' scores."""
    listed = list(scores)
    return Tally(listed.count(1), listed.count(0.5), listed.count(0))


# --- the command -------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    """``plies tune``."""
    started = time.monotonic()
    setup = prepare(args)
    state = _claim(setup, args)
    jobs = args.jobs
    runner = runner_for(args.cluster)  # None: this machine's processes
    info: dict[str, Any] = {}
    try:
        if state["phase"] == "tune":
            _save(setup, state)
            if setup.config["method"] == "spsa":
                tuned = _run_spsa(setup, state, jobs, runner)
            else:
                tuned, info = _run_texel(setup, state, jobs, runner)
            _write_weights(setup, setup.path, tuned)
            state.update(phase="final", tuned=tuned)
            _save(setup, state)
        else:
            if not setup.path.exists():  # removed while the run was stopped: ours to write
                _write_weights(setup, setup.path, state["tuned"])
            if setup.config["method"] == "texel":
                tuned, info = _run_texel(setup, state, jobs, runner)  # finished: the figures again
        tuned = list(state["tuned"])
        tally, sprt = (_final_match(setup, state, jobs, runner) if setup.config["final_games"]
                       else (None, None))
        state["phase"] = "done"
        _save(setup, state)
    except KeyboardInterrupt:
        print(_("plies: the run is saved: give the same command with --resume to continue it"),
              file=sys.stderr)
        raise
    except EvaluatorError as error:  # a step's weights refused by a plugin's __post_init__
        raise CliError(str(error)) from None
    print_result(args, setup, state, tuned, info, tally, sprt, time.monotonic() - started)
    try:
        setup.state_path.unlink()  # finished: nothing left to resume
    except OSError:
        pass
    return 0


def print_result(args: argparse.Namespace, setup: Setup, state: dict[str, Any],
                 tuned: list[int], info: dict[str, Any], tally: Tally | None,
                 sprt: dict[str, Any] | None, seconds: float) -> None:
    """The weights before and after, the file, and the closing match."""
    config = setup.config
    weights = [{"name": p.name, "start": p.start, "tuned": t, "low": p.low, "high": p.high}
               for p, t in zip(setup.params, tuned)]
    final: dict[str, Any] | None = None
    if tally is not None:
        elo, margin = tally.elo()
        final = {"games": tally.games, "wins": tally.wins, "draws": tally.draws,
                 "losses": tally.losses, "score": round(tally.score, 4),
                 "elo": elo if math.isfinite(elo) else None,
                 "elo_margin": margin if math.isfinite(margin) else None,
                 "verdict": _verdict(tally), "sprt": sprt}
    payload = {"game": setup.game.name, "variant": setup.game.variant(), "eval": args.eval,
               "method": config["method"], "games": config["games"], "depth": setup.depth,
               "seed": config["seed"], "out": setup.name, "path": str(setup.path),
               "weights": weights, "final": final, "seconds": round(seconds, 1)}
    if config["method"] == "spsa":
        payload["history"] = state["history"]
    else:
        payload["texel"] = info
    if info.get("records"):
        lines = [_("{game}: texel tuning of {name} from {games} recorded games in {path}").format(
            game=setup.game.name, name=args.eval, games=number(info["games"]),
            path=info["records"])]
    else:
        lines = [_("{game}: {method} tuning of {name} from {games} games at depth {depth}").format(
            game=setup.game.name, method=config["method"], name=args.eval,
            games=number(config["games"]), depth=setup.depth)]
    if info:
        lines.append(_("{positions} positions, K = {scale}; error {before} before, {after} "
                       "after {passes} passes").format(
                           positions=number(info["positions"]), scale=f"{info['scale']:.4g}",
                           before=f"{info['error_start']:.5f}", after=f"{info['error_end']:.5f}",
                           passes=info["passes"]))
    # Translators: the columns of the weights table (a weight's name, before, after, range).
    lines.append("{:24} {:>7} {:>7}   {}".format(_("weight"), _("start"), _("tuned"),
                                                _("range")))
    lines += [f"{w['name']:24} {w['start']:7d} {w['tuned']:7d}   {w['low']}-{w['high']}"
              for w in weights]
    lines.append(_("weights: {path} (play them with --eval {name})").format(
        path=setup.path, name=setup.name))
    if tally is not None and final is not None:
        elo_text = ("+inf" if tally.score > 0.5 else "-inf") if final["elo"] is None else \
            f"{round(final['elo']) or 0:+d} ± {final['elo_margin']:.0f}"
        lines.append(_("closing match, {name} against {original}: {games} games, +{wins} "
                       "={draws} -{losses}, score {score}, Elo {elo}").format(
                           name=setup.name, original=args.eval, games=number(tally.games),
                           wins=tally.wins, draws=tally.draws, losses=tally.losses,
                           score=percent(tally.score, 1), elo=elo_text))
        lines.append(_verdict_sentence(tally, setup.name, args.eval))
        if sprt is not None:
            lines.append(_sprt_sentence(sprt))
    lines.append(ngettext("{n} second in all", "{n} seconds in all", round(seconds)).format(
        n=number(round(seconds))))
    emit(args, payload, "\n".join(lines))


def _sprt_sentence(sprt: dict[str, Any]) -> str:
    """The SPRT's line: its LLR against the bounds, and what it decided."""
    words = {"H1": _("H1: the tuned weights are at least elo1 stronger"),
             "H0": _("H0: the tuned weights are not elo1 stronger"),
             }.get(sprt["verdict"], _("inconclusive: the games ran out first"))
    # Translators: {llr} is the log-likelihood ratio, {lower} and {upper} its bounds,
    # {verdict} one of the sentences above.
    return _("SPRT (elo0 {elo0}, elo1 {elo1}) over {pairs} pairs: LLR {llr}, bounds {lower} "
             "and {upper}; {verdict}").format(
                 elo0=f"{sprt['elo0']:g}", elo1=f"{sprt['elo1']:g}", pairs=sprt["pairs"],
                 llr=f"{sprt['llr']:.2f}", lower=f"{sprt['lower']:.2f}",
                 upper=f"{sprt['upper']:.2f}", verdict=words)


def _verdict(tally: Tally) -> str:
    """``stronger``, ``weaker`` or ``unclear``: whether the Elo's 95% interval lies
    above 0, below it, or holds it."""
    elo, margin = tally.elo()
    if elo - margin > 0:
        return "stronger"
    if elo + margin < 0:
        return "weaker"
    return "unclear"


def _verdict_sentence(tally: Tally, name: str, original: str) -> str:
    verdict = _verdict(tally)
    if verdict == "stronger":
        # Translators: {level} is "95%" written the language's way.
        return _("{name} is stronger than {original} (the {level} interval lies above "
                 "0).").format(name=name, original=original, level=percent(0.95))
    if verdict == "weaker":
        return _("{name} is weaker than {original} (the {level} interval lies below "
                 "0).").format(name=name, original=original, level=percent(0.95))
    return _("No clear difference between {name} and {original}: the {level} interval "
             "holds 0 (more --final-games narrow it).").format(
                 name=name, original=original, level=percent(0.95))


__all__ = ["DEPTHS", "PAIRS_PER_ITERATION", "Setup",  # untranslated: names
           "add_arguments", "fresh_state", "prepare", "run", "spsa_steps"]
