"""A refusal's choices as buttons (bot/chat/offers.py): "“st” could mean: A, B" with a button
for each, which answers the prompt as if the player had typed the whole name; only for
the player it was offered to, and only in its step; through Telegram they come privately
with an inline keyboard, which goes once one is pressed. Transcript:
tests/transcripts/einsistkeins_edges.txt."""

import fakeredis
import pytest

from adapters.console.session import Console, ScriptClock
from bot.chat.router import Incoming, Router
from bot.table import buttons
from rules.core.errors import RuleError
from rules.core.rng import Rng
from rules.heinzel import movement
from rules.heinzel.board import board
from rules.heinzel.model import Go as HeinzelGo
from rules.tube import SPEC as TUBE
from rules.tube.model import Choose
from rules.tube.model import Go as TubeGo
from rules.tube.model import Options as TubeOptions
from rules.tube.network import net
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, begin, running_bot, until
from tests.rules.tube.test_rules import mover, started


def test_a_choice_button_round_trips():
    data = buttons.encode("-1001234567890", "12.ab12cd34", 0, buttons.CHOICE, 3)
    assert data.endswith(":0.c3") and len(data.encode()) <= buttons.MAX_BYTES
    press = buttons.decode(data)
    assert (press.prompt, press.option, press.choice) == (0, buttons.CHOICE, 3)
    assert buttons.decode(buttons.encode("g", "1.x", 2, 5)).option == 5


def test_heinzel_offers_the_fields_a_name_could_mean():
    with pytest.raises(RuleError) as refused:
        movement.find("hohe", tuple(range(len(board().fields))))
    assert [o.label for o in refused.value.choices] == refused.value.params["fields"]
    assert all(isinstance(o.action, HeinzelGo) for o in refused.value.choices)


# The dice of `--seed 1` (tests/transcripts/einsistkeins_edges.txt): bob starts and rolls
# a 6, alice a 5, bob a 1 and then a 2; bob then has 0.3 ‰ to move.
SCRIPT = """alice: /new einsistkeins
bob: /join
alice: /start
bob: [🎲 Roll]
bob: [🍺 Drink 0.2 ‰]
alice: [🎲 Roll]
alice: [🍺 Drink 0.5 ‰]
bob: [🎲 Roll]
bob: [🍺 Drink 0.1 ‰]
bob: [Skip]""".splitlines()


async def test_a_choice_is_for_the_player_it_was_offered_to():
    out: list[str] = []
    rng = Rng.from_seed(1)  # as `--seed 1` draws the games' seeds
    router = Router(
        fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()),
        clock=ScriptClock(),
        entropy=lambda: rng.next64() >> 1,
    )
    console = Console(router, out.append)
    for line in SCRIPT:
        await console.line(line)
    await console.line("bob: /go Hauptbahnhof/")  # Hauptbahnhof/Rosenstraße or /ZOB
    assert out[-2] == (
        "[dm:bob] “Hauptbahnhof/” could mean: Hauptbahnhof/Rosenstraße, Hauptbahnhof/ZOB."
    )
    offered = console.buttons["dm:bob"]
    assert [b.label for b in offered] == ["Hauptbahnhof/Rosenstraße", "Hauptbahnhof/ZOB"]
    alice = Incoming(
        platform="console",
        chat="dm:alice",
        user="alice",
        name="alice",
        text="",
        private=True,
        button=offered[1].data,
    )
    assert [r.text for r in await router.handle(alice)] == [
        "It is not your turn: we are waiting for bob."
    ]
    await console.line("bob> [Hauptbahnhof/ZOB]")
    assert "bob heads for Hauptbahnhof/ZOB" in "\n".join(out[-30:])


def _labels(fake: FakeTelegram, chat: int) -> list[str]:
    """The button labels under the latest message in `chat` that has buttons."""
    for message_id in sorted(fake.sent, reverse=True):
        message = fake.sent[message_id]
        rows = message.get("reply_markup", {}).get("inline_keyboard", [])
        if message["chat"]["id"] == chat and rows:
            return [b["text"] for row in rows for b in row]
    return []


@pytest.mark.usefixtures("text_boards")
async def test_telegram_the_choices_come_privately_as_buttons_and_answer_the_prompt(fake):
    alice, bob = 11, 22
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis, seed=1):  # the dice of SCRIPT
        begin(fake, "/new einsistkeins", [(alice, "alice"), (bob, "bob")])
        for line in SCRIPT[3:]:
            who, _, label = line.partition(": ")
            user = alice if who == "alice" else bob
            await until(lambda label=label: label[1:-1] in _labels(fake, GROUP), timeout=10)
            before = _labels(fake, GROUP)
            fake.press_label(user, who, label[1:-1], chat=GROUP)
            # every step of SCRIPT changes the buttons: wait for this one to be taken
            await until(lambda before=before: _labels(fake, GROUP) != before, timeout=10)
        fake.say(bob, "bob", "/go Hauptbahnhof/")
        await until(lambda: "could mean" in fake.everything(bob), timeout=10)
        assert _labels(fake, bob) == ["Hauptbahnhof/Rosenstraße", "Hauptbahnhof/ZOB"]
        fake.press_label(bob, "bob", "Hauptbahnhof/ZOB", chat=bob)
        await until(lambda: "bob heads for Hauptbahnhof/ZOB" in fake.everything(GROUP), timeout=10)
        await until(lambda: not _labels(fake, bob), timeout=10)  # the refusal's buttons go
    await redis.aclose()


def test_the_tube_offers_the_stations_a_name_could_mean():
    state = TUBE.setup(3, TubeOptions(), 1)
    (prompt,) = [p for p in TUBE.prompts(state) if not p.standing]
    with pytest.raises(RuleError) as refused:  # only the two on the Circle line
        TUBE.apply(state, prompt.seats[0], Choose(station="square"))
    stations = [o.action.station for o in refused.value.choices]
    assert stations == ["euston_square", "sloane_square"]
    assert [o.label for o in refused.value.choices] == [net().names[s] for s in stations]
    # a via station: each choice is the whole route with that station
    moving = mover(started(["paddington", "victoria"]), 0, "paddington", 4)
    with pytest.raises(RuleError) as refused:
        TUBE.apply(moving, 0, TubeGo(to="hammersmith > Baker Street"))
    assert refused.value.choices
    assert all(o.action.to.endswith(" > Baker Street") for o in refused.value.choices)
