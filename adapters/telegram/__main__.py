"""`python -m adapters.telegram`: the Telegram bot (long polling, or a webhook).

    TELEGRAM_TOKEN            the bot's token from @BotFather (required)
    TELEGRAM_WEBHOOK_URL      set: run as a webhook at this public URL instead of polling
    TELEGRAM_WEBHOOK_PORT     port the webhook listens on (default 8443)
    TELEGRAM_WEBHOOK_SECRET   secret token Telegram must send with every update
    TELEGRAM_BASE_URL         Bot API server (default https://api.telegram.org/bot)
    TELEGRAM_BASE_FILE_URL    its file URL (default https://api.telegram.org/file/bot)
plus REDIS_URL and the STAMMTISCH_* settings of bot/app.py. A `.env` file in the
working directory is read too (KEY=value lines; the environment wins).
"""

import asyncio
import contextlib
import logging
import os
import sys
import time
from pathlib import Path

from telegram import BotCommand
from telegram.ext import Application

from adapters.telegram.adapter import TelegramAdapter
from bot.app import make_router
from bot.i18n import LANGUAGES, t
from bot.scheduler import run_ticker

COMMANDS = (
    "roll",
    "new",
    "join",
    "leave",
    "start",
    "board",
    "hand",
    "abort",
    "games",
    "rules",
    "lang",
    "images",
    "help",
)


def read_env_file(path: Path = Path(".env")) -> None:
    """KEY=value lines into the environment, never overriding what is set already."""
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        key, eq, value = line.strip().partition("=")
        if eq and key and not key.startswith("#"):
            os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


def build(token: str, env: dict[str, str]) -> tuple[Application, TelegramAdapter]:
    base = env.get("TELEGRAM_BASE_URL", "https://api.telegram.org/bot")
    files = env.get("TELEGRAM_BASE_FILE_URL", "https://api.telegram.org/file/bot")
    app = Application.builder().token(token).base_url(base).base_file_url(files).build()
    router = make_router(env, bot_name=None)
    adapter = TelegramAdapter(router)
    adapter.install(app)
    return app, adapter


async def on_start(app: Application, adapter: TelegramAdapter) -> None:
    """Command menus in English and German, the bot's name, and the deadline ticker."""
    adapter.router.bot_name = app.bot.username
    for lang in LANGUAGES:
        menu = [BotCommand(c, t(lang, f"tg.cmd.{c}")) for c in COMMANDS]
        await app.bot.set_my_commands(menu, language_code=None if lang == "en" else lang)

    async def fire(member: str) -> None:
        _, _, replies = await adapter.router.fire(member)
        await adapter.send(replies)

    app.bot_data["adapter"] = adapter
    app.bot_data["ticker"] = asyncio.create_task(
        run_ticker(adapter.router.deadlines, fire, time.time)
    )


async def on_stop(app: Application) -> None:
    adapter = app.bot_data.get("adapter")
    if adapter:
        await adapter.drain()  # what the group queues still hold goes out before we stop
    ticker = app.bot_data.get("ticker")
    if ticker:
        ticker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    read_env_file()
    env = dict(os.environ)
    token = env.get("TELEGRAM_TOKEN")
    if not token:
        sys.exit("TELEGRAM_TOKEN is not set: create a bot with @BotFather and export its token")
    app, adapter = build(token, env)
    app.post_init = lambda a: on_start(a, adapter)
    app.post_stop = on_stop
    url = env.get("TELEGRAM_WEBHOOK_URL")
    if url:
        app.run_webhook(
            listen="0.0.0.0",
            port=int(env.get("TELEGRAM_WEBHOOK_PORT", "8443")),
            url_path=token.split(":")[0],
            webhook_url=url,
            secret_token=env.get("TELEGRAM_WEBHOOK_SECRET"),
        )
    else:
        app.run_polling()
    return 0


if __name__ == "__main__":
    sys.exit(main())
