"""The pygame front end.

========================  =============================================================
``app``                   the window, the frame loop, the scene stack, the search worker;
                          ``run_app`` is what ``plies``, ``plies play`` and ``plies demo``
                          call
``session``               one game in the window: players, undo/redo, the computer's
                          requests and generations, autosave (no drawing)
``scenes/``               ``start`` (start screen and New Game dialog), ``play``,
                          ``settings``, ``files`` (Open/Save), ``help``
``boards/``               one view per game: pixels <-> cells, pieces, animations
``panel``                 the side panel: players, evaluation bar and graph, search, moves
``widgets``               buttons, toggles, choice selectors, segmented controls, text
                          field, list, keyboard focus, tooltips
``theme`` / ``draw``      colours of the three themes; cached text, shadows, pieces
``sound``                 sound effects, silent when there is no audio device
``bench``                 ``plies bench --ui``: frame pacing and cancel latency
========================  =============================================================
"""

import os

# pygame greets on import; a desktop program should not print to the terminal.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class (X11) and app id (Wayland) match the menu entry plies.desktop
# (``plies install-desktop``), so docks group the window under its icon.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "plies")
os.environ.setdefault("SDL_APP_ID", "plies")
