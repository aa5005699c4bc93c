"""The Telegram adapter: python-telegram-bot's Application talking to the router.

Updates in: adapter.py (handlers), chats.py (which table), admins.py, order.py.
Replies out: sending.py (a queue per table and per private chat), board.py,
private.py (with bot/store/mailbox.py), messages.py, format.py (HTML), pace.py, calls.py.
Running it: __main__.py, settings.py, application.py, menu.py.
"""
