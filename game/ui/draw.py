"""Drawing helpers: cached text, rounded cards with soft shadows, shaded pieces.

Everything expensive (rendered text, blurred shadows, supersampled pieces) is cached
by its parameters in small bounded caches, so a frame redraws the whole window
cheaply. Caching is memoisation, not state: ``draw`` methods stay side-effect free
as far as the program's behaviour goes.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

import pygame

from game import i18n
from game.ui import fonts
from game.ui.theme import RGB, mix

V = TypeVar("V")
"""What a cache holds: a font or a surface."""

SUPERSAMPLE = 3
"""Pieces and board holes are drawn this many times larger, then smooth-scaled down."""


def _pixels(value: object) -> int:
    return value.get_width() * value.get_height() if isinstance(value, pygame.Surface) else 0


class _Cache(Generic[V]):
    """A small LRU cache of surfaces (or anything) by key, bounded in entries and pixels.

    The pixel bound matters when the window is dragged through many sizes: every size
    makes its own board frame and shadows, and those must not pile up.
    """

    def __init__(self, size: int, max_pixels: int = 16_000_000) -> None:
        self.size = size
        self.max_pixels = max_pixels
        self.pixels = 0
        self.items: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        try:
            self.items.move_to_end(key)
            return self.items[key]
        except KeyError:
            value = _converted(make())
            self.items[key] = value
            self.pixels += _pixels(value)
            while len(self.items) > 1 and (len(self.items) > self.size
                                           or self.pixels > self.max_pixels):
                _, old = self.items.popitem(last=False)
                self.pixels -= _pixels(old)
            return value

    def clear(self) -> None:
        self.items.clear()
        self.pixels = 0


def _converted(value: V) -> V:
    """A surface in the display's pixel format (much faster to blit), when there is one."""
    if isinstance(value, pygame.Surface) and pygame.display.get_init() \
            and pygame.display.get_surface() is not None:
        try:
            # A surface stays a surface (``V`` is ``pygame.Surface`` here).
            if value.get_flags() & pygame.SRCALPHA:
                return cast(V, value.convert_alpha())
            if value.get_alpha() is None:
                return cast(V, value.convert())
        except pygame.error:
            pass
    return value


_fonts: _Cache[pygame.font.Font] = _Cache(64)
_texts: _Cache[pygame.Surface] = _Cache(1200)
_sizes: _Cache[tuple[int, int]] = _Cache(4000)
"""``text_size``'s answers: wrapping and shortening measure the same pieces of text in
every frame (a fifth of a language tour's drawing was ``Font.size``)."""
_shapes: _Cache[pygame.Surface] = _Cache(400)

DEFAULT_SCALE = 0.6875
"""pygame renders its default font at this fraction of the asked size; file fonts are
asked for the same fraction, so a ``size`` means about the same height for both."""


def language_changed() -> None:
    """Forget fonts and rendered texts: the language now spoken may need another script's
    font (``game.ui.fonts``), and every cached text is in the old language."""
    _fonts.clear()
    _texts.clear()
    _sizes.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at ``size`` (regular, or ``bold`` for headings and emphasis; cached)."""
    language = i18n.current()

    def make() -> pygame.font.Font:
        regular, heavy = fonts.font_files(language)
        path = heavy if bold else regular
        if path is not None:
            try:
                made = pygame.font.Font(path, max(1, round(size * DEFAULT_SCALE)))
                made.bold = bold and path == regular  # a script font with no bold face
                return made
            except (OSError, pygame.error):
                pass
        return pygame.font.Font(None, size)
    return _fonts.get((size, bold, language), make)


def text_surface(text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
    """``text`` rendered antialiased (cached)."""
    return _texts.get((text, size, colour, bold, i18n.current()),
                      lambda: font(size, bold).render(text, True, colour))


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height ``text`` takes at ``size`` (cached)."""
    return _sizes.get((text, size, bold, i18n.current()), lambda: font(size, bold).size(text))


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text``, cut with an ellipsis so it fits in ``max_width`` pixels."""
    if max_width <= 0:
        return ""
    if text_size(text, size, bold)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_size(text[:mid].rstrip() + "…", size, bold)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit_size(text: str, size: int, max_width: int, min_size: int = 10,
             bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``max_width``."""
    while size > min_size and text_size(text, size, bold)[0] > max_width:
        size -= 1
    return size


_NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー…‥々ゝゞヽヾ,.:;?!)%")
"""Characters a Japanese or Chinese line never starts with (closing marks, the long-vowel
mark, iteration marks): they stay with the character before them."""


def _is_wide(character: str) -> bool:
    """A character of a script written without spaces (CJK ideographs, kana, Hangul, fullwidth
    forms and CJK punctuation): a line may break before it."""
    code = ord(character)
    return 0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF \
        or 0xFF00 <= code <= 0xFFEF


_NO_LINE_END = set("「『（【〔〈《(")
"""Opening marks: they stay with the character after them."""


def _pieces(paragraph: str) -> list[tuple[str, bool]]:
    """``paragraph`` cut where a line may break: ``(piece, space_before)``. Words are
    separated by spaces; in Japanese and Chinese a line may also break between any two
    characters, but not before a closing mark or after an opening one."""
    pieces: list[tuple[str, bool]] = []
    for number, word in enumerate(paragraph.split(" ")):
        segments = [""]
        for character in word:
            before = segments[-1][-1:]
            if before and (_is_wide(character) or _is_wide(before)) \
                    and character not in _NO_LINE_START and before not in _NO_LINE_END:
                segments.append(character)
            else:
                segments[-1] += character
        pieces += [(segment, number > 0 and index == 0) for index, segment in enumerate(segments)]
    return pieces


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines that fit ``max_width`` (words longer than a line are cut);
    Japanese and Chinese break between characters, as they are written."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece, space in _pieces(paragraph):
            trial = piece if not line else f"{line}{' ' if space else ''}{piece}"
            if text_size(trial, size, bold)[0] <= max_width:
                line = trial
            else:
                if line:
                    lines.append(line)
                line = ellipsize(piece, size, max_width, bold)
        lines.append(line)
    return lines


def blit_lines(surface: pygame.Surface, text: str, size: int, colour: RGB,
               pos: tuple[float, float], width: int, min_size: int = 14,
               max_lines: int = 2) -> pygame.Rect:
    """An explaining sentence that is never cut where it can be helped: on one line
    left-aligned at ``pos`` (its left end, vertically centred there) at the largest size
    from ``size`` down to ``min_size + 1`` that fits ``width``, else wrapped on up to
    ``max_lines`` lines at ``min_size`` (only a text longer than that is shortened).
    Returns the area drawn."""
    one = fit_size(text, size, width, min_size + 1)
    if text_size(text, one)[0] <= width:
        return blit_text(surface, text, one, colour, pos, "midleft", max_width=width)
    lines = wrap(text, min_size, width)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    step = text_size("Ag", min_size)[1] - 2
    top = pos[1] - step * len(lines) / 2
    area = pygame.Rect(round(pos[0]), round(top), 0, 0)
    for number, line in enumerate(lines):
        area.union_ip(blit_text(surface, line, min_size, colour, (pos[0], top + number * step),
                                "topleft", max_width=width))
    return area


