"""``plies bench --ui``: does the window stay smooth while the computer thinks, and stop at once?

The real loop runs offscreen (SDL's dummy video driver) at its normal 60 fps cap while
the computer searches Othello at the top level; the benchmark records the interval
between frames, then posts an Undo (a real Ctrl+Z ``KEYDOWN``) in the middle of a
search and measures how long until the worker has actually stopped. DESIGN §8's
budgets: frame interval p99 under 50 ms, undo effective within 100 ms.

Nothing is written: no settings, no autosave.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from ai.levels import LEVEL_NUMBERS

TOP_LEVEL = LEVEL_NUMBERS[-1]
"""The level the bench plays (the strongest)."""
GAME = "othello"


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def run_ui_bench(seconds: float = 5.0) -> dict[str, Any]:
    """Measure frame intervals during a top-level search, and the Undo-to-stopped latency.

    Returns:
        ``{"frame_ms_median", "frame_ms_p99", "cancel_ms", "frames"}``.
    """
    saved = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.players import Computer, Human
    from game.rules import new_game
    from game.settings import Settings
    from game.ui.app import App

    app = App(size=(1120, 760), settings=Settings(sound=False, animation_speed="normal",
                                                  show_thinking=True),
              save_on_quit=False, autosave=False)
    try:
        app.start_game(new_game(GAME), [Human(), Computer(TOP_LEVEL, "default")],
                       remember=False)
        play = app.play
        assert play is not None  # start_game shows the play scene
        session, game = play.session, play.game
        opening = game.legal_moves()[0]
        cell = game.move_cell(opening)
        assert cell is not None  # an Othello move has its square

        def start_search() -> None:
            """Undo anything played, then play the opening move by a click."""
            while game.ply:
                session.undo()
            play.view.clear_animations()
            x, y = play.view.cell_center(cell)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)),
                                                 button=1))
            app.pump_until(lambda: session.pending == "move" and app.worker.busy, 5.0)

        start_search()
        intervals: list[float] = []
        last = time.perf_counter()
        end = last + seconds
        while time.perf_counter() < end:
            app.frame()
            now = time.perf_counter()
            intervals.append((now - last) * 1000)
            last = now
            if game.ply >= 2 or not app.worker.busy:  # the search ended: start another
                start_search()
                last = time.perf_counter()
        if not app.worker.busy:
            start_search()
        app.run_frames(5)  # let the search get going
        if not app.worker.busy:
            start_search()
        posted = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                             mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
        app.pump_until(lambda: not app.worker.busy, 5.0)
        cancel_ms = (time.perf_counter() - posted) * 1000
        return {
            "frame_ms_median": round(statistics.median(intervals), 2) if intervals else 0.0,
            "frame_ms_p99": round(_percentile(intervals, 0.99), 2) if intervals else 0.0,
            "cancel_ms": round(cancel_ms, 1),
            "frames": len(intervals),
        }
    finally:
        app.close()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


if __name__ == "__main__":  # pragma: no cover - python -m game.ui.bench
    print(run_ui_bench())
