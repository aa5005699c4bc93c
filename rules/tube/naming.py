"""Station names as players type them: a beginning or a misspelling is enough.

Names are compared folded: case, accents, apostrophes and dots dropped, "&" read as
"and", "Saint" as "St". A station's other names (data/other_names.json `aliases`: the
three Heathrow stations TfL names, which the game counts as one) are its names too. An
exact name wins, then a unique beginning, then the Underground
stations whose every typed word begins a word of the name; only then the names of
non-Underground stations (data/other_names.json) and the river; last, a close misspelling
(difflib, ratio ≥ 0.8).
"""

import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal

from rules.tube.data import other_names
from rules.tube.network import net


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("&", " and ").replace("ß", "ss")
    text = re.sub(r"['’.`]", "", text)
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    return re.sub(r"\bsaint\b", "st", text)


@dataclass(frozen=True)
class Match:
    kind: Literal["station", "ambiguous", "other_mode", "national_rail", "river", "unknown"]
    ids: tuple[str, ...] = ()  # station ids (one for "station", several when ambiguous)
    name: str = ""  # the non-Underground name matched


@cache
def _names() -> tuple[tuple[str, str], ...]:
    names = [(fold(name), sid) for sid, name in net().names.items()]
    names += [(fold(alias), sid) for alias, sid in other_names().aliases.items()]
    return tuple(sorted(names))


@cache
def _others() -> tuple[tuple[str, str, str], ...]:
    o = other_names()
    rows = [(fold(n), n, "other_mode") for n in o.other_mode]
    rows += [(fold(n), n, "national_rail") for n in o.national_rail]
    rows += [(fold(n), n, "river") for n in o.river]
    return tuple(rows)


def _words_begin(query: list[str], name: str) -> bool:
    words = name.split()
    return all(any(w.startswith(q) for w in words) for q in query)


def find(text: str) -> Match:
    q = fold(text)
    if not q:
        return Match("unknown")
    names = _names()
    exact = [sid for n, sid in names if n == q]
    if exact:
        return Match("station", (exact[0],))
    for found in (  # one station under several names is found once
        list(dict.fromkeys(sid for n, sid in names if n.startswith(q))),
        list(dict.fromkeys(sid for n, sid in names if _words_begin(q.split(), n))),
    ):
        if len(found) == 1:
            return Match("station", tuple(found))
        if found:
            return Match("ambiguous", tuple(found))
    # An exact name first: "Deptford" (National Rail, a whole beer) is not the DLR's
    # "Deptford Bridge" (3 sips), which it begins.
    others = _others()
    for n, name, kind in (*(o for o in others if o[0] == q), *others):
        if n == q or (len(q) >= 4 and n.startswith(q)):
            return Match(kind, (), name)  # type: ignore[arg-type]
    close = difflib.get_close_matches(q, [n for n, _ in names], n=3, cutoff=0.8)
    if close:
        ids = tuple(dict.fromkeys(sid for c in close for n, sid in names if n == c))
        return Match("station", ids) if len(ids) == 1 else Match("ambiguous", ids)
    return Match("unknown")
