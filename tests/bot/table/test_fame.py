"""The chat's Hall of Fame: wins counted once per finished game, best solo records kept."""

from dataclasses import replace

from bot.table import fame
from rules import registry
from rules.core.protocol import Outcome, Record
from tests.fixtures.chat import Chat
from tests.games import auktion

SPEC = auktion.SPEC
SEATS = [("u1", "Ann"), ("u2", "Ben")]


def time(seat: int, minutes: int) -> Record:
    return Record(seat=seat, value=minutes, key="roll.by", params={"name": str(minutes)})


def test_winners_count_in_games_of_several_and_ties_all_win():
    book: dict[str, fame.Fame] = {}
    fame.enter(book, SPEC, SEATS, Outcome(ranking=((0,), (1,))))
    fame.enter(book, SPEC, SEATS, Outcome(ranking=((0, 1),)))
    wins = book[SPEC.id].wins
    assert (wins["u1"].wins, wins["u2"].wins) == (2, 1)


def test_a_solo_game_counts_no_win_but_its_record():
    book: dict[str, fame.Fame] = {}
    assert fame.enter(book, SPEC, SEATS[:1], Outcome(ranking=((0,),), record=time(0, 600)))
    assert book[SPEC.id].wins == {}
    assert [b.value for b in book[SPEC.id].best] == [600]


def test_a_game_without_a_winner_counts_nobody_and_shows_no_empty_heading():
    book: dict[str, fame.Fame] = {}
    assert not fame.enter(book, SPEC, SEATS, Outcome(ranking=()))
    assert book[SPEC.id].wins == {}
    assert fame.text(book, "en", lambda key, **_: key, lambda *_: "") == "fame.empty"


def test_records_keep_the_best_five_lowest_first_and_say_when_one_is_the_new_best():
    book: dict[str, fame.Fame] = {}
    news = [
        fame.enter(book, SPEC, SEATS[:1], Outcome(ranking=((0,),), record=time(0, m)))
        for m in (700, 650, 690, 800, 640, 660, 900)
    ]
    assert news == [True, True, False, False, True, False, False]
    assert [b.value for b in book[SPEC.id].best] == [640, 650, 660, 690, 700]


async def test_fame_in_the_chat_after_a_whole_game(redis):
    chat = Chat.make(redis)
    assert await chat.say("alice: /fame") == [
        "[group] The Hall of Fame is still empty: finish a game to enter it."
    ]
    await chat.say("alice: /new auktion rounds=1", "bob: /join", "alice: /start")
    await chat.say("alice> 3", "bob> 1", "bob: [Pass]")
    out = await chat.say("bob: /fame")
    assert out == [
        "[group] 🏆 Hall of Fame of this chat",
        "[group] Auction (test game):",
        "[group]   alice: 1 won",
    ]
    await chat.say("alice: /lang de")
    assert (await chat.say("carol: /fame"))[-1] == "[group]   alice: 1 gewonnen"


async def test_a_new_best_record_is_announced_when_the_game_ends(redis, monkeypatch):
    def with_record(state):
        outcome = SPEC.outcome(state)
        if outcome is None:
            return None
        record = Record(seat=0, value=3, key="auktion.bid_taken", params={"amount": 3})
        return outcome.model_copy(update={"record": record})

    rekord = replace(SPEC, id="auktion_rekord", outcome=with_record)
    monkeypatch.setitem(registry._GAMES, rekord.id, rekord)  # this test only
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion_rekord rounds=1", "bob: /join", "alice: /start")
    out = await chat.say("alice> 3", "bob> 1", "bob: [Pass]")
    (line,) = [line for line in out if "🏆" in line]
    assert line.startswith(
        "[group] 🏆 A new best in this chat's Hall of Fame: alice, Your bid of 3"
    )
    assert "[group]   1. alice – Your bid of 3 is sealed." in await chat.say("bob: /fame")


def test_a_chat_keeps_its_50_best_winners_per_game_not_every_one():
    """Thousands of winners would grow the table every command reads: the ones with the
    fewest wins go, never one who has just won."""
    book: dict[str, fame.Fame] = {}
    fame.enter(book, SPEC, SEATS, Outcome(ranking=((0,), (1,))))  # Ann: 2 wins
    fame.enter(book, SPEC, SEATS, Outcome(ranking=((0,), (1,))))
    for i in range(200):
        seats = [(f"x{i}", f"Player {i:03d}"), ("u2", "Ben")]
        fame.enter(book, SPEC, seats, Outcome(ranking=((0,), (1,))))
        assert f"x{i}" in book[SPEC.id].wins  # the newest winner stays
    wins = book[SPEC.id].wins
    assert len(wins) == fame.MAX_KEPT and wins["u1"].wins == 2
