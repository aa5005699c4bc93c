"""Which table a Telegram message belongs to.

A table's chat is the Telegram chat id, or `<chat id>:<topic id>` for a topic of a
forum supergroup (every topic is a table of its own). Private chats have the user's
id; groups and channels have negative ids.
"""

from telegram import Chat, MaybeInaccessibleMessage, Message

from bot.store.keys import adapter_key

PLATFORM = "telegram"


def chat_key(chat_id: int, thread: int | None = None) -> str:
    return f"{chat_id}:{thread}" if thread else str(chat_id)


def parse_key(key: str) -> tuple[int, int | None]:
    """(chat id, topic id or None) of a table's chat."""
    chat, _, thread = key.partition(":")
    return int(chat), int(thread) if thread else None


def key_of(message: MaybeInaccessibleMessage) -> str:
    """The table a message was said in (or a button pressed under)."""
    # message_thread_id alone is not a topic: in a supergroup without topics, replies
    # carry the id of the thread they answer. Messages of a forum's General topic have
    # neither, and belong to the chat's own table.
    if isinstance(message, Message) and message.is_topic_message:
        return chat_key(message.chat.id, message.message_thread_id)
    return chat_key(message.chat.id)


def is_private(chat: Chat) -> bool:
    return chat.type == Chat.PRIVATE


def is_group(key: str) -> bool:
    return parse_key(key)[0] < 0


def redis_key(chat_id: int, what: str) -> str:
    """A key of the adapter's own about one Telegram chat, with the chat's hash tag."""
    return adapter_key(PLATFORM, str(chat_id), what)
