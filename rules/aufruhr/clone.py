"""Copying the state before a transition: only what a transition may change in place.

`apply` never touches its input, yet the phases change the state in place, so every
transition starts from a copy (rules/core/clone.py), one level deep: a field holding a
list, a dict or a `Mutable` model gets its own copy, and the items of a copied list or
dict are shared with the input. So an item that is itself changeable (a `Mayor` in
`mayors`, a `Draft` in `Folders.drafts`, a list in `board` or `piles`) is never changed
where it lies: it is replaced by a changed copy (`mayor(state, seat)`, `clone(draft)`,
or a new list). Copying every mayor, draft and pile on every answer was most of a
transition's time (issue 21); a transition changes one or two of them.
"""

from typing import TypeVar

from rules.aufruhr.model import Mayor, Mutable, State
from rules.core.clone import clone_only, clone_top

M = TypeVar("M", bound=Mutable)


def clone(value: M) -> M:
    """A copy of a mutable model whose own fields can be changed without touching
    `value`: its lists, dicts and `Mutable` fields are copies (their items shared)."""
    return clone_top(value)


def mayor(state: State, seat: int) -> Mayor:
    """`seat`'s mayor, made this state's own to be changed: the mayors of a cloned state
    are shared with the state it was cloned from. Change him at once (`mayor(state,
    seat).money -= 10`), holding no copy across another call that may replace him."""
    m = state.mayors[seat] = clone(state.mayors[seat])
    return m


def window(state: State) -> State:
    """A copy of a state in a folder window for one step in it: only the window is its
    own (`folders`; the drafts in it shared, each replaced when changed). A step in the
    window changes nothing else in place (rules/aufruhr/folders.py `act`); the step that
    follows its closing may change anything, so the state is copied whole (`clone`)
    before that one is entered."""
    return clone_only(state, "folders")
