"""Tuning an evaluator's weights from games, for a person (``plies tune``).

The pure mathematics, no I/O and no games: ``spsa`` (simultaneous perturbation from
match results), ``texel`` (fitting a logistic of the static score to game outcomes)
and ``weights`` (which weights a ``Weights`` dataclass lets one tune, and the TOML a
tuned set is written as). The command that plays the games and writes the files is
``game.commands.tune``. (``ai/tuning/`` holds the developer scripts that fitted the
built-in weights; they stay out of the wheel.)
"""
