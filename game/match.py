"""``plies match``: computer-versus-computer games, with a results table and Elo estimate.

Games come in pairs: both players play the same opening once with each colour, so a
lopsided opening favours nobody. Games run in worker processes (one per core by
default); each finished game is written as a record that the application can open.

>>> spec = parse_player_spec("depth=6,eval=naive,time=1.5")
>>> (spec.depth, spec.evaluator, spec.seconds)
(6, 'naive', 1.5)
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import math
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ai.evaluators import EvaluatorError
from ai.openings import random_openings
from ai.search import Searcher
from game import players
from game.commands.common import (
    MAX_DEPTH,
    CliError,
    add_game_argument,
    build_game,
    emit,
    int_range,
    positions_from_file,
)
from game.files import os_reason, remove_stale_temporaries
from game.formats import save_record
from game.i18n import _, ngettext, number, percent
from game.players import Computer, Engine, Player
from game.records import GameRecord, RecordError, record_from_game
from game.rules import Game, Outcome, RulesError, new_game
from game.rules.openings import FIRST, SECOND, Opening
from game.settings import find_evaluator, games_dir

ELO_CLIP = 0.001
"""Scores are kept this far from 0 and 1 when turned into an Elo margin."""

MAX_GAMES = 100_000
"""Most games one ``plies match`` plays (more would take months)."""
JOBS_PER_CORE = 4
"""``--jobs`` may not exceed this many processes per core: more only thrash."""

def parse_player_spec(text: str, game_name: str = "") -> Player:
    """``level=5`` or ``depth=6,eval=NAME,time=1.5`` (also ``nodes=N``, ``random=0.5``,
    ``solver=off``, ``vct=on|off``), or an outside engine ``time=2,engine="CMD"``: the
    one spec parser (``game.players.parse_spec``), its errors as ``CliError``.

    ``vct=off`` plays a level without its threat search (level 8 as it was before
    the VCT: the fixed opponent of ai/TUNING.md). ``solver=off`` keeps the exact
    solver out, so that a match between evaluators is not decided by perfect endgame
    play. A person (``human``) cannot play a match.
    """
    try:
        player = players.parse_spec(text, game_name)
    except players.PlayerError as error:
        raise CliError(str(error)) from None
    if isinstance(player, players.Human):
        raise CliError(_("player spec {spec}: a match is played by computers and engines").format(
            spec=repr(text)))
    return player


# --- openings -------------------------------------------------------------------------------

def openings_from_file(game: Game, path: str, count: int | None = None) -> list[list[int]]:
    """One opening (move list in notation) per line of ``path``; each checked.

    ``count``: read no further than the first ``count`` openings (a match needs one
    per pair of games), so a huge file costs no more than the openings it uses.
    """
    openings = []
    lines = positions_from_file(path)
    for line_number, line in lines:
        trial = game.copy()
        try:
            trial.play_moves(line)
        except RulesError as error:
            raise CliError(_("{path}, line {line}: {error}").format(path=path, line=line_number,
                                                                   error=error)) from None
        openings.append(trial.move_stack[len(game.move_stack):])
        if count is not None and len(openings) >= count:
            lines.close()
            break
    if not openings:
        raise CliError(_("{path} holds no openings").format(path=path))
    return openings


# --- playing ---------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class GameTask:
    """One game to play in a worker process (plain data: it is sent between processes)."""

    index: int
    game_name: str
    variant: dict[str, Any]
    start_moves: tuple[int, ...]
    opening: tuple[int, ...]
    a_plays_first: bool
    spec_a: Player
    spec_b: Player
    opening_rule: str | None = None
    """``"swap"`` or ``"swap2"``: the first participant (A when ``a_plays_first``) placed
    the three ``opening`` stones; the colours are then chosen by search."""


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How one game went, from player A's view: ``score`` is 1, 0.5 or 0."""

    index: int
    a_plays_first: bool
    score: float
    winner: int | None
    reason: str
    moves: str
    plies: int
    seconds: float
    record: GameRecord
    forfeit: str | None = None
    """``"a"`` or ``"b"``: that player lost by breaking a rule (an engine's illegal, late
    or garbled move, a crash); ``None``: the rules ended the game."""


