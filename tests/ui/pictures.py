"""What a person would notice in a screenshot: a colour at a place, text in a field.

The screenshot tests check their picture with these (not only that it was saved):
a stone where it was played, a red sign on a forbidden point, the typed text drawn in
its field, a chosen segment that looks unlike the others.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

Colour = tuple[int, int, int]


def samples(surface: Any, rect: Any, step: int = 2) -> list[Colour]:
    """The colours of ``rect`` (clipped to the surface), every ``step`` pixels."""
    area = pygame.Rect(rect).clip(surface.get_rect())
    return [tuple(surface.get_at((x, y))[:3]) for x in range(area.left, area.right, step)
            for y in range(area.top, area.bottom, step)]


def dominant(surface: Any, rect: Any) -> Colour:
    """The most common colour of ``rect``: its background."""
    return Counter(samples(surface, rect)).most_common(1)[0][0]


def distance(a: Colour, b: Colour) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def ink(surface: Any, rect: Any, contrast: int = 80) -> int:
    """How many sampled pixels of ``rect`` stand out from its background by ``contrast``
    (text, a mark, a stone): 0 for a plain area."""
    back = dominant(surface, rect)
    return sum(1 for c in samples(surface, rect) if distance(c, back) >= contrast)


def ink_span(surface: Any, rect: Any, contrast: int = 80) -> int:
    """How many pixels wide the ink of ``rect`` is, first inked column to the last: a
    longer text in a field draws wider."""
    area = pygame.Rect(rect).clip(surface.get_rect())
    back = dominant(surface, area)
    columns = [x for x in range(area.left, area.right)
               if any(distance(tuple(surface.get_at((x, y))[:3]), back) >= contrast
                      for y in range(area.top, area.bottom))]
    return columns[-1] - columns[0] + 1 if columns else 0


def changed(before: Any, after: Any, step: int = 7) -> float:
    """The share of sampled pixels that differ between two pictures of one size."""
    assert before.get_size() == after.get_size()
    points = [(x, y) for x in range(0, before.get_width(), step)
              for y in range(0, before.get_height(), step)]
    return sum(1 for p in points if before.get_at(p) != after.get_at(p)) / len(points)


def around(centre: tuple[float, float], radius: float) -> pygame.Rect:
    """The square of half-side ``radius`` around ``centre``."""
    r = round(radius)
    return pygame.Rect(round(centre[0]) - r, round(centre[1]) - r, 2 * r + 1, 2 * r + 1)


def share(surface: Any, rect: Any, test) -> float:
    """The share of the sampled pixels of ``rect`` for which ``test(colour)`` holds."""
    colours = samples(surface, rect)
    return sum(1 for c in colours if test(c)) / len(colours)


def deep_red(c: Colour) -> bool:
    return c[0] > 150 and c[1] < 70 and c[2] < 80


def dark(c: Colour) -> bool:
    """A black stone's pixel (its highlight aside): dark grey to black."""
    return max(c) < 110


def light(c: Colour) -> bool:
    """A white stone's pixel: light and grey (the wood of the boards has little blue)."""
    return min(c) > 180
