"""What the docs say about the levels' strength is what was measured.

``ai.levels.STEPS`` holds the last ``plies match`` of each level against the one below;
the docstring of ``ai/levels.py``, ``ai/TUNING.md`` and the README must state the same
numbers, and each number must be in the match tables of ``ai/TUNING.md`` (its bold
score), so a claim such as "every level scores at least 65%" cannot come back while a
measured step is under it.
"""

from __future__ import annotations

from pathlib import Path

from ai import levels

ROOT = Path(__file__).resolve().parents[2]
TUNING = (ROOT / "ai" / "TUNING.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _percent(score: float) -> str:
    return f"{score:g}%"


def test_one_step_per_level_above_the_first() -> None:
    for game, steps in levels.STEPS.items():
        assert len(steps) == len(levels.LEVEL_NUMBERS) - 1, game
        assert set(levels.STEPS) == set(levels.LEVELS)


def test_every_step_is_a_bold_score_of_the_tuning_tables() -> None:
    for game, steps in levels.STEPS.items():
        for number, step in enumerate(steps, start=2):
            forms = {f"**{step.score:g}%**", f"**{step.score:.1f}%**", f"**{step.score:.0f}%**"}
            if game not in levels.AIMED:  # tic-tac-toe's table: "| 54.2% |"
                forms = {f"| {step.score:.1f}% |"}
            assert any(form in TUNING for form in forms), (game, number, step)


def test_tuning_shows_the_steps_table() -> None:
    assert levels.steps_markdown() in TUNING
    assert "at least 65% against the one below" not in TUNING


def test_the_stated_range_and_the_short_steps_are_the_measured_ones() -> None:
    low, high = levels.steps_range()
    short = sorted((game, number, step.score) for game in levels.AIMED
                   for number, step in enumerate(levels.STEPS[game], start=2)
                   if step.score < levels.TARGET)
    doc = " ".join((levels.__doc__ or "").split())
    readme = " ".join(README.split())
    assert f"{low:g}-{high:g}%" in doc and f"{low:g}–{high:g}%" in readme
    for game, number, score in short:
        title = {"connect4": "Connect-4", "gomoku": "Gomoku", "othello": "Othello"}[game]
        claim = f"{title} level {number} over {number - 1}, {_percent(score)}"
        assert claim in doc and claim in readme, claim
    assert "at least 65%" not in doc
