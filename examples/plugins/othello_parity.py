"""An Othello evaluator that reuses the built-in evaluator's terms and adds one idea:
parity. Near the end, the side that will play the last move of the board gains the
last flips; with an odd number of empty squares that is the side to move (when
nobody passes). The built-in terms keep their names, so "why this move" explains
them, and the new term appears next to them. Its two numbers are declared weights:
`plies tune othello --eval parity` tunes them.
"""

from dataclasses import dataclass

from ai.evaluators import load_evaluator
from game.plugins import evaluator, weight

BUILT_IN = load_evaluator("othello")      # the default preset


@dataclass(frozen=True)
class Parity:
    points: int = weight(40, 0, 400)      # for owning the last move
    empties: int = weight(20, 0, 60)      # the idea matters from this many empty squares


def parity_terms(game, w):
    terms = dict(BUILT_IN.terms(game))
    empties = game.width * game.height - sum(game.counts())
    if empties <= w.empties:
        terms["parity"] = w.points if empties % 2 == 1 else -w.points
    return terms


@evaluator("othello", name="parity", terms=parity_terms, unit=BUILT_IN.unit,
           weights=Parity())
def parity(game, w):
    return sum(parity_terms(game, w).values())
