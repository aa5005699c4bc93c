"""Writes a console script of a whole Bohei game (tests/transcripts/bohei_*.txt).

It plays through the real console and router, line by line, and after each line looks
at the table to choose the next one as a lively group would: draw towards 7, play
cards, answer honestly, call "Bohei" (mostly by button, sometimes typed), chat now and
then (breaking a rule or not), report a watched rule with /foul. Deterministic for a
seed. Usage:
    python -m tests.tools.bohei_script NAMES... --seed 3 [--lang de] [--options ...] > FILE
The golden .out is then written by
`UPDATE_GOLDEN=1 pytest tests/adapters/console/test_transcripts.py`.
"""

import argparse
import asyncio
import random

import fakeredis

from adapters.console.__main__ import _entropy
from adapters.console.session import Console, ScriptClock
from bot.chat.router import Router
from bot.table.outbox import Outbox
from rules.bohei import engine
from rules.bohei.data import card, deck
from rules.bohei.model import State

CHAT = {
    "de": [
        "hallo zusammen 👋",
        "Wer ist dran?",
        "Eure Hoheit, ich überlege noch!",
        "das wird knapp",
        "Prost 🍻",
        "3 Karten, alles gut",
        "super Spiel!",
        "ok 👍",
    ],
    "en": [
        "hello everyone 👋",
        "Whose turn is it?",
        "Your Highness, I am thinking!",
        "this is close",
        "cheers 🍻",
        "3 cards, all fine",
        "great game!",
        "ok 👍",
    ],
}
WORDS = {  # for word chains, a few per first letter
    "a": ["apfel", "anker", "ast"],
    "b": ["baum", "brot", "boot"],
    "d": ["dach", "dose"],
    "e": ["esel", "ente", "erde"],
    "f": ["fisch", "feder"],
    "g": ["gans", "gold"],
    "h": ["haus", "hut"],
    "i": ["igel", "insel"],
    "k": ["katze", "kerze"],
    "l": ["lampe", "laus"],
    "m": ["maus", "mond"],
    "n": ["nase", "nudel"],
    "o": ["ofen", "ohr"],
    "p": ["pilz", "post"],
    "r": ["rose", "rad"],
    "s": ["sonne", "salz", "see"],
    "t": ["tisch", "tee", "tor"],
    "w": ["wald", "wurm"],
    "z": ["zebra", "zug"],
    "u": ["uhr", "ufer"],
    "c": ["cello"],
}


