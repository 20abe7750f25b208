"""``plies tournament``: a round robin or a gauntlet of any players ``plies match``
takes, with a crosstable and a ranking.

Every pairing plays ``--games-per-pair`` games in game pairs (one opening, each colour
once); the games run in worker processes (``game.match``) and each is recorded as
``plies match`` records it. The ranking is the maximum-likelihood logistic Elo of
``game.tournament.ratings`` (the field's mean is 0) with 95% intervals; a CSV of the
standings is written beside the records.
"""

from __future__ import annotations

import argparse
import csv
import io

from game.commands.common import CliError, add_game_argument, build_game, emit, int_range
from game.commands.match import runner_for
from game.files import atomic_write_text, os_reason
from game.i18n import _, percent
from game.match import (
    GameResult,
    GameTask,
    add_run_arguments,
    checked_player,
    job_count,
    match_openings,
    opening_rule_of,
    play_all,
    recorded_results,
    start_folder,
    warn_repeated_openings,
)
from game.tournament import FORMATS, Rating, Slot, ratings, schedule

MAX_PLAYERS = 64
MAX_GAMES_PER_PAIR = 10_000
CSV_NAME = "standings.csv"
MODEL = "maximum-likelihood logistic Elo, mean 0, 95% interval"  # untranslated: JSON


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies tournament``."""
    add_game_argument(parser)
    parser.add_argument("--players", nargs="+", required=True, metavar="SPEC",
                        help=_("two or more players, each as plies match's --a: level=5, "
                               "depth=6,eval=NAME, or time=2,engine=\"CMD ARGS\""))
    parser.add_argument("--format", choices=FORMATS, default="round-robin",
                        help=_("round-robin: every pair meets; gauntlet: the first player "
                               "meets each of the others"))
    parser.add_argument("--games-per-pair", type=int_range(1, MAX_GAMES_PER_PAIR,
                                                           "--games-per-pair"),
                        default=2, help=_("games each pairing plays (default 2)"))
    add_run_arguments(parser)


class Standing:
    """One player's results: wins, draws, losses, forfeits, and per opponent."""

    def __init__(self, players: int) -> None:
        self.wins = self.draws = self.losses = self.forfeits = 0
        self.against = [[0, 0, 0] for _i in range(players)]  # W, D, L per opponent

    def add(self, opponent: int, score: float, forfeited: bool) -> None:
        column = 0 if score == 1 else 1 if score == 0.5 else 2
        self.against[opponent][column] += 1
        if column == 0:
            self.wins += 1
        elif column == 1:
            self.draws += 1
        else:
            self.losses += 1
        self.forfeits += forfeited

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2


def standings(players: int, slots: list[Slot],
              results: list[GameResult]) -> tuple[list[Standing], list[Rating]]:
    """Each player's standing and rating from the games played."""
    table = [Standing(players) for _i in range(players)]
    games = []
    for result in results:
        slot = slots[result.index]
        table[slot.first].add(slot.second, result.score, result.forfeit == "a")
        table[slot.second].add(slot.first, 1 - result.score, result.forfeit == "b")
        games.append((slot.first, slot.second, result.score))
    return table, ratings(players, games)


def _elo_text(rating: Rating) -> str:
    return f"{round(rating.elo) or 0:+d} ± {rating.margin:.0f}"


def report(specs: list[str], table: list[Standing], found: list[Rating]) -> str:
    """The ranking and the crosstable (points of the row's player against the column's)."""
    order = sorted(range(len(specs)), key=lambda i: (-found[i].elo, i))
    # Translators: the columns of the tournament's ranking; the W-D-L column is wins,
    # draws and losses.
    lines = ["{:>4} {:<24} {:>12} {:>6} {:>11} {:>7} {:>9}".format(
        _("rank"), _("player"), _("Elo"), _("games"), _("W-D-L"), _("score"), _("forfeits"))]
    for rank, i in enumerate(order, 1):
        s = table[i]
        score = percent(s.points / s.games, 1) if s.games else "-"
        lines.append(f"{rank:>4} {specs[i][:24]:<24} {_elo_text(found[i]):>12} {s.games:>6} "
                     f"{f'{s.wins}-{s.draws}-{s.losses}':>11} {score:>7} {s.forfeits:>9}")
    lines.append("")
    lines.append(_("crosstable: points of the row's player against the column's"))
    lines.append("{:>4} {:<24}".format("", "") + "".join(f"{n:>8}" for n in
                                                        range(1, len(specs) + 1)))
    for n, i in enumerate(order, 1):
        cells = []
        for j in order:
            w, d, lost = table[i].against[j]
            cells.append("-" if i == j or not w + d + lost else
                         f"{_points(w + d / 2)}/{w + d + lost}")
        lines.append(f"{n:>4} {specs[i][:24]:<24}" + "".join(f"{c:>8}" for c in cells))
    return "\n".join(lines)


