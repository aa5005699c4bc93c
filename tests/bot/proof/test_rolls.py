"""Rolls anyone can verify: the id and key hash under a roll, `/verify` before and after
the key is revealed, and a replay from the revealed key alone that gives the same dice."""

import hashlib
import hmac
import re

import pytest

from bot.proof import rolls as roll_proof
from rules.core.rng import Rng
from rules.dice import proof, roll
from tests.fixtures.chat import Chat

SECRET = b"a test secret, never a real one"
START = 1_790_000_000.0  # the console's script clock: window 497222, 2026-09-21 14:13 UTC


def test_the_scheme_is_what_the_docstring_says():
    """Rebuilt here from hashlib and hmac alone, as someone checking the bot would."""
    key = hmac.new(SECRET, b"stammtisch roll window 497222", hashlib.sha256).digest()
    assert proof.window_key(SECRET, proof.window_of(START)) == key
    rid = "497222-" + hashlib.sha256(b"console\0group\x0042").hexdigest()[:8]
    assert proof.roll_id(497222, "console", "group", "42") == rid
    seed = int.from_bytes(hmac.new(key, rid.encode(), hashlib.sha256).digest()[:8], "big")
    assert proof.roll_seed(key, rid) == seed
    assert proof.replay(key, rid, "4d6kh3+2") == roll("4d6kh3+2", Rng.from_seed(seed))
    assert proof.commitment(key) == hashlib.sha256(key).hexdigest()
    assert proof.window_key(SECRET, 497223) != key  # each hour its own key
    assert proof.roll_id(497222, "console", "group", "43") != rid  # each message its own id


@pytest.mark.parametrize(
    ("text", "window"),
    [
        ("497222-1a2b3c4d", 497222),
        ("#497222-1A2B3C4D", 497222),
        ("497222-1a2b3c4", None),
        ("x-1a2b3c4d", None),
        ("", None),
        ("497222-1a2b3c4d0", None),
    ],
)
def test_roll_ids_are_read_strictly(text, window):
    assert proof.window_in(text) == window


@pytest.fixture
def chat(redis):
    return Chat.make(redis, roll_secret=SECRET)


async def test_a_roll_is_verified_after_its_hour(chat):
    said = await chat.say("alice: /roll 4d6kh3+2 fire")
    assert said[:1] == ["[group] 🎲 alice rolls (fire)"] and len(said) == 3
    found = re.fullmatch(r"\[group\] 🔏 #(\S+) · key SHA-256 ([0-9a-f]{16})… · /verify \1", said[2])
    assert found, said[2]
    rid, shown = found.groups()
    key = proof.window_key(SECRET, proof.window_of(START))
    assert shown == proof.commitment(key)[:16]
    # before the hour is over: the whole hash, not the key
    pending = await chat.say(f"bob: /verify {rid}")
    assert pending == [
        f"[group] Roll #{rid}: its key has SHA-256 {proof.commitment(key)} and is revealed"
        " at 2026-09-21 15:00 UTC. Ask again then."
    ]
    assert key.hex() not in "".join(pending)
    await chat.say("@wait 3600")
    revealed = await chat.say(f"bob: /verify {rid} 4d6kh3+2 fire")
    assert revealed[0] == (
        f"[group] Roll #{rid}: key {key.hex()} (SHA-256 {proof.commitment(key)}). Check it "
        f"yourself: python -m bot.proof.rolls {key.hex()} {rid} '<expression>', or /verify"
        f" {rid} <expression>."
    )
    assert revealed[2] == said[1]  # the replay shows the very dice of the roll
    # the command line, from the key alone
    assert roll_proof.main([key.hex(), rid, "4d6kh3+2"]) == 0


async def test_verify_alone_shows_this_hour_and_the_next(chat):
    said = await chat.say("alice: /verify")
    now = proof.commitment(proof.window_key(SECRET, 497222))
    following = proof.commitment(proof.window_key(SECRET, 497223))
    assert said == [
        f"[group] Rolls until 2026-09-21 15:00 UTC come from a key with SHA-256 {now}; the"
        f" next hour's key has SHA-256 {following}. Each key is revealed when its hour is"
        " over: /verify <roll id>."
    ]


@pytest.mark.parametrize("text", ["/verify nonsense", "/verify 497223-1a2b3c4d"])
async def test_a_bad_or_future_id_is_refused(chat, text):
    said = await chat.say(f"alice: {text}")
    assert len(said) == 1 and "is no roll id of the past or this hour" in said[0]


async def test_without_a_secret_rolls_carry_no_proof(redis):
    chat = Chat.make(redis)
    said = await chat.say("alice: /roll 2d6", "alice: /verify")
    assert len(said) == 3 and "🔏" not in "".join(said)
    assert said[2] == (
        "[group] Rolls here carry no proof: the bot has no roll secret (STAMMTISCH_ROLL_SECRET)."
    )


async def test_german(redis):
    chat = Chat.make(redis, lang="de", roll_secret=SECRET)
    said = await chat.say("anna: /roll d20")
    assert said[2].startswith("[group] 🔏 #497222-") and "Schlüssel-SHA-256" in said[2]
