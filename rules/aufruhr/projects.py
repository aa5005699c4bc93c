"""What a project card is: its kind and size, its minimum bid, its licence, its names.

An event card id ("ev…") stands for a negative RuhrCity project (Nuclear Waste
Repository, Waste Incinerating Plant), auctioned like a small RuhrCity project.
"""

from rules.aufruhr import data

# Rule book III.a: the minimum bid by kind and size, and the building licence a RuhrCity
# project costs when it is realised.
MINIMUM = {
    ("municipal", "small"): 20,
    ("municipal", "big"): 40,
    ("ruhrcity", "small"): 60,
    ("ruhrcity", "big"): 120,
}
LICENCE = {"small": 120, "big": 300}
NEGATIVE_MINIMUM = 60  # negative RuhrCity projects are auctioned like small RuhrCity ones


def kind(card: str) -> tuple[str, str, tuple[str, ...], bool]:
    """kind, size, categories, negative."""
    if card.startswith("ev"):
        return "ruhrcity", "small", (), True
    p = data.project(card)
    return p.kind, p.size, p.categories, False


def kind_key(card: str) -> str:
    """ "municipal_small" … "ruhrcity_big", or "negative": how the card is announced."""
    kind_, size, _, negative = kind(card)
    return "negative" if negative else f"{kind_}_{size}"


def minimum(card: str) -> int:
    kind_, size, _, negative = kind(card)
    return NEGATIVE_MINIMUM if negative else MINIMUM[(kind_, size)]


def licence(card: str) -> int:
    return LICENCE[kind(card)[1]]


def categories(cats: list[str] | tuple[str, ...]) -> dict[str, list[str]]:
    """Categories as the `category` parameter: their ids (render/aufruhr.py names them)."""
    return {"category": list(cats)}
