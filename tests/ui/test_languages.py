"""Every scene of the window in every language (issue 29, item 5): every text it draws is
translated, and no explaining text is cut, at the smallest window and a large one.

The scenes are those of ``tests/ui/tour.py``. Two kinds of test:

* a pseudo-translation: a catalog made here from the template, in which every message is
  itself with its letters changed to accented look-alikes ("Undo" -> "Üñdö"), placeholders
  kept. Any plain English word on the screen then is a text that never went through the
  catalog -- typically a constant put raw into a translated sentence ("{side} to move");
* the layout in each installed language (the real catalogs, complete or not), where every
  text ``draw.ellipsize`` had to cut is recorded, scene by scene.

``PLIES_SCREENSHOT_DIR=dir`` saves the start screen, a game and the help's first page in
each language at 1200×840: ``LANG-start.png``, ``LANG-game.png``, ``LANG-help.png``.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n_catalogs import TEMPLATE
from game.learning import horizon_question
from game.ui import draw, fonts
from game.ui.scenes.learn import horizon as learn_horizon
from tests.ui.helpers import install_catalog
from tests.ui.tour import SAVED_NAME, SCENES, tour

SIZES = [(800, 560), (1200, 840)]
SHOTS = os.environ.get("PLIES_SCREENSHOT_DIR")

LOOK_ALIKES = str.maketrans("aeiouycnAEIOUYCN", "áéíöüýçñÁÉÍÖÜÝÇÑ")
"""The pseudo-translation's letters: each is still readable, none is plain ASCII."""

PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]")
"""What a message keeps as it is: ``{name}``, ``{{``, ``%(name)s``, ``%s``."""


def pseudo(message: str) -> str:
    """``message`` with the letters outside its placeholders changed to look-alikes."""
    kept = [(m.start(), m.end()) for m in PLACEHOLDER.finditer(message)]
    out, at = [], 0
    for start, end in kept:
        out += [message[at:start].translate(LOOK_ALIKES), message[start:end]]
        at = end
    out.append(message[at:].translate(LOOK_ALIKES))
    return "".join(out)


WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+")

ALLOWED = {
    "Plies": "the program's name",
    "pbrain": "an outside engine's command name (the tour's results)",
    "embryo": "an outside engine's command name (the tour's results)",
    "swap": "the opening's name inside '{kind} opening' ('swap', 'swap2': the rules' "
    "international names, which every catalog keeps)",
    "MAX": "the minimax roles, written MAX and MIN in every language's textbooks",
    "MIN": "the minimax roles, written MAX and MIN in every language's textbooks",
    **{word: "a language's name for itself (Settings)"
       for name in i18n.LANGUAGES.values() for word in WORD.findall(name)},
}
"""English-looking words that may stay as they are, with the reason."""

ALLOWED_PATTERNS = {
    re.compile(r"(?:…[\w.\-]*)?(?:/[\w.\-]+)+/?"): "a folder's path (the file dialog's "
    "folder, maybe shortened from the left, the cut maybe inside a folder's name: "
    "'…ytest-of-root/pytest-9/popen-gw0/…' in a parallel run's longer temporary folder)",
    re.compile(r"\b(connect4|othello|gomoku|tictactoe)-[\d-]+|\.json\b"): "the file name "
    "the save dialog proposes (the game's command-line name and the date)",
    re.compile(r"\b(win|loss) \d+\b"): "Learn's value notation, which the learner types "
    "as an answer ('win 3': MAX wins 3 plies below the root; game.ui.scenes.learn.parse_value "
    "reads only these words)",
}
"""English-looking texts that may stay as they are, with the reason."""


def untranslated_words(text: str, allowed_texts: tuple[str, ...]) -> list[str]:
    """The plain English words (3+ letters, changed by :func:`pseudo`) in ``text``."""
    for part in allowed_texts:
        text = text.replace(part, " ")
    for pattern in ALLOWED_PATTERNS:
        text = pattern.sub(" ", text)
    return [word for word in WORD.findall(text)
            if len(word) >= 3 and word.isascii() and pseudo(word) != word
            and word not in ALLOWED]


@functools.cache
def _horizon_question(seed: int, game_name: str = "connect4"):
    return horizon_question(seed, game_name)


