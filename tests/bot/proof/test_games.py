"""Games anyone can verify (bot/proof/games.py): the seed's SHA-256 announced at /start,
the seed revealed at the end, and /verify replaying the game from seed and answers."""

import hashlib
import json
import re

import fakeredis
import pytest

from adapters.console.session import GROUP, PLATFORM
from bot import verify
from bot.proof import games as game_proof
from bot.store import answer_log
from bot.store.keys import answers_key, table_key
from tests.conftest import make_backend
from tests.fixtures.chat import Chat
from tests.fixtures.paths import TRANSCRIPTS

SCRIPT = TRANSCRIPTS / "auktion_whole_game.txt"
COMMITTED = re.compile(r"seed has SHA-256 ([0-9a-f]{64})\.")
REVEALED = re.compile(r"The seed was ([0-9a-f]{64}) .*final state have SHA-256 ([0-9a-f]{64})\.")


@pytest.fixture
def redis():
    return fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())


async def whole_game(chat: Chat) -> list[str]:
    """The auction transcript's whole game: sealed bids, protests, timeouts."""
    script = [
        line for line in SCRIPT.read_text().splitlines() if "/new auktion rounds=1" not in line
    ]
    return await chat.say(*script)


async def tamper(chat: Chat, change) -> None:
    """Change the stored record behind the bot's back (what a corrupted store, or an
    operator editing it, would do): the table, and the answers logged beside it."""
    key = table_key(PLATFORM, GROUP)
    loaded = await chat.router.store.load(key)
    table = await chat.router.table(PLATFORM, GROUP, answers=True)
    change(table.proof)
    assert await chat.router.store.cas(key, loaded.version, table.dump())
    redis = chat.router.store.redis
    await redis.delete(answers_key(PLATFORM, GROUP))
    await redis.rpush(answers_key(PLATFORM, GROUP), *table.proof.lines())


def changed_answer(proof: game_proof.GameProof) -> None:
    answers = proof.answers()
    number = next(i for i, (_, a) in enumerate(answers) if a["type"] == "bid" and a["amount"] > 0)
    seat, action = answers[number]
    answers[number] = (seat, {**action, "amount": action["amount"] - 1})
    tampered = game_proof.imported({**game_proof.export(proof), "answers": answers})
    proof.with_answers(tampered.lines())


async def test_a_whole_game_reveals_the_committed_seed_and_verifies(redis):
    chat = Chat.make(redis)
    lines = await whole_game(chat)
    said = "\n".join(lines)
    (commitment,) = COMMITTED.findall(said)
    start = next(i for i, line in enumerate(lines) if "begins" in line)
    assert COMMITTED.search(lines[start + 1])  # in the /start group message, under "begins"
    seed, end = REVEALED.search(said).groups()
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    # the seed was shown nowhere before the end (nor the answers' log, ever)
    over = next(i for i, line in enumerate(lines) if "is over" in line)
    assert not any(seed in line for line in lines[:over])
    # the answers are logged beside the table, one line each, none of them ever shown
    stored = await chat.router.store.redis.lrange(answers_key(PLATFORM, GROUP), 0, -1)
    proof = (await chat.router.table(PLATFORM, GROUP, answers=True)).proof
    assert len(stored) == 1  # packed into one element at the end
    logged = game_proof.GameProof.model_validate(proof.model_dump()).with_answers(stored).lines()
    assert len(logged) == proof.actions >= 10 and logged == proof.lines()
    assert not any(line in said for line in logged)
    table = (await chat.stored()).decode()
    assert table.startswith("{") and not any(line in table for line in logged)  # nor there
    (reply,) = await chat.say("alice: /verify")
    assert reply.startswith("[group] 🔏 Match ✅")
    assert seed in reply and commitment[:16] in reply and end[:16] in reply
    # German, one line
    await chat.say("alice: /lang de")
    (reply,) = await chat.say("bob: /verify")
    assert reply.startswith("[group] 🔏 Stimmt ✅") and "\n" not in reply


