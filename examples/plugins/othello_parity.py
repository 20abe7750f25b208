"""An Othello evaluator that reuses the built-in evaluator's terms and adds one idea:
parity. Near the end, the side that will play the last move of the board gains the
last flips; with an odd number of empty squares that is the side to move (when
nobody passes). The built-in terms keep their names, so "why this move" explains
them, and the new term appears next to them.
"""

from ai.evaluators import load_evaluator
from game.plugins import evaluator

BUILT_IN = load_evaluator("othello")      # the default preset
PARITY = 40                               # points for owning the last move


def parity_terms(game):
    terms = dict(BUILT_IN.terms(game))
    empties = game.width * game.height - sum(game.counts())
    if empties <= 20:                     # the idea matters in the endgame only
        terms["parity"] = PARITY if empties % 2 == 1 else -PARITY
    return terms


@evaluator("othello", name="parity", terms=parity_terms, unit=BUILT_IN.unit)
def parity(game):
    return sum(parity_terms(game).values())
