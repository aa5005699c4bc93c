"""`python -m adapters.telegram`: the Telegram bot, by long polling or as a webhook.

Settings: adapters/telegram/settings.py (TELEGRAM_TOKEN, TELEGRAM_WEBHOOK_URL …),
REDIS_URL and bot/app.py. A `.env` file in the working directory is read too.
"""

import logging
import os
import sys
from pathlib import Path

from adapters.telegram.application import UPDATES, build
from adapters.telegram.settings import Settings
from bot.app import make_router, read_env_file


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # httpx logs every API call at INFO, with the bot's token in the URL.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    read_env_file(Path(".env"))
    settings = Settings.from_env(os.environ)
    bot = build(settings, make_router(os.environ))
    if settings.webhook_url:
        bot.app.run_webhook(allowed_updates=UPDATES, **settings.webhook())  # type: ignore[arg-type]
    else:
        bot.app.run_polling(allowed_updates=UPDATES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