async def test_one_answer_changed_or_another_seed_is_a_mismatch(redis):
    chat = Chat.make(redis)
    await whole_game(chat)
    await tamper(chat, changed_answer)
    (reply,) = await chat.say("alice: /verify")
    assert reply.startswith("[group] 🔏 Mismatch ❌") and "final state" in reply

    chat = Chat.make(fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()))
    await whole_game(chat)

    def other_seed(proof):
        proof.seed = "00" + proof.seed[2:]

    await tamper(chat, other_seed)
    await chat.say("alice: /lang de")
    (reply,) = await chat.say("alice: /verify")
    assert reply.startswith("[group] 🔏 Stimmt nicht ❌") and "bei /start" in reply


async def test_while_the_game_runs_verify_shows_the_commitment_only(redis):
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion", "bob: /join", "carol: /join", "alice: /start")
    proof = (await chat.table()).proof
    (reply,) = await chat.say("carol: /verify")
    assert proof.commitment in reply and proof.seed not in reply
    assert "revealed when the game is over" in reply


async def test_an_aborted_game_is_replayed_as_far_as_it_went(redis):
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion", "bob: /join", "alice: /start", "alice> [2]", "bob> 3")
    await chat.say("alice: /abort")
    (reply,) = await chat.say("bob: /verify")
    assert "Match ✅ (aborted game)" in reply and "2 answers" in reply


async def test_the_record_is_kept_for_its_window_and_until_the_next_game(redis):
    chat = Chat.make(redis)
    await whole_game(chat)
    first = (await chat.table()).proof
    chat.router.clock.now += game_proof.KEEP_SECONDS + 1
    (reply,) = await chat.say("alice: /verify")
    assert "🔏" not in reply  # only the rolls' answer is left
    await chat.say("alice: /new auktion", "bob: /join", "alice: /start")
    assert (await chat.table()).proof.commitment != first.commitment


async def test_the_seed_is_unguessable_from_the_engine_seed(redis):
    """Two tables whose engine seeds are the same still commit to different seeds: 24
    of its 32 bytes come from a CSPRNG, not from the (here fixed) entropy."""
    commitments = []
    for _ in range(2):
        chat = Chat.make(fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()), seed=5)
        await chat.say("alice: /new auktion", "bob: /join", "alice: /start")
        proof = (await chat.table()).proof
        commitments.append(proof.commitment)
        assert len(bytes.fromhex(proof.seed)) == game_proof.SEED_BYTES
    assert commitments[0] != commitments[1]


async def test_the_command_line_checks_an_exported_record(redis, tmp_path, capsys):
    chat = Chat.make(redis)
    await whole_game(chat)
    proof = (await chat.router.table(PLATFORM, GROUP, answers=True)).proof
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game_proof.export(proof)))
    assert verify.main([str(record)]) == 0
    shown = capsys.readouterr().out
    assert proof.commitment in shown and proof.end in shown and "Match ✅" in shown

    changed_answer(proof)
    record.write_text(json.dumps(game_proof.export(proof)))
    assert verify.main([str(record)]) == 1
    assert "Mismatch ❌" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text", ["hello", '{"game": "tube"}', "eJzLSM3JyVcozy/KSQEAGgQEXQ==", '["a", 1]']
)
def test_the_command_line_refuses_what_is_no_record_in_one_line(tmp_path, text):
    record = tmp_path / "game.txt"
    record.write_text(text)
    with pytest.raises(SystemExit) as refused:
        verify.main([str(record)])
    assert refused.value.code == f"{record} holds no game record: save what /verify record posted"
    with pytest.raises(SystemExit) as refused:
        verify.main([str(tmp_path / "missing.txt")])
    assert (
        refused.value.code == f"cannot read {tmp_path / 'missing.txt'}: No such file or directory"
    )


def test_the_command_line_helps(capsys):
    assert verify.main(["--help"]) == 0
    assert "python -m bot.verify FILE" in capsys.readouterr().out


def test_the_log_is_bounded():
    proof = game_proof.GameProof(
        game="auktion", seats=2, options={}, seed="00" * 32, commitment="x"
    )
    proof.actions = game_proof.MAX_ACTIONS
    game_proof.record(proof, 0, {"type": "pass"})
    assert proof.overflow and proof.log == ""
    proof.commitment = game_proof.commitment(bytes(32))
    assert game_proof.check(proof).key == "verify.game_too_long"