def blit_text(surface: pygame.Surface, text: str, size: int, colour: RGB,
              pos: tuple[float, float], anchor: str = "topleft",
              max_width: int | None = None, bold: bool = False,
              min_size: int | None = None) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a ``pygame.Rect`` attribute) at ``pos``.
    A text wider than ``max_width`` is drawn smaller, down to ``min_size`` when given
    (a longer language's words stay whole), and only then cut with an ellipsis."""
    if max_width is not None:
        if min_size is not None:
            size = fit_size(text, size, max_width, min_size, bold)
        text = ellipsize(text, size, max_width, bold)
    image = text_surface(text, size, colour, bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, radius: int,
                 border: int = 0, border_colour: RGB | None = None) -> None:
    """A filled rounded rectangle, optionally with a border."""
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border and border_colour is not None:
        pygame.draw.rect(surface, border_colour, rect, border, border_radius=radius)


def _blurred(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A soft dark rounded rectangle ``blur`` pixels larger on every side."""
    w, h = size
    pad = blur * 2
    small = max(1, blur // 2)
    shape = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(shape, (0, 0, 0, alpha), pygame.Rect(pad, pad, w, h), border_radius=radius)
    # Down- then up-scaling is a cheap, good-looking blur.
    factor = max(2, small)
    tiny = pygame.transform.smoothscale(
        shape, (max(1, shape.get_width() // factor), max(1, shape.get_height() // factor)))
    return pygame.transform.smoothscale(tiny, shape.get_size())


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, alpha: int,
           blur: int = 10, offset: tuple[int, int] = (0, 4)) -> None:
    """A soft drop shadow under ``rect`` (nothing when ``alpha`` is 0)."""
    if alpha <= 0 or rect.width <= 0 or rect.height <= 0:
        return
    image = _shapes.get(("shadow", rect.size, radius, blur, alpha),
                        lambda: _blurred(rect.size, radius, blur, alpha))
    pad = blur * 2
    assert isinstance(image, pygame.Surface)
    surface.blit(image, (rect.x - pad + offset[0], rect.y - pad + offset[1]))


def card(surface: pygame.Surface, rect: pygame.Rect, fill: RGB, border: RGB, radius: int,
         shadow_alpha: int, border_width: int = 1) -> None:
    """A raised card: soft shadow, fill, hairline border."""
    shadow(surface, rect, radius, shadow_alpha // 2, blur=12, offset=(0, 3))
    rounded_rect(surface, rect, fill, radius, border_width, border)


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """A surface filled with a top-to-bottom gradient (cached)."""
    def make() -> pygame.Surface:
        strip = pygame.Surface((1, 2))
        strip.set_at((0, 0), top)
        strip.set_at((0, 1), bottom)
        return pygame.transform.smoothscale(strip, (max(1, size[0]), max(1, size[1])))
    return _shapes.get(("vgrad", size, top, bottom), make)


def rounded(image: pygame.Surface, radius: int) -> pygame.Surface:
    """A copy of ``image`` with its corners cut round (transparent), supersampled edges."""
    w, h = image.get_size()
    s = 2
    mask = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius * s)
    mask = pygame.transform.smoothscale(mask, (w, h))
    out = image.convert_alpha() if pygame.display.get_surface() is not None \
        else image.copy()
    if not out.get_flags() & pygame.SRCALPHA:
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.blit(out, (0, 0))
        out = layer
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _piece(radius: int, colour: RGB, outline: RGB | None, style: str, with_shadow: bool,
           alpha: int) -> pygame.Surface:
    """A shaded round piece, supersampled; the surface is centred on the piece."""
    s = SUPERSAMPLE
    r = radius * s
    pad = max(3, radius // 3) * s
    size = 2 * (r + pad)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    if with_shadow:
        blob = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(blob, (0, 0, 0, 110), (c + r // 12, c + r // 7), r)
        tiny = pygame.transform.smoothscale(blob, (max(1, size // 10), max(1, size // 10)))
        image.blit(pygame.transform.smoothscale(tiny, (size, size)), (0, 0))
    light = luminance_of(colour) > 0.5
    if style == "stone":
        # A convex stone: a radial gradient with the light from the upper left.
        steps = 24
        for i in range(steps):
            t = i / (steps - 1)
            rr = round(r * (1 - 0.85 * t))
            shade = mix(mix(colour, (0, 0, 0), 0.18 if light else 0.0), 
                        mix(colour, (255, 255, 255), 0.55 if not light else 0.25), t ** 1.6)
            off = round(r * 0.32 * t)
            pygame.draw.circle(image, shade, (c - off, c - off), rr)
    else:
        # A flat disc with a bevelled rim and a soft sheen.
        rim = mix(colour, (0, 0, 0), 0.28)
        pygame.draw.circle(image, rim, (c, c), r)
        top = mix(colour, (255, 255, 255), 0.22)
        pygame.draw.circle(image, colour, (c, c), round(r * 0.9))
        inner = round(r * 0.72)
        pygame.draw.circle(image, mix(colour, (0, 0, 0), 0.08), (c, c), inner)
        pygame.draw.circle(image, colour, (c, c), round(inner * 0.93))
        sheen = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.ellipse(sheen, (*top, 90), pygame.Rect(c - r * 0.62, c - r * 0.78,
                                                            r * 1.1, r * 0.7))
        image.blit(sheen, (0, 0))
    if outline is not None:
        pygame.draw.circle(image, outline, (c, c), r, max(2, r // 9))
    result = pygame.transform.smoothscale(image, (size // s, size // s))
    if alpha < 255:
        result.set_alpha(alpha)
    return result


def luminance_of(c: RGB) -> float:
    """Perceived lightness 0..1 (a quick approximation)."""
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def piece(surface: pygame.Surface, centre: tuple[float, float], radius: int, colour: RGB,
          *, outline: RGB | None = None, style: str = "disc", with_shadow: bool = True,
          alpha: int = 255, squash: float = 1.0) -> None:
    """Draw a shaded piece centred on ``centre``.

    Args:
        style: ``"disc"`` (Connect-4, Othello) or ``"stone"`` (Gomoku).
        alpha: translucency (ghost pieces under the mouse).
        squash: horizontal scale 0..1 (a disc seen edge-on while it flips).
    """
    if radius < 2:
        return
    image = _shapes.get(("piece", radius, colour, outline, style, with_shadow, alpha),
                        lambda: _piece(radius, colour, outline, style, with_shadow, alpha))
    assert isinstance(image, pygame.Surface)
    if squash < 0.999:
        w = max(1, round(image.get_width() * squash))
        image = pygame.transform.smoothscale(image, (w, image.get_height()))
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(image, rect)


def aa_circle(surface: pygame.Surface, colour: RGB, centre: tuple[float, float], radius: int,
              width: int = 0, alpha: int = 255) -> None:
    """A smooth (supersampled) circle or ring, optionally translucent."""
    if radius < 1:
        return
    def make() -> pygame.Surface:
        s = SUPERSAMPLE
        size = 2 * (radius + 2) * s
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(image, (*colour, alpha), (size // 2, size // 2), radius * s,
                           width * s)
        return pygame.transform.smoothscale(image, (size // s, size // s))
    image = _shapes.get(("circle", colour, radius, width, alpha), make)
    assert isinstance(image, pygame.Surface)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def translucent_rect(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, alpha: int,
                     radius: int = 0) -> None:
    """A rectangle blended over what is already drawn."""
    if rect.width <= 0 or rect.height <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect)


def thick_line(surface: pygame.Surface, colour: RGB, a: tuple[float, float],
               b: tuple[float, float], width: int, alpha: int = 255) -> None:
    """A line with round caps, blended (used for the winning line)."""
    minx, maxx = min(a[0], b[0]) - width, max(a[0], b[0]) + width
    miny, maxy = min(a[1], b[1]) - width, max(a[1], b[1]) + width
    rect = pygame.Rect(math.floor(minx), math.floor(miny), math.ceil(maxx - minx) + 1,
                       math.ceil(maxy - miny) + 1)
    s = 2
    layer = pygame.Surface((rect.width * s, rect.height * s), pygame.SRCALPHA)
    pa = ((a[0] - rect.x) * s, (a[1] - rect.y) * s)
    pb = ((b[0] - rect.x) * s, (b[1] - rect.y) * s)
    pygame.draw.line(layer, (*colour, alpha), pa, pb, width * s)
    pygame.draw.circle(layer, (*colour, alpha), pa, width * s // 2)
    pygame.draw.circle(layer, (*colour, alpha), pb, width * s // 2)
    surface.blit(pygame.transform.smoothscale(layer, rect.size), rect)


_layers: _Cache[pygame.Surface] = _Cache(3)


def memo(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A large surface made once per ``key`` (a scene's static layer); only a few are kept."""
    return _layers.get(key, make)


def clear_caches() -> None:
    """Forget every cached surface (after a theme change or ``pygame.quit``)."""
    _fonts.clear()
    _texts.clear()
    _sizes.clear()
    _shapes.clear()
    _layers.clear()
