"""Writes the input scripts of the console transcripts of Die Heinzelmännchen von Köln.

    PYTHONPATH=. python -m bench.heinzel_transcript

Plays whole games in the console (the same embedded store and `--seed 1` as
tests/adapters/console/test_transcripts.py) with the `aiming` robots of
tests/fixtures/heinzel_robot.py deciding for every player, pressing the buttons they
would press, and every fifth move typing `/go <place>` instead. Writes
tests/transcripts/heinzel_*.txt; the golden `.out` files then come from
`UPDATE_GOLDEN=1 python -m pytest tests/adapters/console/test_transcripts.py -k heinzel`,
reviewed by reading them.
"""

import asyncio
import os
import random
from pathlib import Path

import fakeredis

from adapters.console.__main__ import _entropy
from adapters.console.session import GROUP, PLATFORM, Console, ScriptClock
from bot.chat.router import Router
from bot.i18n import t
from rules.heinzel import SPEC
from rules.heinzel.board import field
from rules.heinzel.model import Go
from tests.fixtures.heinzel_robot import aiming

HERE = Path(__file__).parent.parent / "tests" / "transcripts"
NAMES = ["alice", "bob", "carol", "dave"]


async def write(name: str, lang: str, lobby: list[str], extra: dict[int, list[str]]) -> None:
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    router = Router(redis, clock=ScriptClock(), **_entropy(1))
    console = Console(
        router, lambda line: print(line) if "VERBOSE" in os.environ else None, lang=lang
    )
    lines = list(lobby)
    for line in lobby:
        await console.line(line)
    rng = random.Random(1)
    decisions = 0
    while True:
        table = await router.table(PLATFORM, GROUP)
        if table is None or table.state is None:  # over: the table is back in the lobby
            break
        state = SPEC.state.model_validate(table.state)
        if SPEC.outcome(state) is not None:
            break
        for line in extra.get(decisions, []):
            lines.append(line)
            await console.line(line)
        prompt = SPEC.prompts(state)[0]
        seat = prompt.seats[0]
        action = aiming(state, prompt, rng)
        option = next(o for o in prompt.options if o.action == action)
        user = table.seats[seat].name
        if isinstance(action, Go) and decisions % 5 == 4:
            line = f"{user}: /go {_field_name(action)}"
        else:
            text = option.label if option.literal else t(lang, option.label, **option.params)
            line = f"{user}: [{text}]"
        lines.append(line)
        await console.line(line)
        decisions += 1
    (HERE / name).write_text("\n".join(lines) + "\n")


def _field_name(action: Go) -> str:
    from rules.heinzel.board import board

    return field(board().by_id[action.to]).name


def main() -> None:
    games = [
        (
            "heinzel_2p.de.txt",
            "de",
            [
                "# Eine ganze Partie Die Heinzelmännchen von Köln zu zweit, auf Deutsch.",
                "alice: /new heinzel",
                "bob: /join",
                "alice: /start",
                "# bob ist nicht dran",
                "bob: [🎲 Würfeln]",
            ],
            {
                3: ["# ein Ort, den es nicht gibt", "bob: /go Xanten"],
                8: ["# niemand antwortet rechtzeitig: die Regeln entscheiden", "@wait 301"],
            },
        ),
        (
            "heinzel_3p.txt",
            "en",
            [
                "# A whole game for three: the 1-point cards are out, and the player whose",
                "# start lies between the others (bob, yellow) begins.",
                "alice: /new heinzel",
                "bob: /join",
                "carol: /join",
                "alice: /start",
            ],
            {},
        ),
        (
            "heinzel_4p.txt",
            "en",
            [
                "# A whole game for four; dave is the youngest and begins.",
                "alice: /new heinzel youngest=4",
                "bob: /join",
                "carol: /join",
                "dave: /join",
                "alice: /start",
            ],
            {},
        ),
    ]
    for name, lang, lobby, extra in games:
        asyncio.run(write(name, lang, lobby, extra))


if __name__ == "__main__":
    main()
