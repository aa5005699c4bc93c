"""German and English: gettext catalogs, one per language, keyed by message keys.

Every user-visible line is a message key (`lobby.joined`) looked up here, never a
literal in code. The catalogs are ordinary gettext .po files under bot/i18n/locales
(`stammtisch.po` for the core) and beside each game (`rules/<game>/locales/de.po`),
all read as one catalog,
edited with Babel's tooling (see README); we compile them in memory at start so
there is no build step and no stale .mo file. A plural message names the parameter
that counts in its msgid_plural (`msgid_plural "{score}"`: "1 point", "2 points"; a
msgid_plural that repeats the key counts `count`), and uses gettext's ngettext with it.
"""

import gettext
import io
import logging
import math
import string
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.i18n.stops import one_stop
from bot.marks import Marked, Span
from rules import registry

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de")
DEFAULT = "en"
DOMAIN = "stammtisch"
LOCALES = Path(__file__).parent / "locales"


def _paths(lang: str) -> tuple[Path, ...]:
    return _paths_at(lang, registry.version())


@cache
def _paths_at(lang: str, games_version: int) -> tuple[Path, ...]:
    """The core catalog first, then each registered game's own (`rules/<game>/locales`)."""
    messages = LOCALES / lang / "LC_MESSAGES"
    core = messages / f"{DOMAIN}.po"
    paths = [core, *sorted(p for p in messages.glob("*.po") if p != core)]
    for spec in registry.all_games():
        if spec.locales is not None and (spec.locales / f"{lang}.po") not in paths:
            paths.append(spec.locales / f"{lang}.po")
    return tuple(p for p in paths if p.exists())


@cache
def _catalogs_at(lang: str, paths: tuple[Path, ...]) -> list[Any]:
    catalogs = []
    for path in paths:
        with path.open("rb") as f:
            catalogs.append(read_po(f, locale=lang))
    return catalogs


def _catalogs(lang: str) -> list[Any]:
    return _catalogs_at(lang, _paths(lang))


@cache
def _translations_at(lang: str, paths: tuple[Path, ...]) -> gettext.GNUTranslations:
    first: gettext.GNUTranslations | None = None
    for catalog in _catalogs_at(lang, paths):
        buf = io.BytesIO()
        write_mo(buf, catalog)
        buf.seek(0)
        tr = gettext.GNUTranslations(buf)
        if first is None:
            first = tr
        else:
            first.add_fallback(tr)
    assert first is not None
    return first


def _translations(lang: str) -> gettext.GNUTranslations:
    # Keyed by the catalogs' paths: a game registered later (a test game) is picked up.
    return _translations_at(lang, _paths(lang))


@cache
def _messages(lang: str, games_version: int) -> dict[str, str]:
    """Every singular message of one language, the first catalog's where several have a
    key, as gettext's chain of fallbacks finds them: one dict lookup instead of a walk
    down the chain (a command formats about ten messages). Read from Babel's catalogs,
    with what `write_mo` leaves out (untranslated and fuzzy messages) left out here too."""
    merged: dict[str, str] = {}
    for catalog in reversed(_catalogs_at(lang, _paths_at(lang, games_version))):
        for m in catalog:
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy:
                key = m.id if m.context is None else f"{m.context}\x04{m.id}"
                merged[key] = m.string
    return merged


@cache
def _keys_at(lang: str, paths: tuple[Path, ...]) -> frozenset[str]:
    return frozenset(
        m.id if isinstance(m.id, str) else m.id[0]
        for catalog in _catalogs_at(lang, paths)
        for m in catalog
        if m.id
    )


@cache
def _plurals_at(lang: str, paths: tuple[Path, ...]) -> dict[str, str]:
    """Plural message key → the name of the parameter that counts."""
    found = {}
    for catalog in _catalogs_at(lang, paths):
        for m in catalog:
            if m.id and not isinstance(m.id, str):
                key, plural = m.id
                found[key] = plural.strip("{}") if plural.startswith("{") else "count"
    return found


@cache
def _plurals(lang: str, games_version: int) -> dict[str, str]:
    # by the registry's version, not the catalogs' paths: no tuple of paths hashed a call
    return _plurals_at(lang, _paths_at(lang, games_version))


def keys(lang: str) -> frozenset[str]:
    """All message keys of one language (plural keys by their singular id)."""
    return _keys(lang, registry.version())


@cache
def _keys(lang: str, games_version: int) -> frozenset[str]:
    # by the registry's version, not the catalogs' paths (asked at every secret prompt)
    return _keys_at(lang, _paths_at(lang, games_version))


def normalize(lang: str | None) -> str:
    """The supported language closest to a platform's language tag (`de-AT` → `de`)."""
    base = (lang or "").split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT


