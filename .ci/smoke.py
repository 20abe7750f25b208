"""A quick check that an installed Plies works: the window, a move, the command line.

CI runs it on every CPython it has besides the one the test suite uses, each in a
fresh virtual environment made by ``pip install .``, so it imports the *installed*
package (run it by path, from anywhere: ``venv/bin/python .ci/smoke.py``). The
window opens headless (SDL's dummy driver), a person clicks the middle Connect-4
column, the computer answers, ``plies perft`` counts a known number, and ``plies
install-desktop`` writes a menu entry that starts this venv's ``plies`` (checked with
``desktop-file-validate`` when it is installed) and removes it again. Prints one line
and exits 0, or fails with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    home = tempfile.mkdtemp(prefix="plies-smoke-")
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                      PYGAME_HIDE_SUPPORT_PROMPT="1",
                      XDG_CONFIG_HOME=os.path.join(home, "config"),
                      XDG_DATA_HOME=os.path.join(home, "data"))
    try:
        import pygame

        import game
        from game.players import Computer, Human
        from game.rules import new_game
        from game.ui.app import App

        here = Path(__file__).resolve().parents[1]
        if Path(game.__file__).resolve().is_relative_to(here):
            raise SystemExit("smoke: this imports the source tree, not the installed package")
        app = App(size=(1120, 760), save_on_quit=False)
        try:
            app.start_game(new_game("connect4"), [Human(), Computer(1, "default")],
                           remember=False)
            play = app.play
            app.run_frames(2)
            x, y = play.view.cell_center((3, 0))
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=(round(x), round(y)), button=1))
            if not app.pump_until(lambda: play.game.ply == 2, 30):
                raise SystemExit(f"smoke: no reply to the click: {play.game.moves_text()!r}")
            moves = play.game.moves_text()
        finally:
            app.close()
        plies = shutil.which("plies", path=os.path.dirname(sys.executable))
        if plies is None:
            raise SystemExit("smoke: the plies command was not installed")
        perft = subprocess.run([plies, "perft", "othello", "4"], capture_output=True, text=True,
                               timeout=120)
        if perft.returncode != 0 or perft.stdout.strip() != "244":
            raise SystemExit(f"smoke: plies perft othello 4 gave {perft.stdout!r} "
                             f"{perft.stderr!r}")
        desktop = _install_desktop(plies)
        print(f"smoke ok: Python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}, "
              f"moves {moves}, perft othello 4 = 244, {desktop}")
        return 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _install_desktop(plies: str) -> str:
    """``plies install-desktop`` points the menu at this venv's script, then uninstalls."""
    entry = Path(os.environ["XDG_DATA_HOME"]) / "applications" / "plies.desktop"
    done = subprocess.run([plies, "install-desktop"], capture_output=True, text=True,
                          timeout=120)
    if done.returncode != 0 or not entry.is_file():
        raise SystemExit(f"smoke: plies install-desktop failed: {done.stderr!r}")
    exec_line = next(line for line in entry.read_text().splitlines()
                     if line.startswith("Exec="))
    if not exec_line.startswith(f"Exec={plies}"):
        raise SystemExit(f"smoke: the menu entry does not start this plies: {exec_line}")
    validated = "menu entry written"
    validate = shutil.which("desktop-file-validate")
    if validate is not None:
        check = subprocess.run([validate, str(entry)], capture_output=True, text=True,
                               timeout=60)
        if check.returncode != 0 or check.stdout.strip():
            raise SystemExit(f"smoke: desktop-file-validate: {check.stdout}{check.stderr}")
        validated = "menu entry valid"
    subprocess.run([plies, "install-desktop", "--uninstall"], capture_output=True,
                   timeout=120, check=True)
    if entry.exists():
        raise SystemExit("smoke: install-desktop --uninstall left the menu entry")
    return validated


if __name__ == "__main__":
    raise SystemExit(main())
