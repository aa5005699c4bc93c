"""The page as a Telegram Mini App, in a real headless Chromium: a tap on the board goes
through the router as a button press, the group (the fake Telegram) is told, another
player's page follows live, a page one step behind is refused, forged initData is refused.
"""

import fakeredis
import pytest

from bot.weblinks import slug
from tests.fixtures.fake_telegram import GROUP, TOKEN, begin, running_bot, until
from tests.fixtures.web import PHONE, chromium, mini_app_url, running_web, signed_init_data

ALICE, BOB = 11, 22
pytestmark = pytest.mark.slow  # a browser: a few seconds


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


async def test_tapping_a_station_plays_it_in_the_group_and_every_page_follows(
    fake, redis, tmp_path
):
    table = slug("telegram", str(GROUP))
    async with (
        running_bot(fake, redis, sweep=0.1) as _bot,
        running_web(redis, telegram_token=TOKEN) as (base, _web),
        chromium() as browser,
    ):
        begin(fake, "/new tube", [(ALICE, "Alice"), (BOB, "Bob")])
        # (with the bot's seed 1, Bob chooses first)
        await until(lambda: "Bob: choose your start station" in fake.everything(GROUP))
        phone = await browser.new_context(viewport=PHONE)
        alice = await phone.new_page()
        bob = await phone.new_page()
        stale = await phone.new_page()
        await stale.route("**/api/events*", lambda route: route.abort())  # never told
        for page, user, name in ((alice, ALICE, "Alice"), (bob, BOB, "Bob"), (stale, BOB, "Bob")):
            await page.goto(mini_app_url(base, signed_init_data(TOKEN, user, name, table), table))
        await bob.wait_for_selector('circle.target[data-place="baker_street"]')
        await stale.wait_for_selector('circle.target[data-place="baker_street"]')
        assert "You play as Bob." in await bob.inner_text("#who")
        await alice.wait_for_selector("#who:has-text('You play as Alice.')")
        assert await alice.locator("circle.target").count() == 0  # not Alice's turn
        version = await alice.get_attribute("body", "data-version")

        await bob.locator('circle.target[data-place="baker_street"]').first.click(
            force=True
        )  # its centre
        await bob.wait_for_selector("#notice.ok")
        await until(lambda: "Bob starts at Baker Street." in fake.everything(GROUP), 10)
        # Alice's page followed by itself: now she is asked, and may tap.
        await alice.wait_for_function(f"document.body.getAttribute('data-version') !== '{version}'")
        await alice.wait_for_selector("circle.target")
        assert "Alice: choose your start station" in await alice.inner_text("#questions")

        # The page that missed it taps the old question: outdated, nothing changes.
        said = fake.everything(GROUP)
        await stale.locator('circle.target[data-place="aldgate"]').first.click(force=True)
        await stale.wait_for_selector("#notice:not([hidden])")
        assert "outdated" in await stale.inner_text("#notice")
        await alice.wait_for_timeout(300)
        assert "Aldgate" not in fake.everything(GROUP).removeprefix(said)

        # initData signed with another bot's token, or too old: refused, nothing shown.
        forged = await phone.new_page()
        await forged.goto(
            mini_app_url(base, signed_init_data("999:not ours", ALICE, "Alice", table), table)
        )
        await forged.wait_for_selector("#notice:not([hidden])")
        assert "not valid" in await forged.inner_text("#notice")
        assert await forged.locator("#board svg").count() == 0
        old = await phone.new_page()
        await old.goto(
            mini_app_url(base, signed_init_data(TOKEN, ALICE, "Alice", table, 1_000), table)
        )
        await old.wait_for_selector("#notice:not([hidden])")
        assert await old.locator("#hand svg").count() == 0
        # (docs/web.py draws the docs' pictures; a test writes into no tracked file)
        shot = await alice.screenshot(path=tmp_path / "tube.png")
        assert shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 360
