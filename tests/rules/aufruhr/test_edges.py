"""AUFRUHR! at the edges, as a rule-book player meets them through the console (issue 19):
what a lapsed Lord Mayor's table is told, the tie-break of the final ranking, a bribe
folder handed at any time, a cooperation agreed with a deal."""

import pytest

from rules.aufruhr.engine import public_view, secrets
from rules.aufruhr.invariants import invariants
from rules.aufruhr.tokens import stars_received, usable_stars, usable_tokens
from rules.core.errors import RuleError
from tests.fixtures.chat import Chat
from tests.fixtures.conformance import leaks
from tests.rules.aufruhr.test_chat import ELECT_BEN, START
from tests.rules.aufruhr.test_rules import (
    BOCHUM,
    DORTMUND,
    DUISBURG,
    ESSEN,
    act,
    main,
    to_intention,
)


@pytest.fixture
async def chat(redis):
    chat = Chat.make(redis)
    await chat.say(*START)
    return chat


async def test_a_lapsed_lord_mayor_is_told_what_the_rules_decide(chat):
    await chat.say(*ELECT_BEN, "@wait 60")  # no folder from anyone
    out = await chat.say("@wait 60")  # ben gives no subvention in time
    said = [line.split("] ", 1)[1] for line in out if line.startswith("[group")]
    i = said.index(
        "Time is up for ben: the rules hand out the remaining subventions, the largest"
        " first, from the Lord Mayor's left (a promised one to its mayor)."
    )
    assert said[i + 1 : i + 5] == [
        "EU subvention: cem receives 40.",
        "EU subvention: dora receives 30.",
        "EU subvention: anna receives 20.",
        "EU subvention: ben receives 10.",
    ]
    out = await chat.say("@wait 60")  # nor declares his intention
    assert any(
        "Time is up for ben: the rules complete the intention — an auction, the categories"
        " in turn." in line
        for line in out
    )


async def test_the_final_ranking_says_why_the_tied_stand_as_they_do(redis):
    """A one-round game in which nobody builds or bribes: all four tie at 3 points; ben,
    the Lord Mayor in office, holds the title and stands first, and the table is told why."""
    chat = Chat.make(redis)
    await chat.say("anna: /new aufruhr events=0 deadline=60", *START[1:], *ELECT_BEN)
    await chat.say("@wait 60", "@wait 60", "ben: [Payout Economy]", "@wait 60")
    out = await chat.say("ben: [Essen]")
    i = out.index("[group] 1. ben, anna, cem, dora – 3 points")
    assert out[i + 1] == (
        "[group] Equal points share a place. ben stands before anna, cem, dora: the title goes"
        " to the Lord Mayor in office when he is among the tied (as in the elections), and"
        " with it the RuhrCity Hall."
    )


# ----- IV. a bribe folder "in other situations, too" ---------------------------------


async def test_a_folder_handed_to_any_mayor_at_any_time_is_taken_privately(chat):
    """anna hands ben (no Lord Mayor yet: the election runs) her folder; the group sees
    who handed whom, never the stars or the demand; ben takes it privately."""
    out = await chat.say("anna> /folder @ben 2 1: vote for me next round")
    assert out == [
        "[group] Duisburg (anna) hands ben a bribe folder.",
        "[dm:anna] You hand ben your folder — demand: “vote for me next round”;"
        " inside: ★★ ★. It is now theirs to take or hand back.",
        "[dm:ben] Duisburg (anna) hands you a folder — demand: “vote for me next round”;"
        " inside: ★★ ★. Answer privately: /take or /refuse.",
    ]
    assert "anna's folder waits for your answer: ★★ ★" in "\n".join(await chat.say("ben> /hand"))
    out = await chat.say("ben> /take")
    assert out == [
        "[group] ben takes the folder of Duisburg (anna) and covers what was inside.",
        "[dm:anna] ben took your folder (★★ ★): now they are to honour your demand:"
        " “vote for me next round”.",
        "[dm:ben] You took anna's folder: ★★ ★ are yours now. Their demand, yours to honour:"
        " “vote for me next round”.",
    ]
    hand = await chat.say("ben> /hand")
    assert any("★A ★★A ★B" in line for line in hand), hand  # his to pass on at once


