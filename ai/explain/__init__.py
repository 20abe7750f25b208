"""The computer explains itself: scores in a person's terms, top moves, why a move.

* ``winchance``: evaluator score -> expected result (a fitted logistic curve per game
  and preset).
* ``scores``: every wording of a score ("Black 72%", "Red wins in 7 moves", "+1.5
  discs", "win in 3"), for the window, analyse, review, hints and engine messages.
* ``multipv``: the N best root moves, each with its exact score and its own line.
* ``terms``: an evaluator's named terms and the difference between two positions.
* ``tree``: a small real search recorded node by node, for the tree explorer.
* ``review``: every move of a game judged against the best move (labels, exact verdicts).
* ``words``: counted things in English ("1 move", "3 moves"), for every text that counts.

Pure library code: no pygame, no threads of its own (the worker runs it).
"""