class _Params(dict[str, Any]):
    """Parameters for str.format_map; a placeholder without a value stays visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(lang: str, key: str, **params: Any) -> str:
    """The message `key` in `lang`, with `{name}` placeholders filled from params."""
    return fill(lang, key, params)


def fill(lang: str, key: str, params: dict[str, Any]) -> str:
    """`t` with its parameters as one dict (bot/table/outbox.py: not unpacked and packed again)."""
    text = _template(lang, key, params)
    if not params:  # a label, a title: the same text every time
        return _bare(text)
    shown = _filled(params, lang)
    if "}." in text:  # (a field before a full stop: about one message in eight)
        text = one_stop(text, shown)
    return text.format_map(shown)


def marked(lang: str, key: str, **params: Any) -> Marked:
    """`t` for a message with our emphasis in it: a parameter given as spans
    (bot/marks.py) keeps its marks, every other is filled as `t` fills it, and the
    catalog's own words are plain. The message's fields are filled one by one, so no
    emphasis is ever read out of a filled-in text."""
    template = _template(lang, key, params)
    spans = {k: v for k, v in params.items() if _is_marked(v)}
    shown = _filled({k: v for k, v in params.items() if k not in spans}, lang)
    words = {k: "".join(span.text for span in v) for k, v in spans.items()}
    template = one_stop(template, {**shown, **words} if words else shown)
    out: list[Span] = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if literal:
            out.append(Span(literal))
        if name is None:
            continue
        if name in spans and not spec and not conversion:
            out.extend(Span(_printable(span.text), span.mark) for span in spans[name])
            continue
        field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        out.append(Span(("{" + field + "}").format_map(shown)))
    return tuple(out)


_FORMATTER = string.Formatter()


def _is_marked(value: Any) -> bool:
    return type(value) is tuple and all(type(part) is Span for part in value)


def _template(lang: str, key: str, params: dict[str, Any]) -> str:
    """The message `key` in `lang`, its plural form chosen by its count in `params`."""
    if lang not in LANGUAGES:  # (the usual "en"/"de" skips the parsing)
        lang = normalize(lang)
    version = registry.version()
    template, counted = _message(lang, key, version)
    if counted is not None:  # a count that is no whole number reads as plural
        n = params.get(counted)
        count = n if isinstance(n, int) and not isinstance(n, bool) else 2
        text = _plural(lang, key, count, version)
        if text == key:
            text = template
    else:
        text = template
    if text == key:
        log.error("message key %r missing in the %s catalog", key, lang)
    return text


def _filled(params: dict[str, Any], lang: str) -> "_Params":
    shown = _Params()
    for k, v in params.items():
        # (most parameters are small whole numbers, or names and words that are printable
        # already: shown as they are, as `_shown` shows them, without a call for each)
        kind = type(v)
        if (kind is int and -10_000 < v < 10_000) or (kind is str and v.isprintable()):
            shown[k] = v
        else:
            shown[k] = _shown(v, lang)
    return shown


@lru_cache(maxsize=4096)
def _message(lang: str, key: str, games_version: int) -> tuple[str, str | None]:
    """A key's singular text (the key itself where the catalogs lack it) and, for a
    plural message, the parameter that counts: looked up once, not on each of the
    ten or twenty messages a command formats."""
    return _messages(lang, games_version).get(key, key), _plurals(lang, games_version).get(key)


@lru_cache(maxsize=4096)
def _plural(lang: str, key: str, count: int, games_version: int) -> str:
    # (gettext walks its chain of catalogs for each: one per game, and the core's)
    return _translations_at(lang, _paths_at(lang, games_version)).ngettext(key, key, count)


@lru_cache(maxsize=4096)
def _bare(text: str) -> str:
    return text.format_map(_Params())


def _shown(value: Any, lang: str) -> Any:
    if type(value) is int and -10_000 < value < 10_000:  # (most parameters: as they are)
        return value
    if isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
        # A name given in several languages (a card's name from a game's data, in
        # German and English): shown in the chat's language.
        value = value.get(lang) or next(iter(value.values()))
    if isinstance(value, str):
        return _printable(value)
    return _number(value, lang)


def _printable(text: str) -> str:
    """User text echoed in a reply: control characters and line breaks become spaces,
    so a name or a typo can never break a one-line message or fake a new line."""
    if text.isprintable():  # (nothing printable is a control character: the usual case)
        return text
    return "".join(" " if unicodedata.category(c) in _CONTROL else c for c in text)


_CONTROL = {"Cc", "Zl", "Zp"}


def _number(value: Any, lang: str) -> Any:
    """Numbers as people of that language write them: large whole numbers 1,000 /
    1.000, and fractions with the locale's decimal sign: 0.6 / 0,6. Babel's decimal
    context holds 28 digits; a longer number a player typed is grouped by hand."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10_000:
        if abs(value) < 10**27:
            return _grouped(value, lang)
        sep = "." if lang == "de" else ","
        digits = str(abs(value))
        groups = [digits[max(0, i - 3) : i] for i in range(len(digits), 0, -3)][::-1]
        return ("-" if value < 0 else "") + sep.join(groups)
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) >= 1e27:
            return f"{value:g}"
        return _fraction(repr(value), lang)
    return value


# Babel is slow to format a number; a game shows the same few again and again (a blood
# alcohol level of 0.6, a treasury of 12,000), so each is formatted once.
@lru_cache(maxsize=4096)
def _grouped(value: int, lang: str) -> str:
    return format_decimal(value, locale=lang)


@lru_cache(maxsize=4096)
def _fraction(value: str, lang: str) -> str:
    # by its repr, which tells -0.0 from 0.0 (equal, and equal keys, as floats)
    return format_decimal(float(value), format="0.0##", locale=lang)
