"""EINS IST KEINS — the Hanover pub crawl: board game (1–4) and card game (2–5).

Shared pub data: `pubs.py` (data/pubs.json); shared win rules: `wins.py`; the card game:
`cardgame.py` (game id `einsistkeins_karten`). Readings of the rule book: NOTES.md.
"""

from rules.einsistkeins.boardgame import BOARD_GAME
from rules.einsistkeins.cardgame import CARD_GAME

SPECS = (CARD_GAME, BOARD_GAME)
