"""Real engines built from their public sources on a developer's machine: Edax 4.6 over
NBoard and GTP, Rapfi over the Gomocup protocol. They are found in the folder named by
``PLIES_ENGINES_DIR`` (``bin/edax``, ``data/eval.dat``, ``bin/pbrain-rapfi``); each test
says why it skips when its engine is absent. Edax's ``data/eval.dat`` may be an all-zero
file in its documented format: its protocol and endgame solver stay real, its midgame
play is then meaningless, which is enough here. Every move is checked by Plies' rules.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.engines.detect import player_for
from game.rules import Gomoku, Othello

FOLDER = Path(os.environ.get("PLIES_ENGINES_DIR", "/nonexistent"))
EDAX, EVAL = FOLDER / "bin" / "edax", FOLDER / "data" / "eval.dat"
RAPFI = FOLDER / "bin" / "pbrain-rapfi"
needs_edax = pytest.mark.skipif(
    not (EDAX.exists() and EVAL.exists()),
    reason="Edax is not built: set PLIES_ENGINES_DIR to a folder with bin/edax and "
           "data/eval.dat (github.com/abulmo/edax-reversi)")
needs_rapfi = pytest.mark.skipif(
    not RAPFI.exists(),
    reason="Rapfi is not built: set PLIES_ENGINES_DIR to a folder with bin/pbrain-rapfi "
           "(github.com/dhbloo/rapfi)")


def edax(protocol: str, level: int = 1) -> str:
    return (f"{EDAX} -{protocol} -eval-file {EVAL} -book-usage off -n 1 -l {level}")


@needs_edax
@pytest.mark.parametrize("protocol", ["nboard", "gtp"])
def test_edax_plays_a_whole_game(protocol):
    """Against Plies' first legal move; Edax's spaced ``=== f5 0.00 0.0`` (NBoard, after
    it asks for ``nboard 1``) and its GTP answers both read, its passes its own."""
    game = Othello()
    with player_for(game, edax(protocol), seconds=10) as player:
        while not game.is_over():
            if game.turn == 0:
                game.play(game.legal_moves()[0])
            else:
                game.play(player.best_move(game))
        assert player.protocol == protocol  # found by asking


@needs_edax
def test_edax_keeps_its_own_level_without_depth():
    """No ``set depth`` without ``depth=``: Edax at ``-l 1`` stays at level 1, which
    answers quickly (a sanity bound only: level 6 would be slow with a zero eval too)."""
    game = Othello()
    game.play_moves("f5d6c3d3c4")
    with player_for(game, edax("nboard"), seconds=10, protocol="nboard") as player:
        assert player.best_move(game) in game.legal_moves()


@needs_rapfi
@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_rapfi_plays_clean_moves(rule):
    """Twenty plies against Plies' first candidate, every answer legal: no word lost."""
    game = Gomoku(rule=rule)
    with player_for(game, f"{RAPFI}", seconds=1) as player:
        for ply in range(20):
            if game.is_over():
                break
            if ply % 2:  # Plies is White: no renju point is forbidden to White
                game.play(game.legal_moves()[0])
            else:
                game.play(player.best_move(game))
