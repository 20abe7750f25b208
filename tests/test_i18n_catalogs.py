"""The translations (issue 29): complete catalogs, the same placeholders, the compiled
files in step, the desktop's language followed, the community's own game terms, and
every letter drawable by the font the window picks for that language."""

from __future__ import annotations

import functools
import gettext
import io
import os
import subprocess
import sys

import pygame.freetype
import pytest

from game import i18n
from game.i18n_catalogs import (
    TEMPLATE,
    catalog_files,
    compiled,
    extract,
    problems,
    read_catalog,
)

catalog = functools.cache(read_catalog)
"""``read_catalog`` once a file for the whole module: the template is compared with every
language, and each language's catalog is read by three tests; they only read it."""

REQUIRED = ("de", "fr", "es", "ja", "zh_CN")
"""The languages issue 29 asks for."""


def _ids(messages) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in messages if m.id}


@pytest.fixture(scope="module")
def extracted():
    return extract()


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_the_template_holds_exactly_the_messages_marked_in_the_source(extracted) -> None:
    """A text marked (or changed) after the catalogs were updated fails here: run
    ``python -m game.i18n_catalogs extract && ... update`` and translate."""
    template = _ids(catalog(TEMPLATE))
    source = _ids(extracted)
    assert sorted(source - template) == [], "marked in the source, missing in the template"
    assert sorted(template - source) == [], "in the template, gone from the source"


def test_every_required_language_has_a_catalog() -> None:
    assert set(REQUIRED) <= set(i18n.available())
    assert {path.parent.parent.name for path in catalog_files()} == set(REQUIRED)


@pytest.mark.parametrize("path", catalog_files(), ids=lambda p: p.parent.parent.name)
def test_a_catalog_is_complete_and_keeps_every_placeholder(path) -> None:
    assert _ids(catalog(path)) == _ids(catalog(TEMPLATE))
    assert list(problems(path)) == []


@pytest.mark.parametrize("path", catalog_files(), ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalog_is_the_catalog(path) -> None:
    """The ``.mo`` read at run time says what the ``.po`` says (``compile`` was run)."""
    fresh = gettext.GNUTranslations(io.BytesIO(compiled(path)))
    with open(path.with_suffix(".mo"), "rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "ja_JP", "LANG": "de_DE.UTF-8"}, "ja"),
    ({"LANGUAGE": "pt_BR:fr_FR", "LANG": "de_DE.UTF-8"}, "fr"),  # the first Plies has
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
    ({"LC_MESSAGES": "zh_CN.UTF-8"}, "zh_CN"),
    ({"LANG": "zh_TW.UTF-8"}, "en"),  # traditional script: no catalog, English
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL decides before LANG
    ({}, "en"),
])
def test_the_language_follows_the_desktop(environ, expected) -> None:
    assert i18n.desktop_language(environ) == expected


def test_an_unknown_language_falls_back_to_english_silently() -> None:
    assert i18n.set_language("tlh") == "en"
    assert i18n._("Undo") == "Undo"


# Terms each community uses, from its own literature: German Othello books call the
# sides Schwarz and Weiß; the Japanese renju rules (日本連珠社) name the forbidden points
# 禁じ手, double-three 三三, double-four 四四 and overline 長連; the horizon of a search is
# 水平線 and an open four 棒四 in Japanese; German textbooks say Bewertungsfunktion for the
# evaluator; Chinese Othello players say 弃权 for a pass (停一手 is Go's word).
TERMS = {
    "de": [(r"\bBlack\b", "schwarz"), (r"\bWhite\b", "weiß"),
           (r"(?i)(?<![{_])\bevaluators?\b(?![}_])", "bewertungsfunktion")],
    "ja": [(r"(?i)\bforbidden\b", "禁"), (r"(?i)\bdouble[- ]three\b", "三三"),
           (r"(?i)\bdouble[- ]four\b", "四四"), (r"(?i)\boverline\b", "長連"),
           (r"(?i)\bhorizon\b", "水平線"), (r"(?i)\bopen fours?\b", "棒四")],
    # (Not a tuning run's "pass {n}" / "{passes} passes": rounds of a fit, not moves.)
    "zh_CN": [(r"(?i)(?<![{])(?<!\{passes\} )\bpass(es)?\b(?! \{n\})", "弃权")],
}


