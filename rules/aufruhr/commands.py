"""AUFRUHR! standing commands: /pay (a public transfer) and /deal, /accept, /decline."""

import re
from functools import cache

from pydantic import BaseModel

from rules.aufruhr import data, treasury
from rules.aufruhr.actions import Answer, GiftAnswer, GiveFolder, Pay, Propose, ProposeCoop
from rules.aufruhr.clone import mayor
from rules.aufruhr.data import place
from rules.aufruhr.model import Deal, State
from rules.core import numbers
from rules.core.errors import RuleError
from rules.core.protocol import Event, FreeInput, Option, Prompt, VerbOption, seat_token


def seat_named(state: State, word: str) -> int | None:
    """A mayor by city (`Essen`) or, as the bot passes a mentioned player, by seat token."""
    key = word.strip(" ,;:@").casefold()
    for s, m in enumerate(state.mayors):
        if key in (m.city, place(m.city).casefold(), seat_token(s)):
            return s
    return None


def addressee(state: State, seat: int, word: str, self_key: str) -> int:
    """The one other mayor a `/coop` or `/folder` names by its first word; refused when
    no mayor is called so (quoted without a trailing colon or comma) or it is `seat`."""
    to = seat_named(state, word)
    if to is None:
        raise RuleError("error.aufruhr.pay_who", name=word.rstrip(":,")[:30])
    if to == seat:
        raise RuleError(self_key)
    return to


def pay(state: State, seat: int, text: str, events: list[Event]) -> None:
    """`/pay Essen 30`: a public transfer from `seat`'s treasury."""
    words = text.split()
    if len(words) != 2:
        raise RuleError("error.aufruhr.pay_usage")
    to = seat_named(state, words[0])
    amount = numbers.whole(words[1])
    if amount is None:
        if _decimal(words[1]):  # `25.5`: an amount, but no banknote pays it
            raise RuleError("error.aufruhr.pay_tens")
        raise RuleError("error.aufruhr.pay_usage")
    if to is None:
        raise RuleError("error.aufruhr.pay_who", name=words[0][:30])
    if to == seat:
        raise RuleError("error.aufruhr.pay_self")
    if amount <= 0:  # a payment takes nothing (NOTES.md 31)
        raise RuleError("error.aufruhr.pay_positive")
    if amount % 10:
        raise RuleError("error.aufruhr.pay_tens")
    if amount > state.mayors[seat].money:
        raise RuleError("error.aufruhr.too_poor", money=state.mayors[seat].money)
    if amount > treasury.free(state, seat):
        raise RuleError("error.aufruhr.money_bound", free=treasury.free(state, seat))
    mayor(state, seat).money -= amount
    mayor(state, to).money += amount
    events.append(Event(key="aufruhr.paid", params={"seat": seat, "to_seat": to, "amount": amount}))
    events += [treasury.told(state, seat), treasury.told(state, to)]


# How menus ask for the verbs' words (GameSpec.verb_options): a payment names a mayor
# and an amount in tens; a deal up to three mayors and its terms.
VERB_OPTIONS = {
    "pay": (
        VerbOption(name="mayor", kind="player"),
        VerbOption(name="amount", kind="integer", min=10),
    ),
    "deal": (
        VerbOption(name="mayor", kind="player"),
        VerbOption(name="terms", kind="text", prefix=": "),
        VerbOption(name="mayor2", kind="player", required=False),
        VerbOption(name="mayor3", kind="player", required=False),
    ),
    "accept": (VerbOption(name="deal", kind="integer", min=1, required=False),),
    "decline": (VerbOption(name="deal", kind="integer", min=1, required=False),),
    "bid": (VerbOption(name="amount", kind="integer", min=0),),
    "demand": (VerbOption(name="demand", kind="text"),),
    # `/coop <mayor> <project>: <terms>` (cooperation.py): the project offered from the
    # big RuhrCity projects, the terms optional
    "coop": (
        VerbOption(name="mayor", kind="player"),
        VerbOption(name="project", kind="text", choices="projects"),
        VerbOption(name="terms", kind="text", prefix=": ", required=False),
    ),
    # `/folder <mayor> <tokens by their stars>: <demand>` (gifts.py)
    "folder": (
        VerbOption(name="mayor", kind="player"),
        VerbOption(name="tokens", kind="text"),
        VerbOption(name="demand", kind="text", prefix=": "),
    ),
    # the giver, where folders of several wait
    "take": (VerbOption(name="mayor", kind="player", required=False),),
    "refuse": (VerbOption(name="mayor", kind="player", required=False),),
}


@cache
def choices(name: str) -> tuple[str, ...]:
    """The lists menus offer words from (GameSpec.choices): "projects", the big RuhrCity
    projects a cooperation names, in both languages (`/coop` reads either)."""
    if name != "projects":
        return ()
    names = {
        n
        for p in data.cards().projects
        if (p.kind, p.size) == ("ruhrcity", "big")
        for n in p.name.values()
    }
    return tuple(sorted(names))


def _decimal(word: str) -> bool:
    return re.fullmatch(r"-?[0-9]+[.,][0-9]+", word) is not None


DEALS_PER_ROUND = 12  # proposals a round may hold: talk is free, a table's size is not
DEAL_TEXT = 200  # characters of a deal's text kept


