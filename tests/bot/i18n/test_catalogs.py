"""Every user-visible line comes from the catalogs, in both languages, alike in placeholders."""

import ast
import functools
import re
import string
from pathlib import Path

import pytest

from bot import i18n
from tests.fixtures.paths import ROOT

# Calls whose first string argument (or key= / label=) is a message key.
KEY_CALLS = {
    "t",
    "text",
    "group",
    "dm",
    "notice",
    "RuleError",
    "ParseError",
    "GameError",
    "Event",
    "Prompt",
    "ask",  # a game's own Prompt maker (rules/bohei/prompts.py `_turn`)
    "label",
}
KEY_KWARGS = {"key", "label"}
KEY = re.compile(r"^[a-z_]+(\.[a-z_]+)+$")


def _code_files():
    for folder in ("bot", "adapters", "rules", "render", "tests/games"):
        yield from (ROOT / folder).rglob("*.py")


@functools.cache
def _key_args() -> tuple[ast.expr, ...]:
    """Every first string argument (or key=/label=) of a key call: constants and f-strings.
    Read once: both parametrizations below are made from it as every xdist worker
    collects this file, and parsing all the code is most of that."""
    found: list[ast.expr] = []
    for path in _code_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in KEY_CALLS:
                continue
            found += [a for a in node.args[:2] if isinstance(a, ast.Constant | ast.JoinedStr)]
            found += [k.value for k in node.keywords if k.arg in KEY_KWARGS]
    return tuple(found)


def _keys_in_code() -> set[str]:
    return {
        arg.value
        for arg in _key_args()
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and KEY.match(arg.value)
    }


def _key_patterns_in_code() -> set[str]:
    """Keys built with f-strings (`f"aufruhr.revealed_{kind}"`) as patterns: the literal
    parts, and a key-word for every placeholder."""
    patterns = set()
    for arg in _key_args():
        if not isinstance(arg, ast.JoinedStr):
            continue
        parts = [
            re.escape(v.value) if isinstance(v, ast.Constant) else "[a-z0-9_]+" for v in arg.values
        ]
        pattern = "".join(parts)
        if re.match(r"^[a-z_]+(\\?\.)", pattern):  # starts like a key: `game.`
            patterns.add(pattern)
    return patterns


def test_both_languages_have_the_same_keys():
    assert i18n.keys("en") == i18n.keys("de")


@pytest.mark.parametrize("key", sorted(_keys_in_code()))
def test_every_key_in_the_code_is_in_both_catalogs(key):
    for lang in i18n.LANGUAGES:
        assert key in i18n.keys(lang), f"{key} missing in {lang}"


@pytest.mark.parametrize("pattern", sorted(_key_patterns_in_code()))
def test_every_key_built_in_the_code_has_catalog_entries(pattern):
    """A key built from parts must name keys that exist, alike in both languages."""
    found = {
        lang: {k for k in i18n.keys(lang) if re.fullmatch(pattern, k)} for lang in i18n.LANGUAGES
    }
    assert found["en"], f"no key in the catalogs matches {pattern}"
    assert found["en"] == found["de"]


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(i18n.keys("en")))
def test_placeholders_agree_between_languages(key):
    en = i18n.t("en", key, count=2) if _is_plural(key) else i18n.t("en", key)
    de = i18n.t("de", key, count=2) if _is_plural(key) else i18n.t("de", key)
    assert _placeholders(en) == _placeholders(de)
    assert en != key and de != key


def _is_plural(key: str) -> bool:
    return key in ("roll.successes",)


def test_rules_summary_for_every_registered_game():
    from rules import registry

    for game in registry.all_games():
        for lang in i18n.LANGUAGES:
            assert f"rules.{game.id}" in i18n.keys(lang)


# Prose in code: a string literal with two words or more, outside docstrings, logging and
# message keys, is text a user might see that bypassed the catalog.
PROSE = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}\s+[A-Za-zÄÖÜäöüß]{2,}")
LOG_CALLS = {
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "critical",
    "add_argument",
    "exit",  # an operator message on stderr as the process ends
    "SystemExit",
    "NoScriptError",
    "ImportError",
    "ArgumentParser",
    "ValueError",
    "AssertionError",
    "RuntimeError",
    "TypeError",
}


def _prose_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # a docstring, of a module, class, function or attribute
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", "").lstrip("_").isupper() for t in node.targets
        ):  # a CONSTANT is data (a font name, a Lua script), not a message
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in LOG_CALLS:
                skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and id(n) not in skip
        and PROSE.search(n.value)
    ]


@pytest.mark.parametrize("folder", ["bot", "adapters", "render"])
def test_no_user_visible_prose_bypasses_the_catalog(folder):
    offenders = {
        str(p.relative_to(ROOT)): lits
        for p in (ROOT / folder).rglob("*.py")
        if (lits := _prose_literals(p))
    }
    assert offenders == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_of_any_size_are_shown(lang):
    """A number a player types may be of any size (`/bid 100000000000000000000000000000`):
    it is grouped as the language writes it, never a traceback."""
    sep = "." if lang == "de" else ","
    assert i18n._number(10**29, lang) == sep.join(["100"] + ["000"] * 9)
    assert i18n._number(-(10**30), lang) == "-" + sep.join(["1"] + ["000"] * 10)
    assert i18n._number(12_345, lang) == f"12{sep}345"
    assert i18n._number(float("inf"), lang) == "inf"


@pytest.mark.parametrize(
    ("lang", "key", "params", "one", "two"),
    [
        ("en", "game.place_score", {"place": 1, "seats": "anna"}, "1. anna – 1 point", "points"),
        ("de", "game.place_score", {"place": 1, "seats": "anna"}, "1. anna – 1 Punkt", "Punkte"),
        ("en", "tube.drunk", {"seat": "bob"}, "bob has drunk 1 sip.", "sips"),
        ("de", "tube.drunk", {"seat": "bob"}, "bob hat 1 Schluck getrunken.", "Schlucke"),
        ("en", "einsistkeins_karten.pile", {}, "1 card left in the pile.", "cards"),
    ],
)
def test_a_plural_message_counts_the_parameter_its_plural_id_names(lang, key, params, one, two):
    """`msgid_plural "{score}"`: the score decides between "1 point" and "2 points"."""
    counted = i18n._plurals_at(lang, i18n._paths(lang))[key]
    assert i18n.t(lang, key, **params, **{counted: 1}) == one
    assert two in i18n.t(lang, key, **params, **{counted: 2})
    assert two in i18n.t(lang, key, **params, **{counted: "many"})  # no number: plural


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_plural_message_uses_the_parameter_it_counts(lang):
    for key, counted in i18n._plurals_at(lang, i18n._paths(lang)).items():
        if "{seats}" in i18n.t(lang, key, **{counted: 1}):
            continue  # counts the players it names ("anna takes it"): shown by name
        for n in (1, 2):
            assert "{" + counted + "}" not in i18n.t(lang, key, **{counted: n}), key
            assert str(n) in i18n.t(lang, key, **{counted: n}), key