async def test_verify_record_posts_the_record_for_the_command_line(redis, tmp_path, capsys):
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion", "bob: /join", "alice: /start")
    (later,) = await chat.say("bob: /verify record")
    assert "once the game is over" in later  # the log holds the sealed bids
    chat = Chat.make(fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()))
    await whole_game(chat)
    await chat.say("alice: /lang de")
    said = "\n".join(await chat.say("carol: /verify protokoll"))
    assert said.startswith("[group] 🔏 Das Protokoll des Spiels")
    pasted = tmp_path / "game.txt"
    pasted.write_text(said.replace("[group] ", ""))  # as copied, heading and all
    assert verify.main([str(pasted)]) == 0
    shown = capsys.readouterr().out
    assert (await chat.table()).proof.commitment in shown and "Match ✅" in shown
    chat.router.clock.now += game_proof.KEEP_SECONDS + 1
    (gone,) = await chat.say("carol: /verify protokoll")
    assert "in den letzten 7 Tagen kein Spiel" in gone


def test_the_operator_exports_a_finished_game_for_the_command_line(monkeypatch, tmp_path, capsys):
    import asyncio

    from bot.store import connection as redis_conn

    server = fakeredis.FakeServer()

    async def play() -> str:
        chat = Chat.make(fakeredis.FakeAsyncRedis(server=server))
        await whole_game(chat)
        return (await chat.table()).proof.commitment

    commitment = asyncio.run(play())
    monkeypatch.setattr(redis_conn, "connect", lambda: fakeredis.FakeAsyncRedis(server=server))
    assert verify.main(["export", PLATFORM, GROUP]) == 0
    exported = capsys.readouterr().out
    assert json.loads(exported)["commitment"] == commitment
    (tmp_path / "game.json").write_text(exported)
    assert verify.main([str(tmp_path / "game.json")]) == 0
    assert "Match ✅" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # no game at another table
        verify.main(["export", PLATFORM, "elsewhere"])


@pytest.mark.parametrize("name", ["einsistkeins_karten_5p_out", "aufruhr_6p.de", "bohei_8p.de"])
async def test_transcript_games_with_timeouts_verify(name):
    """Answers given by the game's timeout for silent seats are logged and replay too
    (the first transcript times out 150 times)."""
    from adapters.console.__main__ import run_script

    script = (TRANSCRIPTS / f"{name}.txt").read_text().splitlines()
    lines: list[str] = []
    lang = "de" if name.endswith(".de") else "en"
    await run_script([*script, "zed: /verify"], seed=1, lang=lang, write=lines.append)
    assert lines[-1].startswith("[group] 🔏 " + ("Stimmt ✅" if lang == "de" else "Match ✅"))


async def test_the_answers_are_appended_with_the_write_and_only_with_it(redis):
    """The log is a list beside the table, appended by the table's own compare-and-set:
    a write that loses appends nothing, a new game empties it, and it expires with the
    table."""
    from bot.store.versioned import Log, RedisStore, Write

    store, key, log = RedisStore(redis, ttl_seconds=3600), "t:{c}:table", "t:{c}:answers"
    assert await store.cas(key, 0, Write(b"1", Log(log, ["a", "b"])))
    assert not await store.cas(key, 0, Write(b"lost", Log(log, ["c"])))  # lost: nothing
    assert await store.cas(key, 1, Write(b"2", Log(log, ["c"])))
    assert await redis.lrange(log, 0, -1) == [b"a", b"b", b"c"]
    assert 3590_000 < await redis.pttl(log) <= 3600_000
    assert await store.cas(key, 2, Write(b"3", Log(log, ["new"], reset=True)))
    assert await redis.lrange(log, 0, -1) == [b"new"]
    assert await store.cas(key, 3, Write(None, Log(log, reset=True)))  # the table goes: all
    assert not await redis.exists(key) and not await redis.exists(log)


