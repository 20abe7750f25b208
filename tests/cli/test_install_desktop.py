"""``plies install-desktop``: a valid menu entry, icons and file type; --uninstall undoes it.

``desktop-file-validate`` (Debian's desktop-file-utils) checks the generated entry; the
test skips without it unless ``PLIES_REQUIRE_XVFB=1`` (CI) makes that a failure.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.commands import install_desktop as desk
from game.commands.common import CliError

ODD_COMMAND = ["/home/a b/it's $HOME/venv`x`/bin/pl\"ies%", "-m", "game"]
"""A program path with every character the Exec quoting rules care about."""


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    base = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(base))
    return base


@pytest.fixture
def fixed_command(monkeypatch, tmp_path) -> list[str]:
    script = tmp_path / "venv bin" / "plies"
    monkeypatch.setattr(desk, "launch_command", lambda: [str(script)])
    return [str(script)]


def _validate(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        message = "desktop-file-validate is missing (apt-get install desktop-file-utils)"
        if os.environ.get("PLIES_REQUIRE_XVFB") == "1":
            pytest.fail(message)
        pytest.skip(message)
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def _entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def unquote_exec(value: str) -> list[str]:
    """The Exec line's arguments, unescaped as the specification reads them (a reference
    written from the spec's rules, independent of ``exec_argument``)."""
    text = value.replace("\\\\", "\\")  # the string-value escape, first
    args, current, quoted, i, started = [], "", False, 0, False
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
                current += text[i + 1]
                i += 1
            elif ch == '"':
                quoted = False
            else:
                current += ch
        elif ch == '"':
            quoted, started = True, True
        elif ch == " ":
            if current or started:
                args.append(current)
            current, started = "", False
        else:
            current += ch
            started = True
        i += 1
    if current or started:
        args.append(current)
    return [a.replace("%%", "%") if a != "%f" else a for a in args]


def test_the_entry_passes_desktop_file_validate_with_an_awkward_path(data_home):
    desk.install(data_home, ODD_COMMAND)
    entry_path = data_home / "applications" / "plies.desktop"
    _validate(entry_path)
    entry = _entry(entry_path)
    assert unquote_exec(entry["Exec"]) == [*ODD_COMMAND, "%f"]
    assert entry["MimeType"] == "application/x-plies-game;"
    assert entry["Icon"] == "plies" and entry["Type"] == "Application"
    assert entry["StartupWMClass"] == "plies"  # the class game.ui gives the window


