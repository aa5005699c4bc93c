"""The open DM prompts of a player, kept and taken, on every backend the bot runs on."""

import pytest

from adapters.discord import dm_prompts
from tests.conftest import make_backend


@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def test_taken_once_with_their_text_then_gone(redis):
    await dm_prompts.keep(redis, "501", 7001, 9001, "Your bid?", {"st2:c:3:0"})
    await dm_prompts.keep(redis, "501", 7001, 9002, "Your vote?", {"st2:c:4:0"})
    await dm_prompts.keep(redis, "502", 7002, 9003, "Not yours", {"st2:c:4:1"})
    taken = await dm_prompts.take(redis, "501")
    assert sorted(taken) == [(7001, 9001, "Your bid?"), (7001, 9002, "Your vote?")]
    assert await dm_prompts.take(redis, "501") == []  # another process finds none to close
    assert await dm_prompts.take(redis, "502") == [(7002, 9003, "Not yours")]
