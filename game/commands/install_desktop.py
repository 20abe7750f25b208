"""``plies install-desktop [--uninstall]``: a menu entry, icons and a file type, per user.

Everything goes under ``$XDG_DATA_HOME`` (``~/.local/share`` when unset), so no root
is needed, following the freedesktop.org specifications:

* ``applications/plies.desktop`` — the menu entry (Desktop Entry Specification 1.4);
  ``Exec`` runs *this* installation: the ``plies`` script beside the running Python
  (a venv's or pipx's), else that Python with ``-m game``; ``%f`` passes a file
  opened with Plies (``plies FILE``).
* ``icons/hicolor/<n>x<n>/apps/plies.png`` — the icon at 16 to 256 pixels (Icon Theme
  Specification), scaled from the 256-pixel drawing in ``assets``.
* ``mime/packages/plies.xml`` — the file type ``application/x-plies-game`` (Shared
  MIME-info Database). Decision: saved games stay ``.json`` files, so the type is
  recognised by content, not by a new extension: a sub-class of ``application/json``
  whose first 512 bytes hold ``"plies-game"`` (the record's ``format`` tag). The
  desktop then opens Plies records with Plies and every other JSON file as before.
  ``.txt`` move lists are plain text and are not claimed.
* ``plies/desktop-install.json`` — the manifest: each file written and its SHA-256.

``--uninstall`` removes the files of the manifest that are still as they were written
(one that was edited since is left, and named), and nothing else: the manifest only
confirms paths that this command itself would write, so an edited manifest cannot
make it delete another file; folders it emptied go too. Afterwards the desktop's
indexes are rebuilt when their tools are installed (``update-desktop-database``,
``update-mime-database``), which is what makes the file type and the menu entry known
(those tools' own index files are theirs, not listed in the manifest).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from game import i18n
from game.commands.common import CliError
from game.i18n import N_, _, ngettext, number

APP_ID = "plies"
"""The desktop file's name (``plies.desktop``), the icon's name and the window class."""
MIME_TYPE = "application/x-plies-game"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
MANIFEST_FORMAT = "plies-desktop-install"
MAX_MANIFEST_BYTES = 64_000

# untranslated: the shared-mime-info file (a format; its comment is the English default)
MIME_PACKAGE = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>Plies game</comment>
    <comment xml:lang="en">Plies game record</comment>
    <sub-class-of type="application/json"/>
    <generic-icon name="{APP_ID}"/>
    <magic priority="80">
      <match type="string" value="&quot;plies-game&quot;" offset="0:512"/>
    </magic>
  </mime-type>
</mime-info>
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--uninstall", action="store_true",
                        help=_("remove exactly the files an earlier install-desktop wrote"))


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (the spec)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def planned_paths(base: Path) -> dict[str, Path]:
    """Every file install-desktop writes under ``base``, by role."""
    paths = {"desktop": base / "applications" / f"{APP_ID}.desktop",
             "mime": base / "mime" / "packages" / f"{APP_ID}.xml"}
    for size in ICON_SIZES:
        paths[f"icon-{size}"] = base / "icons" / "hicolor" / f"{size}x{size}" / "apps" \
            / f"{APP_ID}.png"
    return paths


def manifest_path(base: Path) -> Path:
    return base / APP_ID / "desktop-install.json"


# --- the desktop entry ---------------------------------------------------------------


def exec_argument(text: str) -> str:
    """One argument of an ``Exec`` line, quoted as the Desktop Entry Specification says.

    Reserved characters need double quotes; inside them ``"``, `````, ``$`` and ``\\``
    get a backslash; ``%`` is doubled. The result is then escaped once more as any
    string value is (a backslash is written ``\\\\``).

    >>> exec_argument("/usr/bin/python3")
    '/usr/bin/python3'
    >>> exec_argument("/home/a b/venv/bin/plies")
    '"/home/a b/venv/bin/plies"'
    >>> exec_argument('/odd/$dir"/x')
    '"/odd/\\\\\\\\$dir\\\\\\\\"/x"'
    """
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    quoted = text.replace("%", "%%")
    if any(ch in reserved for ch in text):
        quoted = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in quoted) + '"'
    return quoted.replace("\\", "\\\\")


def launch_command() -> list[str]:
    """How the menu starts this installation of Plies.

    Raises:
        CliError: Plies is not installed in this Python (it runs from a source folder),
            so a menu entry could not start it.
    """
    script = Path(sys.executable).parent / ("plies.exe" if os.name == "nt" else APP_ID)
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    import importlib.metadata  # here: every `plies` command would pay for it at start

    try:
        importlib.metadata.distribution(APP_ID)
    except importlib.metadata.PackageNotFoundError:
        raise CliError(_("Plies is not installed in this Python (it runs from a source "
                         "folder), so a menu entry could not start it; install it first "
                         "with pip install . or pipx install .")) from None
    return [sys.executable, "-m", "game"]


GENERIC_NAME = N_("Board games")
# Translators: the menu entry's comment (desktop entry), shown under the name in menus.
COMMENT = N_("Gomoku, Othello and Connect-4 against a computer that shows its thinking")


def _localized(key: str, message: str) -> list[str]:
    """``key[LANG]=...`` for every language that translates ``message`` (a menu shows the
    desktop's own), the English default first."""
    lines = [f"{key}={message}"]
    for language in i18n.available():
        text = i18n.translated(message, language).replace("\n", " ")
        if language != "en" and text != message:
            lines.append(f"{key}[{language}]={text}")
    return lines


def desktop_entry(command: list[str]) -> str:
    """The text of ``plies.desktop`` for ``command`` (the program and its arguments)."""
    exec_line = " ".join(exec_argument(part) for part in command) + " %f"
    # untranslated: the desktop entry file's keys and English default values (a format)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Plies",
        *_localized("GenericName", GENERIC_NAME),
        *_localized("Comment", COMMENT),  # untranslated: a desktop entry key
        f"Icon={APP_ID}",
        f"TryExec={command[0].replace(chr(92), chr(92) * 2)}",
        f"Exec={exec_line}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        # untranslated: desktop entry file
        "Keywords=gomoku;othello;reversi;connect four;five in a row;board game;alpha-beta;",
        f"MimeType={MIME_TYPE};",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",
    ]
    return "\n".join(lines) + "\n"


