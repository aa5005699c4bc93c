"""The Telegram bot's settings, from the environment and an optional `.env` file.

    TELEGRAM_TOKEN            the bot's token from @BotFather (required)
    TELEGRAM_WEBHOOK_URL      set: receive updates at this public HTTPS URL, not by polling
    TELEGRAM_WEBHOOK_PORT     the port the webhook listens on (else PORT, else 8443)
    TELEGRAM_WEBHOOK_LISTEN   the address it listens on (default 0.0.0.0)
    TELEGRAM_WEBHOOK_SECRET   the secret Telegram sends with every update (default:
                              derived from the token, the same in every process)
    TELEGRAM_BASE_URL         Bot API server (default https://api.telegram.org/bot)
    TELEGRAM_BASE_FILE_URL    its file URL (default https://api.telegram.org/file/bot)
plus REDIS_URL and the STAMMTISCH_* settings of bot/app.py.
"""

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

BASE_URL = "https://api.telegram.org/bot"
BASE_FILE_URL = "https://api.telegram.org/file/bot"


@dataclass(frozen=True)
class Settings:
    token: str
    base_url: str = BASE_URL
    base_file_url: str = BASE_FILE_URL
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_secret: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "Settings":
        token = env.get("TELEGRAM_TOKEN", "").strip()
        if not token:
            raise SystemExit(
                "TELEGRAM_TOKEN is not set: create a bot with @BotFather and put its token "
                "into the environment or a .env file"
            )
        port = env.get("TELEGRAM_WEBHOOK_PORT") or env.get("PORT") or "8443"
        if not port.isdigit():
            raise SystemExit(f"TELEGRAM_WEBHOOK_PORT={port!r} is not a port number")
        return cls(
            token=token,
            base_url=env.get("TELEGRAM_BASE_URL") or BASE_URL,
            base_file_url=env.get("TELEGRAM_BASE_FILE_URL") or BASE_FILE_URL,
            webhook_url=env.get("TELEGRAM_WEBHOOK_URL") or None,
            webhook_listen=env.get("TELEGRAM_WEBHOOK_LISTEN") or "0.0.0.0",
            webhook_port=int(port),
            # Every process behind one webhook URL must check the same secret, and
            # setWebhook is called by each of them: a random one per process would not do.
            webhook_secret=env.get("TELEGRAM_WEBHOOK_SECRET")
            or hashlib.sha256(f"stammtisch-webhook:{token}".encode()).hexdigest(),
        )

    def webhook(self) -> dict[str, object]:
        """Arguments for python-telegram-bot's run_webhook / start_webhook."""
        assert self.webhook_url is not None
        return {
            "listen": self.webhook_listen,
            "port": self.webhook_port,
            # Telegram posts to the URL's path; we listen on the same one (a proxy in
            # front must pass the path through unchanged).
            "url_path": urlsplit(self.webhook_url).path,
            "webhook_url": self.webhook_url,
            "secret_token": self.webhook_secret,
        }
