"""One console group chat: reads `<user>: …` / `<user>> …` lines, prints replies.

The transcript format is a public contract (README, tests):
  in:  `alice: /join` said in the group, `alice> 30` said privately to the bot,
       `bob> [Essen]` / `bob: [2]` presses a button shown in that place (label or
       1-based number), `@wait 90` lets 90 seconds pass (deadlines fire),
       `@skip 9` passes over the next 9 seeds of games and tables (a script picks
       its game with `--seed`; a `/roll` draws from a stream of its own),
       blank lines and `# comments` are ignored.
  out: `[group] …`, `[dm:<user>] …`, `[group:buttons] [a] [b]`, `[group:edit] …` (the
       lines an edit adds to an earlier message: the living status),
       `[dm:<user>:buttons] …`, `[group:image] <path>` (with --images, instead of
       the board's text snapshot); every line of a
       multi-line reply carries its prefix.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot.chat import pictures
from bot.chat.router import Incoming, Router
from bot.i18n import t
from bot.marks import BOLD, STRIKE
from bot.replies import Button, Reply
from bot.table import buttons
from rules.core import numbers

PLATFORM = "console"
GROUP = "group"
LINE = re.compile(r"^(?P<user>[^\s:>\[\]]+)\s*(?P<place>[:>])\s?(?P<text>.*)$")
PRESS = re.compile(r"^\[(?P<choice>[^\]]+)\]$")
WAIT = re.compile(r"^@wait\s+(?P<seconds>\d+(\.\d+)?)\s*$")
SKIP = re.compile(r"^@skip\s+(?P<count>\d{1,4})\s*$")


@dataclass
class Console:
    router: Router
    write: Callable[[str], None]
    lang: str = "en"
    admins: frozenset[str] = frozenset()
    buttons: dict[str, tuple[Button, ...]] = field(default_factory=dict)  # place → shown
    standing: dict[str, tuple[Button, ...]] = field(default_factory=dict)  # (a deal's)
    updates: int = 0
    images: Path | None = None  # write board pictures here instead of text snapshots
    pictures: int = 0
    posted: int = 0  # ids for the living status messages
    texts: dict[str, list[str]] = field(default_factory=dict)  # their lines, by id

    async def line(self, raw: str) -> None:
        """Take one input line; print whatever the bot answers."""
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            return
        if wait := WAIT.match(raw):
            await self.wait(float(wait["seconds"]))
            return
        if skip := SKIP.match(raw):
            for _ in range(int(skip["count"])):
                self.router.entropy()
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
            handle=user,
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
        await self.show(await self.router.handle(msg))

    async def _picture(self, reply: Reply, place: str) -> Path | None:
        """With --images, the reply's picture as a PNG file (None: show the text)."""
        if self.images is None or reply.svg is None:
            return None
        svg = reply.svg()
        data = await pictures.png(svg) if svg else None
        if data is None:
            return None
        self.pictures += 1
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"{self.pictures:03d}-{place.replace(':', '-')}.png"
        path.write_bytes(data)
        return path

    def _find(self, place: str, choice: str) -> Button | None:
        found = self._find_in(self.buttons.get(place, ()), choice)
        return found or self._find_in(self.standing.get(place, ()), choice)

    def _find_in(self, shown: tuple[Button, ...], choice: str) -> Button | None:
        # A label wins over a number: with buttons [0] [1] [2] [5], `[2]` means the "2".
        by_label = next((b for b in shown if b.label.casefold() == choice.casefold()), None)
        if by_label is None and numbers.digits(choice) and 1 <= int(choice) <= len(shown):
            return shown[int(choice) - 1]
        return by_label

    async def wait(self, seconds: float) -> None:
        """Let time pass on the script clock and fire what falls due, in order."""
        clock = self.router.clock
        assert isinstance(clock, ScriptClock), "@wait needs the script clock"
        end = clock.now + seconds
        while (due := await self.router.deadlines(PLATFORM).next_due()) is not None and due <= end:
            clock.now = max(clock.now, due)
            for member in await self.router.deadlines(PLATFORM).claim_due(clock.now):
                _, _, replies = await self.router.fire(member)
                await self.show(replies)
        clock.now = end

    async def show(self, replies: list[Reply]) -> None:
        for reply in replies:
            if reply.menu is not None:
                continue  # a terminal has no command menu
            place = f"dm:{reply.to}" if reply.private else GROUP
            if reply.edit is not None:  # an earlier message edited: its lines that are new
                old = self.texts.get(reply.edit, [])
                lines = reply.text.splitlines()
                self.texts[reply.edit] = lines
                same = next(
                    (i for i, (a, b) in enumerate(zip(old, lines, strict=False)) if a != b),
                    min(len(old), len(lines)),
                )
                for line in lines[min(same, len(lines) - 1) :]:  # from the first change on
                    self.write(f"[{place}:edit] {line}".rstrip())
                row = tuple(b for r in reply.buttons for b in r)
                if row and row != self.buttons.get(place):  # printed when they changed
                    self.buttons[place] = row
                    self.write(f"[{place}:buttons] " + " ".join(f"[{b.label}]" for b in row))
                continue
            picture = await self._picture(reply, place)
            for text in (drawn(reply), None if picture else reply.pre):
                for line in (text or "").splitlines():
                    self.write(f"[{place}] {line}".rstrip())
            if picture:
                self.write(f"[{place}:image] {picture}")
            if reply.buttons:
                row = tuple(b for r in reply.buttons for b in r)
                # a standing prompt's buttons (a deal's) stay pressable beside the step's
                kept = self.standing if _standing(row) else self.buttons
                kept[place] = row
                self.write(f"[{place}:buttons] " + " ".join(f"[{b.label}]" for b in row))
            if reply.status:  # the living status: its edits are printed as `:edit`
                self.posted += 1
                self.texts[str(self.posted)] = reply.text.splitlines()
                closing = await self.router.remember_status(
                    PLATFORM, reply.chat or GROUP, str(self.posted), reply.status, reply.text
                )
                if closing is not None:  # its step is over already (never, in a script)
                    await self.show([closing])


def drawn(reply: Reply) -> str:
    """The text as a terminal shows our emphasis: a dropped die ~~struck~~, a success
    **bold**, as a reader of plain text knows them; names and typed text stay as typed."""
    signs = {STRIKE: "~~", BOLD: "**"}
    return "".join(f"{signs.get(s.mark, '')}{s.text}{signs.get(s.mark, '')}" for s in reply.spans)


class ScriptClock:
    """Time in a script: starts at a fixed moment and moves only on `@wait`."""

    def __init__(self, now: float = 1_790_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _standing(row: tuple[Button, ...]) -> bool:
    return all(b.data.startswith(buttons.STANDING) for b in row)
