"""No Pillow: not among what `pip install -e ".[test]"` brings in, and imported by no file
of the project (render/png.py quantises with libimagequant and writes with zlib)."""

import ast
import itertools
import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("adapters", "bot", "render", "rules", "bench", "docs", "tests")


def _name(raw: str) -> str:
    return re.sub(r"[-_.]+", "-", raw).lower()


def pulled_in(project: str = "stammtisch", extras: frozenset[str] = frozenset({"test"})) -> set:
    """Every distribution an install of `project[extras]` requires, followed down through
    each requirement's own requirements (markers evaluated for this interpreter)."""
    seen: set[str] = set()
    todo = [(project, extras)]
    while todo:
        name, wanted = todo.pop()
        if _name(name) in seen:
            continue
        seen.add(_name(name))
        for line in metadata.requires(name) or []:
            req = Requirement(line)
            if req.marker is None or any(
                req.marker.evaluate({"extra": extra}) for extra in (wanted or {""})
            ):
                todo.append((req.name, frozenset(req.extras)))
    return seen


def test_the_walk_finds_what_the_project_declares():
    names = pulled_in()
    # declared directly, through the test extra, and only through another's requirements
    assert {"resvg", "imagequant", "pyoxipng", "pytest", "fonttools", "cffi"} <= names


def test_pillow_is_not_installed_by_the_project_or_its_tests():
    assert "pillow" not in pulled_in()


def test_no_file_of_the_project_imports_pil():
    importers = []
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else []
                )
                if any(n == "PIL" or n.startswith("PIL.") for n in names):
                    importers.append(str(path.relative_to(ROOT)))
    assert importers == []
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = [
        *project["dependencies"],
        *itertools.chain(*project["optional-dependencies"].values()),
    ]
    assert "pillow" not in {_name(Requirement(line).name) for line in declared}
