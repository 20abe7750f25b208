"""The one place that picks the language and translates (gettext).

Every text a person reads goes through the functions here::

    from game.i18n import _, N_, ngettext, number, percent

    _("Undo")                                    # translated now
    ngettext("{n} move", "{n} moves", n).format(n=number(n))
    N_("Black")                                  # marked for extraction only: a module
                                                 # constant, translated with _() where shown
    raw("info timeout_turn")                     # for programs: never translated

The catalogs are ``game/locale/LANG/LC_MESSAGES/plies.po`` (the translators' files)
and the ``plies.mo`` compiled from each (what is read at run time, kept in the
repository so an installation needs no tools); ``python -m game.i18n_tools`` extracts,
updates and compiles them (see the README's "Adding a language").

The language follows the desktop -- ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
first set wins, as gettext reads them -- unless the settings name one. A language with no
catalog falls back to English silently. Changing the language (:func:`set_language`)
takes effect at the next call of ``_``: texts are translated where they are shown, never
kept translated in module constants.

This module imports only the standard library (Babel, for numbers, lazily), so every
layer may use it.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import os
import stat
import threading
from collections.abc import Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Self

__all__ = [
    "AUTO",
    "LANGUAGES",
    "NP_",
    "N_",
    "_",
    "available",
    "catalog_path",
    "current",
    "desktop_language",
    "english",
    "language_name",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "raw",
    "set_language",
    "translated",
]

DOMAIN = "plies"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs are: ``LOCALE_DIR/LANG/LC_MESSAGES/plies.mo``."""

AUTO = "auto"
"""The settings value for "as the desktop says"."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "ja": "日本語",
    "zh_CN": "简体中文",
}
"""Every language Plies speaks, by catalog name, with its own name for itself (what the
settings list shows, so a person finds their language whatever the current one is)."""

ENGLISH_NAMES: dict[str, str] = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "ja": "Japanese",
    "zh_CN": "Chinese (simplified)",
}
"""Each language's name in English: for the one sentence said when it cannot be shown."""

ALIASES = {"zh": "zh_CN", "zh_SG": "zh_CN", "zh_Hans": "zh_CN"}
"""Desktop language names that mean a catalog of another name."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the desktop's language is read, first non-empty wins (gettext's own order)."""

_lock = threading.Lock()
_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"
_ENGLISH = _gettext.NullTranslations()


class _ThreadLanguage(threading.local):
    """What :func:`english` makes one thread speak, whatever the others speak."""

    english = False


_this_thread = _ThreadLanguage()


def _active() -> _gettext.NullTranslations:
    """The translation this thread speaks now (the process's, or English inside
    :func:`english`)."""
    return _ENGLISH if _this_thread.english else _translation


def _catalog_name(code: str) -> str | None:
    """The catalog for a desktop language code such as ``de_DE.UTF-8`` or ``pt``,
    or ``None`` when Plies has none (English is a catalog of its own: the source)."""
    code = code.split(".")[0].split("@")[0].strip()
    if not code or code in ("C", "POSIX"):
        return None
    code = code.replace("-", "_")
    # "de_AT" has the German catalog; "zh_TW" has none (traditional script), only the
    # aliases name another region's catalog.
    for candidate in (code, ALIASES.get(code, ""), code.split("_")[0]):
        if candidate in LANGUAGES:
            return candidate
    return None


def desktop_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the desktop asks for, as a key of :data:`LANGUAGES` (``"en"`` when
    it names none Plies has). ``LANGUAGE`` may list several, ``de:fr``: the first Plies
    has wins."""
    variables = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = variables.get(variable, "")
        if not value:
            continue
        for code in value.split(":") if variable == "LANGUAGE" else (value,):
            found = _catalog_name(code)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            return "en"  # the first locale variable set decides, as for gettext
    return "en"


def catalog_path(code: str, suffix: str = ".mo") -> Path:
    """Where language ``code``'s catalog is: the compiled ``.mo`` the program reads, or
    (``suffix=".po"``) the translators' file beside it."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


CATALOG_BYTES = 4_000_000
"""Largest ``plies.mo`` read: the catalogs are about 160 KB; this leaves room to grow
ten times over and keeps a damaged one (a link to ``/dev/zero``) from costing more."""


def _load(code: str) -> _gettext.NullTranslations:
    """Language ``code``'s translations; English (no translation) when its catalog is
    missing, not a regular file, larger than :data:`CATALOG_BYTES` or damaged."""
    data = _catalog_bytes(catalog_path(code))
    if data is None:
        return _gettext.NullTranslations()
    try:
        return _gettext.GNUTranslations(io.BytesIO(data))
    except Exception:  # noqa: BLE001 -- gettext's parser says "corrupt" (OSError) for a
        # cut file, but a damaged header is a struct.error, an unknown charset a
        # LookupError...: any of them means "no catalog", and English is always there.
        return _gettext.NullTranslations()