async def test_a_folder_is_handed_privately_once_at_a_time_and_answered_by_name(chat):
    before = await chat.stored()
    refused = {
        "anna: /folder Essen 2: vote for me": "[group] That answer is secret:"
        " send it to me privately, not in the group.",
        "anna> /folder Essen: vote for me": "[dm:anna] Write privately: /folder @mayor"
        " <stars of each token>: <demand>, e.g. /folder Essen 2 1: vote for Duisburg next round.",
        "anna> /folder Essen 2": "[dm:anna] Write privately: /folder @mayor"
        " <stars of each token>: <demand>, e.g. /folder Essen 2 1: vote for Duisburg next round.",
        "anna> /folder Duisburg 1: hi": "[dm:anna] You cannot hand your folder to yourself.",
        "anna> /folder Paris 1: hi": "[dm:anna] No mayor at this table is called Paris:"
        " name a city (Essen) or a player (@anna).",
        "anna> /folder Essen 3 3: hi": "[dm:anna] You have no more usable ★★★ token.",
        "ben> /take": "[dm:ben] No folder waits for your answer.",
    }
    for line, expected in refused.items():
        assert await chat.say(line) == [expected], line
    assert await chat.stored() == before
    await chat.say("anna> /folder Essen ★: vote Duisburg", "cem> /folder Essen 3: vote Bochum")
    assert await chat.say("anna> /folder Bochum 1: hi") == [
        "[dm:anna] Your folder is with Essen until its mayor answers."
    ]
    assert await chat.say("ben> /take") == [
        "[dm:ben] Folders from Duisburg, Bochum wait for your answer: name one,"
        " e.g. /take Duisburg."
    ]
    assert await chat.say("ben> /refuse Bochum") == [
        "[group] ben hands the folder of Bochum (cem) back."
    ]
    assert (await chat.say("ben> /take"))[0] == (
        "[group] ben takes the folder of Duisburg (anna) and covers what was inside."
    )


async def test_an_unanswered_folder_goes_back_at_the_end_of_the_round(redis):
    chat = Chat.make(redis)
    await chat.say("anna: /new aufruhr events=1 deadline=60", *START[1:])
    await chat.say("cem> /folder dora 3: keep quiet", *ELECT_BEN)
    await chat.say("@wait 60", "@wait 60", "ben: [Payout Economy]", "@wait 60")
    out = await chat.say("@wait 60", "@wait 60")  # nobody bids for the event card's project
    lapsed = "] dora did not answer cem's folder this round: it goes back to its owner."
    assert [line for line in out if line.endswith(lapsed)] == [f"[group:edit{lapsed}"]
    assert await chat.say("dora> /take") == ["[dm:dora] No folder waits for your answer."]


def test_a_folder_taken_counts_for_the_bribe_bonus_and_binds_its_tokens_meanwhile():
    """Scoring counts the stars a folder brought (NOTES.md 14, 33); while it waits, its
    tokens are in it: no window can use them, and what is inside is declared secret."""
    state = to_intention()  # Essen (ben) is Lord Mayor
    state, _ = act(state, DUISBURG, type="folder", text="#2 3: vote for me")
    invariants(state)
    assert secrets(state)[DUISBURG]["gift_stars"] == 3
    assert secrets(state)[BOCHUM]["gift_stars_from_0"] == 3
    assert [state.tokens[i].stars for i in usable_tokens(state, DUISBURG)] == [1, 1, 1, 2, 2]
    with pytest.raises(RuleError) as refused:  # his only ★★★ is in the folder
        act(state, DUISBURG, type="folder", text="Dortmund 3: x")
    assert refused.value.key == "error.aufruhr.gift_away"
    state, events = act(state, BOCHUM, type="gift_answer", text="", yes=True)
    assert [e.key for e in events if e.public] == ["aufruhr.gift_taken"]
    assert stars_received(state) == [0, 0, 3, 0]
    invariants(state)
    assert "gift_stars" not in secrets(state)[DUISBURG]


