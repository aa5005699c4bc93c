"""Who opened a page, as the platform proves it: Telegram's `initData`, or a seat link.

Telegram (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
the Mini App's `initData` is a query string; its `hash` is the hex HMAC-SHA256, under the
key HMAC-SHA256(key="WebAppData", message=bot token), of the data-check-string: every
other field as `key=value` (values decoded), sorted by key, joined by line feeds. Its
`auth_date` (Unix seconds) must be no older than MAX_AGE: a copied `initData` stops
working. The `start_param` names the table (`t.me/<bot>/<app>?startapp=<slug>`).

Seat links (Discord, the console): bot/weblinks.py signs them and checks them here.
"""

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qsl

from bot.weblinks import WebLinks

# Seconds an `initData` is accepted after Telegram signed it. A Mini App signs anew each
# time it is opened; a page left open longer is asked to be opened again.
MAX_AGE: Final = 24 * 3600
MAX_LENGTH: Final = 4096  # characters of a credential: more is no credential of ours


@dataclass(frozen=True)
class Viewer:
    """Who looks: a platform user (None: a spectator) at the table `slug` names."""

    user: str | None
    name: str = ""
    lang: str | None = None
    slug: str = ""


def telegram_key(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def telegram_viewer(init_data: str, token: str, now: float) -> Viewer | None:
    """The user Telegram vouches for in `init_data`, or None: forged, altered, too old."""
    if not token or not init_data or len(init_data) > MAX_LENGTH:
        return None
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    if len(fields) != len(pairs):  # a field given twice: which one was signed?
        return None
    given = fields.pop("hash", "")
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    wanted = hmac.new(telegram_key(token), check.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(wanted, given):
        return None
    try:
        signed_at = int(fields.get("auth_date", ""))
        user = json.loads(fields.get("user", ""))
        user_id = int(user["id"])
    except (ValueError, TypeError, KeyError):
        return None
    if not now - MAX_AGE <= signed_at <= now + 60:
        return None
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip()
    lang = user.get("language_code")
    return Viewer(
        str(user_id), name, lang if isinstance(lang, str) else None, fields.get("start_param", "")
    )


def seat_viewer(
    links: WebLinks, token: str, platform: str, chat: str, game: str, now: float
) -> Viewer | None:
    """The player a seat link was made for, or None."""
    if len(token) > MAX_LENGTH:
        return None
    claim = links.check(token, platform, chat, game, now)
    return None if claim is None else Viewer(claim.user)