# --- icons --------------------------------------------------------------------------------


def icon_png(size: int) -> bytes:
    """The icon as PNG bytes at ``size`` pixels (scaled down from the 256-pixel one)."""
    import io

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.resources import LARGE_ICON, asset_path

    source = asset_path(LARGE_ICON)
    if size == 256:
        return source.read_bytes()
    image = pygame.image.load(str(source))
    scaled = pygame.transform.smoothscale(image, (size, size))
    out = io.BytesIO()
    pygame.image.save(scaled, out, "icon.png")
    return out.getvalue()


# --- install / uninstall -------------------------------------------------------------------


def _write(path: Path, data: bytes) -> str:
    from game.files import atomic_write_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, data)
    return hashlib.sha256(data).hexdigest()


def install(base: Path, command: list[str]) -> list[Path]:
    """Write the entry, the icons, the file type and the manifest under ``base``."""
    paths = planned_paths(base)
    contents: dict[str, bytes] = {"desktop": desktop_entry(command).encode("utf-8"),
                                  "mime": MIME_PACKAGE.encode("utf-8")}
    for size in ICON_SIZES:
        contents[f"icon-{size}"] = icon_png(size)
    written: list[dict[str, str]] = []
    for role, path in paths.items():
        digest = _write(path, contents[role])
        written.append({"path": str(path), "sha256": digest})
    manifest = {"format": MANIFEST_FORMAT, "version": 1, "exec": command, "files": written}
    _write(manifest_path(base), (json.dumps(manifest, indent=2) + "\n").encode("utf-8"))
    return list(paths.values())


