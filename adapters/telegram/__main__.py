"""`python -m adapters.telegram`: the Telegram bot, by long polling or as a webhook.

Settings: adapters/telegram/settings.py (TELEGRAM_TOKEN, TELEGRAM_WEBHOOK_URL …),
REDIS_URL and bot/app.py. A `.env` file in the working directory is read too.
"""

import os
import sys
from pathlib import Path

from adapters.telegram.application import UPDATES, build
from adapters.telegram.settings import Settings
from bot.app import make_router, read_env_file, started
from bot.ops import logs, metrics


def main() -> int:
    read_env_file(Path(".env"))
    logs.configure(os.environ)
    metrics.serve_from_env(os.environ)
    settings = Settings.from_env(os.environ)
    bot = build(settings, make_router(os.environ))
    started()
    if settings.webhook_url:
        bot.app.run_webhook(allowed_updates=UPDATES, **settings.webhook())  # type: ignore[arg-type]
    else:
        bot.app.run_polling(allowed_updates=UPDATES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