def play_game(task: GameTask) -> GameResult:
    """Play ``task`` to the end; deterministic for deterministic players."""
    started = time.perf_counter()
    from game.plugins import loaded_plugins

    loaded_plugins()  # a worker process: the plugins' games and evaluators too
    game = new_game(task.game_name, **task.variant)
    for move in (*task.start_moves, *task.opening):
        game.push(move)
    specs = (task.spec_a, task.spec_b) if task.a_plays_first else (task.spec_b, task.spec_a)
    opening = None
    if task.opening_rule is not None:
        # specs are (first participant, second) until the colours are chosen.
        opening = _swap_opening(game, task, specs)
        if opening.black == SECOND:
            specs = (specs[1], specs[0])
    movers: list[Any] = []
    try:
        for spec in specs:
            if isinstance(spec, Engine):
                movers.append(_engine_player(game, spec))
                continue
            assert isinstance(spec, Computer)
            evaluator = find_evaluator(task.game_name, spec.evaluator_name(task.game_name),
                                       paths=True)
            movers.append((Searcher(evaluator, seed=task.index),
                           spec.limits(task.game_name, evaluator.unit)))
        outcome = _play_out(game, movers)
    finally:
        for mover in movers:
            if not isinstance(mover, tuple):
                mover.close()  # every engine process ends with its game
    a_side = 0 if specs[0] is task.spec_a else 1
    score = 0.5 if outcome.winner is None else float(outcome.winner == a_side)
    forfeit = None
    if game.outcome() is None and outcome.winner is not None:  # the rules did not end it
        forfeit = "b" if outcome.winner == a_side else "a"
    record = record_from_game(game, [_as_recorded(s, task.game_name) for s in specs])
    if opening is not None:
        record.opening = opening.as_dict()
    if record.result is None:  # a forfeit: the rules did not end the game
        record.result = {"winner": outcome.winner, "reason": outcome.reason[:200]}
    # With a swap opening the colours were chosen: "first" below means Black.
    return GameResult(task.index, a_side == 0, score, outcome.winner, outcome.reason,
                      game.moves_text(), game.ply, time.perf_counter() - started, record,
                      forfeit)


def _as_recorded(player: Player, game_name: str) -> Player:
    """``player`` as its game's record keeps it: an engine by its name (never its
    command line), a computer with its evaluator named (``Computer.for_file``)."""
    return player.for_file(game_name) if isinstance(player, Computer) else player


def _swap_opening(game: Game, task: GameTask, specs: tuple[Player, Player]) -> Opening:
    """Play out the choices of a swap / swap2 opening after its first three stones.

    ``specs`` are the first and the second participant's; each decides by its own
    search (``ai.openings``), with its level's limits.
    """
    from ai.openings import choose, place_two

    opening = Opening(task.opening_rule or "")
    while not opening.decided:
        plies = len(game.move_stack)
        spec = specs[0] if opening.chooser(plies) == FIRST else specs[1]
        assert isinstance(spec, Computer)  # run() refuses engines with an opening rule
        evaluator = find_evaluator(task.game_name, spec.evaluator_name(task.game_name),
                                   paths=True)
        searcher = Searcher(evaluator, seed=task.index)
        limits = spec.limits(task.game_name, evaluator.unit)
        choice, _why = choose(game, opening.options(plies), searcher, limits)
        opening.choose(choice, plies)
        if choice == "place-two":
            for move in place_two(game, searcher, limits)[0]:
                game.push(move)
    return opening


ENGINE_SECONDS = 5.0
"""An engine's time per move when its spec gives no ``time``."""


def _engine_player(game: Game, spec: Engine) -> Any:
    from game.engines.detect import player_for

    return player_for(game, spec.command, spec.seconds or ENGINE_SECONDS, spec.depth,
                      spec.protocol or None, spec.name)  # a forfeit names its name=


def check_engine(game: Game, spec: Engine, label: str) -> tuple[Engine, str]:
    """``spec`` with its engine's protocol found, and the engine's name (``GRhino level
    3``, never the command line), after a handshake on ``game``. An Othello engine with
    the game's default protocol (``nboard``, also when the spec named none) is asked
    which it speaks (``game.engines.detect``: an NBoard engine says so; a GTP engine
    such as GRhino then plays over GTP). An engine that cannot start or fails its
    handshake is a ``CliError`` (one sentence), before any game is played."""
    from game.engines.external import EngineError, EngineFault
    from game.protocols import default_protocol

    ask = game.name == "othello" and spec.protocol in ("", default_protocol(game.name))
    if ask:
        spec = dataclasses.replace(spec, protocol="")
    try:
        player = _engine_player(game, spec)
        with player:
            player.start(game)
    except (EngineError, EngineFault) as error:
        raise CliError(f"player {label}: {_sentence(error)}") from None
    return dataclasses.replace(spec, protocol=player.protocol), spec.name


