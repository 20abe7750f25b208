"""ai/tools/gomoku_level_time.py: the fixed positions it measures, and one run."""

from __future__ import annotations

from ai.tools.gomoku_level_time import main, positions
from game.formats import save_record
from game.players import Computer
from game.records import record_from_game
from game.rules import new_game

PLAYERS = [Computer(4, "default")] * 2


def _save(folder, name: str, moves: str) -> None:
    game = new_game("gomoku", size=9)
    game.play_moves(moves)
    save_record(folder / name, record_from_game(game, PLAYERS))


def test_positions_are_every_step_th_ply_of_the_first_games_short_of_the_end(tmp_path):
    _save(tmp_path, "game-01.json", "e5 a1 e4 a9 e6 i1 e3 i9 e7")  # 9 plies, Black's five
    _save(tmp_path, "game-02.json", "e5 a1 e4 a9 e6 i1 e7")  # 7 plies
    _save(tmp_path, "game-03.json", "e5 a1 e4 a9 e6 i1 e7")  # beyond --games 2
    found = positions(tmp_path, 2, 2, 3)
    # game 1: after 2 and 5 plies (8 would leave one move); game 2: after 2 and 5.
    assert [len(g.move_stack) for g in found] == [2, 5, 2, 5]
    assert [found[1].move_name(m) for m in found[1].move_stack] == "e5 a1 e4 a9 e6".split()


def test_a_run_prints_the_cpu_per_move_and_the_proven_results(tmp_path, capsys):
    _save(tmp_path, "game-01.json", "e5 a1 e4 a9 e6 i1 e3 i9 e7")
    assert main([str(tmp_path), "--spec", "depth=2", "--first", "6", "--step", "5"]) == 0
    out = capsys.readouterr().out
    # After 6 plies Black's e3 or e7 makes an open four: the VCF solver proves the win
    # before any search depth (depth 0).
    assert out.startswith("depth=2 (probe plies 3): 1 positions, CPU mean "), out
    assert out.rstrip().endswith("mean depth 0.0, proven 1"), out
