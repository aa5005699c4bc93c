"""Links to a table's live page (adapters/web): the public one, and each seat's, signed.

A table's page is named by its slug, the platform and chat in URL-safe base64 (a chat key
may hold a colon: a Telegram forum topic). A seat's link carries, in its fragment (never
sent to a server's logs or in a Referer), `<user>.<expires>.<signature>`: HMAC-SHA256 with
the operator's secret over the platform, chat, user, the game's commitment (so a link of
one game is worth nothing at the next, bot/proof/games.py) and the time it expires. The
web process refuses it once the game is over, once it has expired, or when one character
differs. On Telegram with a Mini App registered, everybody gets the Mini App's direct link
instead: Telegram's signed `initData` says who opened it (adapters/web/identity.py).

STAMMTISCH_WEB_URL           the page's public HTTPS address (unset: no links, nothing changes)
STAMMTISCH_WEB_SECRET        the key seat links are signed with: the same in every process
STAMMTISCH_WEB_TELEGRAM_APP  the Mini App's direct link, `<bot username>/<app short name>`
"""

import base64
import binascii
import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from rules.core import numbers

LINK_DAYS: Final = 7  # a seat's link expires after this long even if the game goes on
_PURPOSE = b"stammtisch web seat v1"


def slug(platform: str, chat: str) -> str:
    return base64.urlsafe_b64encode(f"{platform}:{chat}".encode()).decode().rstrip("=")


def unslug(text: str) -> tuple[str, str] | None:
    """(platform, chat) of a slug, or None for anything that is not one."""
    if not 2 <= len(text) <= 200 or not text.replace("-", "").replace("_", "").isalnum():
        return None
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    platform, colon, chat = raw.partition(":")
    return (platform, chat) if colon and platform.isalpha() and chat else None


@dataclass(frozen=True)
class SeatClaim:
    user: str
    expires: int


@dataclass(frozen=True)
class WebLinks:
    url: str  # the public base URL, no trailing slash
    secret: bytes
    telegram_app: str = ""  # `<bot>/<app>`: Telegram players open the Mini App

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "WebLinks | None":
        url = (env.get("STAMMTISCH_WEB_URL") or "").rstrip("/")
        if not url:
            return None
        secret = env.get("STAMMTISCH_WEB_SECRET") or ""
        if len(secret) < 16:
            raise SystemExit("STAMMTISCH_WEB_URL needs STAMMTISCH_WEB_SECRET (16+ characters)")
        return cls(url, secret.encode(), (env.get("STAMMTISCH_WEB_TELEGRAM_APP") or "").strip("/"))

    def public(self, platform: str, chat: str) -> str:
        """The link for the group: spectators' (on Telegram's Mini App, everyone's)."""
        if platform == "telegram" and self.telegram_app:
            return f"https://t.me/{self.telegram_app}?startapp={slug(platform, chat)}"
        return f"{self.url}/t/{slug(platform, chat)}"

    def mini_app(self, platform: str, chat: str) -> str | None:
        """What a Telegram `web_app` button opens for the table (None: no Mini App). Such a
        button works in private chats only, and its `initData` carries no `start_param`:
        the page's path names the table."""
        if platform != "telegram" or not self.telegram_app:
            return None
        return f"{self.url}/t/{slug(platform, chat)}"

    def seat(self, platform: str, chat: str, user: str, game: str, now: float) -> str:
        """One player's own link, to be sent to them privately."""
        if platform == "telegram" and self.telegram_app:
            return self.public(platform, chat)
        expires = int(now) + LINK_DAYS * 86400
        mac = self.signature(platform, chat, user, game, expires)
        return f"{self.url}/t/{slug(platform, chat)}#s={user}.{expires}.{mac}"

    def signature(self, platform: str, chat: str, user: str, game: str, expires: int) -> str:
        message = "\n".join((platform, chat, user, game, str(expires))).encode()
        key = hmac.new(self.secret, _PURPOSE, hashlib.sha256).digest()
        return hmac.new(key, message, hashlib.sha256).hexdigest()[:32]

    def check(
        self, token: str, platform: str, chat: str, game: str, now: float
    ) -> SeatClaim | None:
        """Whose seat link `token` is, or None: forged, altered, expired or of another game."""
        user, _, rest = token.rpartition(".")
        user, _, expires_text = user.rpartition(".")
        if not user or not numbers.digits(expires_text) or len(token) > 300:
            return None
        expires = int(expires_text)
        wanted = self.signature(platform, chat, user, game, expires)
        if not hmac.compare_digest(wanted, rest) or expires < now:
            return None
        return SeatClaim(user, expires)
