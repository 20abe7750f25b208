"""Figures and worksheets (``game.formats.tree_svg.Drawing``) as PDF pages, A4 or Letter.

Drawn with fpdf2 (pure Python on fontTools and Pillow, both with wheels: nothing to
install from the system, actively maintained, Unicode TrueType fonts embedded as
subsets). Each drawing starts a new page, portrait when it fits the page's width and
landscape otherwise (a drawing is never wider than a landscape page less its margins,
``tree_svg.PAGE_WIDTH``, so it is printed at its size: its smallest text stays 10 pt);
a drawing taller than a page breaks at the places it allows (between the parts of a
split tree).

Fonts: PDF's built-in fonts know only Latin-1, and the figures need ``−``, ``∞``, ``α``,
``β``, ``≤`` and the catalogs' own letters. The text is set in DejaVu Sans (the font the
SVGs name first, and the metrics ``tree_svg`` measures with); characters it lacks (the
Chinese and Japanese catalogs) fall back to Noto Sans CJK. Both are found through
fontconfig (``fc-match``), else in the usual folders; Plies ships no font (Noto CJK
alone is 20 MB). A text no font found can draw is refused with a sentence naming the
characters and the font to install: a PDF with empty boxes in place of the question is
worse than no PDF.

>>> from game.formats.tree_svg import FigNode, figure_drawing
>>> leaf = FigNode("leaf", "", "a1", "+3")
>>> data = pdf_bytes([figure_drawing(FigNode("max", "", "", "+3", children=[leaf]), "A tree")])
>>> data[:5]
b'%PDF-'
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence

from game.formats.tree_svg import Drawing, Shape
from game.i18n import _, current, raw

PAPERS: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Portrait page sizes in points."""
PAGE_MARGIN = 36.0
"""Half an inch all round: inside every office printer's unprintable edge."""
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", os.path.expanduser("~/.fonts"),
                os.path.expanduser("~/.local/share/fonts"))
"""Where fonts are looked for when fontconfig is not there."""
MAIN_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
CJK_FONTS = ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc")
CJK_LANGS = ("zh-cn", "ja", "zh-tw", "ko")  # untranslated: fontconfig language tags


class PdfError(ValueError):
    """A PDF that cannot be made here (no font for the text); one sentence."""


@functools.cache
def _fc_match(pattern: str) -> tuple[str, int] | None:
    """fontconfig's file and face index for ``pattern``; ``None`` without fontconfig."""
    program = shutil.which("fc-match")
    if program is None:
        return None
    try:
        done = subprocess.run([program, "--format=%{file}\n%{index}", pattern],
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) < 2 or not os.path.isfile(lines[0]):
        return None
    try:
        return lines[0], int(lines[1])
    except ValueError:
        return None


@functools.cache
def _search(name: str) -> str | None:
    """The first file called ``name`` under ``FONT_FOLDERS``."""
    for folder in FONT_FOLDERS:
        for root, _dirs, files in os.walk(folder):
            if name in files:
                return os.path.join(root, name)
    return None


@functools.cache
def _charset(path: str, index: int) -> frozenset[int]:
    """The characters a font file's face has (its best cmap)."""
    # fpdf2's own dependency; it ships no type information
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    try:
        font = TTFont(path, fontNumber=index, lazy=True)
        return frozenset(font.getBestCmap() or {})
    except Exception:  # noqa: BLE001 -- an unreadable font is a font without characters
        return frozenset()


def _faces(regular: str, bold: str) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """A regular and a bold face: fontconfig's answers for the two patterns."""
    found = _fc_match(regular), _fc_match(bold)
    if found[0] is not None:
        return found[0], found[1] or found[0]
    return None


def choose_fonts(text: str) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    """The fonts to set ``text`` in: DejaVu Sans, then a CJK face for what it lacks;
    each as ``((regular file, face), (bold file, face))``.

    Raises:
        PdfError: some characters of ``text`` are in no font found.
    """
    needed = {ord(c) for c in text if c.isprintable() and not c.isspace()}
    chosen: list[tuple[tuple[str, int], tuple[str, int]]] = []
    candidates: list[tuple[tuple[str, int], tuple[str, int]]] = []
    main = _faces(raw("DejaVu Sans"), raw("DejaVu Sans:bold"))
    if main is not None and main[0][0].endswith(MAIN_FONTS[0]):
        candidates.append(main)
    paths = [_search(name) for name in MAIN_FONTS]
    if paths[0] is not None:
        candidates.append(((paths[0], 0), (paths[1] or paths[0], 0)))
    if main is not None:
        candidates.append(main)  # whatever fontconfig offers for a sans-serif
    first = {"ja": "ja", "zh_CN": "zh-cn"}.get(current())  # that language's glyph forms
    for lang in sorted(CJK_LANGS, key=lambda tag: tag != first):
        faces = _faces(raw(f"sans-serif:lang={lang}"), raw(f"sans-serif:lang={lang}:bold"))
        if faces is not None:
            candidates.append(faces)
    cjk = [_search(name) for name in CJK_FONTS]
    if cjk[0] is not None:
        candidates.append(((cjk[0], 0), (cjk[1] or cjk[0], 0)))
    for faces in candidates:
        have = _charset(*faces[0])
        if not chosen or needed & have:
            if faces not in chosen and have:
                chosen.append(faces)
            needed -= have
        if not needed:
            return chosen
    if not chosen:
        raise PdfError(_("no font was found for the PDF: install DejaVu Sans (the "
                         "fonts-dejavu-core package), or write the sheet as SVG"))
    missing = "".join(sorted(chr(c) for c in needed))[:12]
    raise PdfError(_("no font on this computer has the characters {chars}: install one that "
                     "has them (for Chinese and Japanese, Noto Sans CJK: the fonts-noto-cjk "
                     "package), or write the sheet as SVG").format(chars=missing))


