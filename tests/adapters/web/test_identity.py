"""Who opened a page: Telegram's initData and our seat links, refused when forged,
altered, expired or of another game."""

from adapters.web.identity import MAX_AGE, telegram_viewer
from bot.weblinks import LINK_DAYS, WebLinks, slug, unslug
from tests.fixtures.web import signed_init_data

TOKEN = "123:fake"
NOW = 1_790_000_000.0


def test_telegram_init_data_names_its_user_and_table():
    data = signed_init_data(TOKEN, 11, "Alice", "abc", auth_date=NOW - 60)
    viewer = telegram_viewer(data, TOKEN, NOW)
    assert viewer is not None and (viewer.user, viewer.name, viewer.slug) == ("11", "Alice", "abc")


def test_forged_altered_and_old_init_data_are_refused():
    good = signed_init_data(TOKEN, 11, "Alice", "abc", auth_date=NOW - 60)
    assert telegram_viewer(good, "456:another bot", NOW) is None  # signed for another bot
    altered = good.replace("%22id%22%3A+11", "%22id%22%3A+22")
    assert altered != good and telegram_viewer(altered, TOKEN, NOW) is None
    assert telegram_viewer(good + "&hash=00", TOKEN, NOW) is None  # a field given twice
    old = signed_init_data(TOKEN, 11, "Alice", "abc", auth_date=NOW - MAX_AGE - 1)
    assert telegram_viewer(old, TOKEN, NOW) is None
    assert telegram_viewer("", TOKEN, NOW) is None
    assert telegram_viewer("%%%", TOKEN, NOW) is None


def test_a_seat_link_is_its_seats_for_its_game_until_it_expires():
    links = WebLinks("https://example.org", b"0123456789abcdef-secret")
    url = links.seat("discord", "3001", "11", "game-one", NOW)
    assert url.startswith(f"https://example.org/t/{slug('discord', '3001')}#s=")
    token = url.split("#s=", 1)[1]
    claim = links.check(token, "discord", "3001", "game-one", NOW + 10)
    assert claim is not None and claim.user == "11"
    assert links.check(token, "discord", "3001", "game-two", NOW) is None  # the next game
    assert links.check(token, "discord", "3002", "game-one", NOW) is None  # another table
    assert links.check(token, "discord", "3001", "game-one", NOW + LINK_DAYS * 86400 + 1) is None
    other = WebLinks("https://example.org", b"another operator's secret")
    assert other.check(token, "discord", "3001", "game-one", NOW) is None
    user, expires, mac = token.split(".")
    assert links.check(f"22.{expires}.{mac}", "discord", "3001", "game-one", NOW) is None
    later = int(expires) + 86400
    assert links.check(f"{user}.{later}.{mac}", "discord", "3001", "game-one", NOW) is None


def test_telegram_tables_get_the_mini_apps_link_and_slugs_round_trip():
    links = WebLinks("https://example.org", b"0123456789abcdef-secret", "stammbot/board")
    name = slug("telegram", "-100123:7")
    assert links.public("telegram", "-100123:7") == f"https://t.me/stammbot/board?startapp={name}"
    assert unslug(name) == ("telegram", "-100123:7")
    assert unslug("not a slug!") is None and unslug("") is None
