"""The in-app Open and Save dialog: a small file browser.

A path field, an Up button and a list of the folder's sub-folders (first) and its
``.json``/``.txt`` files (newest first); a format switch when saving (``.json`` keeps
everything, ``.txt`` is the plain move list). Saving starts in the user's documents
folder (``platformdirs.user_documents_dir``) with a dated name whose stem is selected,
so typing replaces it; opening starts in the folder used last in this run, else the
documents folder (or the older in-app games folder when only that holds games).

Keyboard: Tab moves between the field, Up, the list and the buttons; in the list
Up/Down choose, Enter opens a folder or the file, Backspace or Alt+Up goes up a
folder; Ctrl+L selects the whole path. The field has a selection and the clipboard
(``TextInput``). A file that cannot be read shows its one-sentence ``RecordError``
here and the game on screen is left exactly as it was.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import records
from game.formats import load_record, save_record
from game.i18n import N_, _, pgettext
from game.settings import games_dir
from game.ui import draw
from game.ui.scenes.base import Dialog
from game.ui.text_input import TextInput
from game.ui.widgets import Button, ListBox, Segmented

if TYPE_CHECKING:
    from game.ui.app import App

SUFFIXES = (".json", ".txt", ".psq", ".ggf")
"""What the dialog lists and saves: Plies' JSON and text, and the field's formats
(Piskvork's ``.psq`` for Gomoku, GGF for Othello; ``game.formats``)."""
FIELD_FORMATS = {"gomoku": (".psq", "Piskvork .psq"),  # untranslated: format names
                 "othello": (".ggf", "GGF .ggf")}  # untranslated: format names
MAX_LISTED = 500


def _games_dir() -> Path | None:
    try:
        return games_dir()
    except OSError:
        return None


def documents_dir() -> Path:
    """The user's documents folder (platformdirs), or the home folder when it is missing."""
    try:
        import platformdirs
        folder = Path(platformdirs.user_documents_dir())
        if folder.is_dir():
            return folder
    except Exception:  # an unreadable user-dirs file must not stop saving
        pass
    return Path.home()


def _has_games(folder: Path | None) -> bool:
    if folder is None:
        return False
    try:
        with os.scandir(folder) as it:
            return any(e.name.lower().endswith(SUFFIXES) and not e.name.startswith(".")
                       for e in it)
    except OSError:
        return False


def default_folder(app: App, mode: str) -> Path:
    """Where the dialog starts (see the module docstring)."""
    remembered = getattr(app, "last_folder", None)
    if remembered is not None and Path(remembered).is_dir():
        return Path(remembered)
    documents = documents_dir()
    if mode == "open" and not _has_games(documents):
        older = _games_dir()
        if older is not None and _has_games(older):
            return older
    return documents


def _when(seconds: float) -> str:
    stamp = datetime.datetime.fromtimestamp(seconds)
    if stamp.date() == datetime.date.today():
        # Translators: when a file was saved today; {time} is the hour ("14:05").
        return _("today {time}").format(time=stamp.strftime("%H:%M"))
    return stamp.strftime("%Y-%m-%d %H:%M")


def list_folder(folder: Path) -> tuple[list[Path], list[tuple[str, str]]]:
    """The entries of ``folder`` the dialog shows and their rows ``(name, detail)``.

    Sub-folders first (by name, hidden ones left out), then the game files (newest
    first); at most ``MAX_LISTED`` of each; an unreadable folder lists nothing.
    """
    folders: list[tuple[str, Path]] = []
    files: list[tuple[float, Path]] = []
    try:
        with os.scandir(folder) as it:
            for entry in it:
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        if len(folders) < MAX_LISTED:
                            folders.append((entry.name.lower(), Path(entry.path)))
                    elif entry.name.lower().endswith(SUFFIXES) and entry.is_file() \
                            and len(files) < MAX_LISTED:
                        files.append((entry.stat().st_mtime, Path(entry.path)))
                except OSError:
                    continue
    except OSError:
        return [], []
    folders.sort()
    files.sort(key=lambda e: e[0], reverse=True)
    entries = [p for _name, p in folders] + [p for _time, p in files]
    # Translators: beside a folder's name in the file list.
    folder_word = _("folder")
    rows = [(p.name + os.sep, folder_word) for _name, p in folders] + \
        [(p.name, _when(t)) for t, p in files]
    return entries, rows


class FileDialog(Dialog):
    """``mode`` is ``"open"`` or ``"save"``."""

    width = 680
    height = 560

    @property
    def title(self) -> str:
        if self.own_title:
            return self.own_title
        return _("Open a game") if self.mode == "open" else _("Save this game")

    def __init__(self, app: App, mode: str, *,
                 on_open: Callable[[Path], str | None] | None = None,
                 title: str = "") -> None:
        """``on_open`` opens something else than a game (the explorer's tree file):
        it returns ``None`` when done, else the sentence the dialog shows."""
        super().__init__(app)
        self.mode = mode
        self.on_open, self.own_title = on_open, title
        self.error = ""
        self.confirm_overwrite: Path | None = None
        folder = default_folder(app, mode)
        play = app.play
        self.path = TextInput("", self._submit, on_change=self._typed)
        if mode == "save" and play is not None:
            stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
            name = f"{play.game.name}-{stamp}"
            initial = str(folder / f"{name}.json")
            self.path.set_text(initial, select=(len(initial) - len(name) - 5,
                                                len(initial) - 5))
        else:
            self.path.set_text(str(folder).rstrip(os.sep) + os.sep)
        self.files = ListBox(self._select, self._open_row,
                             empty_text=N_("No folders or saved games here"))
        formats = [(".json", N_("JSON (full record)")), (".txt", N_("Text (move list)"))]
        if play is not None and play.game.name in FIELD_FORMATS:
            formats.append(FIELD_FORMATS[play.game.name])
        self.format = Segmented(formats, ".json", self._set_format)
        # Translators: the dialog's buttons: open a file, save a file.
        action = pgettext("file", "Open") if mode == "open" else pgettext("file", "Save")
        # Translators: a button: the folder above.
        self.b_up = Button(N_("Up"), self.go_up, tooltip=N_("The folder above (Alt+Up)"))
        self.b_ok = Button(action, lambda: self._submit(self.path.text), primary=True)
        self.b_cancel = Button(N_("Cancel"), self.close, tooltip=N_("Esc"))
        self.widgets.add(self.path, self.b_up, self.files)
        if mode == "save":
            self.widgets.add(self.format)
        self.widgets.add(self.b_cancel, self.b_ok)
        self.widgets.set_focus(self.path)
        self.folder = folder
        self.entries: list[Path] = []
        self._list(folder)
        if mode == "open":  # the newest game, ready to open with Enter
            first_file = next((i for i, p in enumerate(self.entries) if not p.is_dir()), None)
            if first_file is not None:
                self.files.select(first_file)

    # --- the folder listing ----------------------------------------------------------------

    def _list(self, folder: Path) -> None:
        self.entries, rows = list_folder(folder)
        self.folder = folder
        self.files.set_rows(rows)
        self.b_up.enabled = folder.parent != folder

    def go_up(self) -> None:
        """Show the folder above; the path field follows (keeping a typed file name)."""
        parent = self.folder.parent
        if parent == self.folder:
            return
        child = self.folder
        name = "" if self.path.text.endswith(os.sep) else os.path.basename(self.path.text)
        self._list(parent)
        self.path.set_text(str(parent / name) if name else str(parent).rstrip(os.sep) + os.sep)
        if child in self.entries:  # keep the place: the folder we came from is selected
            self.files.selected = self.entries.index(child)
            self.files._show(self.files.selected)
        self.error = ""
        self.confirm_overwrite = None

    def _typed(self, text: str) -> None:
        """The path was edited: list the folder it names as soon as that folder exists."""
        self.error = ""
        self.confirm_overwrite = None
        head = text if text.endswith(os.sep) else os.path.dirname(text)
        if not head:
            return
        folder = Path(os.path.expanduser(head))
        try:
            if folder.is_dir() and folder.resolve() != self.folder.resolve():
                self._list(folder)
        except OSError:
            pass

    def _select(self, index: int) -> None:
        path = self.entries[index]
        if path.is_dir():
            self.path.set_text(str(path) + os.sep)
        else:
            if self.mode == "save" and path.suffix.lower() != self.format.value:
                self.format.set_value(path.suffix.lower())
            self.path.set_text(str(path))
        self.error = ""
        self.confirm_overwrite = None

    def _open_row(self, index: int) -> None:
        path = self.entries[index]
        if path.is_dir():
            self._list(path)
            self.path.set_text(str(path) + os.sep)
            self.error = ""
            return
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
            self.error = _("Type a file name first.")
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
        if self.on_open is not None:
            error = self.on_open(path)
            if error:
                self.error = error
                return
            self.app.last_folder = path.parent
            self.app.pop_scene(self)
            return
        play = self.app.play
        default_game = play.game.name if play is not None else self.app.settings.last_game
        default_variant = play.game.variant() if play is not None else None
        try:
            record = load_record(path, default_game=default_game,
                                         default_variant=default_variant)
            game = records.record_to_game(record)
        except records.RecordError as error:
            self.error = _sentence(str(error))
            self.app.sounds.play("illegal")
            return
        except Exception as error:  # anything unforeseen still must not touch the game
            # Translators: {file} is a file's name, {error} why (in English, from the system).
            self.error = _sentence(_("{file} cannot be opened: {error}").format(
                file=path.name, error=error))
            return
        self.app.last_folder = path.parent
        self.app.pop_scene(self)
        self.app.show_game(game, record.players, path.name, scores=record.scores,
                           note=record.note, opening=record.opening, names=record.names,
                           clock=record.clock)

    def _save(self, path: Path) -> None:
        play = self.app.play
        if play is None:
            self.close()
            return
        if path.suffix.lower() not in SUFFIXES:
            path = path.with_name(path.name + self.format.value)
        if path.exists() and self.confirm_overwrite != path:
            self.confirm_overwrite = path
            self.error = _("{file} already exists — press Save again to replace it.").format(
                file=path.name)
            return
        try:
            lost = save_record(path, play.session.record())
        except records.RecordError as error:
            self.error = _sentence(str(error))
            return
        except OSError as error:
            self.error = _sentence(_("{file} could not be saved: {error}").format(
                file=path.name, error=error.strerror or error))
            return
        self.app.last_folder = path.parent
        self.close()
        if lost is None:
            play.session.say(_("Saved to {path}").format(path=path), "info", 6.0)
        else:  # what was lost first: the status line cuts a long message at its end
            # Translators: {lost} is what the file format cannot keep ("the clocks"),
            # {suffix} the file's ending (".psq").
            play.session.say(_("Saved without {lost}, which a {suffix} file cannot hold").format(
                lost=lost, suffix=path.suffix), "info", 12.0)

    # --- layout, events, drawing ------------------------------------------------------------------

    def place(self, card: pygame.Rect) -> None:
        x, w = card.x + 28, card.width - 56
        up_w = max(72, self.b_up.preferred_width())
        self.path.rect = pygame.Rect(x, card.y + 78, w - up_w - 10, 42)
        self.b_up.rect = pygame.Rect(x + w - up_w, card.y + 78, up_w, 42)
        list_top = self.path.rect.bottom + 40
        bottom = card.bottom - 24 - 42 - 44
        if self.mode == "save":
            self.format.rect = pygame.Rect(x, bottom - 40, w, 40)
            bottom -= 52
        self.files.rect = pygame.Rect(x, list_top, w, max(60, bottom - list_top))
        # The selection was scrolled to before the list had its size: scroll again.
        self.files.top = 0
        if self.files.selected is not None:
            self.files._show(self.files.selected)
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
        if event.type == pygame.KEYDOWN:
            alt = getattr(event, "mod", 0) & pygame.KMOD_ALT
            ctrl = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if (alt and event.key == pygame.K_UP) or (
                    event.key == pygame.K_BACKSPACE and self.widgets.focus is self.files):
                self.go_up()
                return
            if ctrl and event.key == pygame.K_l:
                self.widgets.set_focus(self.path, visible=True)
                self.path.select_all()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and self.widgets.focus not in (self.files, self.b_cancel, self.b_up):
                self._submit(self.path.text)
                return
        super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme = self.theme
        x = self.card.x + 28
        width = self.card.width - 56
        # Translators: above the file list; {folder} is the folder's path.
        label = _("Folders and games in {folder}")
        room = width - draw.text_size(label.format(folder=""), 19)[0]
        draw.blit_text(surface, label.format(folder=_tail(str(self.folder), 19, room)), 19,
                       theme.text_dim,
                       (x, self.path.rect.bottom + 12), max_width=width)
        if self.error:
            lines = draw.wrap(self.error, 20, self.card.width - 56)[:2]
            y = self.b_ok.rect.y - 12 - 22 * len(lines)
            for line in lines:
                draw.blit_text(surface, line, 20, theme.danger, (x, y))
                y += 22


def _tail(text: str, size: int, max_width: int) -> str:
    """``text`` cut at the start with an ellipsis to fit (a path's end matters most)."""
    if draw.text_size(text, size)[0] <= max_width:
        return text
    for start in range(1, len(text)):
        if draw.text_size("…" + text[start:], size)[0] <= max_width:
            return "…" + text[start:]
    return "…"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return _("Something went wrong.")
    return text if text.endswith((".", "!", "?")) else text + "."