class Writer:
    def __init__(self, names, seed, lang, options):
        self.names, self.lang, self.rng = names, lang, random.Random(seed)
        redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
        self.router = Router(redis, clock=ScriptClock(), **_entropy(1))
        self.console = Console(self.router, lambda s: None, lang=lang)
        self.lines: list[str] = []
        self.options = options
        self.used_words: set[str] = set()

    async def say(self, line: str) -> None:
        self.lines.append(line)
        await self.console.line(line)

    def label(self, option) -> str:
        out = Outbox(lang=self.lang, names=self.names, game="bohei")
        return option.label if option.literal else out.text(option.label, **option.params)

    async def press(self, seat, prompt, option) -> None:
        place = ">" if prompt.secret else ":"
        await self.say(f"{self.names[seat]}{place} [{self.label(option)}]")

    async def run(self, max_lines=1500) -> None:
        host = self.names[0]
        await self.say(f"{host}: /new bohei {self.options}".strip())
        for name in self.names[1:]:
            await self.say(f"{name}: /join")
        await self.say(f"{host}: /start")
        while len(self.lines) < max_lines:
            table = await self.router.table("console", "group")
            if table is None or table.status != "playing":
                return
            state = State.model_validate(table.state)
            await self.step(state)
        raise SystemExit("no end")

    async def step(self, state: State) -> None:
        waiting = [p for p in engine.prompts(state) if not p.standing]
        prompt = waiting[0]
        kind = prompt.id.split(":")[0]
        seat = prompt.seats[0]
        r = self.rng
        if kind == "turn" and state.phase == "draw" and r.random() < 0.18:
            await self.chatter(state)
            return
        if kind == "bohei":
            # (no other clock may run out meanwhile: a turn's own is longer than the call's)
            late = [p for p in waiting[1:] if p.deadline and p.deadline <= state.options.reaction]
            if r.random() < 0.1 and not late:
                await self.say(f"@wait {state.options.reaction}")  # forgot to call
            elif r.random() < 0.3:
                await self.say(f"{self.names[seat]}: Bohei!")
            else:
                await self.press(seat, prompt, prompt.options[0])
            return
        if kind == "starter":
            await self.press(r.randrange(len(self.names)), prompt, prompt.options[0])
            return
        if kind == "vote" or (kind == "turn" and state.phase == "question"):
            await self.press(seat, prompt, r.choice(prompt.options))
            return
        if kind == "react":
            hand = [card(c) for c in state.hands[seat]]
            labels = {o.action.choice: o for o in prompt.options}
            if any(getattr(c, "react", None) == "noe" for c in hand) and r.random() < 0.6:
                await self.press(seat, prompt, labels["noe"])
            elif (
                "reverse" in labels
                and any(getattr(c, "react", None) == "reverse" for c in hand)
                and r.random() < 0.6
            ):
                await self.press(seat, prompt, labels["reverse"])
            else:
                await self.press(seat, prompt, labels["accept"])
            return
        if kind == "discard":
            await self.press(seat, prompt, r.choice(prompt.options))
            return
        if kind == "turn":
            await self.turn(state, prompt, seat)
            return
        if kind == "ch":
            await self.challenge(state, prompt)
            return
        await self.press(seat, prompt, prompt.options[0])

    async def turn(self, state, prompt, seat):
        r = self.rng
        size = len(state.hands[seat])
        if state.phase == "draw":
            take = size < 7 and (size < 6 or r.random() < 0.5)
            await self.press(seat, prompt, prompt.options[0 if take else 1])
        elif state.phase == "play":
            options = list(prompt.options)
            pick = r.choice(options[:-1]) if len(options) > 1 and r.random() < 0.75 else options[-1]
            await self.press(seat, prompt, pick)
        elif state.phase == "reward":
            by_delta = {o.action.delta: o for o in prompt.options}
            want = max(-2, min(2, 7 - size))
            await self.press(seat, prompt, by_delta[want])
        else:
            await self.press(seat, prompt, r.choice(prompt.options))

    async def challenge(self, state, prompt):
        r = self.rng
        ch = state.challenge
        c = card(ch.card)
        names = self.names
        if prompt.options and ch.stage in ("opponent", "third"):
            await self.press(prompt.seats[0], prompt, r.choice(prompt.options))
        elif c.game == "go":
            if ch.stage == "ready":
                if r.random() < 0.2:
                    await self.press(
                        r.choice(prompt.seats), prompt, prompt.options[0]
                    )  # false start
                else:
                    await self.say(f"@wait {ch.go_after}")
            else:
                await self.press(r.choice(prompt.seats), prompt, prompt.options[0])
        elif c.game in ("dice", "rps", "judged"):
            await self.press(prompt.seats[0], prompt, r.choice(prompt.options))
        elif c.game == "guess":
            await self.say(f"{names[prompt.seats[0]]}> {r.randint(1, 20)}")
        elif c.game == "race":
            de, en = deck().words[ch.word]
            word = de if self.lang == "de" else en
            if c.variant == "reverse":
                word = word[::-1]
            seat = r.choice(prompt.seats)
            text = word if r.random() < 0.7 else word[:-1]
            await self.say(f"{names[seat]}: {text}")
        elif c.game == "chain":
            fresh = [w for w in WORDS.get(ch.letter, []) if w not in ch.used]
            text = r.choice(fresh) if fresh and r.random() < 0.85 else "hmm"
            await self.say(f"{names[prompt.seats[0]]}: {text}")

    async def chatter(self, state):
        r = self.rng
        watched = [s.rule for s in state.slots if s.rule and card(s.rule).check is None]
        if watched and r.random() < 0.4:
            reporter, accused = r.sample(range(len(self.names)), 2)
            await self.say(f"{self.names[reporter]}: /foul @{self.names[accused]}")
            return
        seat = r.randrange(len(self.names))
        await self.say(f"{self.names[seat]}: {r.choice(CHAT[self.lang])}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="+")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--options", default="")
    parser.add_argument("--title", default="")
    args = parser.parse_args()
    writer = Writer(args.names, args.seed, args.lang, args.options)
    asyncio.run(writer.run())
    if args.title:
        print(f"# {args.title}")
    print("\n".join(writer.lines))


if __name__ == "__main__":
    main()
