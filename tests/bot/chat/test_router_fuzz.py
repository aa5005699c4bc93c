"""Random text and random button payloads at the router: nothing escapes, errors change nothing."""

import asyncio
import logging

import fakeredis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat.router import Incoming
from tests.bot.chat.test_router import STARTED
from tests.fixtures.chat import Chat
from tests.fixtures.examples import examples

USERS = st.sampled_from(["alice", "bob", "carol", "dave"])
WORDS = st.sampled_from(
    [
        "/new",
        "/join",
        "/leave",
        "/start",
        "/abort",
        "/board",
        "/hand",
        "/roll",
        "/lang",
        "/bid",
        "/rules",
        "/games",
        "/help",
        "/new auktion",
        "[1]",
        "[Pass]",
        "3",
        "-2",
        "st2:",
        "",
    ]
)
TEXT = st.one_of(
    st.text(max_size=80),
    st.builds(lambda w, t: f"{w} {t}", WORDS, st.text(max_size=30)),
    WORDS,
    st.text(min_size=490, max_size=600),
)
BUTTON = st.one_of(
    st.text(max_size=70),
    st.builds(
        lambda chat, step, p, o: f"st2:{chat}:{step}:{p}.{o}",
        st.sampled_from(["group", "other", "", "group:x"]),
        st.sampled_from(["1.x", "2", "", "3.0000"]),
        st.integers(-1, 3),
        st.integers(-1, 6),
    ),
)
ACTION = st.tuples(
    USERS,
    st.booleans(),
    st.one_of(TEXT.map(lambda t: ("text", t)), BUTTON.map(lambda b: ("button", b))),
)


class NoErrors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=st.lists(ACTION, min_size=1, max_size=8), started=st.booleans())
def test_random_input_never_escapes_and_errors_change_nothing(actions, started):
    asyncio.run(_play(actions, started))


async def _play(actions, started) -> None:
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    chat = Chat.make(redis)
    if started:
        await chat.say(*STARTED)
    errors = NoErrors()
    logging.getLogger().addHandler(errors)
    try:
        for user, private, (kind, value) in actions:
            before = await chat.stored()
            msg = Incoming(
                platform="console",
                chat=f"dm:{user}" if private else "group",
                user=user,
                name=user,
                private=private,
                text=value if kind == "text" else "",
                button=value if kind == "button" else None,
            )
            replies = await chat.router.handle(msg)
            assert all(isinstance(r.text, str) for r in replies)
            if replies and all(r.error for r in replies):
                assert await chat.stored() == before, (msg, replies)
                assert all(len(r.text.splitlines()) == 1 for r in replies)
    finally:
        logging.getLogger().removeHandler(errors)
    assert errors.records == [], [r.getMessage() for r in errors.records]
    await redis.aclose()
