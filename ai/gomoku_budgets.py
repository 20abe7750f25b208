"""Gomoku's threat-search budgets, in one table: how long a sequence of fours (VCF) or
of threats (VCT) is looked for, and how many nodes each of the searches that look for
them may spend.

The evaluator (``ai.evaluators.gomoku``), the solvers (``ai.endgame.gomoku``,
``ai.endgame.gomoku_vct``) and the search's threat probes all read :data:`BUDGETS`, so a
tuning run or a test changes one value in one place (``dataclasses.replace``). The
figures behind each number, and when they were measured, are in ``ai/TUNING.md``.
"""

from __future__ import annotations

import dataclasses

__all__ = ["BUDGETS", "ThreatBudgets"]


@dataclasses.dataclass(frozen=True)
class ThreatBudgets:
    """Lengths (moves) and node caps of Gomoku's threat searches.

    Attributes:
        max_fours: the longest VCF (the attacker's fours, the final five not counted)
            the solver looks for.
        max_threats: the longest VCT (the attacker's threat moves, the final open four
            and five not counted).
        solver_nodes: node cap shared by the evaluator's VCF searches of one call (its
            root solver, and the breakers of an opponent's VCF); beyond it, no answer.
        vct_nodes: node cap of one ``find_threats`` call (a few seconds at most; the
            level's time budget usually stops it first).
        defence_nodes: node cap shared by the VCT searches of one ``root_moves(...,
            threats=...)`` call (about 2-3 CPU seconds).
        first_share: nodes each root cell gets in the defence's first pass (most
            refutations take well under 2,000; proving a cell safe 5,000-50,000).
        verify_nodes: node cap of ``refuted``, the check of the search's chosen move.
        probe_nodes: node cap of one ``threat_probe`` (asked at every node near the root).
        opening_check_nodes: node cap of each threat search that judges a swap
            opening's placed stones (``ai.openings.threat_winner``).
    """

    max_fours: int = 12
    max_threats: int = 7
    solver_nodes: int = 50_000
    vct_nodes: int = 40_000
    defence_nodes: int = 150_000
    first_share: int = 2_500
    verify_nodes: int = 100_000
    probe_nodes: int = 300
    opening_check_nodes: int = 40_000


BUDGETS = ThreatBudgets()
"""The budgets every Gomoku threat search uses (read at call time: replace it to change
them for a run)."""