def test_install_writes_icons_file_type_and_manifest(data_home, fixed_command, capsys):
    assert main(["install-desktop"]) == 0
    out = capsys.readouterr().out
    assert "desktop menu" in out and "--uninstall" in out
    _validate(data_home / "applications" / "plies.desktop")
    assert unquote_exec(_entry(data_home / "applications" / "plies.desktop")["Exec"]) == \
        [*fixed_command, "%f"]
    for size in desk.ICON_SIZES:
        icon = pygame.image.load(str(data_home / "icons" / "hicolor" / f"{size}x{size}"
                                     / "apps" / "plies.png"))
        assert icon.get_size() == (size, size)
        assert icon.get_at((0, 0)).a == 0 and icon.get_at((size // 2, size // 2)).a > 240
    mime = ET.parse(data_home / "mime" / "packages" / "plies.xml").getroot()
    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    kind = mime.find(f"{ns}mime-type")
    assert kind.get("type") == "application/x-plies-game"
    assert kind.find(f"{ns}sub-class-of").get("type") == "application/json"
    assert kind.find(f"{ns}magic/{ns}match").get("value") == '"plies-game"'
    manifest = json.loads((data_home / "plies" / "desktop-install.json").read_text())
    assert {Path(f["path"]) for f in manifest["files"]} == set(
        desk.planned_paths(data_home).values())


@pytest.mark.skipif(shutil.which("update-mime-database") is None,
                    reason="shared-mime-info is not installed")
def test_the_file_type_is_known_to_the_mime_database(data_home, fixed_command, tmp_path):
    assert main(["install-desktop"]) == 0
    assert "application/x-plies-game" in (data_home / "mime" / "types").read_text()
    assert "application/x-plies-game application/json" in \
        (data_home / "mime" / "subclasses").read_text()


def _query_filetype(path: Path, data_home: Path) -> str:
    """What ``xdg-mime query filetype`` says of ``path`` (shared-mime-info through
    File::MimeInfo outside a desktop session), with only ``data_home`` and the system's."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(data_home.parent),
           "XDG_DATA_HOME": str(data_home), "XDG_DATA_DIRS": "/usr/local/share:/usr/share"}
    done = subprocess.run(["xdg-mime", "query", "filetype", str(path)], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    return done.stdout.strip()


@pytest.mark.skipif(any(shutil.which(tool) is None for tool in
                        ("update-mime-database", "xdg-mime", "mimetype"))
                    and os.environ.get("PLIES_REQUIRE_XVFB") != "1",
                    reason="needs shared-mime-info, xdg-utils and libfile-mimeinfo-perl")
def test_uninstall_unregisters_the_file_type(data_home, fixed_command, tmp_path):
    record = tmp_path / "game.json"
    record.write_text('{"format": "plies-game", "version": 1, "game": "connect4"}\n')
    assert main(["install-desktop"]) == 0
    assert _query_filetype(record, data_home) == "application/x-plies-game"
    assert main(["install-desktop", "--uninstall"]) == 0
    assert _query_filetype(record, data_home) == "application/json"
    assert "application/x-plies-game" not in (data_home / "mime" / "types").read_text()


def test_uninstall_removes_exactly_what_install_wrote(data_home, fixed_command, tmp_path,
                                                      capsys):
    apps = data_home / "applications"
    apps.mkdir(parents=True)
    theirs = apps / "someone-else.desktop"
    theirs.write_text("[Desktop Entry]\nType=Application\nName=X\nExec=x\n")
    assert main(["install-desktop"]) == 0
    edited = data_home / "icons" / "hicolor" / "48x48" / "apps" / "plies.png"
    edited.write_bytes(b"the person's own icon")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    manifest_path = data_home / "plies" / "desktop-install.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["files"].append({"path": str(victim), "sha256": "0" * 64})  # a doctored list
    manifest_path.write_text(json.dumps(manifest))
    capsys.readouterr()
    assert main(["install-desktop", "--uninstall"]) == 0
    out = capsys.readouterr().out
    assert "Kept" in out and "48x48" in out
    assert victim.read_text() == "keep me" and theirs.exists() and edited.exists()
    for path in desk.planned_paths(data_home).values():
        assert path == edited or not path.exists(), path
    assert not (data_home / "icons" / "hicolor" / "64x64").exists()  # emptied folders go
    edited.unlink()
    assert main(["install-desktop", "--uninstall"]) == 0
    assert "Nothing to remove" in capsys.readouterr().out


def test_uninstall_with_nothing_installed_says_so(data_home, capsys):
    assert main(["install-desktop", "--uninstall"]) == 0
    assert "Nothing to remove" in capsys.readouterr().out


def test_exec_points_at_the_plies_script_beside_python_or_python_m_game(tmp_path, monkeypatch):
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    monkeypatch.setattr(desk.sys, "executable", str(python))
    script = bin_dir / "plies"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert desk.launch_command() == [str(script)]
    script.unlink()

    def installed(name):
        return object()

    monkeypatch.setattr(importlib.metadata, "distribution", installed)
    assert desk.launch_command() == [str(python), "-m", "game"]

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    with pytest.raises(CliError, match="not installed"):
        desk.launch_command()


def test_a_source_checkout_is_refused_in_one_sentence(data_home, monkeypatch, capsys,
                                                      tmp_path):
    monkeypatch.setattr(desk.sys, "executable", str(tmp_path / "python"))

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    assert main(["install-desktop"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pipx install ." in err
    assert not (data_home / "applications").exists()


def test_xdg_data_home_default_and_relative_values(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert desk.data_home() == tmp_path / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")  # the spec: ignore it
    assert desk.data_home() == tmp_path / ".local" / "share"


def test_a_manifest_that_is_a_pipe_or_a_link_is_not_read(data_home, fixed_command, capsys,
                                                         tmp_path):
    assert main(["install-desktop"]) == 0
    manifest = data_home / "plies" / "desktop-install.json"
    real = tmp_path / "elsewhere.json"
    real.write_text(manifest.read_text())
    manifest.unlink()
    manifest.symlink_to(real)
    capsys.readouterr()
    assert main(["install-desktop", "--uninstall"]) == 0  # a link is not trusted
    assert "Nothing to remove" in capsys.readouterr().out
    assert (data_home / "applications" / "plies.desktop").exists()
    manifest.unlink()
    os.mkfifo(manifest)  # would block a plain open() for good
    assert main(["install-desktop", "--uninstall"]) == 0
    assert "Nothing to remove" in capsys.readouterr().out
