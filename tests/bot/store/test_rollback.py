"""Redis falls back to an older snapshot (an RDB restore) under a running game: every
button sent in the lost timeline is refused afterwards and changes nothing, though the
game has passed the same step numbers again (issue 17; tests/bot/chat/test_router.py presses one
such button, this presses them all). On fakeredis and a real redis-server."""

import random

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key
from tests.fixtures.robot import legal_moves

CHAT = "g"
USERS = ["ann", "ben", "cam"]


def said(user: str, text: str = "", **more) -> Incoming:
    return Incoming(platform="console", chat=CHAT, user=user, name=user, text=text, **more)


async def play(router: Router, rng: random.Random, moves: int) -> list[tuple[str, str, bool]]:
    """`moves` random legal moves; every button sent meanwhile as (user, payload, private):
    a group button as each player could press it."""
    sent: list[tuple[str, str, bool]] = []
    for _ in range(moves):
        table = await router.table("console", CHAT)
        assert table is not None and table.status == "playing"
        move = rng.choice([m for m in legal_moves(table, rng) if m.data is not None])
        user = USERS[move.seat]
        chat = f"dm:{user}" if move.secret else CHAT
        msg = said(user, button=move.data, private=move.secret)
        replies = await router.handle(Incoming(**{**msg.__dict__, "chat": chat}))
        assert not any(r.error for r in replies), replies
        for reply in replies:
            for row in reply.buttons:
                for button in row:
                    for who in [reply.to] if reply.private else USERS:
                        sent.append((who, button.data, reply.private))
    return sent


async def test_no_button_of_a_timeline_redis_lost_is_accepted(redis):
    router = Router(redis, clock=lambda: 1000.0)
    await router.handle(said("ann", "/new auktion rounds=5"))
    for user in USERS[1:]:
        await router.handle(said(user, "/join"))
    await router.handle(said("ann", "/start"))
    key = table_key("console", CHAT)
    snapshot = await redis.hgetall(key)
    before = await router.table("console", CHAT)

    lost = await play(router, random.Random(1), 12)  # the minutes the restore loses
    steps_lost = (await router.table("console", CHAT)).step
    await redis.delete(key)
    await redis.hset(key, mapping=snapshot)  # the restore
    rng = random.Random(2)
    for _ in range(50):  # the game goes on, through the same step numbers again
        if (await router.table("console", CHAT)).step >= steps_lost:
            break
        await play(router, rng, 1)
    assert (await router.table("console", CHAT)).step >= steps_lost > before.step

    assert len(lost) >= 20
    accepted = 0
    for user, data, private in lost:
        version = (await router.store.load(key)).version
        chat = f"dm:{user}" if private else CHAT
        replies = await router.handle(
            Incoming(
                platform="console", chat=chat, user=user, name=user, button=data, private=private
            )
        )
        changed = (await router.store.load(key)).version != version
        # (a table button — "my hand" — names no step: it shows what is, and changes nothing)
        refused = data.startswith("stl:") or all(r.error or r.pressed for r in replies)
        accepted += changed or not refused
    assert accepted == 0, f"{accepted} of {len(lost)} buttons of the lost timeline accepted"
