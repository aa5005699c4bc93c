"""No file of the project reaches into another package's internals.

Internals break on the next release of their package, or on an older one inside our own
version range (a hand-made Redis client did, on redis-py 5.0 and 5.2). Read from each
file's syntax tree, so a comment or a sentence that names them is no offence:

- a private module of another package imported (`from redis._parsers import …`,
  `import pydantic._internal`), or a private name imported from one (`from x import _y`);
- a private attribute of a module imported from another package (`redis._parsers`,
  `discord.utils._x`), or of an object one of its callables made (`web.TCPSite(…)`'s
  `_server`), or named in a string to `getattr`, `setattr`, `hasattr`, `delattr`,
  `import_module` or a mock's `patch` and `patch.object`;
- a class built on another package's class reaching into its base: `self._x`, `cls._x`
  or `super()._x` that the class never defines itself;
- an attribute with a name known to be another package's internals, on any object but
  our own `self` or `cls` (a connection's `_reader`, a stream's `_buffer`, gettext's
  `_catalog` and `_fallback` …);
- pydantic's per-instance state handled directly (`__pydantic_fields_set__`,
  `__pydantic_private__`, `__pydantic_extra__`) instead of through `model_copy` and
  attribute access.

Python code held in a string is read the same way: a string constant that parses as a
module (as written, or dedented) — a child process's script for `python -c`, say — is
checked as a file of its own, its lines
counted from the string's. A script fed to a subprocess reaches into a package's
internals as surely as an import does (issue 38: `client._connection` in two of them).

Our own modules' private names (`bot.table.model._pieces` in its tests) are ours to use.
"""

import ast
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = frozenset(
    p.name
    for p in ROOT.iterdir()
    if p.is_dir() and not p.name.startswith(".") and any(p.glob("*.py"))
) | {"conftest"}
# Named with an underscore and documented as public all the same.
PUBLIC = frozenset({("os", "_exit")})
KNOWN_PRIVATE = frozenset(
    {
        "_reader",
        "_writer",
        "_buffer",
        "_parser",
        "_parsers",
        "_host_error",
        "_internal",
        "_catalog",
        "_fallback",
        "_connection",
        "_sock",
        "_available_connections",
        "_in_use_connections",
    }
)
PYDANTIC_STATE = frozenset(
    {"__pydantic_fields_set__", "__pydantic_private__", "__pydantic_extra__"}
)

# Known and left, each for a reason of its own (the test fails once one is gone, so the
# list cannot outlive what it excuses). None now: the fake Discord feeds its events
# through a fake gateway (tests/fixtures/fake_gateway.py), not discord.py's internals.
EXCUSED: set[tuple[str, str]] = set()
THIS_FILE = str(Path(__file__).resolve().relative_to(ROOT))


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _theirs(module: str | None) -> bool:
    return bool(module) and module.split(".")[0] not in OURS  # type: ignore[union-attr]


def code_in(text: str) -> str | None:
    """The Python code a string holds, or None: it parses as a module, as written or
    dedented (a triple-quoted script inside a function); a sentence does not, and a lone
    dotted name (a logger's, a module's) is no code. What holds neither an import nor an
    attribute nor a string of its own cannot offend, and is not read further."""
    if "." not in text and "import" not in text:  # (every offence needs one or the other)
        return None
    for candidate in (text, textwrap.dedent(text)):
        try:
            tree = ast.parse(candidate)
        except (SyntaxError, ValueError):
            continue
        if len(tree.body) == 1 and _dotted(tree.body[0]):
            return None
        kinds = ast.Import | ast.ImportFrom | ast.Attribute | ast.Constant
        if any(isinstance(n, kinds) for n in ast.walk(tree)):
            return candidate
    return None


def _dotted(statement: ast.stmt) -> bool:
    """Whether a statement is nothing but a name, dotted or not (`redis._parsers`)."""
    if not isinstance(statement, ast.Expr):
        return False
    node = statement.value
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _root(node: ast.expr) -> str | None:
    """The name an attribute chain starts from (`redis` of `redis.asyncio._x`), or None."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _made_by(value: ast.expr | None, imported: set[str]) -> bool:
    """Whether an expression is a call of another package's callable (`web.TCPSite(…)`,
    `await redis.from_url(…)`): what it returns is that package's object."""
    if isinstance(value, ast.Await):
        value = value.value
    return isinstance(value, ast.Call) and _root(value.func) in imported


def _own_names(cls: ast.ClassDef) -> set[str]:
    """The names a class gives itself: its methods and class attributes, and what its
    methods assign to `self.…` or `cls.…`."""
    names: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            names.add(node.attr)
    return names


