"""The translators' tool: extract the messages, update and compile the catalogs, check them.

    python -m game.i18n_catalogs extract      # game/locale/plies.pot from the source
    python -m game.i18n_catalogs update       # every LANG/LC_MESSAGES/plies.po follows it
    python -m game.i18n_catalogs init LANG    # a new, empty catalog for LANG
    python -m game.i18n_catalogs compile      # plies.mo beside every plies.po
    python -m game.i18n_catalogs check        # untranslated, fuzzy, placeholders differ

Babel does the reading, writing and extracting (the ``_``, ``N_``, ``ngettext`` and
``pgettext`` calls in ``game/`` and ``ai/``). The tests run :func:`problems` and compare
:func:`extract` with the committed template, so a message nobody translated, or a text
marked after the catalogs were last updated, fails there rather than reaching a person
as English in the middle of German.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.files import atomic_write_bytes
from game.i18n import DOMAIN, LOCALE_DIR, catalog_path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("game", "ai")
LEFT_OUT = ("ai/tools", "ai/tuning")
"""Developer scripts: they print for developers, in English."""
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
HEADER = "Translations of Plies, the board-game program (its MIT licence applies)."


def catalog_files() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> Catalog:
    """Every marked message of the source, with where it is used."""
    catalog = Catalog(project="Plies", header_comment=f"# {HEADER}", fuzzy=False)
    for package in SOURCES:
        directory = ROOT / package
        for filename, line, message, comments, context in extract_from_dir(
                directory, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            if f"{package}/{filename}".startswith(LEFT_OUT):
                continue
            catalog.add(message, None, [(f"{package}/{filename}", line)],
                        auto_comments=comments, context=context)
    return catalog


def read_catalog(path: Path) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, abort_invalid=True)


def _write_po(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=92, sort_by_file=False, omit_header=False,
             include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, buffer.getvalue())


def write_template() -> Path:
    """Write ``plies.pot`` from the source; returns its path."""
    _write_po(extract(), TEMPLATE)
    return TEMPLATE


def update() -> list[Path]:
    """Bring every catalog in line with the template: new messages come in empty (no
    guessed "fuzzy" translations: a guess would be shown as if it were right), messages
    gone from the source are dropped."""
    template = read_catalog(TEMPLATE)
    done = []
    for path in catalog_files():
        catalog = read_catalog(path)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write_po(catalog, path)
        done.append(path)
    return done


GETTEXT_PLURALS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
}
"""Plural rules where gettext catalogs keep the classic forms: CLDR (Babel's default)
adds a form for round millions in these languages, which no translation tool expects."""


def init(language: str) -> Path:
    """A new catalog for ``language`` (``pt_BR``), every message still to translate."""
    template = read_catalog(TEMPLATE)
    catalog = Catalog(locale=language, project="Plies", header_comment=f"# {HEADER}",
                      fuzzy=False)
    if language in GETTEXT_PLURALS:
        catalog.mime_headers = [(key, value) for key, value in catalog.mime_headers
                                if key != "Plural-Forms"] + [
            ("Plural-Forms", GETTEXT_PLURALS[language])]
    catalog.update(template, no_fuzzy_matching=True)
    path = catalog_path(language, ".po")
    if path.exists():
        raise SystemExit(f"{path} exists already: use `update`")
    _write_po(catalog, path)
    return path


def compiled(path: Path) -> bytes:
    """The ``.mo`` bytes of the catalog at ``path`` (fuzzy entries left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(path), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> list[Path]:
    """Write ``plies.mo`` beside every ``plies.po``."""
    done = []
    for path in catalog_files():
        target = path.with_suffix(".mo")
        atomic_write_bytes(target, compiled(path))  # never half a catalog
        done.append(target)
    return done


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields and ``%(name)s``/``%s`` conversions of a message."""
    found: set[str] = set()
    try:
        for _literal, field, spec, _conversion in string.Formatter().parse(text):
            if field is not None:
                found.add("{" + field + (":" + spec if spec else "") + "}")
    except ValueError:
        found.add("<unbalanced braces>")
    index = 0
    while (index := text.find("%", index)) >= 0:
        end = index + 1
        if text.startswith("(", end):
            end = text.find(")", end) + 1 or len(text)
        while end < len(text) and text[end] in "0123456789.-+ #":
            end += 1
        if end < len(text) and text[end] != "%":
            found.add(text[index:end + 1])
        index = end + 1
    return found


def problems(path: Path) -> Iterator[str]:
    """What is wrong with the catalog at ``path``: a line per message."""
    catalog = read_catalog(path)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        texts = message.string if isinstance(message.string, tuple | list) else (
            message.string,)
        where = f"{path.parent.parent.name}: {ids[0]!r}"
        if message.fuzzy:
            yield f"{where} is fuzzy"
        if not all(texts):
            yield f"{where} is not translated"
            continue
        wanted = set().union(*(placeholders(text) for text in ids if text))
        for text in texts:  # every plural form keeps every placeholder: forms cover ranges
            if text and placeholders(text) != wanted:
                yield f"{where}: placeholders {sorted(placeholders(text))} != {sorted(wanted)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.i18n_catalogs",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "init", "compile", "check"))
    parser.add_argument("language", nargs="?")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(write_template())
    elif args.command == "update":
        print(*update(), sep="\n")
    elif args.command == "init":
        if not args.language:
            parser.error("init needs a language, such as pt_BR")
        print(init(args.language))
    elif args.command == "compile":
        print(*compile_all(), sep="\n")
    else:
        found = [line for path in catalog_files() for line in problems(path)]
        print(*found, sep="\n")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
