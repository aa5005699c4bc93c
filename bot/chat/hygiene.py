"""User text made safe where it enters: what a platform may deliver but nothing may show.

Control characters (C0 and C1, except a line break where one is allowed), lone
surrogates, non-characters and the bidirectional overrides and isolates are removed
from every name and text before the router sees them. A control character in a name
would make every SVG of its table invalid XML (the board falls back to text); a bidi
override would let a name reverse the line it is shown in ("… has paid" read backwards).
"""

import re

# C0 but \n, DEL, C1; UTF-16 surrogates; bidi embeddings/overrides/isolates; U+FFFE/FFFF.
_UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\ufffe\uffff]"
)


MAX_NAME = 64  # characters of a display name kept: Telegram allows 128 (first + last)


def name(text: str) -> str:
    """A display name: one line, cleaned, at most MAX_NAME characters (a table with six
    long names must stay small, and a board has room for one line)."""
    text = clean(text, newlines=False).strip()
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


def clean(text: str, *, newlines: bool = True) -> str:
    """`text` without what no chat or picture should carry; line breaks kept if allowed
    (a message), turned into spaces if not (a name)."""
    if text.isprintable():  # (most text: nothing unsafe is printable, no line break is)
        return text
    text = _UNSAFE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    return text if newlines else text.replace("\n", " ")
