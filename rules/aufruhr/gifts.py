"""Bribe folders "in other situations, too" (rule book IV.a, HINT): any mayor may hand
his folder — a typed demand and bribe tokens — to any other mayor at any time, and the
receiver takes it or hands it back. Privately, as in the Lord Mayor's windows: the group
learns who handed a folder to whom and the answer, never what was inside (NOTES.md 33).

A mayor has one folder: while it waits for an answer he cannot hand another, and its
tokens are in it (`tokens.handed`), so no window can use them. A folder not answered by
the end of the round goes back to its owner.
"""

import re

from rules.aufruhr.commands import addressee, seat_named
from rules.aufruhr.model import Gift, State
from rules.aufruhr.tokens import usable_tokens
from rules.core.errors import RuleError
from rules.core.protocol import Event

DEMAND = 200  # characters of a typed demand kept, as in the windows
# A token by its stars as a player types them: 1-3, or as many black stars (input read
# here, never shown: the star is named by its code point).
STARS = re.compile(f"[1-3]|{chr(0x2605)}{{1,3}}")
# A count of stars no token has (`4`, `0`, four black stars): a mistyped token, not the
# first word of the demand, where nothing else could go in (see `give`).
COUNT = re.compile(f"[0-9]+|{chr(0x2605)}+")


def give(state: State, seat: int, text: str, events: list[Event]) -> None:
    """`/folder Essen 2 1: vote for Duisburg` — the mayor, the tokens by their stars (1-3
    or ★), then the demand."""
    words = list(re.finditer(r"\S+", text))
    if not words:
        raise RuleError("error.aufruhr.gift_usage")
    to = addressee(state, seat, words[0][0], "error.aufruhr.gift_self")
    if away := next((g for g in state.gifts if g.giver == seat), None):
        raise RuleError("error.aufruhr.gift_away", city_id=state.mayors[away.to].city)
    stars: list[int] = []
    start = len(text)  # where the demand begins: after the mayor and the star counts
    for word in words[1:]:
        count = word[0].rstrip(":,")
        if not STARS.fullmatch(count):
            # `/folder Essen 4: x` is a token of four stars, not the demand "4: x": so
            # read where it ends the tokens (a colon) or no token came before it, as a
            # folder without tokens is refused anyway. `/folder Essen 2 40 for me` keeps
            # its demand.
            if COUNT.fullmatch(count) and (word[0].endswith(":") or not stars):
                number = int(count) if count.isdigit() else len(count)
                raise RuleError("error.aufruhr.no_such_token", count=min(number, 999))
            start = word.start()
            break
        stars.append(int(count) if count.isdigit() else len(count))
        if word[0].endswith(":"):
            start = word.end()
            break
    demand = text[start:].strip().removeprefix(":").strip()[:DEMAND]
    if not stars or not demand:
        raise RuleError("error.aufruhr.gift_usage")
    state.gifts.append(Gift(giver=seat, to=to, text=demand, tokens=_tokens(state, seat, stars)))
    gift = state.gifts[-1]
    # the giver named by his city first, as everywhere else folders are ("Duisburg (anna)")
    handed = {"seat": seat, "to_seat": to, "city_id": state.mayors[seat].city}
    events.append(Event(key="aufruhr.gift_handed", params=handed))
    events.append(Event(key="aufruhr.gift_handed_you", params=_words(state, gift), to=(seat,)))
    events.append(Event(key="aufruhr.gift_offered", params=_words(state, gift), to=(to,)))


def _tokens(state: State, seat: int, stars: list[int]) -> tuple[int, ...]:
    """A usable token for each star count (the own colour first, as in the windows),
    none of them in a window's folder being filled."""
    drafted = set()
    if state.folders is not None and seat in state.folders.drafts:
        drafted = set(state.folders.drafts[seat].tokens)
    free = [i for i in usable_tokens(state, seat) if i not in drafted]
    free.sort(key=lambda i: (state.tokens[i].origin != seat, state.tokens[i].origin))
    chosen: list[int] = []
    for k in stars:
        match = next((i for i in free if state.tokens[i].stars == k and i not in chosen), None)
        if match is None:
            raise RuleError("error.aufruhr.no_token", stars=k)
        chosen.append(match)
    return tuple(chosen)


def answer(state: State, seat: int, text: str, yes: bool, events: list[Event]) -> None:
    """`/take`, `/refuse` — the one folder waiting, or the one of the mayor named."""
    waiting = [g for g in state.gifts if g.to == seat]
    if not waiting:
        raise RuleError("error.aufruhr.no_gift_waiting")
    if text.strip():
        giver = seat_named(state, text.split()[0])
        gift = next((g for g in waiting if g.giver == giver), None)
        if gift is None:
            raise RuleError("error.aufruhr.no_gift_from", name=text.split()[0][:30])
    elif len(waiting) > 1:
        cities = [state.mayors[g.giver].city for g in waiting]
        raise RuleError("error.aufruhr.which_gift", city_ids=cities)
    else:
        gift = waiting[0]
    state.gifts.remove(gift)
    pair = {"seat": seat, "giver_seat": gift.giver, "city_id": state.mayors[gift.giver].city}
    if not yes:
        events.append(Event(key="aufruhr.gift_refused", params=pair))
        return
    # Taken by the Lord Mayor in office, a bribe is covered and fresh, as one taken in a
    # window (the EU Commission asks about any bribe he took); anyone else may pass it on.
    in_office = seat == state.lord_mayor
    moved = {"holder": seat, "covered": in_office, "fresh": in_office}
    for i in gift.tokens:
        state.tokens[i] = state.tokens[i].model_copy(update=moved)
    events.append(Event(key="aufruhr.gift_taken", params=pair))
    events.append(Event(key="aufruhr.gift_taken_you", params=_words(state, gift), to=(gift.giver,)))
    events.append(Event(key="aufruhr.gift_kept", params=_words(state, gift), to=(seat,)))


def lapse(state: State, events: list[Event]) -> None:
    """The round is over: folders nobody answered go back to their owners."""
    for gift in state.gifts:
        params = {"seat": gift.to, "giver_seat": gift.giver}
        events.append(Event(key="aufruhr.gift_lapsed", params=params))
    state.gifts = []


def _words(state: State, gift: Gift) -> dict[str, object]:
    """A folder's demand and content as message parameters (render/aufruhr.py shows them),
    and the other mayor of the pair."""
    stars = [state.tokens[i].stars for i in gift.tokens]
    return {
        "giver_seat": gift.giver,
        "city_id": state.mayors[gift.giver].city,
        "to_seat": gift.to,
        "demand": "text",
        "demand_arg": gift.text,
        "token_stars": stars,
        "scandal": False,
    }
