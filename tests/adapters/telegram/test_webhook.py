"""Running the Telegram bot: settings from the environment and `.env`, and webhook mode
with its secret, served by several processes against one Redis."""

import contextlib
import socket

import aiohttp
import fakeredis
import pytest

from adapters.telegram.application import UPDATES, build
from adapters.telegram.calls import Retry
from adapters.telegram.pace import Pace
from adapters.telegram.settings import Settings
from bot.app import read_env_file
from bot.chat.router import Router
from tests.fixtures.fake_telegram import GROUP, TOKEN, FakeTelegram, until


def test_settings_from_the_environment():
    env = {
        "TELEGRAM_TOKEN": "42:secret",
        "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/telegram/hook",
        "PORT": "5000",
        "TELEGRAM_BASE_URL": "http://127.0.0.1:8081/bot",
    }
    settings = Settings.from_env(env)
    webhook = settings.webhook()
    assert webhook["url_path"] == "/telegram/hook"  # where Telegram will post
    assert webhook["port"] == 5000 and webhook["listen"] == "0.0.0.0"
    assert settings.base_url == "http://127.0.0.1:8081/bot"
    assert settings.base_file_url == "https://api.telegram.org/file/bot"
    # Without a secret set, every process derives the same one from the token.
    assert webhook["secret_token"] == Settings.from_env(env).webhook_secret
    assert webhook["secret_token"] != Settings.from_env({"TELEGRAM_TOKEN": "43:x"}).webhook_secret
    explicit = Settings.from_env({**env, "TELEGRAM_WEBHOOK_SECRET": "s3cr3t"})
    assert explicit.webhook()["secret_token"] == "s3cr3t"
    assert Settings.from_env({"TELEGRAM_TOKEN": "42:x"}).webhook_url is None  # polling


def test_without_a_token_the_bot_says_how_to_get_one():
    with pytest.raises(SystemExit, match="BotFather"):
        Settings.from_env({})


def test_a_dotenv_file_fills_what_the_environment_leaves_open(tmp_path):
    path = tmp_path / ".env"
    path.write_text(
        "# the bot\n"
        "export TELEGRAM_TOKEN='42:from-file'\n"
        'REDIS_URL="redis://localhost:6379/0"\n'
        "TELEGRAM_WEBHOOK_PORT=8443\n"
        "not a setting\n"
    )
    env = {"TELEGRAM_WEBHOOK_PORT": "9000"}
    read_env_file(path, env)
    assert env == {
        "TELEGRAM_TOKEN": "42:from-file",
        "REDIS_URL": "redis://localhost:6379/0",
        "TELEGRAM_WEBHOOK_PORT": "9000",  # the environment wins
    }
    read_env_file(tmp_path / "missing", env)  # no file: nothing happens


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def _webhook_process(fake: FakeTelegram, redis, port: int):
    """One bot process serving the webhook on `port`, as run_webhook would start it."""
    settings = Settings(
        token=TOKEN,
        base_url=fake.base_url,
        base_file_url=fake.base_file_url,
        webhook_url=f"https://bot.example.org/hook/{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_secret="the-secret",
    )
    bot = build(settings, Router(redis), pace=Pace(redis, gap=0), retry=Retry(backoff=0))
    await bot.app.initialize()
    await bot.app.start()
    await bot.on_start(bot.app)
    await bot.app.updater.start_webhook(allowed_updates=UPDATES, **settings.webhook())
    try:
        yield bot
    finally:
        await bot.app.updater.stop()
        await bot.app.stop()
        await bot.on_stop(bot.app)
        await bot.app.shutdown()


async def test_webhook_processes_check_the_secret_and_apply_a_redelivered_update_once():
    fake = FakeTelegram()
    runner = await fake.start()
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    ports = _free_port(), _free_port()
    update = fake.say(11, "Alice", "/new auktion")
    try:
        async with (
            _webhook_process(fake, redis, ports[0]) as one,
            _webhook_process(fake, redis, ports[1]) as two,
            aiohttp.ClientSession() as http,
        ):
            hooks = fake.called("setWebhook")
            assert [h["secret_token"] for h in hooks] == ["the-secret"] * 2
            assert hooks[0]["url"] == f"https://bot.example.org/hook/{ports[0]}"

            async def post(port: int, secret: str | None) -> int:
                headers = {"X-Telegram-Bot-Api-Secret-Token": secret} if secret else {}
                url = f"http://127.0.0.1:{port}/hook/{port}"
                async with http.post(url, json=update, headers=headers) as response:
                    return response.status

            assert await post(ports[0], None) == 403  # not from Telegram
            assert await post(ports[0], "wrong") == 403
            assert await post(ports[0], "the-secret") == 200
            await until(lambda: fake.texts(GROUP))
            # Telegram may deliver an update again, to any process.
            assert await post(ports[1], "the-secret") == 200
            assert await post(ports[0], "the-secret") == 200
            await one.adapter.sender.drain()
            await two.adapter.sender.drain()
            table = await one.router.table("telegram", str(GROUP))
    finally:
        await runner.cleanup()
        await redis.aclose()
    assert len(fake.texts(GROUP)) == 1 and "opened a table" in fake.texts(GROUP)[0]
    assert table.status == "lobby"
    assert not fake.violations  # every request as the Bot API takes it
