"""How the processes log: plain lines, or JSON with STAMMTISCH_LOG=json.

A JSON line carries, beside the level, logger and message, the chat the process was
working for (`platform:chat`) and the table's version it last wrote there, so a log
search finds everything one table went through. They come from context variables the
router and the store set; outside a command they are empty.
"""

import json
import logging
from collections.abc import Mapping
from contextvars import ContextVar

CHAT: ContextVar[str] = ContextVar("chat", default="")
VERSION: ContextVar[int | None] = ContextVar("version", default=None)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if chat := CHAT.get():
            line["platform"], _, line["chat"] = chat.partition(":")
        if (version := VERSION.get()) is not None:
            line["version"] = version
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(env: Mapping[str, str]) -> None:
    """Set up the root logger for a process (adapters' __main__)."""
    handler = logging.StreamHandler()
    if env.get("STAMMTISCH_LOG", "").lower() == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    # httpx logs every API call at INFO, with the bot's token in the URL.
    logging.getLogger("httpx").setLevel(logging.WARNING)
