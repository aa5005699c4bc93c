"""The Mini App's initData names the table its direct link opened (`start_param`, signed
with the rest): the server compares it with the table the page asks for and refuses a
mismatch, for the view and for an answer; initData without one (a `web_app` button's) is
taken at the table the page's path names. And the rate limit: past it, "wait a moment"."""

import aiohttp
import fakeredis
import pytest

from bot.weblinks import slug
from tests.fixtures.fake_telegram import GROUP, TOKEN, begin, running_bot, until
from tests.fixtures.web import running_web, signed_init_data

ALICE, BOB = 11, 22
TABLE = slug("telegram", str(GROUP))
OTHER = slug("telegram", "-100999")
REFUSED = "This link or sign-in is not valid (forged, altered, expired, or of an earlier game)."


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


def auth(user: int, name: str, start_param: str | None) -> dict[str, str]:
    return {"Authorization": "tma " + signed_init_data(TOKEN, user, name, start_param)}


async def test_initdata_of_another_tables_link_is_refused(fake, redis, text_boards):
    async with (
        running_bot(fake, redis) as bot,
        running_web(redis, telegram_token=TOKEN) as (base, _web),
        aiohttp.ClientSession() as session,
    ):
        begin(fake, "/new einsistkeins_karten", [(ALICE, "Alice"), (BOB, "Bob")])
        await until(lambda: "begins" in fake.everything(GROUP))

        async def view(headers: dict[str, str]) -> tuple[int, dict]:
            async with session.get(f"{base}/api/view", params={"t": TABLE}, headers=headers) as r:
                return r.status, await r.json()

        for start_param in (TABLE, None):  # its own link's, or a web_app button's (none)
            status, seen = await view(auth(ALICE, "Alice", start_param))
            assert status == 200 and seen["seat"]["name"] == "Alice"
        status, seen = await view(auth(ALICE, "Alice", OTHER))
        assert status == 403 and seen == {"error": REFUSED}

        # An answer with initData of another table's link changes nothing: the one asked
        # (whoever's own view offers answers) posts one of them.
        router = bot.adapter.router
        before = await router.table("telegram", str(GROUP))
        offers = {}
        for user, name in ((ALICE, "Alice"), (BOB, "Bob")):
            _, seen = await view(auth(user, name, TABLE))
            answers = [a for q in seen["questions"] for a in q.get("answers", [])]
            if answers:
                offers[user] = (name, seen["page"], answers[0]["data"])
        ((user, (name, page, data)),) = offers.items()
        headers = auth(user, name, OTHER) | {"Origin": base, "Sec-Fetch-Site": "same-origin"}
        body = {"page": page, "data": data, "text": "", "tap": "t1"}
        async with session.post(
            f"{base}/api/answer", params={"t": TABLE}, json=body, headers=headers
        ) as r:
            assert r.status == 403 and (await r.json())["error"] == REFUSED
        after = await router.table("telegram", str(GROUP))
        assert (after.step, after.state) == (before.step, before.state)
        # (the same answer with initData of this table's own link is taken)
        headers = auth(user, name, TABLE) | {"Origin": base, "Sec-Fetch-Site": "same-origin"}
        async with session.post(
            f"{base}/api/answer", params={"t": TABLE}, json=body | {"tap": "t2"}, headers=headers
        ) as r:
            assert r.status == 200 and (await r.json())["ok"]
        after = await router.table("telegram", str(GROUP))
        assert after.step != before.step


async def test_past_the_rate_a_viewer_is_asked_to_wait(fake, redis, text_boards):
    async with (
        running_bot(fake, redis),
        running_web(redis, telegram_token=TOKEN, rate=(3, 30)) as (base, _web),
        aiohttp.ClientSession() as session,
    ):
        begin(fake, "/new einsistkeins_karten", [(ALICE, "Alice"), (BOB, "Bob")])
        await until(lambda: "begins" in fake.everything(GROUP))
        statuses = []
        for _ in range(5):
            headers = auth(ALICE, "Alice", TABLE)
            async with session.get(f"{base}/api/view", params={"t": TABLE}, headers=headers) as r:
                statuses.append((r.status, (await r.json()).get("error")))
        assert [s for s, _ in statuses] == [200, 200, 200, 429, 429]
        assert statuses[-1][1] == "Too many requests: wait a moment."
        # Bob, another user, is counted on his own.
        headers = auth(BOB, "Bob", TABLE)
        async with session.get(f"{base}/api/view", params={"t": TABLE}, headers=headers) as r:
            assert r.status == 200
