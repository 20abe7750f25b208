"""The README's first commands are what CI runs, and they name what exists."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    """The indented command lines of the README's opening, in order."""
    head = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    return [line.strip() for line in head.splitlines() if line.startswith("    ")]


def test_readme_opens_with_an_install_and_run_and_a_test_command():
    install_and_run, install_and_test = readme_commands()[:2]
    assert "pip install ." in install_and_run and install_and_run.endswith("plies")
    assert '".[test]"' in install_and_test and "pytest" in install_and_test


def test_ci_runs_the_readme_test_command_word_for_word():
    ci_lines = [line.strip() for line in ROOT.joinpath(".ci/run").read_text().splitlines()]
    assert readme_commands()[1] in ci_lines


def test_readme_level_table_is_the_one_the_program_uses():
    from ai.levels import markdown_table

    assert markdown_table() in ROOT.joinpath("README.md").read_text(encoding="utf-8")


def test_readme_documents_every_evaluator_weight():
    """Each weight is named (an ``_end`` twin or an ``opp_`` twin by its stem's rule)."""
    import dataclasses

    from ai.evaluators import connect4, gomoku, othello, tictactoe

    text = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    for module in (connect4, othello, gomoku, tictactoe):
        for field in dataclasses.fields(module.Weights):
            stem = field.name.removesuffix("_end").removeprefix("opp_")
            assert f"`{stem}`" in text or field.name == "unit", (module.__name__, field.name)