@pytest.fixture(autouse=True)
def one_horizon_question(monkeypatch):
    """Learn's lesson 6 asks about the same position in every tour (its seed is a new
    learner's): found once (a tenth of a second of searches, a tenth of a tour), then
    drawn in each language and size. The question is moves and scores, no text."""
    monkeypatch.setattr(learn_horizon, "horizon_question", _horizon_question)


@pytest.fixture
def pseudo_german(tmp_path, monkeypatch):
    """The template's every message pseudo-translated, installed as the German catalog."""
    with open(TEMPLATE, "rb") as template:
        catalog = read_po(template, locale="de")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            forms = [pseudo(message.id[0])] + [pseudo(message.id[1])] * (
                catalog.num_plurals - 1)
            message.string = tuple(forms)
        else:
            message.string = pseudo(message.id)
    install_catalog(catalog, tmp_path / "locale", monkeypatch)
    yield
    i18n.set_language("en")
    draw.language_changed()


def drawn_by_scene(app, monkeypatch) -> dict[str, list[str]]:
    """Every text the tour draws (``draw.text_surface``), by scene."""
    drawn: list[str] = []
    real = draw.text_surface
    monkeypatch.setattr(draw, "text_surface",
                        lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    by_scene = {}
    for name in tour(app):
        by_scene[name], drawn[:] = list(drawn), []
    monkeypatch.setattr(draw, "text_surface", real)
    return by_scene


def test_pseudo_translation_reads_as_expected() -> None:
    assert pseudo("Undo") == "Üñdö"
    assert pseudo("{side} to move, {n} left") == "{side} tö mövé, {n} léft"
    assert pseudo("%(prog)s: error: %(message)s\n") == "%(prog)s: érrör: %(message)s\n"
    assert pseudo("a {{brace}} and {name}") == "á {{bráçé}} áñd {name}"
    assert untranslated_words("Black to move", ()) == ["Black", "move"]
    assert untranslated_words(pseudo("Black to move"), ()) == []


def test_every_text_drawn_in_every_scene_is_translated(make_app, pseudo_german, monkeypatch,
                                                        tmp_path):
    app = make_app((1200, 840), show_thinking=True, language="de")
    assert i18n.current() == "de" and i18n._("Undo") == "Üñdö"
    draw.language_changed()
    by_scene = drawn_by_scene(app, monkeypatch)
    assert tuple(by_scene) == SCENES
    assert pseudo("Help") in by_scene["help:keys"]  # the catalog is the one spoken
    allowed_texts = (str(tmp_path / "documents"), SAVED_NAME)
    found: dict[str, str] = {}  # each text once, with the first scene that drew it
    for scene, texts in by_scene.items():
        for text in texts:
            if text not in found and (words := untranslated_words(text, allowed_texts)):
                found[text] = f"{scene}: {text!r} ({', '.join(words)})"
    assert not found, "English on the screen:\n" + "\n".join(found.values())


SHOT_SCENES = {"start": "start", "game:othello": "game", "help:keys": "help"}
"""The screenshots ``PLIES_SCREENSHOT_DIR`` keeps, by tour scene: ``LANG-start.png``…"""


def _caller() -> str:
    """``module.function`` of the code that asked ``game.ui.draw`` to draw."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in (draw.__name__, __name__):
        frame = frame.f_back
    return "?" if frame is None else \
        f"{frame.f_globals.get('__name__')}.{frame.f_code.co_qualname}"


def cut_by_scene(app, monkeypatch, shots: Path | None = None,
                 language: str = "") -> dict[str, list[tuple[str, str]]]:
    """Every text the tour cut, by scene: ``(text, where)``, ``where`` the drawing function
    that asked (``module.function``). A text is cut when ``draw.ellipsize`` shortened it,
    when it was drawn partly outside the surface's clipping area (the window's edge, a
    field's box), when it was wrapped (``draw.wrap``) and no wrapping of it was drawn
    whole (lines left off for want of room), or when two controls of the scene overlap. With ``shots``, the scenes of :data:`SHOT_SCENES` are saved there as
    ``LANG-NAME.png``."""
    cut: list[tuple[str, str]] = []
    real_ellipsize, real_blit = draw.ellipsize, draw.blit_text
    real_wrap, real_text_surface = draw.wrap, draw.text_surface

    def ellipsize(text, size, max_width, bold=False):
        out = real_ellipsize(text, size, max_width, bold)
        if out != text:
            cut.append((text, _caller()))
        return out

    def blit_text(surface, text, *args, **kwargs):
        rect = real_blit(surface, text, *args, **kwargs)
        if text and not surface.get_clip().contains(rect):
            cut.append((text, _caller()))
        return rect

    wrapped: dict[tuple[str, str], list[list[str]]] = {}
    drawn: set[str] = set()

    def wrap(text, *args, **kwargs):
        lines = real_wrap(text, *args, **kwargs)
        wrapped.setdefault((text, _caller()), []).append(lines)
        return lines

    def text_surface(text, *args, **kwargs):
        drawn.add(text)
        return real_text_surface(text, *args, **kwargs)

    monkeypatch.setattr(draw, "ellipsize", ellipsize)
    monkeypatch.setattr(draw, "blit_text", blit_text)
    monkeypatch.setattr(draw, "wrap", wrap)
    monkeypatch.setattr(draw, "text_surface", text_surface)
    by_scene = {}
    for name in tour(app):
        # Two of the scene's controls on top of each other: the one below is cut.
        shown = [w for w in app.top.widgets.widgets if w.visible and w.rect.width]
        cut += [(f"{getattr(a, 'text', a)} / {getattr(b, 'text', b)}", "overlapping controls")
                for i, a in enumerate(shown) for b in shown[i + 1:] if a.rect.colliderect(b.rect)]
        # A paragraph wrapped (maybe at several sizes, to find one that fits) of which no
        # wrapping was drawn whole had lines left off for want of room.
        cut += [(text, where) for (text, where), tries in wrapped.items()
                if not any(all(line in drawn for line in lines if line) for lines in tries)]
        by_scene[name], cut[:] = list(cut), []
        wrapped.clear()
        drawn.clear()
        if shots is not None and name in SHOT_SCENES:
            pygame.image.save(app.screen, str(shots / f"{language}-{SHOT_SCENES[name]}.png"))
    for name, real in (("ellipsize", real_ellipsize), ("blit_text", real_blit),
                       ("wrap", real_wrap), ("text_surface", real_text_surface)):
        monkeypatch.setattr(draw, name, real)
    return by_scene


def may_be_cut(text: str, made: tuple[str, ...]) -> bool:
    """Whether ``text`` may be cut (see :func:`test_no_explaining_text_is_cut`), in the
    language now spoken."""
    line = i18n._("Line: {moves}").split("{moves}")[0]
    return any(part in text for part in made) or (bool(line) and text.startswith(line)) \
        or bool(FILE_NAME.fullmatch(text))


FILE_NAME = re.compile(r"[\w.\-/…]*[\d./][\w.\-/…]*")
"""A file or folder name, or the piece of one a path field draws (``.json``): no spaces,
with a digit, a dot or a slash."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", i18n.available())
def test_no_explaining_text_is_cut(make_app, monkeypatch, tmp_path, language, size):
    """Every scene of the tour in ``language`` (its installed catalog, complete or not) at
    the smallest window and a large one: no text is cut (shortened with an ellipsis,
    drawn partly outside its clipping area, a wrapped paragraph's lines left off, a
    control under another), but for

    * a file or folder name (the tour's saved game, the documents folder): a path is as
      long as it is (the path field scrolls to its end; the dialog shows the folder's end);
    * a principal variation ("Line: d3 c5 f6 …"): a line of moves, its first moves kept;
    * a piece of a file name in the save dialog's path field (``.json``): the field
      scrolls to its caret.

    (A player's engine name, also accepted where it is long, does not come up here: the
    tour's players are people and Plies' own levels.)
    """
    if fonts.missing_font(language):
        pytest.skip(f"no font for {language} here: install {fonts.FONT_PACKAGES}")
    shots = None
    if SHOTS and size == (1200, 840):
        shots = Path(SHOTS)
        shots.mkdir(parents=True, exist_ok=True)
    app = make_app(size, show_thinking=True, language=language)
    try:
        assert i18n.current() == language
        by_scene = cut_by_scene(app, monkeypatch, shots, language)
        made = (str(tmp_path / "documents"), SAVED_NAME)
        found = [f"{scene}: {text!r} ({where})" for scene, cut in by_scene.items()
                 for text, where in dict.fromkeys(cut) if not may_be_cut(text, made)]
    finally:
        i18n.set_language("en")
        draw.language_changed()
    assert not found, f"cut in {language} at {size}:\n" + "\n".join(found)
