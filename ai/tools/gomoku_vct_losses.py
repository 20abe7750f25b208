"""Why a player lost its Gomoku match games: to a victory by continuous threats (VCT)?

For every game the checked player lost in a ``plies match`` records folder, this walks
its moves and finds the first one after which the opponent has a VCT
(``ai.endgame.gomoku_vct.find_vct`` within ``--nodes`` nodes, a fresh table each
time), then checks every alternative the player had there (its candidates, the cells
of that VCT, its own fours and threes: the root defence's pool) the same way::

    python -m ai.tools.gomoku_vct_losses RECORDS_DIR --player a --nodes 40000

A loss is then one of:

* ``avoidable``: an alternative was proved safe (no VCT, the search not cut) while
  the move played lost to a VCT found within the budget: the player's own threat
  search, given that many nodes, would have dropped the move;
* ``already lost``: every alternative lost to a VCT (or was not proved safe): the
  opponent's move before (named, with whether it was a four, a three, quiet, or the
  forced block of the loser's own four, when the losing choice lies further back) had
  set up a threat sequence beyond a root check;
* ``no VCT seen``: the opponent never had a VCT within the budget before its five
  (a longer sequence, or a plain blunder the threat search does not cover).

Who is A: ``plies match`` gives game ``k`` (from 1) to A as the first participant
when ``k`` is odd; with a swap opening the record's ``opening`` says whether the first
participant took Black. Nodes rather than seconds make the verdict the same on any
machine; CPU seconds are printed too (``time.process_time``).
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Sequence
from pathlib import Path

from ai.endgame.gomoku_vct import find_vct
from ai.gomoku_budgets import BUDGETS
from ai.evaluators import load_evaluator
from ai.evaluators.gomoku import GomokuEvaluator, LineBoard
from game.formats import load_record
from game.rules import new_game
from game.rules.base import Game, Move
from game.rules.openings import FIRST, Opening

__all__ = ["Verdict", "check_game", "main", "player_side"]


def player_side(path: Path, record_opening: object, plies: int, player: str) -> int:
    """The colour (0 Black, 1 White) ``player`` (``"a"`` or ``"b"``) had in the game
    of file ``game-K.json``."""
    match = re.search(r"(\d+)", path.stem)
    if match is None:
        raise ValueError(f"{path.name}: not a match game file (game-K.json)")
    a_first = int(match.group(1)) % 2 == 1
    first_black = True
    if record_opening is not None:
        first_black = Opening.replay(record_opening, plies).black == FIRST
    a_black = a_first == first_black
    return (0 if a_black else 1) if player == "a" else (1 if a_black else 0)


class Verdict:
    """What ``check_game`` found: ``kind`` and a one-line ``text``."""

    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind, self.text = kind, text

    def __repr__(self) -> str:
        return f"Verdict({self.kind!r}, {self.text!r})"


def _vct(board: LineBoard, attacker: int, nodes: int) -> tuple[str, int, float, int]:
    """``(state, plies, cpu, nodes used)``: state ``"win"``, ``"none"`` (proved none
    within the threat limit) or ``"unknown"`` (the budget ran out)."""
    spent = [0]
    started = time.process_time()
    found = find_vct(board, attacker, BUDGETS.max_threats, nodes, counter=spent)
    cpu = time.process_time() - started
    if found is not None:
        return "win", found[0], cpu, spent[0]
    return ("unknown" if spent[0] >= nodes else "none"), 0, cpu, spent[0]


def _kind_of(game: Game, board: LineBoard, move: Move) -> str:
    """``"block"``, ``"four"``, ``"three"`` or ``"quiet"``: what ``move`` (about to be
    played by the side to move on ``board``) is. A block of the other side's five-point
    comes first: it was forced (the loser's own four before it was the choice), so the
    set-up lies further back than this move."""
    side = game.turn
    if board.hot[1 - side] and move in board.five_points(1 - side):
        return "block"
    if board.hot[side] and move in board.four_moves(side):
        return "four"
    if move in board.three_moves(side):
        return "three"
    return "quiet"


def check_game(moves: list[Move], size: int, rule: str, side: int, start: int,
               nodes: int) -> Verdict:
    """The verdict on a game ``side`` lost (``moves`` from the empty board; ``start``:
    the first ply a player chose freely, after the opening stones)."""
    evaluator = load_evaluator("gomoku", "default")
    assert isinstance(evaluator, GomokuEvaluator)
    game = new_game("gomoku", size=size, rule=rule)
    other = 1 - side
    board = evaluator.board(game)
    for ply, move in enumerate(moves):
        if ply >= start and game.turn == side:
            board = evaluator.board(game)
            board.place(move, side)
            try:
                state, plies, cpu, used = _vct(board, other, nodes)
            finally:
                board.remove(move, side)
            if state == "win":
                return _lost_here(game, evaluator, moves, ply, move, plies, cpu, used, nodes)
        game.push(move)
    return Verdict("no VCT seen", f"no VCT of the winner within {nodes:,} nodes after "
                                  f"any move of the loser from ply {start + 1}")


def _lost_here(game: Game, evaluator, moves: list[Move], ply: int, move: Move, plies: int,
               cpu: float, used: int, nodes: int) -> Verdict:
    side, other = game.turn, 1 - game.turn
    board = evaluator.board(game)
    pool = set(evaluator.candidate_moves(game)) | board.three_moves(side)
    if board.hot[side]:
        pool |= board.four_moves(side)
    played = game.move_name(move)
    safe, unknown = [], []
    for cell in sorted(pool):
        if cell == move:
            continue
        board.place(cell, side)
        try:
            state = _vct(board, other, nodes)[0]
        finally:
            board.remove(cell, side)
        if state == "none":
            safe.append(game.move_name(cell))
        elif state == "unknown":
            unknown.append(game.move_name(cell))
    head = (f"ply {ply + 1} {played}: the winner's VCT of {plies} plies in {used:,} "
            f"nodes ({cpu:.2f} CPU s)")
    if safe:
        return Verdict("avoidable", f"{head}; proved safe: {' '.join(safe)}")
    before = "the opening"
    if ply >= 1:
        previous = moves[ply - 1]
        game.pop()
        kind = _kind_of(game, evaluator.board(game), previous)
        game.push(previous)
        before = f"ply {ply} {game.move_name(previous)} ({kind})"
        if kind == "block" and ply >= 2:
            # The loser's own four forced that block: the choice that lost came earlier.
            before += f" of the loser's four at ply {ply - 1} {game.move_name(moves[ply - 2])}"
    rest = f", {len(unknown)} not settled" if unknown else ""
    return Verdict("already lost", f"{head}; all {len(pool)} alternatives lose{rest}; "
                                   f"set up by {before}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="a plies match records folder (game-K.json files)")
    parser.add_argument("--player", choices=("a", "b"), default="a",
                        help="whose losses to check (default a)")
    parser.add_argument("--nodes", type=int, default=40_000,
                        help="node budget of each VCT search (default 40,000: the level's "
                             "own threat search cap)")
    parser.add_argument("--start", type=int, default=0,
                        help="plies not checked without a swap opening (random openings)")
    args = parser.parse_args(argv)
    counts: dict[str, int] = {}
    for path in sorted(Path(args.folder).glob("game-*.json")):
        record = load_record(path)
        notation = new_game("gomoku", **record.variant)
        moves = [notation.parse_move(m) for m in record.moves]
        side = player_side(path, record.opening, len(moves), args.player)
        winner = (record.result or {}).get("winner")
        if winner is None or winner == side:
            continue
        start = args.start
        if record.opening is not None:  # the opening's stones came by its own rule
            start = 5 if "place-two" in record.opening["choices"] else 3
        verdict = check_game(moves, record.variant["size"], record.variant["rule"], side,
                             start, args.nodes)
        counts[verdict.kind] = counts.get(verdict.kind, 0) + 1
        colour = "Black" if side == 0 else "White"
        print(f"{path.name} ({colour}, {len(moves)} plies): {verdict.kind}: {verdict.text}",
              flush=True)
    print("losses: " + (", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