def _inherited(tree: ast.Module, imported: set[str]) -> list[tuple[int, str]]:
    """A class built on another package's class reaching into its base's internals:
    `self._x`, `cls._x` or `super()._x` where the class never defines `_x` itself."""
    found = []
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef) or not any(
            _root(base) in imported for base in cls.bases
        ):
            continue
        own = _own_names(cls)
        for node in ast.walk(cls):
            if not isinstance(node, ast.Attribute) or not _private(node.attr):
                continue
            value = node.value
            on_self = isinstance(value, ast.Name) and value.id in ("self", "cls")
            on_super = (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "super"
            )
            if (on_self or on_super) and node.attr not in own:
                found.append((node.lineno, f"{cls.name}: inherited .{node.attr}"))
    return found


def offences(source: str, strings: bool = True) -> list[tuple[int, str]]:
    """(line, what) for every reach into another package's internals in `source`, and,
    with `strings`, in the code its string constants hold."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    imported: set[str] = set()  # names bound to another package's modules or objects
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not _theirs(alias.name):
                    continue
                if any(_private(part) for part in alias.name.split(".")):
                    found.append((node.lineno, f"import {alias.name}"))
                imported.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and _theirs(node.module):
            module = node.module or ""
            if any(_private(part) for part in module.split(".")):
                found.append((node.lineno, f"from {module} import"))
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, f"from {module} import {alias.name}"))
                imported.add(alias.asname or alias.name)
    # What another package's callables made is that package's object too: a site
    # `web.TCPSite(…)` returned has no `_server` of ours.
    made: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and _made_by(node.value, imported):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            made |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif (
            isinstance(node, ast.withitem)
            and _made_by(node.context_expr, imported)
            and isinstance(node.optional_vars, ast.Name)
        ):
            made.add(node.optional_vars.id)
    theirs = imported | made
    found += _inherited(tree, imported)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            base = node.value.id if isinstance(node.value, ast.Name) else None
            root = _root(node.value)
            if node.attr in PYDANTIC_STATE:
                found.append((node.lineno, f".{node.attr}"))
            elif _private(node.attr) and root in theirs and (base, node.attr) not in PUBLIC:
                found.append((node.lineno, f"{base or root + '…'}.{node.attr}"))
            elif node.attr in KNOWN_PRIVATE and base not in ("self", "cls"):
                found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            what = node.args[1] if len(node.args) >= 2 else None
            named = what.value if isinstance(what, ast.Constant) else None
            if name in ("__setattr__", "setattr", "getattr") and named in PYDANTIC_STATE:
                found.append((node.lineno, f"{name}(…, {named!r})"))
            elif (
                name in ("setattr", "getattr", "hasattr", "delattr", "object")  # (patch.object)
                and isinstance(named, str)
                and _private(named)
                and _root(node.args[0]) in theirs
            ):
                found.append((node.lineno, f"{name}({_root(node.args[0])}, {named!r})"))
            elif (
                name in ("import_module", "__import__", "patch", "setattr", "delattr")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and _theirs(node.args[0].value)
                and any(_private(part) for part in node.args[0].value.split("."))
            ):
                found.append((node.lineno, f"{name}({node.args[0].value!r})"))
        elif (
            strings
            and isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and (code := code_in(node.value)) is not None
        ):
            for line, what in offences(code):
                found.append((node.lineno + line - 1, f"{what} (in a string)"))
    return sorted(set(found))


def _project_files() -> list[Path]:
    return sorted(
        p
        for p in ROOT.rglob("*.py")
        if not any(
            part.startswith(".") or part in ("build", "tmp") for part in p.parts[len(ROOT.parts) :]
        )
        and not p.relative_to(ROOT).parts[0].endswith(".egg-info")
    )


def test_no_file_reaches_into_another_packages_internals():
    found, excused = {}, set()
    for path in _project_files():
        name = str(path.relative_to(ROOT))
        # (this file's samples below are offences in strings on purpose)
        for line, what in offences(path.read_text(), strings=name != THIS_FILE):
            if (name, what.rpartition(".")[2]) in EXCUSED:
                excused.add((name, what.rpartition(".")[2]))
                continue
            found.setdefault(name, []).append(f"line {line}: {what}")
    assert found == {}
    assert excused == EXCUSED, f"no longer needed, drop from EXCUSED: {EXCUSED - excused}"


@pytest.mark.parametrize(
    "planted",
    [
        "from redis._parsers.encoders import Encoder",
        "from pydantic._internal._model_construction import init_private_attributes",
        "import pydantic._internal._fields",
        "import redis._parsers as parsers",
        "from gettext import _default_localedir",
        "import redis\nredis._parsers",
        "import gettext as g\ng._translations.clear()",
        "def f(connection):\n    return connection._reader, connection._writer",
        "def f(stream):\n    return stream._buffer",
        "def f(tr):\n    return tr._fallback, tr._catalog",
        "def f(conn):\n    return conn._host_error()",
        "def f(new, value):\n    new.__pydantic_fields_set__ = value.__pydantic_fields_set__",
        "def f(new):\n    object.__setattr__(new, '__pydantic_fields_set__', set())",
        "def f(m):\n    return m.__pydantic_private__['_state']",
        # what another package's callable made (aiohttp's site, as the fakes' port was read)
        "from aiohttp import web\nasync def f(r):\n    s = web.TCPSite(r)\n    return s._server",
        "import redis.asyncio as r\nasync def f():\n    c = await r.from_url('x')\n    c._lock",
        "import d20\nwith d20.Roller() as roller:\n    roller._parse_cache = {}",
        # a private name down a chain of modules
        "import discord.utils\ndiscord.utils._MissingSentinel",
        # a base class's internals, through self, cls or super()
        "import discord\nclass C(discord.Client):\n    def f(self):\n        self._connection",
        "from redis.asyncio import Redis\nclass R(Redis):\n    def f(self):\n        super()._x",
        # named in a string
        "import telegram\ndef f():\n    return getattr(telegram.Bot, '_request')",
        "import importlib\nimportlib.import_module('pydantic._internal')",
        "from unittest import mock\nmock.patch('redis.asyncio.connection._x')",
        "def f(monkeypatch):\n    monkeypatch.setattr('gettext._translations', {})",
        "import redis\nfrom unittest import mock\nmock.patch.object(redis.Redis, '_x')",
    ],
)
def test_the_check_finds_each_kind_of_reach_planted(planted):
    assert offences(planted), planted


@pytest.mark.parametrize(
    "clean",
    [
        "from redis.asyncio.cluster import RedisCluster",
        "from bot.table.model import _pieces",  # (ours)
        "import bot.table.model as m\nm._parsed.clear()",  # (ours)
        "class A:\n    def f(self):\n        return self._reader, self._buffer",
        "def f(m):\n    return m.model_copy(update={'x': 1})",
        "x = '__pydantic_fields_set__ is named in a string'",
        "from __future__ import annotations",
        "import os\nos._exit(0)",
        # a class built on another package's keeps its own private names
        "import discord\nclass C(discord.Client):\n    def f(self):\n        self._t = self._t",
        # what our own callables made is ours
        "from bot.store.versioned import RedisStore\ns = RedisStore(None)\ns._write",
        "from aiohttp import web\nasync def f(r):\n    return r.addresses[0][1]",
    ],
)
def test_the_check_leaves_our_own_and_public_names_alone(clean):
    assert offences(clean) == [], clean


def test_the_standard_library_counts_as_another_package():
    assert "gettext" in sys.stdlib_module_names and "gettext" not in OURS
    assert offences("import asyncio\nasyncio._get_running_loop()")


# A child process's script, as tests/adapters/discord/test_many_processes.py held one
# before issue 38: the reach is inside the string, not in the file's own code.
CHILD_SCRIPT = '''
import asyncio, subprocess, sys

WORKER = """
import asyncio, json, sys
import discord