async def test_a_table_whose_log_was_kept_inside_it_still_verifies_and_moves_it(redis):
    """Tables stored before 2026-11-24 kept the answers in the table, compressed, and
    their end hashed them in one piece: such a game still verifies, and a game still
    running moves its log to the list at its next answer."""
    import base64
    import zlib

    chat = Chat.make(redis)
    await chat.say("alice: /new auktion", "bob: /join", "carol: /join", "alice: /start")
    await chat.say("alice> [2]", "bob> 3")

    def as_before(proof):
        text = "".join(line + "\n" for line in proof.lines())
        proof.log = base64.b64encode(zlib.compress(text.encode())).decode()
        proof.chain = None

    await tamper(chat, as_before)
    await chat.router.store.redis.delete(answers_key(PLATFORM, GROUP))
    await chat.say("carol> 1")
    proof = (await chat.router.table(PLATFORM, GROUP, answers=True)).proof
    assert proof.log == "" and proof.chain and proof.actions == 3 == len(proof.lines())
    await chat.say("alice: /abort")
    (reply,) = await chat.say("bob: /verify")
    assert "Match ✅ (aborted game)" in reply and "3 answers" in reply

    chat = Chat.make(fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()))
    await whole_game(chat)

    def ended_before(proof):  # the end as it was hashed then: the answers in one piece
        spec = game_proof.registry.get(proof.game)
        state, _ = game_proof.replay(spec, proof, proof.answers())
        proof.end = game_proof.fingerprint(proof.answers(), state, chained=False)
        as_before(proof)

    await tamper(chat, ended_before)
    await chat.router.store.redis.delete(answers_key(PLATFORM, GROUP))
    (reply,) = await chat.say("alice: /verify")
    assert reply.startswith("[group] 🔏 Match ✅")


# The packing also against a Redis Cluster (its commands go through the cluster's client).
@pytest.fixture(params=["fake", "real", "cluster"])
async def any_backend(request):
    async for made in make_backend(request):
        yield made


async def test_the_log_is_packed_in_order_and_keeps_its_time_to_live(any_backend):
    """Every PACK answers the lines at the list's tail become one compressed element;
    read back, the log is the same lines in the same order. A list that changed between
    the read and the packing is left as it is (packed next time)."""
    redis = any_backend.client()
    key = answers_key(PLATFORM, GROUP)
    lines = [f'[{i % 3},{{"amount":{i},"type":"bid"}}]' for i in range(70)]
    await redis.rpush(key, *lines)
    await redis.pexpire(key, 60_000)
    assert await answer_log.pack(redis, key)
    stored = await redis.lrange(key, 0, -1)
    assert len(stored) == 70 - 2 * answer_log.PACK + 1 and stored[-1][:1] != b"["
    assert sum(map(len, stored)) < sum(map(len, lines)) / 2
    proof = game_proof.GameProof(game="auktion", seats=3, options={}, seed="", commitment="")
    assert proof.with_answers(stored).lines() == lines
    assert 0 < await redis.pttl(key) <= 60_000
    await redis.rpush(key, "[0,{}]", "[1,{}]")
    assert not await redis.eval(answer_log._PACK, 1, key, 999, 2, b"x")  # changed: left
    assert await redis.lrange(key, -2, -1) == [b"[0,{}]", b"[1,{}]"]


def test_an_action_offered_again_is_logged_as_json_with_sorted_keys_each_time():
    """A button's action is remembered by identity (game_proof._action_json): its line
    is the same canonical JSON as a payload's, for whichever seat answers with it."""
    from rules.aufruhr.actions import Demand
    from rules.aufruhr.folders import want
    from rules.aufruhr.model import Options

    action = Demand(demand=want("subvention", 30))
    proof = game_proof.begin("aufruhr", 4, Options(), bytes(32))
    for seat in (2, 0, 2):
        game_proof.record(proof, seat, action)
    game_proof.record(proof, 1, {"type": "vote", "seat": 3})
    data = action.model_dump(mode="json")
    answers = [(2, data), (0, data), (2, data), (1, {"type": "vote", "seat": 3})]
    expected = [json.dumps(a, sort_keys=True, separators=(",", ":")) for a in answers]
    assert proof.appended()[0] == expected
    demand = '{"demand":{"amount":30,"kind":"subvention"},"text":null,"type":"demand"}'
    assert expected[0] == f"[2,{demand}]"
