"""Bribe tokens and scandals: which a mayor may put into a folder, and what a new term
changes about them."""

from rules.aufruhr.model import Scandal, State, Token


def usable(t: Token, lord_mayor: int | None) -> bool:
    """A token its holder may put in a folder: not covered, nor fresh in office."""
    return not t.covered and not (t.holder == lord_mayor and t.fresh)


def handed(state: State) -> set[int]:
    """Tokens in a folder handed to a mayor and not yet answered (State.gifts)."""
    return {i for g in state.gifts for i in g.tokens}


def usable_tokens(state: State, seat: int) -> list[int]:
    """Indexes of the tokens `seat` may put into a folder."""
    lm, away = state.lord_mayor, handed(state)
    return [
        i
        for i, t in enumerate(state.tokens)
        if t.holder == seat and usable(t, lm) and i not in away
    ]


def usable_stars(state: State, seats: tuple[int, ...]) -> dict[int, set[int]]:
    """The star counts each of `seats` could put in, in one pass over the tokens."""
    stars: dict[int, set[int]] = {s: set() for s in seats}
    lm, away = state.lord_mayor, handed(state) if state.gifts else ()
    # `usable`, written out: the folder prompt asks this after every answer. Each token's
    # fields are read from its __dict__: an attribute of a pydantic model is read by
    # Python's slow path (BaseModel has a __getattr__), several times a dict's item, and
    # this reads four of them for each of the 36 tokens.
    for i, t in enumerate(map(vars, state.tokens)):
        holder = t["holder"]
        if (
            holder in stars
            and not t["covered"]
            and not (t["fresh"] and holder == lm)
            and i not in away
        ):
            stars[holder].add(t["stars"])
    return stars


def own_scandal(state: State, seat: int) -> Scandal | None:
    """`seat`'s own scandal while it is still his to put into a folder."""
    s = state.scandals[seat]
    return s if s.holder == seat == s.origin and not s.public else None


def stars_received(state: State) -> list[int]:
    """Stars each mayor holds from other mayors' folders (the final bribe bonus)."""
    stars = [0] * state.n
    for t in state.tokens:
        if t.holder >= 0 and t.origin != t.holder:
            stars[t.holder] += t.stars
    return stars


def new_term(state: State) -> None:
    """A new term begins: bribes of the last term are no longer fresh; whoever is out of
    office may use what he received while in it."""
    lm = state.lord_mayor
    state.tokens = [
        t.model_copy(update={"fresh": False, "covered": t.covered and t.holder == lm})
        if t.fresh or (t.covered and t.holder != lm)
        else t
        for t in state.tokens
    ]
    state.scandals = [
        s.model_copy(update={"fresh": False}) if s.fresh else s for s in state.scandals
    ]
