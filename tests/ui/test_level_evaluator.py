"""A level's own evaluator (``ai.levels.Level.evaluator``) in the new-game dialog, with
real events: choosing the level chooses its evaluator, unless the person picked one."""

from __future__ import annotations

import dataclasses

import pygame

from ai import levels
from tests.ui.helpers import post_click, post_key


def to_level_8(choice) -> None:
    """Step the focused level list to Level 8 (engines found on this system follow it)."""
    for _ in choice.options:
        post_key(pygame.K_LEFT)
    for _ in range(7):
        post_key(pygame.K_RIGHT)


def test_the_evaluator_follows_the_level_unless_chosen(make_app, monkeypatch):
    row = tuple(dataclasses.replace(lv, evaluator="naive") if lv.number >= 7 else lv
                for lv in levels.LEVELS["othello"])
    monkeypatch.setitem(levels.LEVELS, "othello", row)
    app = make_app()
    app.show_start()
    app.run_frames(2)
    start = app.top
    post_click(start.tiles[1].rect.center)  # Othello
    post_click(start.kind[1]._segment(1).center)  # White: the computer
    app.run_frames(2)
    player = start.players["othello"][1]
    assert player.level == levels.DEFAULT_LEVEL and player.evaluator == "default"
    post_click(start.levels[1].rect.center)  # focus (a click on the value cycles once)
    to_level_8(start.levels[1])
    app.run_frames(2)
    assert player.level == 8 and player.evaluator == "naive"
    assert start.evals[1].value == "naive"
    for _ in range(3):
        post_key(pygame.K_LEFT)
    app.run_frames(2)
    assert player.level < 7 and player.evaluator == "default"
    # A person's own choice of evaluator stays when the level changes.
    post_click(start.evals[1].rect.center)
    post_key(pygame.K_RIGHT)
    app.run_frames(2)
    chosen = player.evaluator
    assert chosen != "default"
    post_click(start.levels[1].rect.center)
    to_level_8(start.levels[1])
    app.run_frames(2)
    assert player.level == 8 and player.evaluator == chosen
