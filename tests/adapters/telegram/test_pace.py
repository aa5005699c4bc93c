"""A group's pace (adapters/telegram/pace.py over bot/store/pace.py), on a model clock,
on fakeredis and a real redis-server: never more than 20 messages in any minute, never
two within a second, a quiet group's few messages a second apart, and a busy group's at
an even rhythm instead of 20 at once and then a wait for the rest of the minute."""

import itertools
import random

from adapters.telegram.pace import BURST, Pace

GROUP, ALICE = -100123, 11
LIMIT, WINDOW, GAP = 20, 60.0, 1.0
SPACING = WINDOW / (LIMIT + 1 - BURST)  # a busy group's rhythm (bot/store/pace.py)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


def _pace(redis, clock: Clock, **kwargs) -> Pace:
    return Pace(redis, clock=clock, sleep=clock.sleep, **kwargs)


async def _send(pace: Pace, clock: Clock, count: int, chat: int = GROUP) -> list[float]:
    """`count` messages one after the other, as fast as the pace lets them go: when each
    went, in seconds from the first."""
    sent = []
    for _ in range(count):
        await pace.take(chat)
        sent.append(clock.now)
    return [round(s - sent[0], 6) for s in sent]


def _most_in_a_window(sent: list[float]) -> int:
    """The most messages in any WINDOW seconds (one exactly WINDOW before another is out
    of its window, as Redis's ZREMRANGEBYSCORE counts it; 1 µs for the clock's rounding)."""
    return max(sum(1 for t in sent if s - WINDOW + 1e-6 < t <= s) for s in sent)


async def test_a_quiet_groups_few_messages_go_a_second_apart(redis):
    clock = Clock()
    assert await _send(_pace(redis, clock), clock, BURST) == [float(i) for i in range(BURST)]


async def test_a_busy_group_gets_an_even_rhythm_within_the_limit(redis):
    clock = Clock()
    sent = await _send(_pace(redis, clock), clock, 60)
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    assert gaps[: BURST - 1] == [GAP] * (BURST - 1)
    # never a wait longer than one spacing: the old rule sent 20 a second apart, then
    # waited 41 s for the first to leave the window
    assert max(gaps) <= SPACING + 1e-6 and 3.0 < SPACING <= 4.0
    assert _most_in_a_window(sent) <= LIMIT
    assert len(sent) / (sent[-1] / WINDOW) > 0.9 * (WINDOW / SPACING)  # (the rhythm holds)


async def test_a_group_quiet_for_a_minute_gets_its_few_at_once_again(redis):
    clock = Clock()
    pace = _pace(redis, clock)
    await _send(pace, clock, 30)
    clock.now += WINDOW
    assert await _send(pace, clock, BURST) == [float(i) for i in range(BURST)]


async def test_no_minute_holds_more_than_the_limit_whatever_the_traffic(redis):
    clock = Clock()
    pace = _pace(redis, clock)
    rng = random.Random(7)
    sent = []
    for _ in range(300):  # bursts and lulls, messages asked for at random moments
        clock.now += rng.choice([0.0, 0.0, 0.3, 1.0, 2.5, 5.0, 20.0, 70.0])
        await pace.take(GROUP)
        sent.append(clock.now)
    assert _most_in_a_window(sent) <= LIMIT
    assert min(b - a for a, b in itertools.pairwise(sent)) >= GAP - 1e-6


async def test_waiting_for_the_pace_counts_no_message(redis):
    clock = Clock()
    pace = _pace(redis, clock)
    await pace.take(GROUP)
    await pace.ready(GROUP)
    await pace.ready(GROUP)  # ready twice: the group may send, nothing was sent
    assert clock.now - 1000 == GAP
    await pace.take(GROUP)
    assert clock.now - 1000 == GAP


async def test_the_rate_is_counted_for_all_processes_together(redis, redis_factory):
    clock = Clock()
    one = _pace(redis, clock, per_minute=3)
    two = _pace(await redis_factory(), clock, per_minute=3)  # another process's client
    sent = []
    for pace in (one, two, one, two, one):
        await pace.take(GROUP)
        sent.append(clock.now - 1000)
    # one a second, and three a minute however many processes send (a burst as large as
    # the limit: the plain window)
    assert sent == [0, 1, 2, 60, 61]
    await one.take(ALICE)  # private chats are not paced here
    assert clock.now - 1000 == 61


async def test_many_processes_keep_the_rhythm_of_one(redis, redis_factory):
    clock = Clock()
    paces = [_pace(redis, clock)] + [_pace(await redis_factory(), clock) for _ in range(2)]
    sent = []
    for pace in itertools.islice(itertools.cycle(paces), 45):
        await pace.take(GROUP)
        sent.append(clock.now)
    assert _most_in_a_window(sent) <= LIMIT
    assert max(b - a for a, b in itertools.pairwise(sent)) <= SPACING + 1e-6
