"""`plies bench` output format on a tiny table (figures are reported, never asserted)."""

from __future__ import annotations

import json

from game.commands.bench import bench_game, figures_text, load_positions
from game.rules import GAMES, new_game
from game.rules.perft import perft

TINY = {
    "perft_depth": 2,
    "search_seconds": 0.05,
    "search": [{"name": "start", "moves": ""}],
}
LATE = "4444443333332"
"""A Connect-4 position the exact solver settles in a millisecond (seven stones take
seconds: the figures' format needs no hard solve)."""


def test_the_fixed_positions_cover_every_game_and_are_legal():
    positions = load_positions()
    assert set(positions) == set(GAMES)
    for name, table in positions.items():
        assert table["perft_depth"] >= 1 and table["search_seconds"] > 0
        for entry in table["search"] + table.get("solve", []):
            game = new_game(name, **table.get("variant", {}))
            game.play_moves(entry["moves"])
            assert not game.is_over(), entry


def test_bench_figures_have_every_promised_field():
    for name in GAMES:
        table = dict(TINY, solve=[{"name": "late", "moves": LATE}]) if name == "connect4" \
            else TINY
        figures = bench_game(name, table, runs=1)
        json.dumps(figures)  # --json must be able to print it
        assert figures["perft"]["nodes"] == perft(new_game(name), 2)
        row = figures["search"][0]
        assert set(row) == {"position", "moves", "depth", "nodes_per_second", "tt_hit_rate",
                            "time_to_depth"}
        assert row["depth"] >= 1 and 0.0 <= row["tt_hit_rate"] <= 1.0
        assert list(row["time_to_depth"]) == sorted(row["time_to_depth"])
        text = figures_text(figures)
        assert "positions/s" in text and "time to depth" in text


def test_bench_reports_solve_times_for_connect4():
    figures = bench_game("connect4", dict(TINY, solve=[{"name": "late", "moves": LATE}]),
                         runs=1)
    solved = figures["solve"][0]
    assert solved["position"] == "late" and isinstance(solved["score"], int)
    assert "exact solve" in figures_text(figures)


def test_the_long_othello_solves_are_the_published_ffo_positions():
    """FFO #40-#44: running games with 20-23 empty squares, Black/White to move as
    published, the published best moves legal (their values are proved by
    ``plies bench othello --long``, minutes each, never here)."""
    from game.rules import Othello

    entries = load_positions()["othello"]["long_solve"]
    assert [e["name"] for e in entries] == [f"FFO #{n}" for n in range(40, 45)]
    empties = []
    for entry in entries:
        game = Othello.from_board(entry["board"], "XO".index(entry["turn"]))
        assert not game.is_over()
        empties.append(64 - sum(game.counts()))
        legal = {game.move_name(m) for m in game.legal_moves()}
        assert set(entry["best"]) <= legal and entry["score"] % 2 == 0
    assert empties == [20, 22, 22, 23, 23]


def test_bench_long_reports_nodes_time_score_and_agreement():
    """On a small stand-in (FFO #1, 14 empties, +18 by g8) the row has every field and
    agrees with the published value."""
    from game.commands.bench import bench_long

    table = {"long_solve": [{"name": "FFO #1", "turn": "X", "score": 18, "best": ["g8"],
                             "board": "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO"
                                      "--OOOOO--"}]}
    rows = bench_long(table)
    assert rows[0]["agrees"] and rows[0]["score"] == 18 and "g8" in rows[0]["best_moves"]
    assert rows[0]["nodes"] > 0 and rows[0]["empties"] == 14
    figures = {"game": "othello", "perft": {"depth": 1, "nodes": 4, "seconds": 0.1,
                                            "nodes_per_second": 40},
               "search_seconds": 1, "search": [], "solve": [], "long_solve": rows}
    json.dumps(figures)
    assert "FFO #1" in figures_text(figures) and "ok" in figures_text(figures)


def test_bench_searches_with_the_evaluator_it_is_given():
    figures = bench_game("othello", dict(TINY, eval="patterns"), runs=1)
    assert figures["eval"] == "patterns" and figures["search"][0]["depth"] >= 1
    assert "(patterns evaluator)" in figures_text(figures)
    assert "(default evaluator)" in figures_text(bench_game("othello", TINY, runs=1))
