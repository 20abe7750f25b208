"""`plies bench` output format on a tiny table (figures are reported, never asserted)."""

from __future__ import annotations

import json

from game.bench import bench_game, figures_text, load_positions
from game.rules import GAMES, new_game
from game.rules.perft import perft

TINY = {
    "perft_depth": 2,
    "search_seconds": 0.05,
    "search": [{"name": "start", "moves": ""}],
}


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
        table = dict(TINY, solve=[{"name": "late", "moves": "4444333"}]) if name == "connect4" \
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
    figures = bench_game("connect4", dict(TINY, solve=[{"name": "late",
                                                         "moves": "44444433333"}]), runs=1)
    solved = figures["solve"][0]
    assert solved["position"] == "late" and isinstance(solved["score"], int)
    assert "exact solve" in figures_text(figures)
