"""One console group chat: reads `<user>: …` / `<user>> …` lines, prints replies.

The transcript format is a public contract (README, tests):
  in:  `alice: /join` said in the group, `alice> 30` said privately to the bot,
       `bob> [Essen]` / `bob: [2]` presses a button shown in that place (label or
       1-based number), `@wait 90` lets 90 seconds pass (deadlines fire),
       blank lines and `# comments` are ignored.
  out: `[group] …`, `[dm:<user>] …`, `[group:buttons] [a] [b]`,
       `[dm:<user>:buttons] …`, `[group:image] <path>`; every line of a
       multi-line reply carries its prefix.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bot.i18n import t
from bot.replies import Button, Reply
from bot.router import Incoming, Router

PLATFORM = "console"
GROUP = "group"
LINE = re.compile(r"^(?P<user>[^\s:>\[\]]+)\s*(?P<place>[:>])\s?(?P<text>.*)$")
PRESS = re.compile(r"^\[(?P<choice>[^\]]+)\]$")
WAIT = re.compile(r"^@wait\s+(?P<seconds>\d+(\.\d+)?)\s*$")


@dataclass
class Console:
    router: Router
    write: Callable[[str], None]
    lang: str = "en"
    admins: frozenset[str] = frozenset()
    buttons: dict[str, tuple[Button, ...]] = field(default_factory=dict)  # place → shown
    updates: int = 0

    async def line(self, raw: str) -> None:
        """Take one input line; print whatever the bot answers."""
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            return
        if wait := WAIT.match(raw):
            await self.wait(float(wait["seconds"]))
            return
        m = LINE.match(raw)
        if m is None:
            self.write(f"[console] {t(self.lang, 'console.bad_line')}")
            return
        user, private, text = m["user"], m["place"] == ">", m["text"].strip()
        place = f"dm:{user}" if private else GROUP
        self.updates += 1
        msg = Incoming(
            platform=PLATFORM,
            chat=place if private else GROUP,
            user=user,
            name=user,
            text=text,
            private=private,
            update_id=str(self.updates),
            admin=user in self.admins,
            lang=self.lang,
        )
        if press := PRESS.match(text):
            button = self._find(place, press["choice"])
            if button is None:
                self.write(f"[{place}] {t(self.lang, 'console.no_button', choice=press['choice'])}")
                return
            msg = replace(msg, text="", button=button.data)
        self.show(await self.router.handle(msg))

    def _find(self, place: str, choice: str) -> Button | None:
        shown = self.buttons.get(place, ())
        # A label wins over a number: with buttons [0] [1] [2] [5], `[2]` means the "2".
        by_label = next((b for b in shown if b.label.casefold() == choice.casefold()), None)
        if by_label is None and choice.isdigit() and 1 <= int(choice) <= len(shown):
            return shown[int(choice) - 1]
        return by_label

    async def wait(self, seconds: float) -> None:
        """Let time pass on the script clock and fire what falls due, in order."""
        clock = self.router.clock
        assert isinstance(clock, ScriptClock), "@wait needs the script clock"
        end = clock.now + seconds
        while (due := await self.router.deadlines.next_due()) is not None and due <= end:
            clock.now = max(clock.now, due)
            for member in await self.router.deadlines.claim_due(clock.now):
                _, _, replies = await self.router.fire(member)
                self.show(replies)
        clock.now = end

    def show(self, replies: list[Reply]) -> None:
        for reply in replies:
            place = f"dm:{reply.to}" if reply.private else GROUP
            for text in (reply.text, reply.pre):
                for line in (text or "").splitlines():
                    self.write(f"[{place}] {line}".rstrip())
            if reply.buttons:
                row = tuple(b for r in reply.buttons for b in r)
                self.buttons[place] = row
                self.write(f"[{place}:buttons] " + " ".join(f"[{b.label}]" for b in row))


class ScriptClock:
    """Time in a script: starts at a fixed moment and moves only on `@wait`."""

    def __init__(self, now: float = 1_790_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