@pytest.mark.parametrize("language", sorted(TERMS))
def test_the_game_terms_are_those_the_community_uses(language) -> None:
    import re

    messages = catalog(next(p for p in catalog_files() if p.parent.parent.name == language))
    for english, term in TERMS[language]:
        uses = [message for message in messages if message.id
                and re.search(english, message.id if isinstance(message.id, str)
                              else message.id[0])]
        assert uses, f"no message says {english!r}"
        for message in uses:
            texts = message.string if isinstance(message.string, tuple | list) else (
                message.string,)
            for text in texts:
                assert term in text.lower(), (language, message.id, text)


def _characters(language: str) -> set[str]:
    messages = catalog(next(p for p in catalog_files() if p.parent.parent.name == language))
    found: set[str] = set()
    for message in messages:
        texts = message.string if isinstance(message.string, tuple | list) else (
            message.string,)
        for text in texts:
            found.update(text)
    return {c for c in found if c.isprintable() and not c.isspace()}


@pytest.mark.parametrize("language", REQUIRED)
def test_the_window_font_draws_every_letter_of_the_language(language) -> None:
    """No box in place of a letter: the face the window picks for the language has a
    glyph for every character its catalog uses (pygame.freetype reports a missing glyph
    as ``None``)."""
    from game.ui import fonts

    if fonts.missing_font(language):
        if os.environ.get("PLIES_REQUIRE_XVFB"):  # CI installs the fonts (.ci/run)
            pytest.fail(f"no font for {language}: .ci/run should have installed one")
        pytest.skip(f"no font for {language} on this machine: install {fonts.FONT_PACKAGES}")
    regular, bold = fonts.font_files(language)
    pygame.freetype.init()
    text = "".join(sorted(_characters(language)))
    for path in {regular, bold} - {None}:
        face = pygame.freetype.Font(path, 20)
        missing = [c for c, metrics in zip(text, face.get_metrics(text)) if metrics is None]
        assert missing == [], (path, missing)


def _plies(arguments: list[str], language: str, monkeypatch, capsys) -> tuple[int, str, str]:
    """``plies ARGUMENTS`` run in this process with ``LANGUAGE=language`` (as the
    desktop would set it): its status, stdout and stderr."""
    from game import cli

    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", language)
    try:
        status = cli.main(arguments)
    except SystemExit as done:  # argparse's --help
        status = done.code or 0
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("language", REQUIRED)
def test_plies_help_speaks_the_language(language, monkeypatch, capsys) -> None:
    _status, english, _err = _plies(["--help"], "en", monkeypatch, capsys)
    status, text, _err = _plies(["--help"], language, monkeypatch, capsys)
    assert status == 0
    assert i18n.current() == language
    assert text.startswith(i18n._("usage: ")) and i18n._("usage: ") != "usage: "
    assert text != english


def _env() -> dict[str, str]:
    return {key: value for key, value in os.environ.items()
            if key not in i18n.ENVIRONMENT}


def _bad_record(folder) -> str:
    bad = folder / "bad.json"
    bad.write_text('{"format": "plies-game", "version": 1, "game": "othello", '
                   '"moves": "f5f5"}')
    return str(bad)


def _assert_one_translated_sentence(language: str, english: tuple, translated: tuple) -> None:
    assert english[0] == translated[0] == 2
    assert english[1] == translated[1] == ""
    assert english[2].count("\n") == translated[2].count("\n") == 1
    i18n.set_language(language)
    reason = i18n._("the square is taken")  # the rules' reason, inside the record's sentence
    assert reason != "the square is taken"
    assert reason in translated[2], translated[2]
    assert "f5" in translated[2] and "bad.json" in translated[2]


@pytest.mark.parametrize("language", REQUIRED)
def test_a_bad_file_is_one_sentence_in_the_language(language, tmp_path, monkeypatch,
                                                    capsys) -> None:
    """``plies show bad.json``: the one sentence of a bad record, translated whole (the
    rules' reason inside it too), status 2 as in English."""
    bad = _bad_record(tmp_path)
    english = _plies(["show", bad], "en", monkeypatch, capsys)
    translated = _plies(["show", bad], language, monkeypatch, capsys)
    _assert_one_translated_sentence(language, english, translated)


def test_the_real_program_speaks_the_desktops_language(tmp_path) -> None:
    """The installed program, started as a desktop starts it: ``LANGUAGE=fr plies show
    bad.json`` says its sentence in French (the other languages are checked in this
    process above, the same way)."""
    bad = _bad_record(tmp_path)

    def run(language: str) -> tuple:
        done = subprocess.run([sys.executable, "-m", "game", "show", bad], capture_output=True,
                              text=True, env={**_env(), "LANGUAGE": language}, check=False)
        return done.returncode, done.stdout, done.stderr

    _assert_one_translated_sentence("fr", run("en"), run("fr"))
