"""The Discord adapter: slash commands, buttons, select menus and modals, ephemeral private
views and DMs, a thread per game. Run it with `python -m adapters.discord`."""