def propose(state: State, seat: int, text: str, events: list[Event]) -> None:
    """`/deal Essen, Bochum: text` — the leading city names are the addressees."""
    rest = text.strip()
    to: list[int] = []
    while rest:
        word, _, after = rest.partition(" ")
        s = seat_named(state, word)
        if s is None:
            break
        if s != seat and s not in to:
            to.append(s)
        rest = after.strip()
        if word.rstrip().endswith(":"):
            break
    body = rest.removeprefix(":").strip()[:DEAL_TEXT]
    if not to or not body:
        raise RuleError("error.aufruhr.deal_usage")
    record(state, seat, to, body, events)


def record(
    state: State, seat: int, to: list[int], body: str, events: list[Event], coop: str | None = None
) -> None:
    """A deal proposed by `seat` to `to`, told to the group; `coop`: a big RuhrCity
    project the deal makes a cooperation on (cooperation.py)."""
    # Deals of earlier rounds have left the board and can no longer be answered: they
    # are dropped, and a round holds at most DEALS_PER_ROUND, so a table stays small
    # however much is typed (NOTES.md).
    state.deals = [d for d in state.deals if d.round == state.round]
    if len(state.deals) >= DEALS_PER_ROUND:
        raise RuleError("error.aufruhr.too_many_deals", count=DEALS_PER_ROUND)
    state.deal_count += 1
    number = state.deal_count
    deal = Deal(number=number, by=seat, to=tuple(to), text=body, round=state.round, coop=coop)
    state.deals.append(deal)
    params = {"number": number, "seat": seat, "to_seats": to, "text": body}
    if coop is None:
        events.append(Event(key="aufruhr.deal", params=params))
    else:
        events.append(Event(key="aufruhr.deal_coop", params={**params, "card": coop}))


def answer(state: State, seat: int, text: str, yes: bool, events: list[Event]) -> Deal:
    """`/accept 2`, `/decline 2` (or without the number: the one deal waiting); the deal
    as answered."""
    key = text.strip().lstrip("#")
    open_ = [
        d for d in state.deals if seat in d.to and seat not in d.answers and d.round == state.round
    ]
    if not key:  # `/accept` alone answers the one deal waiting for you
        if not open_:
            raise RuleError("error.aufruhr.no_deal_waiting")
        if len(open_) > 1:
            numbers = [d.number for d in open_]
            raise RuleError("error.aufruhr.which_deal", numbers=numbers)
        deal = open_[0]
    else:
        deal = next((d for d in open_ if str(d.number) == key), None)
    if deal is None:
        raise RuleError("error.aufruhr.no_deal")
    i = state.deals.index(deal)
    state.deals[i] = deal.model_copy(update={"answers": {**deal.answers, seat: yes}})
    key_ = "aufruhr.deal_accepted" if yes else "aufruhr.deal_declined"
    params = {"seat": seat, "number": deal.number, "by_seat": deal.by}
    events.append(Event(key=key_, params=params))
    return state.deals[i]


def standing(state: State) -> list[Prompt]:
    """The commands open to every mayor, then one prompt per deal of this round still
    waiting for answers: its Accept and Decline buttons, for those it names who have
    not answered yet (the same as `/accept <n>`, `/decline <n>`)."""
    return list(_standing_prompts(state.n)) + [
        _deal_prompt(deal.number, waiting)
        for deal in state.deals
        if deal.round == state.round
        and (waiting := tuple(s for s in deal.to if s not in deal.answers))
    ]


@cache
def _deal_prompt(number: int, seats: tuple[int, ...]) -> Prompt:
    return Prompt(
        id=f"deal:{number}",
        seats=seats,
        key="aufruhr.prompt.deal_answer",
        params={"number": number},
        options=(
            Option(label="aufruhr.button.deal_accept", action=Answer(text=str(number), yes=True)),
            Option(label="aufruhr.button.deal_decline", action=Answer(text=str(number), yes=False)),
        ),
        standing=True,
    )


@cache
def _standing_prompts(n: int) -> tuple[Prompt, ...]:
    """/pay, /deal, /coop, /accept and /decline, /folder, /take and /refuse, open to every
    mayor at any time (an /accept without an open deal is told so by `answer`)."""
    everyone = tuple(range(n))

    def typed(
        command: str,
        action: BaseModel,
        max_length: int,
        key: str | None = None,
        secret: bool = False,
        answer: bool = False,
        names_seats: bool = True,
    ) -> Prompt:
        """`/<command> <words>`: the words become the action's `text`; an `answer` may
        be the command alone (`/accept`: the one deal waiting)."""
        return Prompt(
            id=command,
            seats=everyone,
            key=f"aufruhr.prompt.{key or command}",
            input=FreeInput(
                kind="text",
                field="text",
                action=action,
                max_length=max_length,
                min_length=0 if answer else 1,
                names_seats=names_seats,
            ),
            secret=secret,
            command=command,
            standing=True,
        )

    return (
        typed("pay", Pay(text=""), 60),
        typed("deal", Propose(text=""), 300),
        typed("coop", ProposeCoop(text=""), 300),
        typed("accept", Answer(text="", yes=True), 10, answer=True, names_seats=False),
        typed("decline", Answer(text="", yes=False), 10, answer=True, names_seats=False),
        # A folder handed outside the windows, and the receiver's answer: secret, so said
        # privately (rules/aufruhr/gifts.py).
        typed("folder", GiveFolder(text=""), 300, key="gift", secret=True),
        typed("take", GiftAnswer(text="", yes=True), 40, secret=True, answer=True),
        typed("refuse", GiftAnswer(text="", yes=False), 40, secret=True, answer=True),
    )
