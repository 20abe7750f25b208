"""Synthesise the project's icon and sound effects with the standard library only.

Run ``python -m assets.generate`` to rewrite the files beside this module, or call
:func:`generate` with another folder. The output is deterministic: the same Python
and zlib give byte-identical files (the noise comes from a fixed linear
congruential generator, the PNG carries no timestamp).

What is made (see LICENSE.md beside this file):

* ``icon.png`` — 64x64 RGBA: a black and a white disc (Othello, Gomoku) and a red
  disc (Connect-4) on a green board, drawn with 4x4 supersampling; ``icon-256.png``,
  the same drawing at 256x256 (2x2 supersampling) for the desktop menu's large sizes.
* 16-bit mono 44.1 kHz WAV sound effects: ``place`` (a soft knock), ``flip`` (a
  light tick), ``drop`` (a thunk and a small rebound), ``win`` (a rising arpeggio),
  ``lose`` (a falling one), ``illegal`` (a soft low buzz), ``hint`` (a two-note chime).
"""

from __future__ import annotations

import math
import struct
import sys
import wave
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 44_100
"""Samples per second of every sound."""
HERE = Path(__file__).resolve().parent

Samples = list[float]


# --- sound building blocks -------------------------------------------------------------


class _Noise:
    """White noise in [-1, 1) from a 32-bit LCG (Numerical Recipes constants): same every run."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF

    def __call__(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 2_147_483_648.0 - 1.0


def _silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def _mix(into: Samples, sound: Samples, at: float = 0.0, gain: float = 1.0) -> Samples:
    """Add ``sound`` into ``into`` starting ``at`` seconds in (``into`` grows if needed)."""
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += gain * value
    return into


def _tone(freq: float, seconds: float, *, decay: float,
          partials: Iterable[tuple[float, float]] = ((1, 1),),
          attack: float = 0.002, glide: float = 0.0) -> Samples:
    """A sum of sine partials ``(ratio, amplitude)`` under an attack and exponential decay.

    ``decay`` is the time constant in seconds; ``glide`` bends the pitch by that
    fraction over the sound (negative: downwards, like a thud settling).
    """
    partials = tuple(partials)
    total = sum(a for _, a in partials)
    out: Samples = []
    phase = [0.0] * len(partials)
    n = round(seconds * RATE)
    for i in range(n):
        t = i / RATE
        f = freq * (1.0 + glide * t / seconds)
        env = min(1.0, t / attack) * math.exp(-t / decay) if attack else math.exp(-t / decay)
        value = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phase[k] += 2 * math.pi * f * ratio / RATE
            value += amp * math.sin(phase[k])
        out.append(env * value / total)
    return out


def _noise_burst(seconds: float, *, decay: float, seed: int, smooth: float = 0.0) -> Samples:
    """Decaying noise; ``smooth`` in [0, 1) low-passes it (one pole) for a duller knock."""
    noise = _Noise(seed)
    out: Samples = []
    last = 0.0
    for i in range(round(seconds * RATE)):
        last = smooth * last + (1 - smooth) * noise()
        out.append(last * math.exp(-i / RATE / decay))
    return out


def _fade_out(samples: Samples, seconds: float = 0.005) -> Samples:
    """A short linear fade so that no sound ends on a click."""
    n = min(len(samples), round(seconds * RATE))
    for i in range(n):
        samples[len(samples) - n + i] *= (n - i) / n
    return samples


def _normalise(samples: Samples, peak: float) -> Samples:
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


def _wav_bytes(samples: Samples) -> bytes:
    """16-bit little-endian PCM frames (clipped)."""
    return b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)


def _write_wav(path: Path, samples: Samples) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(_wav_bytes(samples))


# --- the sounds -------------------------------------------------------------------------

_WOOD = ((1.0, 1.0), (2.76, 0.45), (5.4, 0.18))  # inharmonic partials of a struck block
_BELL = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05))


def place_sound() -> Samples:
    """A stone set down on a wooden board: a soft knock, 90 ms."""
    body = _tone(520, 0.09, decay=0.018, partials=_WOOD, attack=0.0008, glide=-0.08)
    click = _noise_burst(0.09, decay=0.004, seed=1, smooth=0.55)
    return _fade_out(_normalise(_mix(body, click, gain=0.35), 0.6))


def flip_sound() -> Samples:
    """An Othello disc turning over: a light, high tick, 45 ms."""
    tick = _tone(1750, 0.045, decay=0.007, partials=((1, 1), (2.3, 0.3)), attack=0.0005)
    air = _noise_burst(0.045, decay=0.003, seed=2, smooth=0.2)
    return _fade_out(_normalise(_mix(tick, air, gain=0.25), 0.4))


def drop_sound() -> Samples:
    """A Connect-4 disc landing in its column: a low thunk and a small rebound, 200 ms."""
    thunk = _tone(150, 0.2, decay=0.05, partials=((1, 1), (2.1, 0.5), (3.9, 0.2)),
                  attack=0.001, glide=-0.25)
    rattle = _noise_burst(0.2, decay=0.006, seed=3, smooth=0.7)
    bounce = _tone(190, 0.08, decay=0.015, partials=_WOOD, attack=0.001)
    sound = _mix(thunk, rattle, gain=0.5)
    _mix(sound, bounce, at=0.075, gain=0.25)
    return _fade_out(_normalise(sound, 0.75))


def _arpeggio(freqs: Iterable[float], step: float, ring: float, peak: float) -> Samples:
    sound: Samples = []
    for i, freq in enumerate(freqs):
        _mix(sound, _tone(freq, ring, decay=ring / 3.5, partials=_BELL, attack=0.004), at=i * step)
    return _fade_out(_normalise(sound, peak), 0.02)


def _note(semitones_from_a4: int) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


def win_sound() -> Samples:
    """A rising major arpeggio, C5 E5 G5 C6, 620 ms."""
    return _arpeggio([_note(n) for n in (3, 7, 10, 15)], 0.09, 0.35, 0.7)


def lose_sound() -> Samples:
    """A falling minor figure, G4 Eb4 C4, slower and darker, 640 ms."""
    return _arpeggio([_note(n) for n in (-2, -6, -9)], 0.14, 0.36, 0.55)


def illegal_sound() -> Samples:
    """A soft low buzz, 170 ms: odd harmonics of 110 Hz with a gentle wobble."""
    n = round(0.17 * RATE)
    out: Samples = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.01) * min(1.0, (0.17 - t) / 0.04)
        value = sum(math.sin(2 * math.pi * 110 * k * t) / k for k in (1, 3, 5, 7))
        out.append(env * value * (0.8 + 0.2 * math.sin(2 * math.pi * 30 * t)))
    return _fade_out(_normalise(out, 0.35))


def hint_sound() -> Samples:
    """A quiet two-note chime (E6, then B5), 300 ms."""
    return _arpeggio([_note(19), _note(14)], 0.08, 0.22, 0.4)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "place": place_sound,
    "flip": flip_sound,
    "drop": drop_sound,
    "win": win_sound,
    "lose": lose_sound,
    "illegal": illegal_sound,
    "hint": hint_sound,
}
"""Every sound effect by name; ``<name>.wav`` is written for each."""


# --- the icon ---------------------------------------------------------------------------

ICON_SIZE = 64
_SUPERSAMPLE = 4
LARGE_ICON_SIZE = 256
"""``icon-256.png``: ``plies install-desktop`` scales the menu's icon sizes from it."""