def pdf_bytes(drawings: Sequence[Drawing], paper: str = "a4", title: str = "") -> bytes:
    """The drawings as one PDF document on ``paper`` (``a4`` or ``letter``), each from
    a new page.

    Raises:
        PdfError: no font for some of the text.
    """
    from fpdf import FPDF  # imported here: only the PDF commands pay for it

    text = "".join(s.text for d in drawings for s in d.texts())
    fonts = choose_fonts(text or "0")
    pdf = FPDF(unit="pt", format=PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.set_creator("Plies")  # untranslated: a program's name
    if title:
        pdf.set_title(title)
    families: list[tuple[str, frozenset[int]]] = []
    for index, (regular, bold) in enumerate(fonts):
        family = f"plies{index}"  # untranslated: an internal font name
        pdf.add_font(family, "", regular[0], collection_font_number=regular[1])
        pdf.add_font(family, "B", bold[0], collection_font_number=bold[1])
        families.append((family, _charset(*regular)))
    paper_w, paper_h = PAPERS[paper]
    for drawing in drawings:
        landscape = drawing.width > paper_w - 2 * PAGE_MARGIN
        page_w, page_h = (paper_h, paper_w) if landscape else (paper_w, paper_h)
        room = page_h - 2 * PAGE_MARGIN
        scale = min(1.0, (page_w - 2 * PAGE_MARGIN) / drawing.width)
        for page, (top, bottom) in enumerate(_pages(drawing, room / scale)):
            pdf.add_page(orientation="L" if landscape else "P")
            if page and drawing.continued:  # a loose page still says whose it is
                head = Shape("text", (drawing.width, PAGE_MARGIN * 0.6), text=drawing.continued,
                             size=10, anchor="end", fill=(90, 98, 112))
                _draw(pdf, head, families, PAGE_MARGIN, 0, scale)
            for shape in drawing.shapes:
                box = shape.box()
                middle = (box[1] + box[3]) / 2
                if top <= middle < bottom:
                    _draw(pdf, shape, families, PAGE_MARGIN, PAGE_MARGIN - top * scale, scale)
    return bytes(pdf.output())


def _pages(drawing: Drawing, room: float) -> list[tuple[float, float]]:
    """The drawing's slices, each at most ``room`` tall where a break allows it."""
    out = []
    top = 0.0
    while top < drawing.height - 1:
        if drawing.height - top <= room:
            bottom = drawing.height
        else:
            fits = [b for b in drawing.breaks if top < b <= top + room]
            bottom = max(fits) if fits else top + room
        out.append((top, bottom))
        top = bottom
    return out or [(0.0, drawing.height)]


def _runs(text: str, families: list[tuple[str, frozenset[int]]]) -> list[tuple[str, str]]:
    """``text`` cut into (family, piece): each character in the first font that has it
    (fpdf2's own fallback fonts serve its cells, not ``text()``)."""
    runs: list[tuple[str, str]] = []
    for char in text:
        family = next((f for f, have in families if ord(char) in have), families[0][0])
        if runs and runs[-1][0] == family:
            runs[-1] = (family, runs[-1][1] + char)
        else:
            runs.append((family, char))
    return runs


def _draw(pdf: object, s: Shape, families: list[tuple[str, frozenset[int]]], dx: float,
          dy: float, k: float) -> None:
    """One shape on the current page, moved by (dx, dy) after scaling by ``k``."""
    from fpdf import FPDF

    assert isinstance(pdf, FPDF)
    p = [v * k + (dx if i % 2 == 0 else dy) for i, v in enumerate(s.points)]
    if s.tag in ("circle", "cross"):
        p[2] = s.points[2] * k
    if s.tag == "rect":
        p[2], p[3] = s.points[2] * k, s.points[3] * k
    if s.stroke is not None:
        pdf.set_draw_color(*s.stroke)
        pdf.set_line_width(s.width * k)
    if s.dash is not None:
        pdf.set_dash_pattern(s.dash[0] * k, s.dash[1] * k)
    else:
        pdf.set_dash_pattern()
    if s.fill is not None and s.tag != "text":
        pdf.set_fill_color(*s.fill)
    style = ("D" if s.fill is None else "DF") if s.stroke is not None else "F"
    if s.tag == "line":
        pdf.line(p[0], p[1], p[2], p[3])
    elif s.tag == "polygon":
        pdf.polygon(list(zip(p[0::2], p[1::2], strict=True)), style=style)
    elif s.tag == "rect":
        pdf.rect(p[0], p[1], p[2], p[3], style=style)
    elif s.tag == "circle":
        pdf.circle(p[0], p[1], p[2], style=style)
    elif s.tag == "cross":
        x, y, r = p
        pdf.line(x - r, y - r, x + r, y + r)
        pdf.line(x - r, y + r, x + r, y - r)
    elif s.tag == "text" and s.text:
        pdf.set_text_color(*(s.fill or (0, 0, 0)))
        runs = []
        for family, piece in _runs(s.text, families):
            pdf.set_font(family, "B" if s.bold else "", s.size * k)
            runs.append((family, piece, pdf.get_string_width(piece)))
        width = sum(w for _f, _p, w in runs)
        x = p[0] - {"start": 0.0, "middle": width / 2, "end": width}[s.anchor]
        for family, piece, w in runs:
            pdf.set_font(family, "B" if s.bold else "", s.size * k)
            pdf.text(x, p[1], piece)
            x += w


__all__ = ["PAPERS", "PdfError", "choose_fonts", "pdf_bytes"]
