"""The one place Redis key names are built.

Every key of one chat carries the same Redis Cluster hash tag `{platform:chat}`, so
all of a chat lives on one cluster slot and a Lua script may touch it atomically.
"""

PREFIX = "stammtisch"


def deadlines_key(platform: str, shard: int) -> str:
    """One of the sorted sets of one platform's deadlines (see bot/scheduler.py).

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


def user_tables_key(platform: str, user: str) -> str:
    """The set of chats where a user sits at a table (to route private messages)."""
    return f"{PREFIX}:{{{platform}:user:{user}}}:tables"