async def main(client):
    while line := sys.stdin.readline():
        client._connection.parse_interaction_create(json.loads(line))
"""

def start():
    return subprocess.Popen([sys.executable, "-c", WORKER])
'''


def test_the_check_finds_a_reach_inside_a_child_process_script():
    assert offences(CHILD_SCRIPT) == [(10, "._connection (in a string)")]


def test_the_check_of_strings_can_be_left_out():
    assert offences(CHILD_SCRIPT, strings=False) == []


@pytest.mark.parametrize(
    "planted",
    [
        # indented, as a script written inside a function is
        'def f():\n    run("""\n        import redis\n        redis._parsers\n    """)',
        # a one-liner for `python -c`
        'import subprocess\nsubprocess.run(["python", "-c", "import gettext; gettext._default"])',
        # a script inside a string's script
        "S = 'X = \"def f(c):\\\\n    return c._reader\"'",
    ],
)
def test_the_check_reads_code_in_strings_of_every_shape(planted):
    assert any(what.endswith("(in a string)") for _, what in offences(planted)), planted


@pytest.mark.parametrize(
    "clean",
    [
        "HELP = 'Press the button to join the table.'",
        "LOGGER = 'redis._parsers'",  # a name, not a program
        "x = 'def f(self):\\n    return self._reader'",  # code, but our own `self`
        "DOC = 'connection._reader is named in a sentence here'",
    ],
)
def test_strings_that_are_no_offending_code_are_no_offence(clean):
    assert offences(clean) == [], clean
