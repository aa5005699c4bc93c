"""`python -m adapters.console --web PORT`: the console's table is served as the web page
too. Each seat sees its own signed link privately, the group the spectators' link, and a
station tapped on the page (posted as the page posts it) is printed as a typed move is."""

import asyncio
import os
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import pytest

from bot.weblinks import slug
from tests.fixtures.web import seat_views

LINK = re.compile(r"^\[dm:(?P<user>\w+)\] .*(?P<url>http://127\.0\.0\.1:\d+/t/\S+)#s=(?P<s>\S+)$")
TABLE = slug("console", "group")
pytestmark = pytest.mark.slow  # a console process of its own: a few seconds each


class Console:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []

    async def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()

    async def until(self, pattern: str, seconds: float = 30) -> re.Match[str]:
        """The first line printed from now on that `pattern` matches."""
        assert self.process.stdout is not None
        async with asyncio.timeout(seconds):
            while True:
                line = (await self.process.stdout.readline()).decode().removeprefix("> ")
                assert line, "the console ended:\n" + "\n".join(self.lines)
                self.lines.append(line.rstrip("\n"))
                if found := re.search(pattern, self.lines[-1]):
                    return found


@asynccontextmanager
async def console(*args: str) -> AsyncIterator[Console]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REDIS_", "STAMMTISCH_"))}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-u", "-m", "adapters.console", "--web", "0", *args,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL, env=env,
    )  # fmt: skip
    try:
        yield Console(process)
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def begun(game: Console) -> dict[str, str]:
    """Each seat's link token, as the console showed it to that seat, once the game began."""
    for line in ("alice: /new tube", "bob: /join", "alice: /start"):
        await game.type(line)
    tokens = {}
    for _ in range(2):
        found = LINK.match((await game.until(r"^\[dm:\w+\] .*#s=")).string)
        assert found is not None
        tokens[found["user"]] = found["s"]
        assert f"/t/{TABLE}" in found["url"]
    return tokens


async def test_a_station_tapped_on_the_page_is_seen_in_the_console_as_a_typed_move() -> None:
    async with console("--seed", "1") as game:
        base = (await game.until(r"this machine only\): (http://127\.0\.0\.1:\d+)$"))[1]
        tokens = await begun(game)
        assert (await game.until(r"^\[group\] 🗺 The board to tap: (\S+)$"))[1] == (
            f"{base}/t/{TABLE}"
        )
        # (no seat's link in the group: each was shown in its own private view)
        assert not any(line.startswith("[group]") and "#s=" in line for line in game.lines)
        async with aiohttp.ClientSession(base) as http:
            async with http.get(f"/api/view?t={TABLE}") as response:  # a spectator
                public = await response.json()
            assert public["playing"] and public["seat"] is None and "page" not in public
            views = await seat_views(http, TABLE, tokens)
            # (a seat's own questions come first; others' public ones carry no answers)
            (asked,) = [u for u, v in views.items() if v["questions"][0].get("answers")]
            view = views[asked]
            assert view["seat"]["you"] == f"You play as {asked}."
            answer = view["questions"][0]["answers"][1]
            body = {"data": answer["data"], "text": "", "tap": "t1", "page": view["page"]}
            headers = {"Authorization": f"seat {tokens[asked]}", "Origin": base}
            async with http.post(f"/api/answer?t={TABLE}", json=body, headers=headers) as response:
                assert (await response.json()) == {"ok": True, "error": ""}
        await game.until(rf"^\[group\] {asked} starts at {re.escape(answer['label'])}\.$", 10)


async def test_the_console_names_the_page_and_the_links_in_german() -> None:
    async with console("--lang", "de") as game:
        url = (await game.until(r"nur auf diesem Rechner\): (http://127\.0\.0\.1:\d+)$"))[1]
        tokens = await begun(game)
        assert set(tokens) == {"alice", "bob"}
        assert any(line.startswith("[dm:alice] 🗺 Deine eigene Seite") for line in game.lines), (
            game.lines[-5:]
        )
        await game.until(rf"^\[group\] 🗺 Das Spielbrett zum Antippen: {url}/t/{TABLE}$")


@pytest.mark.parametrize("port", ["-1", "65536"])
async def test_a_port_that_is_none_is_refused_in_one_line(port: str) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.console", "--web", port,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await process.communicate()
    assert process.returncode == 2
    assert (
        err.decode()
        .splitlines()[-1]
        .endswith("--web takes a port (0: a free one) and is for the interactive console")
    )
