"""The Telegram adapter (see its issue): not yet available."""