RGBA = tuple[float, float, float, float]


def _over(top: RGBA, bottom: RGBA) -> RGBA:
    """Porter-Duff "over" of two straight-alpha colours (components 0-1)."""
    ta = top[3]
    if ta >= 1.0:
        return top
    a = ta + bottom[3] * (1 - ta)
    if a <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    return (
        (top[0] * ta + bottom[0] * bottom[3] * (1 - ta)) / a,
        (top[1] * ta + bottom[1] * bottom[3] * (1 - ta)) / a,
        (top[2] * ta + bottom[2] * bottom[3] * (1 - ta)) / a,
        a,
    )


def _rounded_rect_distance(x: float, y: float, x0: float, y0: float, x1: float, y1: float,
                           r: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle (negative inside)."""
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return math.hypot(x - cx, y - cy) - r


def _disc(x: float, y: float, cx: float, cy: float, r: float,
          base: tuple[float, float, float], light: tuple[float, float, float],
          rim: tuple[float, float, float]) -> RGBA | None:
    """A shaded disc: a highlight up and to the left, darker towards the rim."""
    d = math.hypot(x - cx, y - cy)
    if d > r:
        return None
    # highlight centred up-left; falls off over ~0.9 r
    h = math.hypot(x - (cx - 0.35 * r), y - (cy - 0.4 * r)) / (0.9 * r)
    shine = max(0.0, 1.0 - h) ** 1.6
    edge = max(0.0, (d / r - 0.72) / 0.28) ** 1.5
    colour = [base[i] + (light[i] - base[i]) * shine for i in range(3)]
    colour = [colour[i] + (rim[i] - colour[i]) * edge for i in range(3)]
    return (colour[0], colour[1], colour[2], 1.0)


_DISCS = (
    # centre x, centre y, radius, base, highlight, rim
    (19.5, 21.0, 12.0, (0.10, 0.10, 0.12), (0.55, 0.57, 0.62), (0.02, 0.02, 0.03)),
    (44.5, 21.0, 12.0, (0.93, 0.93, 0.90), (1.00, 1.00, 1.00), (0.70, 0.70, 0.66)),
    (32.0, 50.0, 12.0, (0.86, 0.12, 0.12), (1.00, 0.55, 0.50), (0.55, 0.04, 0.05)),
)
_BOARD = (2.0, 2.0, 62.0, 62.0, 9.0)


def _icon_sample(x: float, y: float) -> RGBA:
    """The colour of the icon at the point (x, y), in pixel units."""
    colour: RGBA = (0.0, 0.0, 0.0, 0.0)
    x0, y0, x1, y1, radius = _BOARD
    # a soft shadow under the board
    sd = _rounded_rect_distance(x, y - 1.2, x0, y0, x1, y1, radius)
    if sd < 1.5:
        colour = _over((0.0, 0.0, 0.0, 0.35 * min(1.0, (1.5 - sd) / 3.0)), colour)
    d = _rounded_rect_distance(x, y, x0, y0, x1, y1, radius)
    if d <= 0:
        shade = 0.06 * (y - 32) / 30  # lighter at the top
        felt = (0.09 - shade, 0.52 - 2 * shade, 0.27 - shade, 1.0)
        if d > -2.2:  # a darker bevel round the edge
            felt = (0.04, 0.33, 0.16, 1.0)
        elif abs(x - 32.0) < 0.7 or abs(y - 36.0) < 0.7:  # the grid
            felt = (0.05, 0.38, 0.19, 1.0)
        colour = _over(felt, colour)
    for cx, cy, r, base, light, rim in _DISCS:
        # each disc casts a small shadow down-right
        sd = math.hypot(x - cx - 1.0, y - cy - 1.8) - r
        if sd < 1.5 and d <= 0:
            colour = _over((0.0, 0.1, 0.0, 0.45 * min(1.0, (1.5 - sd) / 3.0)), colour)
        disc = _disc(x, y, cx, cy, r, base, light, rim)
        if disc is not None:
            colour = _over(disc, colour)
    return colour


def icon_pixels(size: int = ICON_SIZE) -> bytes:
    """RGBA bytes of the icon, row by row, each pixel averaged over 4x4 samples (2x2
    above 64 pixels, where a pixel covers a quarter of the drawing's unit or less)."""
    scale = ICON_SIZE / size
    n = _SUPERSAMPLE if size <= ICON_SIZE else 2
    out = bytearray()
    for py in range(size):
        for px in range(size):
            r = g = b = a = 0.0
            for sy in range(n):
                for sx in range(n):
                    c = _icon_sample((px + (sx + 0.5) / n) * scale, (py + (sy + 0.5) / n) * scale)
                    r += c[0] * c[3]
                    g += c[1] * c[3]
                    b += c[2] * c[3]
                    a += c[3]
            if a > 0:
                out += bytes((round(255 * min(1.0, r / a)), round(255 * min(1.0, g / a)),
                              round(255 * min(1.0, b / a)), round(255 * a / (n * n))))
            else:
                out += b"\0\0\0\0"
    return bytes(out)


def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """A minimal PNG (8-bit RGBA, no filter, no ancillary chunks) for ``rgba`` pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# --- driver -----------------------------------------------------------------------------


def generate(out_dir: Path | str = HERE) -> list[Path]:
    """Write ``icon.png`` and every ``<sound>.wav`` into ``out_dir``; return their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    icon = out / "icon.png"
    icon.write_bytes(png_bytes(ICON_SIZE, ICON_SIZE, icon_pixels()))
    written.append(icon)
    large = out / f"icon-{LARGE_ICON_SIZE}.png"
    large.write_bytes(png_bytes(LARGE_ICON_SIZE, LARGE_ICON_SIZE, icon_pixels(LARGE_ICON_SIZE)))
    written.append(large)
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        _write_wav(path, make())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m assets.generate [OUT_DIR]``: write the assets, list them with sizes."""
    args = sys.argv[1:] if argv is None else argv
    paths = generate(Path(args[0]) if args else HERE)
    for path in paths:
        print(f"{path.stat().st_size:>8}  {path}")
    print(f"{sum(p.stat().st_size for p in paths):>8}  total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
