"""`python -m adapters.web`: the Procfile's `web` process.

STAMMTISCH_WEB_URL, STAMMTISCH_WEB_SECRET   required (bot/weblinks.py)
STAMMTISCH_WEB_PORT                         the port (else PORT, else 8080)
STAMMTISCH_WEB_LISTEN                       the address (default 0.0.0.0)
TELEGRAM_TOKEN                              checks the Mini App's initData (Telegram tables)
"""

import logging
import os

from aiohttp import web

from adapters.web.server import Web, app
from bot.app import make_router, read_env_file, started
from bot.ops import logs
from bot.weblinks import WebLinks


def main() -> None:
    read_env_file()
    logs.configure(os.environ)
    links = WebLinks.from_env(os.environ)
    if links is None:
        raise SystemExit("set STAMMTISCH_WEB_URL (the page's public HTTPS address)")
    router = make_router()
    # What an answer says is written to its chat's durable outbox with the change, and sent
    # by that platform's own process (bot/chat/courier.py).
    router.durable.update({"telegram", "discord"})
    started()
    port = int(os.environ.get("STAMMTISCH_WEB_PORT") or os.environ.get("PORT") or 8080)
    host = os.environ.get("STAMMTISCH_WEB_LISTEN") or "0.0.0.0"
    server = Web(router, links, telegram_token=os.environ.get("TELEGRAM_TOKEN", ""))
    logging.getLogger(__name__).info("web pages at %s (listening on %s:%d)", links.url, host, port)
    web.run_app(app(server), host=host, port=port, print=None)


if __name__ == "__main__":
    main()
