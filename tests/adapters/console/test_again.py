"""Play again at the end of every game, in the console: each game's transcript played to
its end, then its ending message's button pressed by its host, `/again` typed by someone
who was not in it, and again by the host. The same game opens in a new lobby with the
options it was opened with; only those who pressed sit at it, and it waits for /start."""

import re

import fakeredis
import pytest

from adapters.console.__main__ import run_script
from adapters.console.session import GROUP, PLATFORM
from bot.chat.router import Router
from bot.i18n import t
from bot.table import lobby
from rules import registry
from tests.fixtures.paths import TRANSCRIPTS

# A whole game of each of the six, in English and in German.
GAMES = [
    "aufruhr_4p",
    "aufruhr_6p.de",
    "bohei_3p",
    "bohei_8p.de",
    "einsistkeins_4p",
    "einsistkeins_2p.de",
    "einsistkeins_karten_2p",
    "einsistkeins_karten_3p.de",
    "heinzel_3p",
    "heinzel_2p.de",
    "tube_2p",
    "tube_6p.de",
]
NEW = re.compile(r"^(?P<host>\w+): /new (?P<game>\w+)(?P<options>.*)$")
LABEL = {"en": "🔁 Play again", "de": "🔁 Noch eine Runde"}
OPENED = {
    "en": "[group] 🔁 {host} opened {game} again, with the last game's options",
    "de": "[group] 🔁 {host} hat {game} noch einmal eröffnet, mit den Optionen der letzten Partie",
}
JOINED = {"en": "[group] zed sits down (2/", "de": "[group] zed setzt sich dazu (2/"}


@pytest.mark.parametrize("name", GAMES)
async def test_the_end_of_every_game_offers_it_again_with_its_options(name):
    script = (TRANSCRIPTS / f"{name}.txt").read_text().splitlines()
    golden = (TRANSCRIPTS / f"{name}.out").read_text().splitlines()
    lang = "de" if name.endswith(".de") else "en"
    new = next(m for line in script if (m := NEW.match(line)))
    spec, host = registry.get(new["game"]), new["host"]
    assert spec is not None
    opened_with = lobby.parse_options(spec, new["options"].split(), lambda k, **p: t(lang, k, **p))
    assert f"[group:buttons] [{LABEL[lang]}]" in golden  # the game's end, with its button

    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    lines: list[str] = []
    more = [f"{host}: [{LABEL[lang]}]", "zed: /again", f"{host}: /again"]
    await run_script([*script, *more], seed=1, lang=lang, write=lines.append, redis=redis)
    assert lines[: len(golden)] == golden
    shown = lines[len(golden) :]
    assert shown[0].startswith(OPENED[lang].format(host=host, game=spec.name(lang))), shown
    buttons = [t(lang, f"lobby.button.{verb}") for verb in ("join", "leave", "start")]
    assert shown[1] == "[group:buttons] " + " ".join(f"[{b}]" for b in buttons)
    assert shown[2].startswith(JOINED[lang])
    assert shown[3] == f"[group] {t(lang, 'error.already_joined')}"
    assert len(shown) == 4

    table = await Router(redis).table(PLATFORM, GROUP)
    assert table is not None and table.status == "lobby" and table.game == spec.id
    assert table.options == opened_with
    assert [s.name for s in table.seats] == [host, "zed"]
    await redis.aclose()
