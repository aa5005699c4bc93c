"""The Telegram adapter: python-telegram-bot's Application talking to the router."""