def _read_manifest(base: Path) -> dict[str, str]:
    """``{path: sha256}`` from the manifest, kept only for paths install would write."""
    from game.files import FileError, read_text

    path = manifest_path(base)
    if not path.exists():
        return {}
    try:
        data = json.loads(read_text(path, limit=MAX_MANIFEST_BYTES, follow_links=False,
                                    # untranslated: its errors are never shown (an
                                    # unreadable manifest is an empty one)
                                    what="install-desktop manifest"))
    except (FileError, ValueError, RecursionError):
        return {}
    planned = {str(p) for p in planned_paths(base).values()}
    files = data.get("files") if isinstance(data, dict) else None
    result = {}
    for entry in files if isinstance(files, list) else []:
        if isinstance(entry, dict) and entry.get("path") in planned \
                and isinstance(entry.get("sha256"), str):
            result[entry["path"]] = entry["sha256"]
    return result


def uninstall(base: Path) -> tuple[list[Path], list[Path]]:
    """Remove what the manifest lists and is unchanged; ``(removed, kept because edited)``."""
    removed, kept = [], []
    listed = _read_manifest(base)
    for name, digest in listed.items():
        path = Path(name)
        try:
            if path.is_symlink() or not path.is_file():
                continue
            if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                kept.append(path)
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            kept.append(path)
            continue
        _remove_empty_folders(path.parent, base)
    manifest = manifest_path(base)
    if listed and not kept:  # an unreadable manifest is left as it is
        manifest.unlink(missing_ok=True)
        _remove_empty_folders(manifest.parent, base)
    return removed, kept


def _remove_empty_folders(folder: Path, base: Path) -> None:
    """Remove ``folder`` and its parents while empty, up to (not including) ``base``.

    ``mime/packages`` stays even when empty: the database generated beside it still
    lists the file type, and ``update-mime-database`` refuses to rebuild it without
    that folder, so removing it would leave the type registered for good."""
    try:
        folder.relative_to(base)
    except ValueError:
        return
    while folder not in (base, base / "mime" / "packages"):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def refresh_caches(base: Path, run: Callable[..., object] = subprocess.run) -> None:
    """Tell the desktop (best effort, silently: each tool is optional)."""
    # No gtk-update-icon-cache: a cache in the user's own icon folder goes stale when
    # another program adds an icon, and toolkits read the folder fine without one.
    steps = [("update-desktop-database", "-q", str(base / "applications")),
             ("update-mime-database", str(base / "mime"))]
    for tool, *args in steps:
        if shutil.which(tool) is None or not Path(args[-1]).is_dir():
            continue
        try:
            run([tool, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                timeout=60, check=False)
        except (OSError, subprocess.SubprocessError):
            pass


def run(args: argparse.Namespace) -> int:
    base = data_home()
    if args.uninstall:
        removed, kept = uninstall(base)
        refresh_caches(base)
        if not removed and not kept:
            print(_("Nothing to remove: install-desktop has not written anything here."))
        else:
            # Translators: English keeps "files" for one too.
            print(ngettext("Removed the Plies menu entry, icons and file type ({count} files).",
                           "Removed the Plies menu entry, icons and file type ({count} files).",
                           len(removed)).format(count=number(len(removed))))
        for path in kept:
            print(_("Kept {path}: it was changed after install-desktop wrote it.").format(
                path=path))
        return 0
    command = launch_command()
    try:
        written = install(base, command)
    except OSError as error:
        raise CliError(_("cannot write under {path}: {reason}").format(
            path=base, reason=error.strerror or error)) from None
    refresh_caches(base)
    print(_("Plies is in the desktop menu: {path}").format(path=written[0]))
    print(_("It starts: {command}").format(command=" ".join(command)))
    print(_("Icons in {path}; saved games open with Plies ({mime_type}). Undo with: "
            "plies install-desktop --uninstall").format(path=base / "icons" / "hicolor",
                                                        mime_type=MIME_TYPE))
    return 0


__all__ = ["APP_ID", "ICON_SIZES", "MIME_TYPE", "add_arguments", "data_home", "desktop_entry",
           "exec_argument", "install", "launch_command", "planned_paths", "run", "uninstall"]
