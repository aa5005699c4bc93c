"""Pure predicates: does a chat message break a rule card the bot can check?

`breaks(check, text, before)` is all the engine asks. The text arrives as the router
hands it over: players named at the start of a message are seat tokens (`#2`), other
mentions are `<@id>` or `@handle`. Names are not words a player chose, so every check
but `name_first` looks at the message without them (a player called "Eve" does not
make "no letter e" impossible, a Discord mention's digits are not digits typed).
"""

import re
import unicodedata
from collections.abc import Callable

SEAT_TOKEN = re.compile(r"#[0-9]+")
MENTION = re.compile(r"<@!?\w+>|@\w+")
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")  # letters, with inner ' and -
E_LETTERS = set("eéèêëēėęEÉÈÊËĒĖĘ")
ME_WORDS = {"ich", "mich", "mir", "mein", "meine", "meiner", "meinen", "meinem", "meins",
            "i", "me", "my", "mine", "myself", "i'm", "i’m"}  # fmt: skip
AND_WORDS = {"und", "and"}
HIGHNESS = ("eure hoheit", "your highness", "euer hoheit", "eure hoheiten", "your highnesses")
MODIFIERS = {0xFE0F, 0xFE0E, 0x200D, 0x20E3}  # variation selectors, joiner, keycap


def without_names(text: str) -> str:
    return MENTION.sub(" ", SEAT_TOKEN.sub(" ", text)).strip()


def words(text: str) -> list[str]:
    return WORD.findall(without_names(text))


def is_emoji(ch: str) -> bool:
    """Pictographs, symbols and flags: what a chat's emoji keyboard types."""
    if len(ch) != 1:
        return False
    cp = ord(ch)
    return (
        0x1F000 <= cp <= 0x1FAFF  # emoticons, pictographs, transport, flags' letters …
        or 0x2600 <= cp <= 0x27BF  # dingbats, misc. symbols (☀ ✌ ❤)
        or 0x2B00 <= cp <= 0x2BFF  # ⭐ ⬆
        or 0x1F1E6 <= cp <= 0x1F1FF
        or cp in (0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
        or (unicodedata.category(ch) == "So" and cp > 0x2000)
    )


def _last_visible(text: str) -> str:
    stripped = text.rstrip()
    while stripped and (ord(stripped[-1]) in MODIFIERS or 0x1F3FB <= ord(stripped[-1]) <= 0x1F3FF):
        stripped = stripped[:-1]  # skin tones and joiners belong to the emoji before
    return stripped[-1:] if stripped else ""


def lowercase(text: str, before: int) -> bool:
    return any(c.isupper() for c in without_names(text))


def no_e(text: str, before: int) -> bool:
    return any(c in E_LETTERS for c in without_names(text))


def emoji_end(text: str, before: int) -> bool:
    return not is_emoji(_last_visible(text))


def max_five_words(text: str, before: int) -> bool:
    return len(words(text)) > 5


def min_three_words(text: str, before: int) -> bool:
    return len(words(text)) < 3


def highness(text: str, before: int) -> bool:
    folded = " ".join(without_names(text).casefold().split())
    return not any(h in folded for h in HIGHNESS)


def no_question(text: str, before: int) -> bool:
    return any(c in "?¿？⁇⁈⁉❓❔" for c in text)


def name_first(text: str, before: int) -> bool:
    """The message must open with the player before the writer (the router turns a
    leading name or mention into `#<seat>`)."""
    return not re.match(rf"\s*#{before}(?![0-9])", text)


def no_digits(text: str, before: int) -> bool:
    return any(c.isdigit() for c in without_names(text))


def all_caps(text: str, before: int) -> bool:
    # ß has no capital on a German keyboard (caps lock types ß, "ß".upper() is "SS"): a
    # shouted "GROß" is in capitals
    return any(c.islower() and c != "ß" for c in without_names(text))


def ends_bang(text: str, before: int) -> bool:
    return not without_names(text).rstrip().endswith(("!", "！"))


def no_me(text: str, before: int) -> bool:
    return any(w.casefold() in ME_WORDS for w in words(text))


def no_emoji(text: str, before: int) -> bool:
    return any(is_emoji(c) for c in text)


def short_words(text: str, before: int) -> bool:
    return any(len(w) > 7 for w in words(text))


def no_and(text: str, before: int) -> bool:
    return any(w.casefold() in AND_WORDS for w in words(text))


Check = Callable[[str, int], bool]

CHECKS: dict[str, Check] = {
    f.__name__: f
    for f in (
        lowercase,
        no_e,
        emoji_end,
        max_five_words,
        min_three_words,
        highness,
        no_question,
        name_first,
        no_digits,
        all_caps,
        ends_bang,
        no_me,
        no_emoji,
        short_words,
        no_and,
    )
}


def breaks(check: str, text: str, before: int) -> bool:
    """Whether `text`, written by the player whose predecessor is seat `before`,
    breaks the rule checked by `check`."""
    return CHECKS[check](text, before)
