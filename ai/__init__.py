"""The computer opponent: a pure search library (no pygame).

``ai.search`` (negamax alpha-beta), ``ai.evaluators`` (one static evaluator per game),
``ai.levels`` (difficulty = depth), ``ai.worker`` (the background thread).
"""
