"""The in-app Open and Save dialog.

A path field (prefilled with ``games_dir()/<game>-<date>.json`` to save, or the
newest saved game to open), the ``.json``/``.txt`` files of that folder newest first, and
a format switch when saving: ``.json`` keeps everything, ``.txt`` is the plain move
list. A file that cannot be read shows its one-sentence ``RecordError`` here and the
game on screen is left exactly as it was.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import records
from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.widgets import Button, ListBox, Segmented, TextInput

if TYPE_CHECKING:
    from game.ui.app import App

SUFFIXES = (".json", ".txt")
MAX_LISTED = 500


def _games_dir() -> Path:
    try:
        return records.games_dir()
    except OSError:
        return Path.home()


def _when(seconds: float) -> str:
    stamp = datetime.datetime.fromtimestamp(seconds)
    if stamp.date() == datetime.date.today():
        return stamp.strftime("today %H:%M")
    return stamp.strftime("%Y-%m-%d %H:%M")


class FileDialog(Dialog):
    """``mode`` is ``"open"`` or ``"save"``."""

    width = 680
    height = 560

    def __init__(self, app: App, mode: str) -> None:
        super().__init__(app)
        self.mode = mode
        self.title = "Open a game" if mode == "open" else "Save this game"
        self.error = ""
        self.confirm_overwrite: Path | None = None
        folder = _games_dir()
        play = app.play
        if mode == "save" and play is not None:
            stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
            initial = str(folder / f"{play.game.name}-{stamp}.json")
        else:
            initial = str(folder) + os.sep
        self.path = TextInput(initial, self._submit)
        self.files = ListBox(self._select, self._open_row,
                             empty_text="No saved games in this folder yet")
        self.format = Segmented([(".json", "JSON (full record)"), (".txt", "Text (move list)")],
                                ".json", self._set_format)
        action = "Open" if mode == "open" else "Save"
        self.b_ok = Button(action, lambda: self._submit(self.path.text), primary=True)
        self.b_cancel = Button("Cancel", self.close, tooltip="Esc")
        self.widgets.add(self.path, self.files)
        if mode == "save":
            self.widgets.add(self.format)
        self.widgets.add(self.b_cancel, self.b_ok)
        self.widgets.set_focus(self.path)
        self.folder = folder
        self.entries: list[Path] = []
        self._list(folder)
        if mode == "open" and self.entries:  # the newest game, ready to open with Enter
            self.files.select(0)

    # --- the folder listing ----------------------------------------------------------------

    def _list(self, folder: Path) -> None:
        entries: list[tuple[float, Path]] = []
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    if entry.name.startswith(".") or not entry.name.lower().endswith(SUFFIXES):
                        continue
                    try:
                        if entry.is_file():
                            entries.append((entry.stat().st_mtime, Path(entry.path)))
                    except OSError:
                        continue
                    if len(entries) >= MAX_LISTED:
                        break
        except OSError:
            entries = []
        entries.sort(key=lambda e: e[0], reverse=True)
        self.folder = folder
        self.entries = [p for _, p in entries]
        self.files.set_rows([(p.name, _when(t)) for t, p in entries])

    def _select(self, index: int) -> None:
        path = self.entries[index]
        if self.mode == "save" and path.suffix.lower() != self.format.value:
            self.format.set_value(path.suffix.lower())
        self.path.set_text(str(path))
        self.error = ""
        self.confirm_overwrite = None

    def _open_row(self, index: int) -> None:
        self._select(index)
        self._submit(self.path.text)

    def _set_format(self, suffix: str) -> None:
        text = self.path.text
        base, ext = os.path.splitext(text)
        if ext.lower() in SUFFIXES:
            self.path.set_text(base + suffix)
        elif text and not text.endswith(os.sep):
            self.path.set_text(text + suffix)
        self.confirm_overwrite = None

    # --- actions ------------------------------------------------------------------------------

    def _submit(self, text: str) -> None:
        text = text.strip()
        if not text:
            self.error = "Type a file name first."
            return
        path = Path(os.path.expanduser(text))
        if path.is_dir():
            self._list(path)
            self.path.set_text(str(path) + os.sep)
            self.error = ""
            return
        if self.mode == "open":
            self._open(path)
        else:
            self._save(path)

    def _open(self, path: Path) -> None:
        play = self.app.play
        default_game = play.game.name if play is not None else self.app.settings.last_game
        default_variant = play.game.variant() if play is not None else None
        try:
            record = records.load_record(path, default_game=default_game,
                                         default_variant=default_variant)
            game = records.record_to_game(record)
        except records.RecordError as error:
            self.error = _sentence(str(error))
            self.app.sounds.play("illegal")
            return
        except Exception as error:  # anything unforeseen still must not touch the game
            self.error = _sentence(f"{path.name} cannot be opened: {error}")
            return
        players = record.players
        demo = all(p.get("type") == "computer" for p in players)
        self.app.pop_scene(self)
        self.app.start_game(game, players, demo=demo, paused=demo, remember=False)
        if self.app.play is not None:
            moves = game.ply
            self.app.play.session.say(
                f"Opened {path.name} ({moves} move{'s' if moves != 1 else ''})", "info", 4.0)

    def _save(self, path: Path) -> None:
        play = self.app.play
        if play is None:
            self.close()
            return
        if path.suffix.lower() not in SUFFIXES:
            path = path.with_name(path.name + self.format.value)
        if path.exists() and self.confirm_overwrite != path:
            self.confirm_overwrite = path
            self.error = f"{path.name} already exists — press Save again to replace it."
            return
        try:
            records.save_record(path, play.session.record())
        except records.RecordError as error:
            self.error = _sentence(str(error))
            return
        except OSError as error:
            self.error = _sentence(f"{path.name} could not be saved: {error.strerror or error}")
            return
        self.close()
        play.session.say(f"Saved to {path}", "info", 4.0)

    # --- layout, events, drawing ------------------------------------------------------------------

    def place(self, card: pygame.Rect) -> None:
        x, w = card.x + 28, card.width - 56
        self.path.rect = pygame.Rect(x, card.y + 78, w, 42)
        list_top = self.path.rect.bottom + 40
        bottom = card.bottom - 24 - 42 - 44
        if self.mode == "save":
            self.format.rect = pygame.Rect(x, bottom - 40, w, 40)
            bottom -= 52
        self.files.rect = pygame.Rect(x, list_top, w, max(60, bottom - list_top))
        x = card.right - 28
        for button in (self.b_ok, self.b_cancel):
            bw = max(120, button.preferred_width())
            button.rect = pygame.Rect(x - bw, card.bottom - 24 - 42, bw, 42)
            x -= bw + 12

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE)
                and self.widgets.focus is self.path):
            self.error = ""
            self.confirm_overwrite = None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focus not in (self.files, self.b_cancel):
            self._submit(self.path.text)
            return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x = self.card.x + 28
        folder = str(self.folder)
        draw.blit_text(surface, f"Files in {folder}", 19, theme.text_dim,
                       (x, self.path.rect.bottom + 12), max_width=self.card.width - 56)
        if self.error:
            lines = draw.wrap(self.error, 20, self.card.width - 56)[:2]
            y = self.b_ok.rect.y - 12 - 22 * len(lines)
            for line in lines:
                draw.blit_text(surface, line, 20, theme.danger, (x, y))
                y += 22


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "Something went wrong."
    return text if text.endswith((".", "!", "?")) else text + "."
