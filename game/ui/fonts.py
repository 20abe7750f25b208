"""Which font files the window draws its texts with, for the language it speaks.

Latin-script languages read well in the first of :data:`SANS_FAMILIES` the system has
(pygame's own bold FreeSans covers them where none is found). Japanese and Chinese need
a font of their script: like a desktop, we ask fontconfig for the best sans-serif font
covering the language (``fc-match -a 'sans-serif:lang=ja'``, first face whose coverage
lists it). When no installed font covers it, :func:`missing_font` says so and the window
speaks English instead: boxes in place of letters help nobody.

Only fontconfig's own ``fc-match`` is run (part of every desktop with fontconfig), with
fixed arguments and a timeout; without it a Latin language still works and a CJK one is
reported missing.
"""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path

import pygame

__all__ = ["FONT_PACKAGES", "SANS_FAMILIES", "font_files", "missing_font", "needs_own_script"]

SANS_FAMILIES = ("dejavusans", "notosans", "liberationsans", "freesans", "arial",
                 "helvetica", "segoeui")
"""Where the regular weight comes from for Latin script, first found wins
(``pygame.font.match_font`` names). pygame ships one font, FreeSans Bold, so a regular
weight must come from the system; the bold weight is the same family's when it has one,
else pygame's own. A machine without any of these keeps pygame's bold for everything."""

FONTCONFIG_LANGUAGE = {"ja": "ja", "zh_CN": "zh-cn", "ko": "ko", "zh_TW": "zh-tw"}
"""fontconfig's name of each language whose script pygame's own font lacks."""

FONT_PACKAGES = "fonts-noto-cjk (Debian, Ubuntu), google-noto-sans-cjk-fonts (Fedora), noto-fonts-cjk (Arch)"
"""What to install for Japanese and Chinese, as the message and the README say."""

FONT_SUFFIXES = (".ttf", ".otf", ".ttc")


def needs_own_script(language: str) -> bool:
    """Whether ``language`` needs a font beyond Latin script (Japanese, Chinese)."""
    return language in FONTCONFIG_LANGUAGE


def _run(arguments: list[str]) -> str:
    """What a fontconfig tool prints, or ``""`` when it is missing or fails."""
    try:
        done = subprocess.run(arguments, capture_output=True, text=True, timeout=10,
                              check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, ValueError):
        return ""
    return done.stdout if done.returncode == 0 else ""


@functools.lru_cache(maxsize=16)
def _script_font(fc_language: str, bold: bool) -> str | None:
    """The best sans-serif face fontconfig has for ``fc_language`` (its file), or
    ``None``. Only the first face of a collection (``.ttc`` index 0) can be opened by
    pygame's font module, so a face at another index is passed over."""
    pattern = f"sans-serif:lang={fc_language}" + (":weight=bold" if bold else "")
    listing = _run(["fc-match", "-a", "-f", "%{file}\t%{index}\t%{lang}\n", pattern])
    for line in listing.splitlines():
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        path, index, languages = parts
        if index == "0" and path.lower().endswith(FONT_SUFFIXES) \
                and fc_language in languages.split("|") and Path(path).is_file():
            return path
    return None


@functools.lru_cache(maxsize=1)
def _latin_fonts() -> tuple[str | None, str | None]:
    regular = bold = None
    for family in SANS_FAMILIES:
        try:
            found = pygame.font.match_font(family)
        except Exception:  # noqa: BLE001 -- no fontconfig, an odd registry: bundled font
            found = None
        if found and found.lower().endswith((".ttf", ".otf")):
            regular = found
            try:
                bold = pygame.font.match_font(family, bold=True)
            except Exception:  # noqa: BLE001 -- as above
                bold = None
            if bold == regular:
                bold = None
            break
    return regular, bold


def font_files(language: str = "en") -> tuple[str | None, str | None]:
    """``(regular, bold)`` font files for texts in ``language``; ``None`` means pygame's
    bundled bold font. For a language of its own script, a missing bold face is the
    regular one (drawn heavier by pygame), never a font without the script."""
    if os.environ.get("PLIES_FONT") == "default":  # tests can force the bundled font
        return None, None
    if not needs_own_script(language):
        return _latin_fonts()
    fc_language = FONTCONFIG_LANGUAGE[language]
    regular = _script_font(fc_language, False)
    if regular is None:
        return None, None
    return regular, _script_font(fc_language, True) or regular


def missing_font(language: str) -> bool:
    """Whether ``language`` cannot be shown: its script needs a font none installed has."""
    if os.environ.get("PLIES_FONT") == "default":
        return needs_own_script(language)
    return needs_own_script(language) and _script_font(FONTCONFIG_LANGUAGE[language],
                                                       False) is None
