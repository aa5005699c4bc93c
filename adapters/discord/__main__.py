"""Placeholder until the Discord adapter lands: says so and exits non-zero."""

import sys

sys.exit("stammtisch: the Discord adapter is not yet available; use: python -m adapters.console")