def _play_out(game: Game, players: list[Any]) -> Outcome:
    """Play to the end; an engine that faults (illegal, late, crashed) loses at once."""
    from ai.evaluators.plugin import EvaluatorFault
    from game.engines.external import EngineError, EngineFault

    while not game.is_over():
        player = players[game.turn]
        if isinstance(player, tuple):
            searcher, limits = player
            try:
                result = searcher.search(game, limits)
            except EvaluatorFault as fault:  # a plugin's evaluator failed: that side forfeits
                return Outcome(game.turn ^ 1, _sentence(fault))
            assert result.move is not None
            game.push(result.move)
            continue
        try:
            game.push(player.best_move(game))
        except (EngineFault, EngineError) as fault:
            return Outcome(game.turn ^ 1, _sentence(fault))
    outcome = game.outcome()
    assert outcome is not None
    return outcome


def _sentence(fault: Exception) -> str:
    text = " ".join(str(fault).split())
    return text[:1].upper() + text[1:]


def run_games(tasks: list[GameTask], jobs: int) -> Iterator[GameResult]:
    """Results as games finish, in ``jobs`` processes (in this process when ``jobs == 1``)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(play_game, tasks)
        return
    # "spawn" keeps children free of the parent's threads and pygame state.
    import multiprocessing  # here: every `plies` command would pay for it at start

    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_leave_interrupts_to_parent) as pool:
        yield from pool.imap_unordered(play_game, tasks)


def _leave_interrupts_to_parent() -> None:
    """A worker's start: Ctrl-C reaches every process of the terminal's group; the
    parent answers it and ends the pool, so a worker must not print a traceback.
    The pool ends a worker with SIGTERM (a hang-up may come too; on Linux the kernel
    sends it when the parent dies): the game's ``finally`` must still close its
    engines, so those signals exit quietly."""
    from game.engines.external import end_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in _ENDING_SIGNALS:
        signal.signal(sig, _exit_quietly)
    end_with_parent(signal.SIGTERM)  # the parent killed outright: close the engines too


_ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                        if hasattr(signal, name))
"""Besides Ctrl-C, the signals that end a match: engines are closed on every one."""


def _exit_quietly(signum: int, frame: object) -> None:
    from game.engines.external import kill_every_engine

    kill_every_engine()  # first: unwinding to the games' ``finally`` may not finish
    raise SystemExit(128 + signum)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP act as Ctrl-C does while the games run: the games' ``finally``
    closes the engines (and a pool its workers) before Plies ends."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (and receives the signals)
        return
    previous = {sig: signal.signal(sig, _interrupt) for sig in _ENDING_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


# --- statistics ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of player A, with the score and Elo difference."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's points per game, 0 to 1."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def elo(self) -> tuple[float, float]:
        """Elo difference of A over B and its 95% margin (logistic model).

        The margin comes from the standard error of the per-game score; a score of
        0 or 1 gives an infinite difference, reported as such.
        """
        n, p = self.games, self.score
        if n == 0:
            return 0.0, math.inf
        variance = (self.wins * (1 - p) ** 2 + self.draws * (0.5 - p) ** 2
                    + self.losses * p ** 2) / n
        error = math.sqrt(variance / n)
        # The interval is clipped inside (0, 1) so that a short, lopsided match still
        # gets a (wide) finite margin rather than an infinite one.
        low = max(p - 1.96 * error, ELO_CLIP)
        high = min(p + 1.96 * error, 1 - ELO_CLIP)
        return _elo(p), max(0.0, (_elo(high) - _elo(low)) / 2)

    @classmethod
    def of(cls, results: Iterable[GameResult]) -> Tally:
        scores = [r.score for r in results]
        return cls(scores.count(1.0), scores.count(0.5), scores.count(0.0))


def _elo(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def forfeits(results: Iterable[GameResult], side: str) -> tuple[int, str | None]:
    """How many games ``side`` (``"a"``/``"b"``) lost by forfeit, and the first one's
    reason (by game number)."""
    lost = sorted((r for r in results if r.forfeit == side), key=lambda r: r.index)
    return len(lost), (lost[0].reason if lost else None)


def results_table(spec_a: str, spec_b: str, results: list[GameResult]) -> str:
    """The table ``plies match`` prints: overall, and by A's colour, with the games each
    side lost by forfeit (and below it, the first forfeit's reason)."""
    # Translators: the rows and columns of the match table (A and B are the players);
    # the rows' names at most ~15 characters, the columns' as wide as their numbers
    # (games 5, A wins 6, draws 5, B wins 6, A score 8, Elo 14, forfeits 12).
    rows = [(_("all games"), [*results]),
            (_("A moves first"), [r for r in results if r.a_plays_first]),
            (_("B moves first"), [r for r in results if not r.a_plays_first])]
    lines = [f"A = {spec_a}   B = {spec_b}",
             "{:15} {:>5} {:>6} {:>5} {:>6} {:>8} {:>14} {:>12}".format(
                 "", _("games"), _("A wins"), _("draws"), _("B wins"), _("A score"),
                 _("Elo(A-B)"), _("forfeits A/B"))]
    for label, group in rows:
        tally = Tally.of(group)
        if not tally.games:
            continue
        elo, margin = tally.elo()
        elo_text = f"{round(elo) or 0:+d} ± {margin:.0f}" if math.isfinite(elo) else (
            "+inf" if elo > 0 else "-inf")
        lost = f"{forfeits(group, 'a')[0]}/{forfeits(group, 'b')[0]}"
        lines.append(f"{label:15} {tally.games:5d} {tally.wins:6d} {tally.draws:5d}"
                     f" {tally.losses:6d} {percent(tally.score, 1):>8} {elo_text:>14} {lost:>12}")
    for side in "ab":
        lost_games, reason = forfeits(results, side)
        if lost_games:
            first = min(r.index for r in results if r.forfeit == side) + 1
            lines.append(ngettext(
                "{player} lost {n} game by forfeit; the first (game {first}): {reason}",
                "{player} lost {n} games by forfeit; the first (game {first}): {reason}",
                lost_games).format(player=side.upper(), n=number(lost_games), first=first,
                                   reason=reason))
    return "\n".join(lines)


# --- the command -----------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies match``."""
    add_game_argument(parser)
    parser.add_argument("--a", required=True, metavar="SPEC",
                        help=_("player A: level=5, or depth=6,eval=NAME,time=1.5,random=0.5,"
                               "solver=off, or an outside engine: time=2,name=NAME,"
                               "protocol=P,engine=\"CMD ARGS\" (protocol=pbrain for Gomoku, "
                               "the Gomocup protocol; nboard or gtp for Othello, NBoard or "
                               "GTP, asked of the engine when not given)"))
    parser.add_argument("--b", required=True, metavar="SPEC", help=_("player B, as --a"))
    parser.add_argument("--games", type=int_range(1, MAX_GAMES, "--games"), default=10,
                        help=_("games to play (default 10)"))
    parser.add_argument("--openings", default=None, metavar="random:K|FILE",
                        help=_("K random balanced plies per pair (default 2; 3 with "
                               "--opening), or one opening per line"))
    parser.add_argument("--opening", choices=("none", "swap", "swap2"), default="none",
                        help=_("Gomoku: the first player places three stones (the "
                               "--openings), then the colours are chosen by the swap or swap2 "
                               "rule"))
    parser.add_argument("--moves", metavar="M", help=_("every game starts after these moves"))
    parser.add_argument("--jobs", type=int, default=None,
                        help=_("worker processes (default: one per core, at most one per "
                               "game; at most four per core)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the random openings"))
    parser.add_argument("--out", metavar="DIR",
                        help=_("a new or empty folder for the game records (default: a new "
                               "folder under the games folder)"))
    parser.add_argument("--json", action="store_true", help=_("results as one JSON object"))


def _openings(args: argparse.Namespace, game: Game, pairs: int) -> list[list[int]]:
    swap = getattr(args, "opening", "none") != "none"
    text = args.openings or ("random:3" if swap else "random:2")
    found = _opening_moves(args, game, pairs, text)
    if swap and any(len(game.move_stack) + len(o) != 3 for o in found):
        raise CliError(_("--opening {rule} needs openings that make three stones "
                         "(the first player's): use --openings random:3").format(
                             rule=args.opening))
    return found


def _opening_moves(args: argparse.Namespace, game: Game, pairs: int,
                   text: str) -> list[list[int]]:
    if text.startswith("random:"):
        try:
            plies = int(text.removeprefix("random:"))
        except ValueError:
            raise CliError(_("--openings random:K needs a whole number K")) from None
        if plies < 0:
            raise CliError(_("--openings random:K needs K >= 0"))
        if plies > MAX_DEPTH:
            raise CliError(_("--openings random:K needs K from 0 to {high}").format(
                high=MAX_DEPTH))
        swap = getattr(args, "opening", "none") != "none"
        return random_openings(game, plies, pairs, args.seed, balanced=not swap) \
            if plies else [[]]
    return openings_from_file(game, text, pairs)


def _jobs(asked: int | None, games: int) -> int:
    """The worker processes: ``asked`` checked, or one per core and at most one per game."""
    cores = os.cpu_count() or 1
    if asked is None:
        return max(1, min(cores, games))
    if asked < 1:
        raise CliError(_("--jobs must be at least 1, not {jobs}").format(jobs=asked))
    if asked > games:
        raise CliError(ngettext("--jobs {jobs} is more than the {n} game to play",
                                "--jobs {jobs} is more than the {n} games to play",
                                games).format(jobs=asked, n=number(games)))
    if asked > cores * JOBS_PER_CORE:
        # Translators: English keeps "cores" for one too.
        raise CliError(ngettext("--jobs {jobs} is more than {per_core} per core ({n} cores "
                                "here)",
                                "--jobs {jobs} is more than {per_core} per core ({n} cores "
                                "here)", cores).format(jobs=asked, per_core=JOBS_PER_CORE,
                                                       n=cores))
    return asked


def _check_writable(out: Path) -> None:
    """Refuse, before any game is played, a records folder that cannot be written or
    that already holds something (a match never writes over or among other files)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(out)  # what a match killed mid-write left: never a record
        if any(out.iterdir()):
            raise CliError(_("--out {path} already holds files: give a new or empty folder "
                             "(a match never writes over records)").format(path=out))
        probe = tempfile.NamedTemporaryFile(dir=out, prefix=".plies-probe-")
        probe.close()
    except FileExistsError:
        raise CliError(_("--out {path} is a file, not a folder").format(path=out)) from None
    except OSError as error:
        raise CliError(_("--out {path} cannot be written: {reason}").format(
            path=out, reason=os_reason(error))) from None


def _out_dir(args: argparse.Namespace) -> Path:
    """``--out`` (checked), or a new folder under the games folder: ``match-GAME-DATE-TIME``,
    then ``-2``, ``-3``... when a match started in the same second has it (``mkdir``
    claims a name for one match only)."""
    if args.out:
        out = Path(args.out)
        _check_writable(out)
        return out
    parent = games_dir()
    for old in parent.glob("match-*"):  # leftovers of matches killed mid-write
        remove_stale_temporaries(old)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"match-{args.game}-{stamp}"
    for attempt in range(1, 1000):
        out = parent / (base if attempt == 1 else f"{base}-{attempt}")
        try:
            out.mkdir()
            return out
        except FileExistsError:
            continue
        except OSError as error:
            raise CliError(_("{path} cannot be made: {reason}").format(
                path=out, reason=os_reason(error))) from None
    raise CliError(_("no free folder name for the records under {path}").format(path=parent))


def run(args: argparse.Namespace) -> int:
    """``plies match``."""
    spec_a, spec_b = parse_player_spec(args.a, args.game), parse_player_spec(args.b, args.game)
    jobs = _jobs(args.jobs, args.games)
    game = build_game(args)
    opening_rule = None if getattr(args, "opening", "none") == "none" else args.opening
    if opening_rule is not None and game.name != "gomoku":
        raise CliError(_("--opening {rule} is a Gomoku opening, not {game}'s").format(
            rule=opening_rule, game=game.name))
    try:
        for spec in (spec_a, spec_b):
            if isinstance(spec, Engine):
                if opening_rule is not None:
                    raise CliError(_("--opening needs Plies players: an engine cannot choose "
                                     "a colour over its protocol"))
                if game.name not in ("gomoku", "othello"):
                    raise CliError(_("external engines play gomoku (Gomocup protocol) or "
                                     "othello (NBoard), not {game}").format(game=game.name))
                continue
            assert isinstance(spec, Computer)
            find_evaluator(game.name, spec.evaluator_name(game.name), paths=True)
            spec.limits(game.name)
    except (EvaluatorError, ValueError) as error:
        raise CliError(str(error)) from None
    engines: dict[str, str] = {}  # "a"/"b": the engine's name
    if isinstance(spec_a, Engine):
        spec_a, engines["a"] = check_engine(game, spec_a, "A")
    if isinstance(spec_b, Engine):
        spec_b, engines["b"] = check_engine(game, spec_b, "B")
    pairs = (args.games + 1) // 2
    openings = _openings(args, game, pairs)
    if len(openings) < pairs:
        # Pairs reuse openings in turn: say so, since a short set decides more games.
        # Translators: {openings} is "3 distinct openings", {pairs} is "5 game pairs".
        print(_("plies: only {openings} for {pairs}; they repeat (try other --openings)").format(
            openings=ngettext("{n} distinct opening", "{n} distinct openings",
                              len(openings)).format(n=number(len(openings))),
            pairs=ngettext("{n} game pair", "{n} game pairs", pairs).format(n=number(pairs))),
            file=sys.stderr)
    tasks = [GameTask(i, game.name, game.variant(), tuple(game.move_stack),
                      tuple(openings[(i // 2) % len(openings)]), i % 2 == 0, spec_a, spec_b,
                      opening_rule)
             for i in range(args.games)]
    out = _out_dir(args)
    results = _play_all(tasks, jobs, out, game)
    tally = Tally.of(results)
    elo, margin = tally.elo()
    payload = {
        "game": game.name, "variant": game.variant(), "a": args.a, "b": args.b,
        "games": tally.games, "openings": len(openings),
        "a_wins": tally.wins, "draws": tally.draws, "b_wins": tally.losses,
        "a_score": round(tally.score, 4),
        "elo": elo if math.isfinite(elo) else None,
        "elo_margin": margin if math.isfinite(margin) else None,
        "records": str(out),
        "opening": opening_rule or "none",
        "a_engine": engines.get("a"), "b_engine": engines.get("b"),
        **{f"{side}_{key}": value for side in "ab"
           for key, value in zip(("forfeits", "first_forfeit"), forfeits(results, side))},
        "results": [{"index": r.index, "a_first": r.a_plays_first, "a_score": r.score,
                     "winner": r.winner, "reason": r.reason, "forfeit": r.forfeit,
                     "moves": r.moves, "seconds": round(r.seconds, 3)} for r in results],
    }
    emit(args, payload, results_table(args.a, args.b, results) + "\n"
         + _("records: {path}").format(path=out))
    return 0


def _play_all(tasks: list[GameTask], jobs: int, out: Path, game: Game) -> list[GameResult]:
    out.mkdir(parents=True, exist_ok=True)
    results: list[GameResult] = []
    width = len(str(len(tasks)))
    try:
        with _signals_interrupt():
            for result in run_games(tasks, jobs):
                results.append(result)
                try:
                    save_record(out / f"game-{result.index + 1:0{width}d}.json", result.record)
                except RecordError as error:  # the disk filled up, the folder went away...
                    raise CliError(str(error)) from None
                _progress(len(results), len(tasks), Tally.of(results))
    except KeyboardInterrupt:
        # The progress line ends, and the games already played are not lost.
        print("\n" + ngettext("{n} game of {total} played; records: {path}",
                              "{n} games of {total} played; records: {path}",
                              len(results)).format(n=number(len(results)), total=len(tasks),
                                                   path=out), file=sys.stderr)
        raise
    print(file=sys.stderr)
    return sorted(results, key=lambda r: r.index)


def _progress(done: int, total: int, tally: Tally) -> None:
    """A one-line progress bar on stderr, redrawn in place."""
    filled = round(30 * done / total)
    print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}  "
          f"A +{tally.wins} ={tally.draws} -{tally.losses}", end="", file=sys.stderr, flush=True)


__all__ = ["GameResult", "GameTask", "Tally", "add_arguments",  # untranslated: names
           "parse_player_spec", "play_game", "random_openings", "results_table", "run"]
