"""One game being played in the window: the position, the players and the computer's search.

The ``Session`` is the play scene's model, kept apart from drawing so that the rules
of the UI (DESIGN §4) live in one place:

* every action that changes the position — a move, undo, redo, a forced pass — first
  cancels the worker and takes a fresh *generation* id; a report carrying any other id
  is dropped, so a stale search result can never land;
* a computer move is requested as soon as it is the computer's turn, and shown no
  sooner than a short minimum delay after the request (and after the previous move's
  animation), so moves do not flash past;
* the game is autosaved when it starts and after every change, unless it is not worth
  resuming (a demo the person did not pause): then the autosave is emptied;
* every score is shown from one side's view (``view_side``): the person's side
  against the computer, the first player between two people or two computers;
* the analysis (top moves with their lines, and why the best one) runs as a worker
  job while nobody else needs the worker, and stops at every change;
* a person's clock (``game.clock``, optional, per side) runs only while that person is
  to move in a running game; a move presses it, an undo or redo sets both clocks back
  to the times they showed in that position, and a fallen flag ends the game (the
  session's ``outcome()``); a computer side may have a time per move instead of its
  level's limits.

Time is the session's own clock, advanced by ``update(dt)``, so tests and the frame
loop see the same behaviour.

The session is one class built in layers, one module per job, each adding to the one
before it (a chain, so that each part may call the parts below it and the type
checker sees every call):

* ``core`` — every attribute, declared once; who is who; messages; the search's settings;
* ``scores`` — the values of positions and how their scores read;
* ``engine_seat`` — requests for a move or a hint: Plies' search or an outside engine;
* ``persistence`` — the record and the autosave;
* ``clocks`` — the people's clocks;
* ``analysis`` — the analysis run;
* ``history`` — moves, undo, redo, jumps;
* ``swap`` — the swap / swap2 opening's choreography;
* ``frame`` — ``Session``: the frame's step, the worker's reports, the demo controls.
"""

from __future__ import annotations

from game.ui.session.analysis import ANALYSIS_LINES
from game.ui.session.core import (
    DEMO_DELAYS,
    MIN_COMPUTER_DELAY,
    PASS_DELAY,
    engine_command,
    is_computer,
)
from game.ui.session.engine_seat import ENGINE_SECONDS, HINT_ENGINE, EngineForfeit
from game.ui.session.frame import Session

__all__ = ["ANALYSIS_LINES", "DEMO_DELAYS",  # untranslated: identifiers
           "ENGINE_SECONDS", "HINT_ENGINE", "MIN_COMPUTER_DELAY", "PASS_DELAY",
           "EngineForfeit", "Session", "engine_command", "is_computer"]