def _points(value: float) -> str:
    return f"{value:g}"


def standings_csv(specs: list[str], table: list[Standing], found: list[Rating]) -> str:
    """The standings as CSV (English column names, for spreadsheets and scripts): one
    row per player by rank, with the points scored against each opponent."""
    order = sorted(range(len(specs)), key=lambda i: (-found[i].elo, i))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "player", "elo", "elo_95", "games", "wins", "draws", "losses",
                     "forfeits", "score", *[f"vs {specs[j]}" for j in order]])
    for rank, i in enumerate(order, 1):
        s = table[i]
        writer.writerow([rank, specs[i], round(found[i].elo, 1) + 0.0, round(found[i].margin, 1),
                         s.games, s.wins, s.draws, s.losses, s.forfeits,
                         round(s.points / s.games, 4) if s.games else "",
                         *["" if i == j else "{}-{}-{}".format(*s.against[j]) for j in order]])
    return buffer.getvalue()


def run(args: argparse.Namespace) -> int:
    """``plies tournament``."""
    specs = list(args.players)
    if not 2 <= len(specs) <= MAX_PLAYERS:
        raise CliError(_("--players needs from 2 to {high} players").format(high=MAX_PLAYERS))
    game = build_game(args)
    rule = opening_rule_of(args, game)
    checked = [checked_player(game, text, str(n), rule) for n, text in enumerate(specs, 1)]
    slots = schedule(len(specs), args.format, args.games_per_pair)
    jobs = job_count(args.jobs, len(slots))
    game_pairs = (args.games_per_pair + 1) // 2
    openings = match_openings(args, game, game_pairs)
    warn_repeated_openings(len(openings), game_pairs)
    tasks = [GameTask(s.index, game.name, game.variant(), tuple(game.move_stack),
                      tuple(openings[s.opening % len(openings)]), s.first_moves,
                      checked[s.first][0], checked[s.second][0], rule) for s in slots]
    out, recorded = start_folder(args, "tournament")
    results = play_all(tasks, jobs, out, recorded_results(recorded, tasks), two_players=False,
                       runner=runner_for(args.cluster))
    table, found = standings(len(specs), slots, results)
    sheet = out / CSV_NAME
    try:
        atomic_write_text(sheet, standings_csv(specs, table, found))
    except OSError as error:
        raise CliError(_("{path} cannot be written: {reason}").format(
            path=sheet, reason=os_reason(error))) from None
    payload = {
        "game": game.name, "variant": game.variant(), "format": args.format,
        "games_per_pair": args.games_per_pair, "games": len(results), "model": MODEL,
        "records": str(out), "csv": str(sheet), "openings": len(openings),
        "players": [{"spec": specs[i], "engine": checked[i][1],
                     "elo": round(found[i].elo, 1) + 0.0,  # + 0.0: never -0.0
                     "elo_margin": round(found[i].margin, 1),
                     "games": table[i].games, "wins": table[i].wins, "draws": table[i].draws,
                     "losses": table[i].losses, "forfeits": table[i].forfeits,
                     "points": table[i].points} for i in range(len(specs))],
        "ranking": sorted(range(len(specs)), key=lambda i: (-found[i].elo, i)),
        "crosstable": [[table[i].against[j] for j in range(len(specs))]
                       for i in range(len(specs))],
        "results": [{"index": r.index, "first": slots[r.index].first,
                     "second": slots[r.index].second, "first_score": r.score,
                     "first_moved_first": r.a_plays_first, "winner": r.winner,
                     "reason": r.reason, "forfeit": r.forfeit, "moves": r.moves}
                    for r in results],
    }
    emit(args, payload, report(specs, table, found) + "\n"
         # Translators: {level} is "95%" written the language's way.
         + _("Elo: the most likely logistic ratings of all the games, the field's mean 0, "
             "± a {level} interval").format(level=percent(0.95)) + "\n"
         + _("records: {path}").format(path=out) + "\n"
         + _("standings: {path}").format(path=sheet))
    return 0


__all__ = ["add_arguments", "report", "run", "standings", "standings_csv"]  # untranslated
