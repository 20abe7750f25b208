"""``plies match``: two players, a results table with an Elo estimate, and an SPRT.

Games come in pairs: both players play the same opening once with each colour, so a
lopsided opening favours nobody. The games run in worker processes (``game.match``);
each finished game is written as a record that the application can open. With
``--sprt`` the match stops once the log-likelihood ratio over whole game pairs crosses
a bound (``game.tournament.Sprt``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable

from game.commands.common import CliError, add_game_argument, build_game, emit, int_range
from game.i18n import _, ngettext, number, percent
from game.match import (
    MAX_GAMES,
    GameResult,
    GameRunner,
    GameTask,
    add_run_arguments,
    checked_player,
    job_count,
    match_openings,
    opening_rule_of,
    play_all,
    recorded_results,
    start_folder,
    tally_of,
    warn_repeated_openings,
)
from game.tournament import Sprt, pentanomial


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
                        help=_("games to play (default 10; with --sprt, the most to play)"))
    parser.add_argument("--sprt", metavar="elo0=0,elo1=10,alpha=0.05,beta=0.05",
                        help=_("stop as soon as a sequential test over game pairs decides "
                               "between H0 (A is elo0 stronger) and H1 (elo1 stronger)"))
    add_run_arguments(parser)


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
        tally = tally_of(group)
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


def pair_scores(results: list[GameResult]) -> list[float]:
    """A's score per game of each *whole* game pair at the start of the match (games
    2k and 2k+1, the same opening with each colour), in order, up to the first pair
    not yet complete: the SPRT's sample, the same whatever order games end in."""
    by_index = {r.index: r.score for r in results}
    scores: list[float] = []
    while 2 * len(scores) + 1 in by_index and 2 * len(scores) in by_index:
        k = 2 * len(scores)
        scores.append((by_index[k] + by_index[k + 1]) / 2)
    return scores


def sprt_decision(sprt: Sprt, results: list[GameResult],
                  checked: int = 0) -> tuple[int, str | None]:
    """The pairs the SPRT counts and its verdict: the first prefix of whole pairs whose
    LLR crosses a bound (the match stops there), else every whole pair and ``None``.
    ``checked``: prefixes up to this many pairs are known not to cross (a shortcut)."""
    scores = pair_scores(results)
    for pairs in range(checked + 1, len(scores) + 1):
        verdict = sprt.verdict(pentanomial(scores[:pairs]))
        if verdict is not None:
            return pairs, verdict
    return len(scores), None


def runner_for(address: str | None) -> GameRunner | None:
    """Where ``--cluster`` says the games are played (``None``: this machine's cores).
    Dask is imported only here, only with ``--cluster``."""
    if address is None:
        return None
    from game import cluster

    return cluster.runner(address)


def run(args: argparse.Namespace) -> int:
    """``plies match``."""
    try:
        sprt = Sprt.parse(args.sprt) if args.sprt else None
    except ValueError as error:
        raise CliError(str(error)) from None
    jobs = job_count(args.jobs, args.games)
    game = build_game(args)
    opening_rule = opening_rule_of(args, game)
    spec_a, engine_a = checked_player(game, args.a, "A", opening_rule)
    spec_b, engine_b = checked_player(game, args.b, "B", opening_rule)
    pairs = (args.games + 1) // 2
    openings = match_openings(args, game, pairs)
    warn_repeated_openings(len(openings), pairs)
    tasks = [GameTask(i, game.name, game.variant(), tuple(game.move_stack),
                      tuple(openings[(i // 2) % len(openings)]), i % 2 == 0, spec_a, spec_b,
                      opening_rule)
             for i in range(args.games)]
    out, recorded = start_folder(args, "match")
    done = recorded_results(recorded, tasks)

    checked = 0  # pairs known not to decide: each prefix is tested once

    def decided(results: list[GameResult]) -> bool:
        nonlocal checked
        assert sprt is not None
        checked, verdict = sprt_decision(sprt, results, checked)
        return verdict is not None

    results = play_all(tasks, jobs, out, done, decided if sprt is not None else None,
                       runner=runner_for(args.cluster))
    sprt_payload = None
    sprt_text = ""
    if sprt is not None:
        counted_pairs, verdict = sprt_decision(sprt, results)
        results = results[:2 * counted_pairs] if verdict is not None else results
        counts = pentanomial(pair_scores(results)[:counted_pairs])
        llr, (lower, upper) = sprt.llr(counts), sprt.bounds()
        sprt_payload = {**sprt.to_json(), "llr": round(llr, 4), "lower": round(lower, 4),
                        "upper": round(upper, 4), "verdict": verdict or "inconclusive",
                        "pairs": counted_pairs, "pentanomial": counts}
        # Translators: the SPRT's outcome: H0 "A is elo0 stronger", H1 "A is elo1 stronger".
        verdicts = {"H1": _("H1 accepted: A is at least {elo1} Elo stronger than B"),
                    "H0": _("H0 accepted: A is at most {elo0} Elo stronger than B"),
                    None: _("inconclusive: the games ran out before a bound was reached")}
        sprt_text = "\n" + _("SPRT elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g}: "
                             "LLR {llr:.2f} (bounds {lower:.2f}, {upper:.2f}) after {pairs} "
                             "game pairs {counts}").format(
            elo0=sprt.elo0, elo1=sprt.elo1, alpha=sprt.alpha, beta=sprt.beta, llr=llr,
            lower=lower, upper=upper, pairs=number(counted_pairs),
            counts=counts) + "\n" + verdicts[verdict].format(elo0=f"{sprt.elo0:g}",
                                                             elo1=f"{sprt.elo1:g}")
    tally = tally_of(results)
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
        "a_engine": engine_a, "b_engine": engine_b,
        **{f"{side}_{key}": value for side in "ab"
           for key, value in zip(("forfeits", "first_forfeit"), forfeits(results, side))},
        "sprt": sprt_payload,
        "results": [{"index": r.index, "a_first": r.a_plays_first, "a_score": r.score,
                     "winner": r.winner, "reason": r.reason, "forfeit": r.forfeit,
                     "moves": r.moves, "seconds": round(r.seconds, 3)} for r in results],
    }
    emit(args, payload, results_table(args.a, args.b, results) + sprt_text + "\n"
         + _("records: {path}").format(path=out))
    return 0


__all__ = ["add_arguments", "forfeits", "results_table", "run"]  # untranslated: names