def test_the_stars_a_mayor_may_put_in_follow_his_tokens_and_the_folders_handed():
    """The folder prompt's star buttons (rules/aufruhr/tokens.py `usable_stars`) are the
    stars of the tokens each mayor may put in (`usable_tokens`), and change with them: a
    folder handed away, a token covered."""

    def each_token(state, seats):
        return {s: {state.tokens[i].stars for i in usable_tokens(state, s)} for s in seats}

    state = to_intention()
    seats = (DUISBURG, BOCHUM, DORTMUND)
    first = usable_stars(state, seats)
    assert first == each_token(state, seats) and 3 in first[DUISBURG]
    handed, _ = act(state, DUISBURG, type="folder", text="#2 3: vote for me")
    assert 3 not in usable_stars(handed, seats)[DUISBURG]  # his only ★★★ is in the folder
    assert usable_stars(handed, seats) == each_token(handed, seats)
    gifted = state.model_copy(update={"gifts": list(handed.gifts)})  # the very tokens
    assert gifted.tokens is state.tokens and 3 not in usable_stars(gifted, seats)[DUISBURG]
    mine = [i for i, t in enumerate(state.tokens) if t.holder == BOCHUM]
    covered = state.model_copy(
        update={
            "tokens": [
                t.model_copy(update={"covered": True}) if i in mine else t
                for i, t in enumerate(state.tokens)
            ]
        }
    )
    assert usable_stars(covered, seats)[BOCHUM] == set() and first[BOCHUM]


def test_a_folder_the_lord_mayor_takes_is_covered_and_fresh_as_in_a_window():
    state = to_intention()
    state, _ = act(state, DORTMUND, type="folder", text="Essen 1: an auction of Economy")
    state, _ = act(state, ESSEN, type="gift_answer", text="Dortmund", yes=True)
    taken = [t for t in state.tokens if t.holder == ESSEN and t.origin == DORTMUND]
    assert [(t.stars, t.covered, t.fresh) for t in taken] == [(1, True, True)]


# ----- cooperation agreed before or at the purchase ----------------------------------


def test_a_cooperation_deal_names_a_big_ruhrcity_project_and_binds_nobody():
    """NOTES.md 34: `/coop` names a big RuhrCity project in reach (a hand of the pair, the
    auction, the revealed lots); accepted, its partner is asked first at the realisation;
    declining then spends it, and the owner picks as usual (the decliner not again)."""
    state = to_intention()
    state.mayors[ESSEN].hand = ["cul15"]  # Century Hall and West Park
    state.mayors[ESSEN].money = 400
    for bad, key in {
        "Bochum": "error.aufruhr.coop_usage",
        "Essen Century Hall": "error.aufruhr.coop_self",
        "Bochum Zollverein: x": "error.aufruhr.coop_which",
    }.items():
        with pytest.raises(RuleError) as refused:
            act(state, ESSEN, type="coop", text=bad)
        assert refused.value.key == key, bad
    state, events = act(state, BOCHUM, type="coop", text="Essen jahrhundert: I pay 100")
    assert events[0].key == "aufruhr.deal_coop" and events[0].params["card"] == "cul15"
    state, events = act(state, ESSEN, type="answer", text="", yes=True)
    assert [e.key for e in events] == ["aufruhr.deal_accepted", "aufruhr.coop_agreed"]
    state.payouts = ["pay01", *state.payouts]
    state, _ = act(state, ESSEN, type="intend_payout", category="economy")
    while state.phase == "folders":
        state, _ = act(state, main(state).seats[0], type="hand", hand=False)
    state, _ = act(state, ESSEN, type="realise", card="cul15")
    state, events = act(state, ESSEN, type="site", community="Gelsenkirchen")
    assert events[-1].key == "aufruhr.partner_asked_agreed"
    assert events[-1].params == {"seat": ESSEN, "partner_seat": BOCHUM, "number": 1}
    assert main(state).seats == (BOCHUM,) and main(state).key == "aufruhr.prompt.partner_answer"
    state, _ = act(state, BOCHUM, type="partner_answer", yes=False)  # not binding
    assert state.coops == [] and main(state).seats == (ESSEN,)
    offered = [o.action.seat for o in main(state).options if o.action.type == "partner"]
    assert BOCHUM not in offered and offered


def test_what_is_inside_a_waiting_folder_reaches_no_public_event_or_view():
    """The conformance privacy check, on a folder handed outside the windows: its stars
    are declared secret, and nothing public shows them (a public event that did would
    be caught)."""
    state = to_intention()
    state, events = act(state, DUISBURG, type="folder", text="Bochum 3 2: vote for me")
    declared = secrets(state)
    public = [e for e in events if e.public]
    assert [e.key for e in public] == ["aufruhr.gift_handed"]
    for shown in [public_view(state).model_dump(mode="json"), *(e.params for e in public)]:
        assert leaks(shown, declared) == []
    assert leaks({"gift_stars": 5}, declared)  # the check would see a leak