def _catalog_bytes(path: Path) -> bytes | None:
    """The bytes of the regular file ``path`` if it has at most :data:`CATALOG_BYTES`,
    else ``None``. (Not ``game.files``: that module speaks through this one, which
    must load its catalogs before any message exists; and a catalog's failure is never
    reported, only replaced by English.)"""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a named pipe would wait for a writer
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > CATALOG_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as catalog:
            data = catalog.read(CATALOG_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= CATALOG_BYTES else None


def set_language(choice: str | None = AUTO) -> str:
    """Speak ``choice`` from now on: a key of :data:`LANGUAGES`, or ``"auto"``/``None``
    for the desktop's language. Anything else means English. Returns the language now
    spoken."""
    global _translation, _language
    if choice in (None, AUTO):
        code = desktop_language()
    else:
        code = _catalog_name(choice) or "en"
    translation = _gettext.NullTranslations() if code == "en" else _load(code)
    if type(translation) is _gettext.NullTranslations:  # no catalog, or a damaged one
        code = "en"
    with _lock:
        _translation, _language = translation, code
    return code


@contextlib.contextmanager
def english() -> Iterator[None]:
    """Speak English inside the ``with``, in this thread only: for texts written for
    programs (``--json`` output, records) that the same functions also word for people.
    Other threads (the window drawing while a worker writes a record) keep their
    language."""
    saved = _this_thread.english
    _this_thread.english = True
    try:
        yield
    finally:
        _this_thread.english = saved


def translated(message: str, language: str) -> str:
    """``message`` in ``language`` whatever the language spoken (for files that carry
    every language at once, such as the desktop entry); itself where none is known."""
    return message if language == "en" else _load(language).gettext(message)


def current() -> str:
    """The language this thread speaks now (a key of :data:`LANGUAGES`)."""
    return "en" if _this_thread.english else _language


def available() -> list[str]:
    """The languages whose catalog is installed, English first."""
    return ["en"] + [code for code in LANGUAGES
                     if code != "en" and catalog_path(code).is_file()]


def language_name(code: str) -> str:
    """The language's name for itself, ``"Deutsch"``; ``code`` itself when unknown."""
    return LANGUAGES.get(code, code)


class InContext(str):
    """An English message kept with its context (:func:`NP_`): ``_()`` translates it as
    :func:`pgettext` would, wherever it is shown.

    It is a ``str`` so that it can stand wherever a label is expected; like any ``str``
    subclass it becomes a plain ``str`` (context lost) under string operations, so
    translate it with ``_()`` before formatting or joining it. Copies and pickles keep
    the context.
    """

    context: str

    def __new__(cls, context: str, message: str) -> Self:
        made = super().__new__(cls, message)
        made.context = context
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # str's takes one: ours needs the context too
        return self.context, str(self)

    def __repr__(self) -> str:
        return f"NP_({self.context!r}, {str(self)!r})"


def _(message: str) -> str:
    """``message`` in the current language (itself where no translation is known)."""
    if isinstance(message, InContext):
        return _active().pgettext(message.context, str(message))
    return _active().gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a constant for the catalog, translated where shown."""
    return message


def NP_(context: str, message: str) -> str:
    """``message`` unchanged, marked for the catalog with its ``context`` (as
    :func:`pgettext`), for a constant or a label translated later, where shown."""
    return InContext(context, message)


def raw(text: str) -> str:
    """``text`` unchanged: marks text for programs, never translated -- protocol
    tokens, file formats, JSON keys. Not an extraction keyword: the catalogs never see
    it (the translation check reads it as "stays English, on purpose")."""
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language (languages have
    one to several plural forms: never build a plural from ``n == 1``)."""
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``, for one English word with two meanings
    (``pgettext("side", "Black")``)."""
    return _active().pgettext(context, message)


ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("optional arguments"),
    N_("show this help message and exit"), N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"), N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected at least one argument"), N_("one of the arguments %s is required"),
    N_("show program's version number and exit"),
)
"""The standard library's argparse texts a person meets in ``plies --help`` and its
errors, marked here so that the catalog holds them (argparse has no catalog of its own)."""


def translate_argparse() -> None:
    """Make argparse's own texts ("usage:", "options", its errors) go through Plies'
    catalog: argparse looks its ``_``/``ngettext`` up in its module at each use."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _babel_locale() -> str:
    return _language


def _english_number(n: float, decimals: int | None) -> str:
    if decimals is not None:
        return f"{n:,.{decimals}f}"
    if isinstance(n, int):
        return f"{n:,}"
    return f"{n:,.3f}".rstrip("0").rstrip(".")  # as Babel: at most three decimals


def number(n: float, decimals: int | None = None) -> str:
    """``n`` written as the language writes numbers: ``1,024`` in English, ``1.024`` in
    German, ``1 024`` in French. ``decimals`` fixes the digits after the point."""
    if _language == "en":  # Python's own format is English's, and needs no locale data
        return _english_number(n, decimals)
    try:
        from babel.numbers import format_decimal
    except ImportError:  # Babel missing: English digits are still readable
        return _english_number(n, decimals)
    if decimals is not None:
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        # Rounded as Python rounds the float (0.35 -> "0.3"), then written Babel's way.
        return format_decimal(Decimal(f"{n:.{decimals}f}"), format=pattern,
                              locale=_babel_locale())
    return format_decimal(n, locale=_babel_locale())


def percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.62) as a percentage the language's way: ``62%``, ``62 %``."""
    if _language == "en":
        return f"{fraction:.{decimals}%}"
    try:
        from babel import Locale
        from babel.numbers import format_percent
    except ImportError:
        return f"{fraction:.{decimals}%}"
    pattern = Locale.parse(_babel_locale()).percent_formats[None].pattern
    if decimals:  # "#,##0 %" -> "#,##0.0 %": the digits after the point go after the last 0
        head, zero, tail = pattern.rpartition("0")
        pattern = head + zero + "." + "0" * decimals + tail
    # Rounded as Python's f"{x:.0%}" rounds, then written Babel's way.
    rounded = Decimal(f"{fraction * 100:.{decimals}f}") / 100
    return format_percent(rounded, format=pattern, locale=_babel_locale())
