"""Placeholder until the Telegram adapter lands: says so and exits non-zero."""

import sys

sys.exit("stammtisch: the Telegram adapter is not yet available; use: python -m adapters.console")
