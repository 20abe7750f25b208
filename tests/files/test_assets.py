"""The project's own assets: present, in the promised formats, small and reproducible."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from assets import generate
from game.resources import ICON, LARGE_ICON, SOUNDS, asset_path, sound_path

ASSETS = Path(generate.__file__).resolve().parent


def test_asset_path_finds_the_package_files() -> None:
    assert asset_path(ICON) == ASSETS / "icon.png"
    assert sound_path("place") == ASSETS / "place.wav"
    for bad in ("", "..", "../pyproject.toml", "a/b.wav"):
        with pytest.raises(ValueError):
            asset_path(bad)
    with pytest.raises(ValueError):
        sound_path("explosion")


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_format(name: str) -> None:
    path = sound_path(name)
    assert path.is_file()
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44_100)
        assert w.getcomptype() == "NONE"
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    assert 0.02 <= seconds <= 1.0
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767, "audible but not clipped"
    assert abs(samples[-1]) < 200, "ends quietly, without a click"


def test_every_generated_sound_is_listed() -> None:
    assert tuple(generate.SOUNDS) == SOUNDS


def test_icon_loads_with_pygame() -> None:
    pygame.init()
    try:
        icon = pygame.image.load(str(asset_path(ICON)))
        assert icon.get_size() == (64, 64)
        assert icon.get_bitsize() == 32 and icon.get_flags() & pygame.SRCALPHA
        assert icon.get_at((0, 0)).a == 0, "transparent corners"
        assert icon.get_at((32, 32)).a == 255
    finally:
        pygame.quit()


def test_total_size_is_small() -> None:
    files = [asset_path(ICON)] + [sound_path(s) for s in SOUNDS]
    assert sum(f.stat().st_size for f in files) < 300_000


def test_licence_is_there() -> None:
    text = (ASSETS / "LICENSE.md").read_text(encoding="utf-8")
    assert "generate.py" in text and "CC0" in text and "freesansbold" in text


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> list[Path]:
    """The files ``python -m assets.generate DIR`` makes (a program of its own, as a
    person runs it), made once for the tests below: it takes seconds."""
    out = tmp_path_factory.mktemp("assets")
    done = subprocess.run([sys.executable, "-m", "assets.generate", str(out)],
                          capture_output=True, text=True, cwd=ASSETS.parent, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("total")
    return sorted(out.iterdir())


@pytest.mark.slow
def test_shipped_files_match_the_generator(generated: list[Path]) -> None:
    """The committed files are what the generator makes (sounds byte for byte; the icon
    pixel for pixel, since another zlib may compress the same pixels differently)."""
    assert sorted(p.name for p in generated) == sorted(
        [ICON, LARGE_ICON] + [f"{s}.wav" for s in SOUNDS])
    for path in generated:
        shipped = ASSETS / path.name
        if path.suffix == ".wav":
            assert shipped.read_bytes() == path.read_bytes(), path.name
        else:
            a, b = pygame.image.load(str(shipped)), pygame.image.load(str(path))
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


@pytest.mark.slow
def test_the_script_makes_the_same_files_again(generated: list[Path]) -> None:
    """A second run (another process) makes the same files byte for byte: the generation
    is deterministic.

    The first run is the one that made the shipped files, in a process of its own: the
    script's run here gives their sounds byte for byte and their icons pixel for pixel,
    and each icon file is nothing but those pixels encoded (``png_bytes``: no time stamp,
    no chunk that another run could write otherwise), so two runs on one machine give
    the same bytes."""
    assert sorted(p.name for p in generated) == sorted(
        [ICON, LARGE_ICON] + [f"{s}.wav" for s in SOUNDS])
    for path in generated:
        shipped = ASSETS / path.name
        if path.suffix == ".wav":
            assert shipped.read_bytes() == path.read_bytes(), path.name
            continue
        pixels = pygame.image.tobytes(pygame.image.load(str(path)), "RGBA")
        assert pixels == pygame.image.tobytes(pygame.image.load(str(shipped)), "RGBA")
        size = {ICON: 64, LARGE_ICON: 256}[path.name]
        assert path.read_bytes() == generate.png_bytes(size, size, pixels), path.name
