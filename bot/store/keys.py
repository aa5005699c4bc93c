"""The one place Redis key names are built (tests/bot/store/test_versioned.py pins them).

Every key of one chat carries the same Redis Cluster hash tag `{platform:chat}`, so
all of a chat lives on one cluster slot and a Lua script may touch it atomically.
"""

PREFIX = "stammtisch"


def deadlines_key(platform: str, shard: int) -> str:
    """One of the sorted sets of one platform's deadlines (see bot/store/scheduler.py).

    Per platform, because only a process of that platform can send what a deadline
    says: a Telegram bot claiming a Discord table's timeout would swallow it. Sharded,
    each shard with its own hash tag, so a cluster spreads them. They cannot share a
    slot with the tables, so they are written beside a table's compare-and-set.
    """
    return f"{PREFIX}:{{deadlines:{platform}:{shard}}}:zset"


def chat_tag(platform: str, chat: str) -> str:
    return f"{platform}:{chat}"


def table_key(platform: str, chat: str) -> str:
    """The key of a chat's table, e.g. `stammtisch:{telegram:-100123}:table`."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:table"


def answers_key(platform: str, chat: str) -> str:
    """The log of the answers of the chat's game (bot/proof/games.py): a list appended by
    the table's compare-and-set, so it shares the table's hash tag."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:answers"


def moved_key(platform: str, chat: str) -> str:
    """Where a chat's table went when the chat changed its id (bot/tables.move)."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:moved"


def updates_key(platform: str, chat: str) -> str:
    """The record of the platform updates handled in the chat (bot/store/markers.py), a
    capped hash beside its table."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:updates"


def user_tables_key(platform: str, user: str) -> str:
    """The set of chats where a user sits at a table (to route private messages)."""
    return f"{PREFIX}:{{{platform}:user:{user}}}:tables"


def mailbox_key(platform: str, user: str) -> str:
    """Private replies waiting for a user the platform will not let us reach yet
    (bot/store/mailbox.py), beside the user's other keys."""
    return f"{PREFIX}:{{{platform}:user:{user}}}:mailbox"


def mailbox_told_key(platform: str, user: str) -> str:
    """Set while the group has been told about the user's waiting mail."""
    return f"{PREFIX}:{{{platform}:user:{user}}}:mailbox-told"


def adapter_key(platform: str, chat: str, what: str) -> str:
    """A key a platform's adapter keeps about one chat (Telegram: the messages sent for
    pacing, a refused right to send photos), with the chat's hash tag."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:{what}"


def outbox_key(platform: str, chat: str) -> str:
    """What the bot must still say for one chat (bot/store/outboxes.py): a hash written by
    the table's compare-and-set, so it shares the table's hash tag."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:outbox"


def sending_key(platform: str, chat: str) -> str:
    """The chat's send lease: which process sends its outbox now."""
    return f"{PREFIX}:{{{chat_tag(platform, chat)}}}:sending"


def outboxes_key(platform: str, shard: int) -> str:
    """One of the sets of chats whose outbox may hold something (a start-up sweep reads
    them), sharded like the deadlines, each shard with its own hash tag."""
    return f"{PREFIX}:{{outboxes:{platform}:{shard}}}:set"
